import { departmentLabel, type ReportJobDto } from '@caliber/contracts';
import {
  Button,
  Card,
  EmptyState,
  ErrorBox,
  formatDate,
  FactList,
  formatDateTime,
  LoadStates,
  Meter,
  Notice,
  PageHeader,
} from '@caliber/ui-kit';
import { errorMessage, Link, useLocation, useProductName } from '@caliber/web';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ReportStateBadge } from '../components/ReportStateBadge';
import { useReportDownload } from '../hooks/use-report-download';
import { useReportJob } from '../hooks/use-report-job';
import { formatFileSize } from '../utils/report-file';
import { clampProgress, FORMAT_NAMES, reportJobIdOf, reportTypesLine } from '../utils/report-labels';
import '../reports.css';

/**
 * /reports/jobs/{id}, the link Generate answers when the file is not ready in time: follows the
 * report live (progress and stage), downloads the file by itself once when it is done (and offers
 * Download), or says why it failed or that its file has expired.
 */
export function ReportJobPage() {
  const { pathname } = useLocation();
  const id = reportJobIdOf(pathname);
  const report = useReportJob(id);
  const job = report.data ?? null;
  const error = report.isError ? errorMessage(report.error, 'Failed to load the report.') : null;
  const reload = () => void report.refetch();
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
          <Meter
            kind="progressbar"
            label="Report progress"
            labelHidden
            valueText={null}
            value={clampProgress(job.progress)}
          />
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
  const facts: [string, ReactNode][] = [
    [
      'Period',
      <>
        {formatDate(filters.dateFrom)} – {formatDate(filters.dateTo)}
      </>,
    ],
    ['Departments', departments],
    ['Categories', categories],
    [
      'Asked for',
      <>
        {formatDateTime(job.createdAt)} by {job.requestedBy.name}
      </>,
    ],
  ];
  if (job.finishedAt) facts.push(['Finished', formatDateTime(job.finishedAt)]);
  if (job.state === 'done')
    facts.push(['File', `${job.fileName ?? FORMAT_NAMES[job.format]} · ${formatFileSize(job.fileSize)}`]);
  if (job.emailTo)
    facts.push([
      'E-mail',
      `${job.emailTo}${job.emailedAt ? `, sent ${formatDateTime(job.emailedAt)}` : ', not sent yet'}`,
    ]);
  if (job.expiresAt && job.state !== 'expired') facts.push(['Kept until', formatDateTime(job.expiresAt)]);
  return <FactList facts={facts} className="reports-facts" />;
}
