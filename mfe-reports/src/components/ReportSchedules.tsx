import type { ReportScheduleDto, ReportScheduleListResponse } from '@caliber/contracts';
import { Card, EmptyState, LoadStates, Spinner } from '@caliber/ui-kit';
import { useProductName } from '@caliber/web';
import { ScheduleRow } from './ScheduleRow';

/**
 * 'Your schedules': the reports made again every week, month or quarter, each with its next run
 * and Cancel. Engineers and Admins answer for the department's records and see everyone's, each
 * marked with its owner when not their own.
 */
export function ReportSchedules({
  data,
  error,
  loading,
  viewerId,
  everyone,
  onRetry,
  onCancel,
}: {
  data: ReportScheduleListResponse | undefined;
  error: string | null;
  loading: boolean;
  viewerId: string;
  everyone: boolean;
  onRetry(): void;
  onCancel(schedule: ReportScheduleDto): void;
}) {
  const product = useProductName();
  return (
    <Card
      title="Your schedules"
      titleId="reports-schedules"
      description={
        everyone
          ? 'Reports made again and again, each for the period just ended. As an Engineer or Admin you see your colleagues’ schedules too.'
          : 'Reports made again and again, each for the period just ended.'
      }
      className="reports-section"
      actions={loading && data ? <Spinner size="small" label="Updating" /> : null}
    >
      <LoadStates data={data} error={error} onRetry={onRetry} loadingText="Loading your schedules…">
        {(data) =>
          data.schedules.length === 0 ? (
            <EmptyState
              title="No schedules"
              text="Turn on Schedule in Generate Report to have a report made every week, month or quarter."
            />
          ) : (
            <div className="ck-table-frame">
              <table className="ck-table">
                <caption className="visually-hidden">Your report schedules</caption>
                <thead>
                  <tr>
                    <th scope="col">Frequency</th>
                    <th scope="col">Reports</th>
                    <th scope="col">Format</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Next run</th>
                    <th scope="col">
                      <span className="visually-hidden">Cancel</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.schedules.map((schedule) => (
                    <ScheduleRow
                      key={schedule._id}
                      schedule={schedule}
                      product={product}
                      ownerShown={schedule.owner._id !== viewerId}
                      onCancel={onCancel}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadStates>
    </Card>
  );
}
