import { Button, Modal } from '@caliber/ui-kit';
import { useSession, type GenerateReportDialogProps } from '@caliber/web';
import { useContractForm } from '@caliber/web-forms';
import { useCallback, useId, useState } from 'react';
import { useGenerateReport, type GenerateOutcome } from '../hooks/use-generate-report';
import { checkReportForm, initialReportForm, reportFormSchema } from '../utils/report-form';
import { ReportAdvancedFields } from './ReportAdvancedFields';
import { ReportDeliveryFields } from './ReportDeliveryFields';
import { ReportFilterFields } from './ReportFilterFields';
import { ReportOutputFields } from './ReportOutputFields';
import { ReportTypesField } from './ReportTypesField';
import '../reports.css';

/**
 * The Generate Report dialog, the same from the Reports screen and the dashboard's quick action
 * (the remote exposes it). Generating asks the reports and schedules again wherever they are shown;
 * `onGenerated` follows a report asked for (saved, opened or queued). Closed, it keeps nothing:
 * each opening starts from the defaults, so Cancel and Close reset the form.
 */
export function GenerateReportDialog({ open, onClose, onGenerated }: GenerateReportDialogProps) {
  if (!open) return null;
  return <GenerateReportForm onClose={onClose} onGenerated={onGenerated} />;
}

type Message = GenerateOutcome | { tone: 'refused'; text: string };

/**
 * The form checks the dialog's three rules, then the contract, before anything is sent
 * (`reportFormSchema`): the first rule broken marks its field and takes the focus there, and its
 * sentence is the footer's message.
 */
function GenerateReportForm({ onClose, onGenerated }: Omit<GenerateReportDialogProps, 'open'>) {
  const formId = useId();
  const { user } = useSession();
  const form = useContractForm({
    schema: reportFormSchema,
    defaultValues: initialReportForm(user?.reportDefaults, new Date()),
  });
  const [outcome, setOutcome] = useState<GenerateOutcome | null>(null);
  const { generate, busy, abandon } = useGenerateReport();

  const close = useCallback(() => {
    // A report asked for and then left still arrives: it is listed under the recent reports.
    abandon();
    onClose();
  }, [abandon, onClose]);

  const submit = form.submitWith(async (values) => {
    const check = checkReportForm(values);
    if (!check.ok) return;
    setOutcome(null);
    const answer = await generate(check.request);
    if (!answer) return;
    setOutcome(answer);
    if (answer.tone === 'success') onGenerated?.();
  }, 'Failed to generate report.');

  // A refusal of the form's own rules is said until the next Generate; else what Generate came to.
  const message: Message | null = form.formError ? { tone: 'refused', text: form.formError } : outcome;
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
        className="reports-dialog"
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(event) => void submit(event)}
      >
        <ReportTypesField form={form} role={user?.role} />
        <ReportFilterFields form={form} />
        <ReportOutputFields form={form} />
        <ReportAdvancedFields form={form} />
        <ReportDeliveryFields form={form} />
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
