import type { ReportJobDto, ReportJobListResponse } from '@caliber/contracts';
import { Card, EmptyState, LoadStates, Pager, Spinner } from '@caliber/ui-kit';
import { ReportJobRow } from './ReportJobRow';

/**
 * 'Your recent reports': the person's own reports, newest first, a page at a time, as they move
 * (the list follows their live events). Loading, empty and failed (with Retry) each say so.
 */
export function RecentReports({
  data,
  error,
  loading,
  onRetry,
  onPage,
  downloading,
  onDownload,
}: {
  data: ReportJobListResponse | undefined;
  error: string | null;
  loading: boolean;
  onRetry(): void;
  onPage(page: number): void;
  downloading: string | null;
  onDownload(job: ReportJobDto): void;
}) {
  return (
    <Card
      title="Your recent reports"
      titleId="reports-recent"
      description="Every report you asked for, with its progress; a finished file can be downloaded again until it expires."
      className="reports-section"
      actions={loading && data ? <Spinner size="small" label="Updating" /> : null}
    >
      <LoadStates data={data} error={error} onRetry={onRetry} loadingText="Loading your reports…">
        {(data) =>
          data.jobs.length === 0 ? (
            <EmptyState
              title="No reports yet"
              text="Reports you generate appear here, with their progress."
            />
          ) : (
            <>
              <div className="ck-table-frame">
                <table className="ck-table">
                  <caption className="visually-hidden">Your recent reports, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Reports</th>
                      <th scope="col">Format</th>
                      <th scope="col">State</th>
                      <th scope="col">Created</th>
                      <th scope="col">Size</th>
                      <th scope="col">
                        <span className="visually-hidden">File</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.jobs.map((job) => (
                      <ReportJobRow
                        key={job._id}
                        job={job}
                        downloading={downloading === job._id}
                        busy={downloading !== null}
                        onDownload={onDownload}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={data.page} totalPages={data.pages} onPage={onPage} label="Pages of your reports" />
            </>
          )
        }
      </LoadStates>
    </Card>
  );
}
