import { departmentLabel, type ReportScheduleDto } from '@caliber/contracts';
import { Button, formatDateTime } from '@caliber/ui-kit';
import { FORMAT_NAMES, FREQUENCY_NAMES, reportTypesLine } from '../utils/report-labels';

/** What a schedule's reports cover: its departments and categories, or all of them. */
function coverage(schedule: ReportScheduleDto, product: string): string {
  const departments = schedule.departments.length
    ? schedule.departments.map((name) => departmentLabel(name, product)).join(', ')
    : 'All departments';
  const categories = schedule.categories.length ? schedule.categories.join(', ') : 'all categories';
  return `${departments}; ${categories}`;
}

/** One schedule: how often, what, which format, to whom, the next run, and Cancel. */
export function ScheduleRow({
  schedule,
  product,
  ownerShown,
  onCancel,
}: {
  schedule: ReportScheduleDto;
  product: string;
  /** Engineers and Admins see everyone's schedules: whose it is, when not theirs. */
  ownerShown: boolean;
  onCancel(schedule: ReportScheduleDto): void;
}) {
  const types = reportTypesLine(schedule.reports);
  return (
    <tr aria-label={`${FREQUENCY_NAMES[schedule.frequency]}: ${types}`}>
      <td data-label="Frequency">{FREQUENCY_NAMES[schedule.frequency]}</td>
      <td data-label="Reports" className="reports-table__types">
        {/* One block: on a phone the cell is a grid of its label and one value. */}
        <div>
          {types}
          <span className="reports-table__note">{coverage(schedule, product)}</span>
          {ownerShown ? <span className="reports-table__note">Owner: {schedule.owner.name}</span> : null}
        </div>
      </td>
      <td data-label="Format">{FORMAT_NAMES[schedule.format]}</td>
      <td data-label="E-mail" className="reports-table__email">
        {schedule.emailTo ?? <span className="muted">Not e-mailed</span>}
      </td>
      <td data-label="Next run" className="reports-table__nowrap">
        {schedule.nextRunAt ? formatDateTime(schedule.nextRunAt) : <span className="muted">Not planned</span>}
      </td>
      <td data-label="Cancel" className="reports-table__actions">
        <Button variant="secondary" size="small" onClick={() => onCancel(schedule)}>
          Cancel
        </Button>
      </td>
    </tr>
  );
}
