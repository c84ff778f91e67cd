import { Button, Modal } from '@caliber/ui-kit';
import { useSession, type GenerateReportDialogProps } from '@caliber/web';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useGenerateReport, type GenerateOutcome } from '../hooks/use-generate-report';
import {
  checkReportForm,
  initialReportForm,
  type ReportFormField,
  type ReportFormState,
} from '../utils/report-form';
import { ReportAdvancedFields } from './ReportAdvancedFields';
import { ReportDeliveryFields } from './ReportDeliveryFields';
import { ReportFilterFields } from './ReportFilterFields';
import { ReportOutputFields } from './ReportOutputFields';
import { ReportTypesField } from './ReportTypesField';
import '../reports.css';

/**
 * The Generate Report dialog, the same from the Reports screen and the dashboard's quick action
 * (the remote exposes it). `onGenerated` follows a report asked for (saved, opened or queued), so
 * lists of reports and schedules reload. Closed, it keeps nothing: each opening starts from the defaults, so
 * Cancel and Close reset the form.
 */
export function GenerateReportDialog({ open, onClose, onGenerated }: GenerateReportDialogProps) {
  if (!open) return null;
  return <GenerateReportForm onClose={onClose} onGenerated={onGenerated} />;
}

type Message = GenerateOutcome | { tone: 'refused'; text: string };

/** Where the person is taken after a refusal: the first box, input or field to fix. */
const FOCUS_TARGET: Record<Exclude<ReportFormField, null>, string> = {
  reports: 'input[name="reports"]',
  dateFrom: 'input[name="dateFrom"]',
  delivery: 'input[name="email"]',
};

function GenerateReportForm({ onClose, onGenerated }: Omit<GenerateReportDialogProps, 'open'>) {
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const { user } = useSession();
  const [state, setState] = useState<ReportFormState>(() =>
    initialReportForm(user?.reportDefaults, new Date()),
  );
  const [message, setMessage] = useState<Message | null>(null);
  const [refusedField, setRefusedField] = useState<ReportFormField>(null);
  const { generate, busy, abandon } = useGenerateReport();

  const update = useCallback((changes: Partial<ReportFormState>) => {
    setState((current) => ({ ...current, ...changes }));
    // A change answers the refusal: its mark goes, and the next Generate checks again.
    setRefusedField(null);
  }, []);

  const close = useCallback(() => {
    // A report asked for and then left still arrives: it is listed under the recent reports.
    abandon();
    onClose();
  }, [abandon, onClose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const check = checkReportForm(state);
    if (!check.ok) {
      setMessage({ tone: 'refused', text: check.message });
      setRefusedField(check.field);
      if (check.field) form.current?.querySelector<HTMLElement>(FOCUS_TARGET[check.field])?.focus();
      return;
    }
    setMessage(null);
    setRefusedField(null);
    const outcome = await generate(check.request);
    if (!outcome) return;
    setMessage(outcome);
    if (outcome.tone === 'success') onGenerated?.();
  }

  return (
    <Modal
      open
      size="large"
      title="Generate Report"
      onClose={close}
      footer={
        <div className="reports-dialog__footer">
          <DialogMessage message={message} />
          <div className="reports-dialog__buttons">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={formId} busy={busy} busyLabel="Generating...">
              Generate
            </Button>
          </div>
        </div>
      }
    >
      <form
        id={formId}
        ref={form}
        className="reports-dialog"
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(event) => void submit(event)}
      >
        <ReportTypesField
          chosen={state.reports}
          invalid={refusedField === 'reports'}
          onChange={(reports) => update({ reports })}
        />
        <ReportFilterFields form={state} update={update} datesInvalid={refusedField === 'dateFrom'} />
        <ReportOutputFields form={state} update={update} />
        <ReportAdvancedFields form={state} update={update} />
        <ReportDeliveryFields form={state} update={update} invalid={refusedField === 'delivery'} />
      </form>
    </Modal>
  );
}

/**
 * What the last Generate came to, kept in the footer beside the buttons so it is seen however far
 * the form is scrolled: a refusal or failure (announced at once), or the success, with the
 * report's page as a link when it opened in a new tab (in case the browser blocked the tab).
 */
function DialogMessage({ message }: { message: Message | null }) {
  if (!message) return <div className="reports-dialog__message" aria-live="polite" />;
  if (message.tone !== 'success')
    return (
      <div className="reports-dialog__message reports-dialog__message--error" role="alert">
        {message.text}
      </div>
    );
  return (
    <div className="reports-dialog__message reports-dialog__message--success" role="status">
      {message.text}
      {message.link ? (
        <>
          {' '}
          <a href={message.link} target="_blank" rel="noopener">
            Open the report page
          </a>
        </>
      ) : null}
    </div>
  );
}
