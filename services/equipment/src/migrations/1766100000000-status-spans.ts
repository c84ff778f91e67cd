import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Microseconds since 1970 (UTC) of a timestamptz expression: exact, as the column keeps them. */
const micros = (expression: string) => `(extract(epoch FROM ${expression}) * 1000000)::bigint`;

/**
 * Every stretch of the history of the devices `devices` names (an SQL expression giving uuid[]),
 * with what availability needs of it, as `status_spans` keeps them: the rows of each device in
 * (changed_at, id) order; a stretch lasts until the next row (open while it is the last); a down
 * spell is a run of down rows (Unserviceable and Under Maintenance follow each other within one),
 * numbered into islands by how many rows up to it are not down; a repair is a Serviceable row after
 * a down one, and its spell began at the first down row of the island before it.
 */
function spansOf(devices: string): string {
  return `
    SELECT s."id", s."equipment_id", s."status", ${micros('s."since"')}, ${micros('s."until"')}, s."down",
           COALESCE(s."down" AND s."previous" = 'Serviceable', false),
           s."repair",
           CASE WHEN s."repair" THEN ${micros(`lag(s."spell_began") OVER (PARTITION BY s."equipment_id" ORDER BY s."since", s."id")`)} END
      FROM (
        SELECT i.*, min(i."since") FILTER (WHERE i."down") OVER (PARTITION BY i."equipment_id", i."island") AS "spell_began",
               COALESCE(i."status" = 'Serviceable' AND i."previous" IN ('Unserviceable', 'Under Maintenance'), false) AS "repair"
          FROM (
            SELECT t.*, sum(CASE WHEN t."down" THEN 0 ELSE 1 END)
                          OVER (PARTITION BY t."equipment_id" ORDER BY t."since", t."id") AS "island"
              FROM (
                SELECT h."id", h."equipment_id", h."to_status" AS "status", h."changed_at" AS "since",
                       lead(h."changed_at") OVER w AS "until", lag(h."to_status") OVER w AS "previous",
                       h."to_status" IN ('Unserviceable', 'Under Maintenance') AS "down"
                  FROM "equipment"."status_history" h
                 WHERE h."equipment_id" = ANY(${devices})
                WINDOW w AS (PARTITION BY h."equipment_id" ORDER BY h."changed_at", h."id")) t) i) s`;
}

const COLUMNS = `"history_id", "equipment_id", "status", "since_us", "until_us", "down", "failure", "repair", "spell_began_us"`;

/**
 * `status_spans`: the status history as availability reads it, one row per history row, kept by
 * the history's own writes. Downtime, uptime, MTTR and MTBF over a period are then sums over the
 * stretches that meet the period, each clipped to it, with no window functions over every
 * device's whole history at each report (which took about 10 s of one core for 50,000 devices).
 *
 * - One row per stretch, not per day: a device changes status a few times a year, so its stretches
 *   are fewer rows than its days, and clipping a stretch to any instant (a period that starts or
 *   ends mid-day, "now") is exact where a daily total would not be.
 * - Times are microseconds since 1970 (UTC), as PostgreSQL keeps a timestamptz, so sums are exact
 *   integers and cheap. `until_us` is null while the status still stands.
 * - `failure`: a down row right after a Serviceable one. `repair`: a Serviceable row right after a
 *   down one, with `spell_began_us` the start of the spell it ended (however long before).
 * - A statement trigger on `status_history` (insert, update, delete) recomputes the stretches of
 *   the devices it touched, in its transaction. It first locks those devices' inventory rows
 *   (FOR NO KEY UPDATE, in id order, as a status change does), so two transactions changing one
 *   device's history recompute it one after the other, the second seeing the first's rows. Rows
 *   that did not change are not written again.
 */
export class StatusSpans1766100000000 implements MigrationInterface {
  name = 'StatusSpans1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "equipment"."status_spans" (
        "history_id" bigint PRIMARY KEY,
        "equipment_id" uuid NOT NULL,
        "status" varchar(20) NOT NULL,
        "since_us" bigint NOT NULL,
        "until_us" bigint,
        "down" boolean NOT NULL,
        "failure" boolean NOT NULL,
        "repair" boolean NOT NULL,
        "spell_began_us" bigint
      )`);
    await queryRunner.query(
      `CREATE INDEX "status_spans_equipment_idx" ON "equipment"."status_spans" ("equipment_id", "since_us")`,
    );
    // The downtime list pages every device by name, the deleted ones too (a device deleted in the
    // period was observed until then): without it each page sorted the whole inventory.
    await queryRunner.query(
      `CREATE INDEX "equipment_every_name_idx" ON "equipment"."equipment" ("name", "id")`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."status_spans_rebuild"(devices uuid[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM "equipment"."equipment" WHERE "id" = ANY(devices) ORDER BY "id" FOR NO KEY UPDATE;
        DELETE FROM "equipment"."status_spans" s
         WHERE s."equipment_id" = ANY(devices)
           AND NOT EXISTS (SELECT 1 FROM "equipment"."status_history" h
                            WHERE h."id" = s."history_id" AND h."equipment_id" = s."equipment_id");
        INSERT INTO "equipment"."status_spans" AS k (${COLUMNS})
        ${spansOf('devices')}
        ON CONFLICT ("history_id") DO UPDATE SET
          "equipment_id" = EXCLUDED."equipment_id", "status" = EXCLUDED."status",
          "since_us" = EXCLUDED."since_us", "until_us" = EXCLUDED."until_us", "down" = EXCLUDED."down",
          "failure" = EXCLUDED."failure", "repair" = EXCLUDED."repair", "spell_began_us" = EXCLUDED."spell_began_us"
        WHERE (k."equipment_id", k."status", k."since_us", k."until_us", k."down", k."failure", k."repair", k."spell_began_us")
              IS DISTINCT FROM
              (EXCLUDED."equipment_id", EXCLUDED."status", EXCLUDED."since_us", EXCLUDED."until_us", EXCLUDED."down",
               EXCLUDED."failure", EXCLUDED."repair", EXCLUDED."spell_began_us");
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."status_spans_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        devices uuid[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(DISTINCT "equipment_id") INTO devices FROM "new_rows";
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(DISTINCT "equipment_id") INTO devices FROM "old_rows";
        ELSE
          SELECT array_agg(DISTINCT "equipment_id") INTO devices
            FROM (SELECT "equipment_id" FROM "old_rows" UNION SELECT "equipment_id" FROM "new_rows") d;
        END IF;
        IF devices IS NOT NULL THEN
          PERFORM "equipment"."status_spans_rebuild"(devices);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "status_history_spans_insert" AFTER INSERT ON "equipment"."status_history"
        REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "equipment"."status_spans_changed"()`);
    await queryRunner.query(`
      CREATE TRIGGER "status_history_spans_update" AFTER UPDATE ON "equipment"."status_history"
        REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
        FOR EACH STATEMENT EXECUTE FUNCTION "equipment"."status_spans_changed"()`);
    await queryRunner.query(`
      CREATE TRIGGER "status_history_spans_delete" AFTER DELETE ON "equipment"."status_history"
        REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "equipment"."status_spans_changed"()`);
    // TRUNCATE names no rows: the stretches go with the history they came from.
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."status_spans_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        TRUNCATE "equipment"."status_spans";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "status_history_spans_truncate" AFTER TRUNCATE ON "equipment"."status_history"
        FOR EACH STATEMENT EXECUTE FUNCTION "equipment"."status_spans_truncated"()`);
    // The history written so far, in one pass.
    await queryRunner.query(
      `INSERT INTO "equipment"."status_spans" (${COLUMNS})
       ${spansOf('ARRAY(SELECT DISTINCT "equipment_id" FROM "equipment"."status_history")')}`,
    );
    await queryRunner.query(`ANALYZE "equipment"."status_spans"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['insert', 'update', 'delete', 'truncate'])
      await queryRunner.query(
        `DROP TRIGGER "status_history_spans_${trigger}" ON "equipment"."status_history"`,
      );
    await queryRunner.query(`DROP FUNCTION "equipment"."status_spans_truncated"()`);
    await queryRunner.query(`DROP FUNCTION "equipment"."status_spans_changed"()`);
    await queryRunner.query(`DROP FUNCTION "equipment"."status_spans_rebuild"(uuid[])`);
    await queryRunner.query(`DROP TABLE "equipment"."status_spans"`);
    await queryRunner.query(`DROP INDEX "equipment"."equipment_every_name_idx"`);
  }
}
