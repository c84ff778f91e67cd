import { labourCost, type TaskLabourCost } from '@caliber/contracts';
import type { EntityManager } from 'typeorm';
import { hospitalToday } from '../hospital-clock';

/** What pricing a task's labour reads of it. */
export interface TaskLabour {
  labourHours: number | null;
  labourRole: string | null;
  completedDate: Date | null;
}

/**
 * The day a task's hours are priced at: the hospital's date of its completion, so that a rate
 * added later (which starts no earlier than the day it is added) never reprices finished work;
 * while the task is open, today, as the work is still being done.
 */
export function labourPricedOn(task: Pick<TaskLabour, 'completedDate'>, now: Date = new Date()): string {
  return hospitalToday(task.completedDate ?? now);
}

/**
 * A task's recorded hours priced at the rate of the role that recorded them, in force on the day
 * they are priced at; null when no hours are recorded. The same rule prices the cost reports (in
 * SQL, see cost-report.service.ts).
 */
export async function priceTaskLabour(
  manager: EntityManager,
  task: TaskLabour,
): Promise<TaskLabourCost | null> {
  if (task.labourHours === null) return null;
  const pricedOn = labourPricedOn(task);
  const [row] = (await manager.query(
    `SELECT (SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1) AS "currency",
            (SELECT r."hourly_rate"::float8 FROM "maintenance"."labour_rates" r
              WHERE r."role" = $1 AND r."starts_on" <= $2::date
              ORDER BY r."starts_on" DESC LIMIT 1) AS "rate"`,
    [task.labourRole, pricedOn],
  )) as [{ currency: string | null; rate: number | null }];
  const rate = task.labourRole === null ? null : row.rate;
  return {
    role: task.labourRole,
    pricedOn,
    hourlyRate: rate,
    amount: rate === null ? null : labourCost(task.labourHours, rate),
    currency: row.currency?.trim() ?? null,
  };
}
