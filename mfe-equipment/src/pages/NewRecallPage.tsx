import { RECALL_SOURCES, type RecallDetail, type RecallPreview, type RecallSource } from '@caliber/contracts';
import {
  Button,
  Card,
  ErrorBox,
  ErrorState,
  LoadingState,
  Notice,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
} from '@caliber/ui-kit';
import { api, errorMessage, Link, useApiData, useNavigate, useParams } from '@caliber/web';
import { useState, type FormEvent } from 'react';
import { EMPTY_RECALL_FORM, formOf, recallRequest, type RecallForm } from '../utils/recall-form';
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
  const { data, error, reload } = useApiData<RecallDetail>(
    `/recalls/${encodeURIComponent(id)}`,
    'Failed to load the recall',
  );
  if (error)
    return (
      <div className="page recalls-page">
        <ErrorState message={error} onAction={reload} />
      </div>
    );
  return data ? <RecallEditor key={data._id} existing={data} /> : <LoadingState text="Loading recall…" />;
}

function RecallEditor({ existing }: { existing: RecallDetail | null }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<RecallForm>(existing ? formOf(existing) : EMPTY_RECALL_FORM);
  const [preview, setPreview] = useState<{ key: string; answer: RecallPreview } | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const body = recallRequest(form);
  const key = JSON.stringify(body);
  const checked = preview?.key === key ? preview.answer : null;
  const set = (changes: Partial<RecallForm>) => setForm((current) => ({ ...current, ...changes }));

  async function check(event: FormEvent) {
    event.preventDefault();
    setBusy('preview');
    setError(null);
    try {
      setPreview({ key, answer: await api.post<RecallPreview>('/recalls/preview', body) });
    } catch (failure) {
      setError(errorMessage(failure, 'Could not check the matching devices'));
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    setBusy('save');
    setError(null);
    try {
      const saved = existing
        ? await api.put<RecallDetail>(`/recalls/${encodeURIComponent(existing._id)}`, {
            ...body,
            version: existing.version,
          })
        : await api.post<RecallDetail>('/recalls', body);
      navigate(`/equipment/recalls/${encodeURIComponent(saved._id)}`);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save the notice'));
      setBusy(null);
    }
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
            <SelectField<RecallSource>
              label="Source"
              value={form.source}
              onChange={(source) => set({ source })}
              options={SOURCE_CHOICES}
            />
            <TextField
              label="Source reference"
              hint="The notice's own number, e.g. an FDA recall number or an FSN reference"
              value={form.sourceReference}
              onChange={(event) => set({ sourceReference: event.target.value })}
              required
            />
            <TextField
              label="Title"
              value={form.title}
              onChange={(event) => set({ title: event.target.value })}
              required
            />
            <TextField
              label="Date published"
              type="date"
              value={form.publishedOn}
              onChange={(event) => set({ publishedOn: event.target.value })}
              required
            />
            <TextField
              label="Manufacturer"
              hint="Case, spaces and punctuation do not count: 'GE-Healthcare' finds 'GE Healthcare'"
              value={form.manufacturer}
              onChange={(event) => set({ manufacturer: event.target.value })}
              required
            />
            <TextField
              label="UDI-DI or GTIN (optional)"
              hint="When given, a device with another GTIN is left out"
              inputMode="numeric"
              value={form.udiDi}
              onChange={(event) => set({ udiDi: event.target.value })}
            />
          </div>
          <TextAreaField
            label="Models"
            hint="One a line"
            rows={2}
            value={form.models}
            onChange={(event) => set({ models: event.target.value })}
            required
          />
          <div className="recall-form__grid">
            <TextAreaField
              label="Serial numbers (optional)"
              hint="One a line, or separated by commas"
              value={form.serialNumbers}
              onChange={(event) => set({ serialNumbers: event.target.value })}
            />
            <TextAreaField
              label="Serial ranges (optional)"
              hint="One a line: SN0099 to SN0150. The letters before the number must be the same at both ends; numbers are compared as numbers."
              value={form.serialRanges}
              onChange={(event) => set({ serialRanges: event.target.value })}
            />
            <TextAreaField
              label="Lot numbers (optional)"
              hint="One a line; a device is found only when its lot (from its UDI) is listed"
              value={form.lotNumbers}
              onChange={(event) => set({ lotNumbers: event.target.value })}
            />
          </div>
          <TextAreaField
            label="Hazard"
            value={form.hazard}
            onChange={(event) => set({ hazard: event.target.value })}
            required
          />
          <TextAreaField
            label="Action required"
            value={form.actionRequired}
            onChange={(event) => set({ actionRequired: event.target.value })}
            required
          />
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <div className="recall-form__actions">
            <Button type="submit" variant={checked ? 'secondary' : 'primary'} disabled={busy !== null}>
              {busy === 'preview' ? 'Checking…' : 'Check matching devices'}
            </Button>
            <Button type="button" variant="primary" disabled={!checked || busy !== null} onClick={save}>
              {busy === 'save' ? 'Saving…' : existing ? 'Save changes' : 'Save notice'}
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
