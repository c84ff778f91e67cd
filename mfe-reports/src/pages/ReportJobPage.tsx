import { departmentLabel, type ReportJobDto } from '@caliber/contracts';
import {
  Button,
  Card,
  EmptyState,
  ErrorBox,
  formatDate,
  formatDateTime,
  LoadStates,
  Notice,
  PageHeader,
} from '@caliber/ui-kit';
import { Link, useLocation, useProductName } from '@caliber/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ProgressBar } from '../components/ProgressBar';
import { ReportStateBadge } from '../components/ReportStateBadge';
import { useReportDownload } from '../hooks/use-report-download';
import { useReportJob } from '../hooks/use-report-job';
import { formatFileSize } from '../utils/report-file';
import { FORMAT_NAMES, reportJobIdOf, reportTypesLine } from '../utils/report-labels';
import '../reports.css';

/**
 * /reports/jobs/{id}, the link Generate answers when the file is not ready in time: follows the
 * report live (progress and stage), downloads the file by itself once when it is done (and offers
 * Download), or says why it failed or that its file has expired.
 */
export function ReportJobPage() {
  const { pathname } = useLocation();
  const id = reportJobIdOf(pathname);
  const { job, error, reload } = useReportJob(id);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { download, downloading } = useReportDownload(setDownloadError);
  const [downloaded, setDownloaded] = useState(false);

  // Once per visit to the page: a report seen done (at once, or as it finishes) downloads itself.
  const started = useRef<string | null>(null);
  const getFile = useCallback(
    async (report: ReportJobDto) => {
      setDownloadError(null);
      if (await download(report)) setDownloaded(true);
    },
    [download],
  );
  useEffect(() => {
    if (job?.state !== 'done' || started.current === job._id) return;
    started.current = job._id;
    void getFile(job);
  }, [job, getFile]);

  const back = (
    <Link className="reports-back" to="/reports">
      ← Back to Reports
    </Link>
  );

  if (!id)
    return (
      <div className="page reports-page">
        {back}
        <EmptyState title="No such report" text="This address does not name a report." />
      </div>
    );

  return (
    <div className="page reports-page">
      {back}
      <PageHeader title="Report" description={job ? reportTypesLine(job.reports) : null} />
      <LoadStates data={job} error={error} onRetry={reload} loadingText="Loading the report…">
        {(job) => (
          <Card className="reports-job">
            <JobProgress
              job={job}
              downloaded={downloaded}
              downloading={downloading === job._id}
              downloadError={downloadError}
              onDownload={() => void getFile(job)}
            />
            <JobFacts job={job} />
          </Card>
        )}
      </LoadStates>
    </div>
  );
}

function JobProgress({
  job,
  downloaded,
  downloading,
  downloadError,
  onDownload,
}: {
  job: ReportJobDto;
  downloaded: boolean;
  downloading: boolean;
  downloadError: string | null;
  onDownload(): void;
}) {
  const stateLine = (
    <div className="reports-job__state">
      <ReportStateBadge job={job} />
      <span className="muted">{FORMAT_NAMES[job.format]}</span>
    </div>
  );
  switch (job.state) {
    case 'queued':
    case 'running':
      return (
        <div className="reports-job__progress" aria-live="polite">
          {stateLine}
          <ProgressBar progress={job.progress} label="Report progress" />
          <p className="reports-job__stage">
            {job.stage ?? (job.state === 'queued' ? 'Waiting to start' : 'Being written')}
          </p>
          <p className="muted">
            The file downloads by itself when it is ready. You may leave this page open.
          </p>
        </div>
      );
    case 'done':
      return (
        <div className="reports-job__progress" aria-live="polite">
          {stateLine}
          <p role="status">
            {downloaded ? 'The report was downloaded.' : 'The report is ready.'} Download it again here while
            it is kept.
          </p>
          {downloadError ? <ErrorBox>{downloadError}</ErrorBox> : null}
          <Button onClick={onDownload} busy={downloading} busyLabel="Downloading...">
            Download
          </Button>
        </div>
      );
    case 'failed':
      return (
        <div className="reports-job__progress">
          {stateLine}
          <ErrorBox>The report could not be written: {job.failure ?? 'no reason was given.'}</ErrorBox>
          <p className="muted">Generate it again from Reports; if it fails again, tell your administrator.</p>
        </div>
      );
    case 'expired':
      return (
        <div className="reports-job__progress">
          {stateLine}
          <Notice>
            Expired: the file is no longer kept
            {job.expiresAt ? ` (since ${formatDateTime(job.expiresAt)})` : ''}. Generate it again from
            Reports.
          </Notice>
        </div>
      );
  }
}

function JobFacts({ job }: { job: ReportJobDto }) {
  const product = useProductName();
  const { filters } = job;
  const departments = filters.departments.length
    ? filters.departments.map((name) => departmentLabel(name, product)).join(', ')
    : 'All departments';
  const categories = filters.categories.length ? filters.categories.join(', ') : 'All categories';
  return (
    <dl className="reports-facts">
      <dt>Period</dt>
      <dd>
        {formatDate(filters.dateFrom)} – {formatDate(filters.dateTo)}
      </dd>
      <dt>Departments</dt>
      <dd>{departments}</dd>
      <dt>Categories</dt>
      <dd>{categories}</dd>
      <dt>Asked for</dt>
      <dd>
        {formatDateTime(job.createdAt)} by {job.requestedBy.name}
      </dd>
      {job.finishedAt ? (
        <>
          <dt>Finished</dt>
          <dd>{formatDateTime(job.finishedAt)}</dd>
        </>
      ) : null}
      {job.state === 'done' ? (
        <>
          <dt>File</dt>
          <dd>
            {job.fileName ?? FORMAT_NAMES[job.format]} · {formatFileSize(job.fileSize)}
          </dd>
        </>
      ) : null}
      {job.emailTo ? (
        <>
          <dt>E-mail</dt>
          <dd>
            {job.emailTo}
            {job.emailedAt ? `, sent ${formatDateTime(job.emailedAt)}` : ', not sent yet'}
          </dd>
        </>
      ) : null}
      {job.expiresAt && job.state !== 'expired' ? (
        <>
          <dt>Kept until</dt>
          <dd>{formatDateTime(job.expiresAt)}</dd>
        </>
      ) : null}
    </dl>
  );
}
