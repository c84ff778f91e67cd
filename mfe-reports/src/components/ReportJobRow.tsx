import type { ReportJobDto } from '@caliber/contracts';
import { Button, formatDateTime, Meter } from '@caliber/ui-kit';
import { Link } from '@caliber/web';
import { formatFileSize } from '../utils/report-file';
import { clampProgress, FORMAT_NAMES, reportTypesLine } from '../utils/report-labels';
import { ReportStateBadge } from './ReportStateBadge';

/**
 * One report in the list: what it holds (a link to its page), the format, the state with its
 * progress while it is written, when it was asked for and its size; Download again once done,
 * the reason when it failed, and that the file is gone once it expired.
 */
export function ReportJobRow({
  job,
  downloading,
  busy,
  onDownload,
}: {
  job: ReportJobDto;
  /** This report's file is being fetched. */
  downloading: boolean;
  /** Another report's file is being fetched. */
  busy: boolean;
  onDownload(job: ReportJobDto): void;
}) {
  const types = reportTypesLine(job.reports);
  return (
    <tr aria-label={`${types}, ${formatDateTime(job.createdAt)}`}>
      <td data-label="Reports" className="reports-table__types">
        {/* One block: on a phone the cell is a grid of its label and one value. */}
        <div>
          <Link to={`/reports/jobs/${encodeURIComponent(job._id)}`}>{types}</Link>
          {job.scheduleId ? <span className="reports-table__note">Made by a schedule</span> : null}
          {job.emailTo ? (
            <span className="reports-table__note">
              {job.emailedAt ? 'E-mailed to' : 'To be e-mailed to'} {job.emailTo}
            </span>
          ) : null}
        </div>
      </td>
      <td data-label="Format">{FORMAT_NAMES[job.format]}</td>
      <td data-label="State">
        <div className="reports-table__state">
          <ReportStateBadge job={job} />
          {job.state === 'running' ? (
            <Meter
              kind="progressbar"
              label={`${types}: progress`}
              labelHidden
              valueText={null}
              value={clampProgress(job.progress)}
            />
          ) : null}
        </div>
      </td>
      <td data-label="Created" className="reports-table__nowrap">
        {formatDateTime(job.createdAt)}
      </td>
      <td data-label="Size" className="reports-table__nowrap">
        {job.state === 'done' ? formatFileSize(job.fileSize) : '—'}
      </td>
      <td data-label="File" className="reports-table__actions">
        <RowAction job={job} downloading={downloading} busy={busy} onDownload={onDownload} />
      </td>
    </tr>
  );
}

function RowAction({
  job,
  downloading,
  busy,
  onDownload,
}: {
  job: ReportJobDto;
  downloading: boolean;
  busy: boolean;
  onDownload(job: ReportJobDto): void;
}) {
  switch (job.state) {
    case 'done':
      return (
        <Button
          variant="secondary"
          size="small"
          onClick={() => onDownload(job)}
          busy={downloading}
          busyLabel="Downloading..."
          disabled={busy && !downloading}
        >
          Download again
        </Button>
      );
    case 'failed':
      return (
        <span className="reports-table__failure">{job.failure ?? 'The report could not be written.'}</span>
      );
    case 'expired':
      return <span className="muted">Expired: the file is no longer kept.</span>;
    default:
      return (
        <span className="muted">
          {job.stage ?? (job.state === 'queued' ? 'Waiting to start' : 'Being written')}
        </span>
      );
  }
}
