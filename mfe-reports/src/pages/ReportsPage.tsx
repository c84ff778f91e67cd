import { hasFullAccess, type ReportScheduleDto } from '@caliber/contracts';
import { Button, PageHeader, useToast } from '@caliber/ui-kit';
import { errorMessage, useCurrentUser } from '@caliber/web';
import { useCallback, useState } from 'react';
import { CancelScheduleDialog } from '../components/CancelScheduleDialog';
import { GenerateReportDialog } from '../components/GenerateReportDialog';
import { RecentReports } from '../components/RecentReports';
import { ReportSchedules } from '../components/ReportSchedules';
import { useReportDownload } from '../hooks/use-report-download';
import { useReportJobs } from '../hooks/use-report-jobs';
import { useReportSchedules } from '../hooks/use-report-schedules';
import '../reports.css';

/** A cancellation is glanced at; a failed download is read (the toast's error time). */
const SAVED_MESSAGE_MS = 2000;

/**
 * /reports: what reports are, the 'Generate Report' button that opens the dialog, then the
 * person's recent reports (live, with Download again) and their schedules (with Cancel).
 */
export function ReportsPage() {
  const viewer = useCurrentUser();
  const toast = useToast();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<ReportScheduleDto | null>(null);
  const jobs = useReportJobs(page);
  const schedules = useReportSchedules();

  const downloadFailed = useCallback((text: string) => toast.error(text), [toast]);
  const { download, downloading } = useReportDownload(downloadFailed);
  // Generating asks the lists again itself; a new report belongs on top of the first page.
  const generated = useCallback(() => setPage(1), []);

  return (
    <div className="page reports-page">
      <PageHeader
        title="Reports"
        description="Reports cover equipment, tasks, compliance and performance. Narrow them with filters, export them to PDF, Excel or Word with charts and automatic summaries, and schedule them for e-mail delivery."
        descriptionClassName="reports-page__intro"
        actions={<Button onClick={() => setDialogOpen(true)}>Generate Report</Button>}
      />

      <RecentReports
        data={jobs.data}
        error={jobs.isError ? errorMessage(jobs.error, 'Failed to load your reports.') : null}
        loading={jobs.isFetching}
        onRetry={() => void jobs.refetch()}
        onPage={setPage}
        downloading={downloading}
        onDownload={(job) => void download(job)}
      />
      <ReportSchedules
        data={schedules.data}
        error={schedules.isError ? errorMessage(schedules.error, 'Failed to load your schedules.') : null}
        loading={schedules.isFetching}
        viewerId={viewer._id}
        everyone={hasFullAccess(viewer.role)}
        onRetry={() => void schedules.refetch()}
        onCancel={setCancelling}
      />

      <GenerateReportDialog open={dialogOpen} onClose={() => setDialogOpen(false)} onGenerated={generated} />
      {cancelling ? (
        <CancelScheduleDialog
          schedule={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            toast.success('Schedule cancelled.', { durationMs: SAVED_MESSAGE_MS });
          }}
        />
      ) : null}
    </div>
  );
}
