import {
  DEFAULT_ISSUE_SEVERITY,
  ISSUE_SEVERITIES,
  reportIssueSchema,
  type EquipmentDetail,
  type IssueSeverity,
  type TaskCreatedResponse,
} from '@caliber/contracts';
import {
  Button,
  Card,
  ErrorBox,
  focusFormField,
  PageHeader,
  SelectField,
  TextField,
  useToast,
} from '@caliber/ui-kit';
import { api, errorMessage, Link, useCurrentUser, useNavigate, useSearchParams } from '@caliber/web';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EquipmentPicker, type EquipmentChoice } from '../components/EquipmentPicker';
import { TaskDescriptionField, TaskTitleField } from '../components/TaskFormFields';
import { fieldIssues, firstInvalid } from '../utils/form-issues';
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
const FIELD_ORDER = ['equipment', 'title', 'description', 'severity', 'location'];
/** Where a reporter lands: the faults they reported, newest first. */
const REPORTED_VIEW = '/tasks?show=reported';

/**
 * /report-issue: anyone reports a fault on a device (equipment, title and description required).
 * The report becomes a task for the engineers; on success the person is told so and taken to the
 * faults they reported (their task list at `show=reported`), where they follow it. The reporter is
 * whoever is signed in: the field only shows it. `?equipment=<id>` (a device page's 'Report a
 * fault', reached from its asset label) starts with that device chosen, asked for by its id: it
 * need not be among the first devices the picker offers.
 */
export function ReportIssuePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const deviceId = params.get('equipment');
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [issues, setIssues] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  useEffect(() => {
    if (!deviceId) return;
    const controller = new AbortController();
    api
      .get<EquipmentDetail>(`/equipment/${encodeURIComponent(deviceId)}`, { signal: controller.signal })
      .then((item) =>
        setDraft((current) =>
          // A device the person chose meanwhile is theirs: the address does not take it back.
          current.equipment
            ? current
            : {
                ...current,
                equipment: {
                  _id: item._id,
                  name: item.name,
                  serialNumber: item.serialNumber,
                  location: item.location,
                },
                location: current.location || item.location,
              },
        ),
      )
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure, 'Failed to load equipment'));
      });
    return () => controller.abort();
  }, [deviceId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = reportIssueSchema.safeParse({
      equipment: draft.equipment?._id ?? '',
      title: draft.title,
      description: draft.description,
      severity: draft.severity,
      location: draft.location,
      reportedBy: user.name,
    });
    const found = fieldIssues(result.error);
    setIssues(found);
    if (!result.success) {
      setError(null);
      const first = firstInvalid(found, FIELD_ORDER);
      if (first) focusFormField(form.current, first);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post<TaskCreatedResponse>('/maintenance/report', result.data);
      toast.success('Issue reported successfully!');
      // To the reporter's own reports, newest first, where this one now heads the list and stays
      // whatever happens to it, rather than the spec's /maintenance, whose unassigned-work panel
      // drops the report as soon as an engineer assigns it.
      navigate(REPORTED_VIEW);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to report issue'));
      setBusy(false);
    }
  }

  return (
    <div className="page tasks-page">
      <PageHeader
        title="Report Equipment Issue"
        description="Tell the engineers what is wrong with a device. Fields marked * are required."
        actions={
          deviceId ? (
            <Link to={`/equipment/${encodeURIComponent(deviceId)}`}>Back to the device</Link>
          ) : (
            <Link to="/maintenance">Back to Maintenance</Link>
          )
        }
      />
      <Card>
        <form
          ref={form}
          onSubmit={submit}
          noValidate
          aria-label="Report Equipment Issue"
          className="task-form"
        >
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <EquipmentPicker
            label="Equipment"
            name="equipment"
            required
            value={draft.equipment}
            error={issues.get('equipment')}
            onChange={(equipment) =>
              setDraft((current) => ({
                ...current,
                equipment,
                // Where the device stands is usually where the fault was seen.
                location: current.location || equipment?.location || '',
              }))
            }
          />
          <TaskTitleField
            placeholder="e.g. Ventilator alarms on start-up"
            value={draft.title}
            error={issues.get('title')}
            onChange={(title) => set('title', title)}
          />
          <TaskDescriptionField
            required
            rows={5}
            placeholder="What happened, when, and what you saw on the device"
            value={draft.description}
            error={issues.get('description')}
            onChange={(description) => set('description', description)}
          />
          <div className="task-form__grid">
            <SelectField<IssueSeverity>
              label="Severity"
              name="severity"
              value={draft.severity}
              error={issues.get('severity')}
              onChange={(severity) => set('severity', severity)}
              options={ISSUE_SEVERITIES.map((severity) => ({ value: severity, label: severity }))}
            />
            <TextField
              label="Location"
              name="location"
              maxLength={120}
              hint="Optional"
              value={draft.location}
              error={issues.get('location')}
              onChange={(event) => set('location', event.target.value)}
            />
            <TextField label="Reported By" name="reportedBy" readOnly value={user.name} />
          </div>
          <div className="task-form__actions">
            <Button type="submit" busy={busy} busyLabel="Reporting...">
              Report Issue
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
