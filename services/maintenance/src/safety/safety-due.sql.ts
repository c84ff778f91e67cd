import { MAINTENANCE_SCHEMA } from '../database';

/** The open (neither completed nor cancelled, not deleted) occurrences of plan `plan`, as a WHERE. */
const openOccurrencesOf = (plan: string) =>
  `t."plan_id" = ${plan}."id" AND t."deleted_at" IS NULL AND t."status" NOT IN ('Completed', 'Cancelled')`;

/**
 * When plan `plan` (an alias of "pm_plans") is next due: its earliest open occurrence's due date,
 * else the plan's next due date. One expression for the device's safety section and the
 * compliance report's overdue count, so both say the same of a device.
 */
export const planDueSql = (plan: string) =>
  `COALESCE((SELECT min(t."due_date") FROM "${MAINTENANCE_SCHEMA}"."tasks" t WHERE ${openOccurrencesOf(plan)}), ${plan}."next_due_date")`;

/**
 * The earliest open occurrence of plan `plan` (the one that sets its due date) as a lateral
 * subquery's FROM and WHERE: `t` is the occurrence.
 */
export const earliestOpenOccurrenceSql = (plan: string) =>
  `(SELECT t."id", t."title", t."created_at" FROM "${MAINTENANCE_SCHEMA}"."tasks" t
     WHERE ${openOccurrencesOf(plan)} ORDER BY t."due_date", t."id" LIMIT 1)`;
