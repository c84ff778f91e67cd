import type { EntityManager } from 'typeorm';

/**
 * A year of status history for freshly loaded demo items, so that downtime, uptime, MTTR and MTBF
 * say something on a first start: each item is Serviceable from its installation (or about 400
 * days ago, whichever is later), fails none to three times over the year with repairs of 4 to 119
 * hours, and reaches its present status within the last three weeks. Drawn from each serial
 * number's hash, so the same seed gives the same history. Only items whose history is the single
 * row of their loading are touched.
 */
export async function writeDemoHistory(manager: EntityManager): Promise<void> {
  await manager.query(`
    WITH base AS (
      SELECT e."id", e."status",
             greatest(e."installation_date"::timestamp AT TIME ZONE 'UTC', now() - interval '400 days') AS "since",
             ('x' || substr(md5(e."serial_number"), 1, 7))::bit(28)::int AS "h"
        FROM "equipment"."equipment" e
       WHERE e."deleted_at" IS NULL
         AND (SELECT count(*) FROM "equipment"."status_history" s WHERE s."equipment_id" = e."id") = 1
    ), spells AS (
      SELECT b."id", k,
             b."since" + ((now() - interval '30 days') - b."since")
               * ((k - 0.5 + ((b."h" >> (k * 3)) % 5) / 10.0) / (b."h" % 4)) AS "start_at",
             interval '1 hour' * (4 + ((b."h" >> (k * 5)) % 116)) AS "length",
             CASE WHEN k % 2 = 0 THEN 'Under Maintenance' ELSE 'Unserviceable' END AS "down"
        FROM base b, generate_series(1, b."h" % 4) AS k
       WHERE b."since" < now() - interval '45 days'
    ), first_row AS (
      UPDATE "equipment"."status_history" s SET "changed_at" = b."since", "to_status" = 'Serviceable'
        FROM base b WHERE s."equipment_id" = b."id"
    ), repairs AS (
      INSERT INTO "equipment"."status_history" ("equipment_id", "from_status", "to_status", "changed_at", "reason")
      SELECT "id", 'Serviceable', "down", "start_at", 'Fault reported' FROM spells
      UNION ALL
      SELECT "id", "down", 'Serviceable', "start_at" + "length", 'Repaired and tested' FROM spells
    )
    INSERT INTO "equipment"."status_history" ("equipment_id", "from_status", "to_status", "changed_at", "reason")
    SELECT "id", 'Serviceable', "status", now() - interval '1 day' * (1 + "h" % 20), 'Status at loading'
      FROM base WHERE "status" <> 'Serviceable'`);
}
