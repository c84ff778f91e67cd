import pg from 'pg';

/**
 * Turns the benchmark's generated inventory and tasks into a PM program of hospital scale: a
 * plan for two devices in five, and the generated tasks on a planned device made its plan's
 * occurrences (numbered by creation; one a day, as a plan has), so compliance counts tens of
 * thousands of occurrences a year.
 * It writes the rows directly, as the demo seed's bulk insert does: the point is the data's
 * shape, not the path it came by.
 */
export async function makePmProgram(databaseUrl: string): Promise<{ plans: number; occurrences: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plans = await client.query(
      `INSERT INTO "maintenance"."pm_plans" ("equipment_id", "equipment_name", "equipment_serial",
         "equipment_department", "equipment_category", "title", "pm_type", "interval", "priority",
         "first_due_date", "anchor_date", "next_due_date", "next_occurrence", "schedule_basis")
       SELECT e."id", e."name", e."serial_number", e."department", e."category", 'Benchmark PM', 'Safety Testing',
              'Monthly', 'Medium', current_date + 400, current_date + 400, current_date + 400, 100000,
              'Manufacturer recommendation'
         FROM "equipment"."equipment" e
        WHERE e."deleted_at" IS NULL AND abs(hashtext(e."id"::text)) % 5 < 2`,
    );
    const occurrences = await client.query(
      `WITH one_a_day AS (
         SELECT DISTINCT ON (t."equipment_id", t."due_date") t."id", t."created_at", p."id" AS "plan_id"
           FROM "maintenance"."tasks" t
           JOIN "maintenance"."pm_plans" p ON p."equipment_id" = t."equipment_id"
          WHERE t."plan_id" IS NULL AND t."deleted_at" IS NULL AND p."title" = 'Benchmark PM'
          ORDER BY t."equipment_id", t."due_date", t."id"),
       numbered AS (
         SELECT "id", "plan_id", row_number() OVER (PARTITION BY "plan_id" ORDER BY "created_at", "id") - 1 AS "n"
           FROM one_a_day)
       UPDATE "maintenance"."tasks" t
          SET "task_type" = 'Preventive', "pm_type" = 'Safety Testing', "pm_interval" = 'Monthly',
              "plan_id" = numbered."plan_id", "plan_occurrence" = numbered."n"
         FROM numbered WHERE numbered."id" = t."id"`,
    );
    await client.query(`ANALYZE "maintenance"."tasks"; ANALYZE "maintenance"."pm_plans"`);
    return { plans: plans.rowCount ?? 0, occurrences: occurrences.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}
