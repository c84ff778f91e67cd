import {
  DEFAULT_ISSUE_SEVERITY,
  isClinical,
  ISSUE_SEVERITIES,
  reportIssueSchema,
  type IssueSeverity,
} from '@caliber/contracts';
import { Button, Card, ErrorBox, PageHeader, TextField, useToast } from '@caliber/ui-kit';
import { DeviceCoverNotice, PhotoPicker } from '@caliber/ui-widgets';
import {
  documentRecordPath,
  errorMessage,
  Link,
  uploadDocument,
  useCurrentUser,
  useNavigate,
  useSearchParams,
} from '@caliber/web';
import { useContractForm } from '@caliber/web-forms';
import { useEffect, useMemo, useState } from 'react';
import type { EquipmentChoice } from '../components/EquipmentPicker';
import { BoundEquipment, BoundSelect, BoundText } from '../components/FormBindings';
import { OpenFaultsNotice } from '../components/OpenFaultsNotice';
import { TaskDescriptionField, TaskTitleField } from '../components/TaskFormFields';
import { readError, useReportIssue, useStartingDevice } from '../hooks/task-queries';
import { draftSchema, fieldIssues } from '../utils/form-issues';
import '../tasks.css';

interface Draft {
  equipment: EquipmentChoice | null;
  title: string;
  description: string;
  severity: IssueSeverity;
  location: string;
}

const EMPTY: Draft = {
  equipment: null,
  title: '',
  description: '',
  severity: DEFAULT_ISSUE_SEVERITY,
  location: '',
};
/** Where a reporter lands: the faults they reported, newest first. */
const REPORTED_VIEW = '/tasks?show=reported';
/** Clinical staff follow their reports on their own screen (they have no task list). */
const CLINICAL_REPORTED_VIEW = '/my-reports';

/** The report as the contract reads it, from whoever is signed in. */
function reportOf(draft: Draft, reporter: string) {
  return reportIssueSchema.safeParse({
    equipment: draft.equipment?._id ?? '',
    title: draft.title,
    description: draft.description,
    severity: draft.severity,
    location: draft.location,
    reportedBy: reporter,
  });
}

/**
 * /report-issue: anyone reports a fault on a device (equipment, title and description required).
 * The report becomes a task for the engineers; on success the person is told so and taken to the
 * faults they reported (their task list at `show=reported`), where they follow it. The reporter is
 * whoever is signed in: the field only shows it. `?equipment=<id>` (a device page's 'Report a
 * fault', reached from its asset label) starts with that device chosen, asked for by its id: it
 * need not be among the first devices the picker offers. Once a device is chosen, its open fault
 * reports show above the form (`OpenFaultsNotice`): the person may add to one instead.
 */
export function ReportIssuePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const deviceId = params.get('equipment');
  // The contract's messages show under their fields ('Equipment is required.'), none above.
  const schema = useMemo(
    () =>
      draftSchema((draft: Draft) => {
        const result = reportOf(draft, user.name);
        return result.success ? null : { fields: fieldIssues(result.error), message: null };
      }),
    [user.name],
  );
  const form = useContractForm<Draft>({ schema, defaultValues: EMPTY });
  const [photos, setPhotos] = useState<File[]>([]);
  const [sendingPhotos, setSendingPhotos] = useState(false);
  const reporting = useReportIssue();
  const starting = useStartingDevice(deviceId);
  const startError = readError(starting, 'Failed to load equipment');
  const device = starting.data;

  useEffect(() => {
    // A device the person chose meanwhile is theirs: the address does not take it back.
    if (!device || form.getValues('equipment')) return;
    form.setValue('equipment', {
      _id: device._id,
      name: device.name,
      serialNumber: device.serialNumber,
      location: device.location,
    });
    if (!form.getValues('location')) form.setValue('location', device.location);
  }, [device, form]);

  const submit = form.submitWith(async (draft) => {
    const result = reportOf(draft, user.name);
    if (!result.success) return;
    const created = await reporting.mutateAsync(result.data);
    toast.success('Issue reported successfully!');
    // The report is kept first: a photo that cannot be added (too large, the connection lost)
    // never costs the report. Each is sent on its own; what failed is said, and the photos can be
    // added again from the report (its Photos in My reports, or the task's details).
    if (photos.length > 0) {
      setSendingPhotos(true);
      const failed: string[] = [];
      for (const photo of photos) {
        try {
          await uploadDocument(documentRecordPath('tasks', created.task._id), photo, 'photo');
        } catch (error) {
          failed.push(`${photo.name}: ${errorMessage(error, 'not sent')}`);
        }
      }
      setSendingPhotos(false);
      if (failed.length > 0)
        toast.error(
          `The report was sent, but ${failed.length === 1 ? 'a photo' : `${failed.length} photos`} could not be added (${failed.join('; ')}). Add them from the report.`,
        );
    }
    // To the reporter's own reports, newest first, where this one now heads the list and stays
    // whatever happens to it, rather than the spec's /maintenance, whose unassigned-work panel
    // drops the report as soon as an engineer assigns it.
    navigate(isClinical(user.role) ? CLINICAL_REPORTED_VIEW : REPORTED_VIEW);
  }, 'Failed to report issue');
  const error = form.formError ?? startError;
  const chosen = form.watch('equipment');
  const draftDescription = form.watch('description');

  return (
    <div className="page tasks-page">
      <PageHeader
        title="Report Equipment Issue"
        description="Tell the engineers what is wrong with a device. Fields marked * are required."
        actions={
          deviceId ? (
            <Link to={`/equipment/${encodeURIComponent(deviceId)}`}>Back to the device</Link>
          ) : isClinical(user.role) ? (
            <Link to={CLINICAL_REPORTED_VIEW}>Back to My reports</Link>
          ) : (
            <Link to="/maintenance">Back to Maintenance</Link>
          )
        }
      />
      {chosen ? <DeviceCoverNotice equipmentId={chosen._id} /> : null}
      {chosen ? <OpenFaultsNotice equipmentId={chosen._id} draft={draftDescription} /> : null}
      <Card>
        <form onSubmit={submit} noValidate aria-label="Report Equipment Issue" className="task-form">
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <BoundEquipment
            form={form}
            name="equipment"
            label="Equipment"
            required
            onChosen={(equipment) => {
              // Where the device stands is usually where the fault was seen.
              if (!form.getValues('location') && equipment?.location)
                form.setValue('location', equipment.location);
            }}
          />
          <TaskTitleField form={form} placeholder="e.g. Ventilator alarms on start-up" />
          <TaskDescriptionField
            form={form}
            required
            rows={5}
            placeholder="What happened, when, and what you saw on the device"
          />
          <div className="task-form__grid">
            <BoundSelect<Draft, IssueSeverity>
              form={form}
              name="severity"
              label="Severity"
              options={ISSUE_SEVERITIES.map((severity) => ({ value: severity, label: severity }))}
            />
            <BoundText form={form} name="location" label="Location" maxLength={120} hint="Optional" />
            <TextField label="Reported By" name="reportedBy" readOnly value={user.name} />
          </div>
          <PhotoPicker photos={photos} onChange={setPhotos} hint="Optional: a photo of the fault helps." />
          <div className="task-form__actions">
            <Button
              type="submit"
              busy={form.formState.isSubmitting || sendingPhotos}
              busyLabel={sendingPhotos ? 'Sending photos...' : 'Reporting...'}
            >
              Report Issue
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
