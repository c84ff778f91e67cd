import { RECALL_SOURCES, type RecallDto, type RecallPreview, type RecallSource } from '@caliber/contracts';
import {
  Button,
  Card,
  ErrorBox,
  ErrorState,
  LoadingState,
  Notice,
  PageHeader,
  TextAreaField,
} from '@caliber/ui-kit';
import { ApiError, errorMessage, Link, useNavigate, useParams } from '@caliber/web';
import {
  FormSelectField,
  FormTextField,
  showRefusal,
  useContractForm,
  type ContractForm,
} from '@caliber/web-forms';
import { useState } from 'react';
import { useRecall, useRecallPreview, useSaveRecall } from '../hooks/recall-queries';
import {
  EMPTY_RECALL_FORM,
  formOf,
  recallFormSchema,
  recallRequest,
  type RecallForm,
} from '../utils/recall-form';
import '../equipment.css';

const SOURCE_CHOICES = RECALL_SOURCES.map((source) => ({
  value: source,
  label: source === 'Manufacturer' ? 'Manufacturer (field safety notice)' : source,
}));

/**
 * /equipment/recalls/new (Engineers and Admins): a recall or field safety notice typed in from
 * its letter. "Check matching devices" asks the server which devices it would find (nothing is
 * written), and says so when the notice lists no serial numbers and no lots, so that it applies
 * to every device of the models. Saving is offered only for the notice as checked: a change to
 * the form asks for a new check first.
 */
export function NewRecallPage() {
  return <RecallEditor existing={null} />;
}

/**
 * /equipment/recalls/:id/edit (Engineers and Admins): the same form with the notice as recorded.
 * Saving sends the version read (someone else's change meanwhile is refused), and the notice is
 * matched again: devices the new criteria find are added, those found before keep their actions.
 */
export function EditRecallPage() {
  const { id = '' } = useParams();
  const recall = useRecall(id);
  if (recall.isError)
    return (
      <div className="page recalls-page">
        <ErrorState
          message={errorMessage(recall.error, 'Failed to load the recall')}
          onAction={() => void recall.refetch()}
        />
      </div>
    );
  return recall.data ? (
    <RecallEditor key={recall.data._id} existing={recall.data} />
  ) : (
    <LoadingState text="Loading recall…" />
  );
}

/** A list field of the notice (one item a line), bound to the form, its message under it. */
function ListField({
  form,
  name,
  ...field
}: {
  form: ContractForm<RecallForm>;
  name: keyof RecallForm;
  label: string;
  hint?: string;
  rows?: number;
  required?: boolean;
}) {
  const { error } = form.getFieldState(name, form.formState);
  return <TextAreaField {...field} {...form.register(name)} error={error?.message} />;
}

function RecallEditor({ existing }: { existing: RecallDto | null }) {
  const navigate = useNavigate();
  const form = useContractForm<RecallForm>({
    schema: recallFormSchema,
    defaultValues: existing ? formOf(existing) : EMPTY_RECALL_FORM,
  });
  const previewing = useRecallPreview();
  const saving = useSaveRecall(existing);
  // The answer of the last check, with the notice it was asked for: Save is offered only while
  // the form still says exactly that.
  const [preview, setPreview] = useState<{ key: string; answer: RecallPreview } | null>(null);
  const body = recallRequest(form.watch());
  const key = JSON.stringify(body);
  const checked = preview?.key === key ? preview.answer : null;
  const busy = form.formState.isSubmitting || saving.isPending;
  // A notice of this source and reference already on record (a save whose answer was lost and
  // was sent again, or the letter typed in twice): the refusal names it, and the form opens it.
  const recorded =
    saving.error instanceof ApiError && saving.error.status === 409
      ? (saving.error.existingId ?? null)
      : null;

  const check = form.submitWith(async (values) => {
    const sent = recallRequest(values);
    setPreview({ key: JSON.stringify(sent), answer: await previewing.mutateAsync(sent) });
  }, 'Could not check the matching devices');

  function save() {
    form.clearErrors('root');
    saving.mutate(body, {
      onSuccess: (saved) => navigate(`/equipment/recalls/${encodeURIComponent(saved._id)}`),
      onError: (failure) => showRefusal(form, failure, 'Could not save the notice'),
    });
  }

  return (
    <div className="page recalls-page">
      <PageHeader
        title={existing ? 'Edit recall or safety notice' : 'New recall or safety notice'}
        description={
          existing
            ? 'Devices found before keep their actions; devices the changed notice finds are added.'
            : 'Type it in from the notice, check which devices it finds, then save.'
        }
        actions={
          <Link
            to={existing ? `/equipment/recalls/${encodeURIComponent(existing._id)}` : '/equipment/recalls'}
          >
            {existing ? 'Back to the recall' : 'Back to Recalls'}
          </Link>
        }
      />

      <Card>
        <form className="recall-form" onSubmit={check} noValidate>
          <div className="recall-form__grid">
            <FormSelectField<RecallForm, RecallSource>
              form={form}
              name="source"
              label="Source"
              options={SOURCE_CHOICES}
            />
            <FormTextField
              form={form}
              name="sourceReference"
              label="Source reference"
              hint="The notice's own number, e.g. an FDA recall number or an FSN reference"
              required
            />
            <FormTextField form={form} name="title" label="Title" required />
            <FormTextField form={form} name="publishedOn" label="Date published" type="date" required />
            <FormTextField
              form={form}
              name="manufacturer"
              label="Manufacturer"
              hint="Case, spaces and punctuation do not count: 'GE-Healthcare' finds 'GE Healthcare'"
              required
            />
            <FormTextField
              form={form}
              name="udiDi"
              label="UDI-DI or GTIN (optional)"
              hint="When given, a device with another GTIN is left out"
              inputMode="numeric"
            />
          </div>
          <ListField form={form} name="models" label="Models" hint="One a line" rows={2} required />
          <div className="recall-form__grid">
            <ListField
              form={form}
              name="serialNumbers"
              label="Serial numbers (optional)"
              hint="One a line, or separated by commas"
            />
            <ListField
              form={form}
              name="serialRanges"
              label="Serial ranges (optional)"
              hint="One a line: SN0099 to SN0150. The letters before the number must be the same at both ends; numbers are compared as numbers."
            />
            <ListField
              form={form}
              name="lotNumbers"
              label="Lot numbers (optional)"
              hint="One a line; a device is found only when its lot (from its UDI) is listed"
            />
          </div>
          <ListField form={form} name="hazard" label="Hazard" required />
          <ListField form={form} name="actionRequired" label="Action required" required />
          {form.formError ? (
            <ErrorBox>
              {form.formError}
              {recorded ? (
                <>
                  {' '}
                  <Link to={`/equipment/recalls/${encodeURIComponent(recorded)}`}>
                    Open the recorded notice
                  </Link>
                </>
              ) : null}
            </ErrorBox>
          ) : null}
          <div className="recall-form__actions">
            <Button type="submit" variant={checked ? 'secondary' : 'primary'} disabled={busy}>
              {form.formState.isSubmitting ? 'Checking…' : 'Check matching devices'}
            </Button>
            <Button type="button" variant="primary" disabled={!checked || busy} onClick={save}>
              {saving.isPending ? 'Saving…' : existing ? 'Save changes' : 'Save notice'}
            </Button>
          </div>
          {!checked ? <p className="ck-field__hint">Check the matching devices before saving.</p> : null}
        </form>
      </Card>

      {checked ? (
        <Card title="Matching devices" titleId="recall-preview-title">
          <div className="recall-preview" aria-live="polite">
            {checked.warning ? <Notice>{checked.warning}</Notice> : null}
            <p className="recall-preview__count">
              {checked.total === 0
                ? 'No device of the inventory matches this notice now. It stays open and finds devices added later.'
                : `${checked.total} ${checked.total === 1 ? 'device matches' : 'devices match'} this notice.`}
            </p>
            {checked.devices.length > 0 ? (
              <ul className="recall-preview__devices">
                {checked.devices.map((device) => (
                  <li key={device._id}>
                    <strong>{device.name}</strong> · {device.serialNumber} · {device.model} ·{' '}
                    {device.department}
                  </li>
                ))}
              </ul>
            ) : null}
            {checked.total > checked.devices.length ? (
              <p className="ck-field__hint">
                The first {checked.devices.length} are listed; all {checked.total} get an action when saved.
              </p>
            ) : null}
          </div>
        </Card>
      ) : null}
    </div>
  );
}
