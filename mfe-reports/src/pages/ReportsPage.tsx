import { hasFullAccess, type ReportScheduleDto } from '@caliber/contracts';
import { Button, PageHeader, type StatusMessage, StatusToast } from '@caliber/ui-kit';
import { useCurrentUser } from '@caliber/web';
import { useCallback, useState } from 'react';
import { CancelScheduleDialog } from '../components/CancelScheduleDialog';
import { GenerateReportDialog } from '../components/GenerateReportDialog';
import { RecentReports } from '../components/RecentReports';
import { ReportSchedules } from '../components/ReportSchedules';
import { useReportDownload } from '../hooks/use-report-download';
import { useReportJobs } from '../hooks/use-report-jobs';
import { useReportSchedules } from '../hooks/use-report-schedules';
import '../reports.css';

/** A cancellation is glanced at; a failed download is read. */
const SAVED_MESSAGE_MS = 2000;
const ERROR_MESSAGE_MS = 6000;

/**
 * /reports: what reports are, the 'Generate Report' button that opens the dialog, then the
 * person's recent reports (live, with Download again) and their schedules (with Cancel).
 */
export function ReportsPage() {
  const viewer = useCurrentUser();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<ReportScheduleDto | null>(null);
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const jobs = useReportJobs(page);
  const schedules = useReportSchedules();
  const { reload: reloadJobs } = jobs;
  const { reload: reloadSchedules } = schedules;

  const clearMessage = useCallback(() => setMessage(null), []);
  const downloadFailed = useCallback((text: string) => setMessage({ text, tone: 'error' }), []);
  const { download, downloading } = useReportDownload(downloadFailed);
  const generated = useCallback(() => {
    // A new report belongs on top of the first page; a schedule has no live event of its own.
    setPage(1);
    reloadJobs();
    reloadSchedules();
  }, [reloadJobs, reloadSchedules]);

  return (
    <div className="page reports-page">
      <PageHeader
        title="Reports"
        description="Reports cover equipment, tasks, compliance and performance. Narrow them with filters, export them to PDF, Excel or Word with charts and automatic summaries, and schedule them for e-mail delivery."
        descriptionClassName="reports-page__intro"
        actions={<Button onClick={() => setDialogOpen(true)}>Generate Report</Button>}
      />

      <StatusToast
        message={message}
        durationMs={message?.tone === 'error' ? ERROR_MESSAGE_MS : SAVED_MESSAGE_MS}
        onDone={clearMessage}
      />

      <RecentReports
        data={jobs.data}
        error={jobs.error}
        loading={jobs.loading}
        onRetry={reloadJobs}
        onPage={setPage}
        downloading={downloading}
        onDownload={(job) => void download(job)}
      />
      <ReportSchedules
        data={schedules.data}
        error={schedules.error}
        loading={schedules.loading}
        viewerId={viewer._id}
        everyone={hasFullAccess(viewer.role)}
        onRetry={reloadSchedules}
        onCancel={setCancelling}
      />

      <GenerateReportDialog open={dialogOpen} onClose={() => setDialogOpen(false)} onGenerated={generated} />
      {cancelling ? (
        <CancelScheduleDialog
          schedule={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            setMessage({ text: 'Schedule cancelled.', tone: 'success' });
            reloadSchedules();
          }}
        />
      ) : null}
    </div>
  );
}
