import { canonicalRole, type TaskLabourCost } from '@caliber/contracts';
import type { EntityManager } from 'typeorm';
import { hospitalToday } from '../hospital-clock';

/**
 * Whose rate a task's hours are priced at once `hours` are recorded over `task`'s. The hours are
 * the assignee's work: when the assignee records them, their role. When someone else changes them
 * (an Engineer correcting a Technician's figure before certifying, an Admin typing in a paper job
 * card) they correct that work, so the role already kept stays; only hours nobody priced yet take
 * the recorder's role. No hours, no role.
 */
export function labourRoleAfter(
  actor: { _id: string; role: string },
  task: { assignedToId: string | null; labourRole: string | null },
  hours: number | null,
): string | null {
  if (hours === null) return null;
  const own = canonicalRole(actor.role) ?? null;
  return task.assignedToId === actor._id || task.labourRole === null ? own : task.labourRole;
}

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
 * A task's recorded hours priced at the rate of the role whose work they are, in force on the day
 * they are priced at; null when no hours are recorded. The same rule prices the cost reports (in
 * SQL, see cost-report.service.ts).
 */
export async function priceTaskLabour(
  manager: EntityManager,
  task: TaskLabour,
): Promise<TaskLabourCost | null> {
  if (task.labourHours === null) return null;
  const pricedOn = labourPricedOn(task);
  // Priced in SQL's exact numerics, as the cost reports price it, so both say the same cent.
  const [row] = (await manager.query(
    `SELECT (SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1) AS "currency",
            r."hourly_rate"::float8 AS "rate", round($3::numeric * r."hourly_rate", 2)::float8 AS "amount"
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (
         SELECT lr."hourly_rate" FROM "maintenance"."labour_rates" lr
          WHERE lr."role" = $1 AND lr."starts_on" <= $2::date
          ORDER BY lr."starts_on" DESC LIMIT 1) r ON true`,
    [task.labourRole, pricedOn, task.labourHours],
  )) as [{ currency: string | null; rate: number | null; amount: number | null }];
  const priced = task.labourRole !== null && row.rate !== null;
  return {
    role: task.labourRole,
    pricedOn,
    hourlyRate: priced ? row.rate : null,
    amount: priced ? row.amount : null,
    currency: row.currency?.trim() ?? null,
  };
}
