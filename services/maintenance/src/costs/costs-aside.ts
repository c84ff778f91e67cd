import type { Role } from '@caliber/contracts';
import type { DataSource } from 'typeorm';

/**
 * For the integration suites that own one role's labour rates while they run: takes that role's
 * rates (another suite's, the demo's) and the hospital currency aside, and answers what puts them
 * back as they were, the suite's own rates of the role removed.
 */
export async function putCostsAside(rows: DataSource, role: Role): Promise<() => Promise<void>> {
  const [settings]: { currency: string | null }[] = await rows.query(
    `SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1`,
  );
  const currency = settings?.currency ?? null;
  // A DELETE … RETURNING answers its rows and their count.
  const [rates] = (await rows.query(
    `DELETE FROM "maintenance"."labour_rates" WHERE "role" = $1
     RETURNING "id", "role", "hourly_rate", "starts_on"::text AS "starts_on", "added_by_label", "added_at"`,
    [role],
  )) as [Record<string, unknown>[], number];
  return async () => {
    await rows.query(`DELETE FROM "maintenance"."labour_rates" WHERE "role" = $1`, [role]);
    await rows.query(
      `INSERT INTO "maintenance"."labour_rates" ("id", "role", "hourly_rate", "starts_on", "added_by_label", "added_at")
       SELECT "id", "role", "hourly_rate", "starts_on"::date, "added_by_label", "added_at"
         FROM jsonb_to_recordset($1::jsonb)
           AS r("id" uuid, "role" text, "hourly_rate" numeric, "starts_on" text, "added_by_label" text, "added_at" timestamptz)`,
      [JSON.stringify(rates)],
    );
    await rows.query(`UPDATE "maintenance"."cost_settings" SET "currency" = $1 WHERE "id" = 1`, [currency]);
  };
}
