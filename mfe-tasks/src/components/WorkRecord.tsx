import type { TaskDto, TaskLabourCost } from '@caliber/contracts';
import { formatDate, formatMoney } from '@caliber/ui-kit';
import { hasWorkRecord } from '../utils/task-permissions';
import { formatHours } from '../utils/format';
import { SparePartsTable } from './SparePartsTable';

/**
 * What the recorded hours cost, as the server priced them: the rate of the role that recorded them
 * on the day the work was done, or why they have no price.
 */
function labourCostText(cost: TaskLabourCost): string {
  const day = formatDate(cost.pricedOn);
  if (cost.role === null)
    return 'Not priced: the hours were recorded before Caliber kept whose work they were.';
  if (cost.hourlyRate === null || cost.amount === null)
    return `Not priced: there was no ${cost.role} labour rate on ${day}.`;
  return `${formatMoney(cost.amount, cost.currency)} (the ${cost.role} rate of ${formatMoney(
    cost.hourlyRate,
    cost.currency,
  )} an hour on ${day})`;
}

/**
 * What the technician recorded: fault, repair, spare parts and hours ('No work recorded yet.'
 * before); with what the hours cost where the server gives it (Engineers, Managers and Admins).
 * `currency` (the hospital's, where the caller has it) writes the parts' unit costs as money.
 */
export function WorkRecord({
  task,
  labourCost = null,
  currency = null,
}: {
  task: TaskDto;
  labourCost?: TaskLabourCost | null;
  currency?: string | null;
}) {
  if (!hasWorkRecord(task)) return <p className="muted">No work recorded yet.</p>;
  return (
    <div className="work-record">
      <dl className="ck-facts ck-facts--stacked">
        <div className="ck-facts__row">
          <dt>Fault description</dt>
          <dd className="task-prose">{task.faultDescription || '—'}</dd>
        </div>
        <div className="ck-facts__row">
          <dt>Repair details</dt>
          <dd className="task-prose">{task.repairDetails || '—'}</dd>
        </div>
        {task.labourHours !== null ? (
          <div className="ck-facts__row">
            <dt>Labour hours</dt>
            <dd>{formatHours(task.labourHours)}</dd>
          </div>
        ) : null}
        {labourCost ? (
          <div className="ck-facts__row">
            <dt>Labour cost</dt>
            <dd>{labourCostText(labourCost)}</dd>
          </div>
        ) : null}
        <div className="ck-facts__row">
          <dt>Spare parts</dt>
          <dd>
            {task.spareParts.length > 0 ? (
              <SparePartsTable parts={task.spareParts} caption="Spare parts used" currency={currency} />
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
