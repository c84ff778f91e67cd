import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lock that keeps the counts below consistent with the copy of the inventory they are keyed
 * by: the writes of occurrences (and of plan coverage) take it shared, so they never wait for each
 * other; a change of the copy takes it exclusively, without waiting (it gives up, and the feed is
 * read again later), so it never takes part in a deadlock.
 */
const LOCK = `hashtext('maintenance.pm_compliance')`;

/** Notes that this transaction changed what a compliance answer shows (see `pm_compliance_writes`). */
const NOTE_WRITE = `INSERT INTO "maintenance"."pm_compliance_writes" DEFAULT VALUES`;

/** The four ways the counts are kept: every place, by department, by category, by both. */
const LEVELS = `(VALUES (false, false), (true, false), (false, true), (true, true)) AS l("by_department", "by_category")`;

/**
 * Each occurrence of `rows` (a relation of task rows) with its sign and what compliance counts
 * it by: its due date, its device's place and flags (from `places`, a relation of device_risk
 * rows, or the task's own record of its device when it has none there), and its state. The state
 * does not depend on the day it is read: "open" becomes missed or pending by the due date only
 * when a reader compares it with today.
 */
function occurrences(rows: string, sign: string, places = `"maintenance"."device_risk"`): string {
  return `
    SELECT ${sign}1 AS "d", t."due_date",
           COALESCE(r."department", t."equipment_department") AS "department",
           COALESCE(r."category", t."equipment_category") AS "category",
           COALESCE(r."high_risk", false) AS "high_risk", COALESCE(r."life_support", false) AS "life_support",
           CASE WHEN t."status" = 'Completed' AND (t."completed_date" AT TIME ZONE zone)::date <= t."due_date" THEN 'onTime'
                WHEN t."status" = 'Completed' THEN 'late'
                WHEN t."status" = 'Cancelled' THEN 'cancelled'
                ELSE 'open' END AS "state"
      FROM ${rows} t LEFT JOIN ${places} r ON r."equipment_id" = t."equipment_id"
     WHERE t."plan_id" IS NOT NULL AND t."deleted_at" IS NULL AND t."due_date" IS NOT NULL`;
}

/**
 * Adds `deltas` (rows of `occurrences`) to the counts, by day and by month, at each level, as new
 * rows: a write never updates a row another write may be updating, so writes never wait for each
 * other here. The service merges each key's rows from time to time (`merged`).
 */
function addCounts(deltas: string, merged = false): string {
  return `
    INSERT INTO "maintenance"."pm_compliance_counts"
      ("month", "starts", "by_department", "by_category", "department", "category", "state",
       "occurrences", "high_risk", "life_support", "merged")
    SELECT g."month", CASE WHEN g."month" THEN date_trunc('month', x."due_date")::date ELSE x."due_date" END,
           l."by_department", l."by_category",
           CASE WHEN l."by_department" THEN x."department" ELSE '' END,
           CASE WHEN l."by_category" THEN x."category" ELSE '' END,
           x."state", sum(x."d"), COALESCE(sum(x."d") FILTER (WHERE x."high_risk"), 0),
           COALESCE(sum(x."d") FILTER (WHERE x."life_support"), 0), ${merged}
      FROM (${deltas}) x CROSS JOIN ${LEVELS} CROSS JOIN (VALUES (false), (true)) AS g("month")
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(x."d") <> 0 OR COALESCE(sum(x."d") FILTER (WHERE x."high_risk"), 0) <> 0
        OR COALESCE(sum(x."d") FILTER (WHERE x."life_support"), 0) <> 0`;
}

/** Adds `deltas` ("d", "department", "category") to the unplanned devices, at each level. */
function addUnplanned(deltas: string, merged = false): string {
  return `
    INSERT INTO "maintenance"."pm_unplanned_counts"
      ("by_department", "by_category", "department", "category", "devices", "merged")
    SELECT l."by_department", l."by_category",
           CASE WHEN l."by_department" THEN x."department" ELSE '' END,
           CASE WHEN l."by_category" THEN x."category" ELSE '' END, sum(x."d"), ${merged}
      FROM (${deltas}) x CROSS JOIN ${LEVELS}
     GROUP BY 1, 2, 3, 4
    HAVING sum(x."d") <> 0`;
}

/** Devices of `rows` (device_risk rows) the PM program lacks a plan for: in it, in use, no active plan. */
function unplannedOf(rows: string, sign: string): string {
  return `
    SELECT ${sign}1 AS "d", r."department", r."category"
      FROM ${rows} r LEFT JOIN "maintenance"."pm_coverage" c ON c."equipment_id" = r."equipment_id"
     WHERE r."in_pm_program" AND NOT r."deleted" AND NOT r."retired" AND COALESCE(c."active_plans", 0) = 0`;
}

/**
 * The occurrences of devices whose place or flags in `before`/`after` (device_risk rows, either
 * possibly empty) differ, counted out with the old and in with the new.
 */
function movedOccurrences(before: string, after: string): string {
  const changed = `(
    SELECT COALESCE(n."equipment_id", o."equipment_id") AS "equipment_id",
           o."department" AS "old_department", o."category" AS "old_category",
           o."high_risk" AS "old_high_risk", o."life_support" AS "old_life_support",
           n."department" AS "new_department", n."category" AS "new_category",
           n."high_risk" AS "new_high_risk", n."life_support" AS "new_life_support"
      FROM ${before} o FULL JOIN ${after} n ON n."equipment_id" = o."equipment_id"
     WHERE (o."department", o."category", COALESCE(o."high_risk", false), COALESCE(o."life_support", false))
           IS DISTINCT FROM
           (n."department", n."category", COALESCE(n."high_risk", false), COALESCE(n."life_support", false)))`;
  const side = (prefix: string) => `(
    SELECT c."equipment_id", c."${prefix}_department" AS "department", c."${prefix}_category" AS "category",
           c."${prefix}_high_risk" AS "high_risk", c."${prefix}_life_support" AS "life_support"
      FROM changed c)`;
  const tasks = `(SELECT t.* FROM "maintenance"."tasks" t JOIN changed c ON c."equipment_id" = t."equipment_id")`;
  return `WITH changed AS ${changed}
    ${occurrences(tasks, '-', side('old'))}
    UNION ALL ${occurrences(tasks, '+', side('new'))}`;
}

/** An empty relation of device_risk rows, for the side of an insert or delete that has none. */
const NO_DEVICES = `(SELECT * FROM "maintenance"."device_risk" WHERE false)`;

/**
 * PM compliance from small tables kept by the writes, so an answer reads a few hundred rows
 * whatever the size of the PM program, and the first answer after a start is as fast as any:
 *
 * - `pm_compliance_counts`: the occurrences of PM plans counted by due day and by due month, by
 *   state (on time, late, cancelled, open), place (every place, by department, by category, by
 *   both) and risk (all, high-risk, life support). "Open" splits into missed and pending only when
 *   read, by the reader's today, so no kept count goes stale because time passed. Completion
 *   dates are read in the hospital's zone, kept in `pm_compliance_zone` (the service rebuilds the
 *   counts if it starts with another).
 * - `pm_unplanned_counts`: the devices in the PM program, in use, without an active plan, by place.
 * - Statement triggers on `tasks`, `device_risk` and `pm_coverage` add each write's changes as
 *   new rows in its own transaction (`merged` false), so the counts change with the write and
 *   writes never wait for each other on them; the service merges each key's rows from time to time.
 * - `pm_compliance_writes`: one row per statement that changed what an answer shows (an occurrence,
 *   a device of the copy, a plan's coverage), with its transaction's id. A replica keeps its answers
 *   until a row appears that the snapshot it started keeping them at did not see: a write committed
 *   on any replica, by any path, drops them before the next answer. The service deletes old rows.
 * - An occurrence is counted by its device's place and flags in the copy of the inventory: a task
 *   write takes the counts' lock shared before it reads the copy, a change of the copy takes it
 *   exclusively without waiting (or gives up, to be read again), so an occurrence written while its
 *   device moves is counted where the device ends up.
 */
export class PmComplianceCounts1766200000000 implements MigrationInterface {
  name = 'PmComplianceCounts1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "maintenance"."pm_compliance_zone" (
        "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
        "time_zone" text NOT NULL
      )`);
    await queryRunner.query(`INSERT INTO "maintenance"."pm_compliance_zone" ("time_zone") VALUES ($1)`, [
      process.env['HOSPITAL_TIME_ZONE'] || 'UTC',
    ]);
    await queryRunner.query(`
      CREATE TABLE "maintenance"."pm_compliance_counts" (
        "month" boolean NOT NULL,
        "starts" date NOT NULL,
        "by_department" boolean NOT NULL,
        "by_category" boolean NOT NULL,
        "department" varchar(100) NOT NULL,
        "category" varchar(40) NOT NULL,
        "state" varchar(9) NOT NULL,
        "occurrences" integer NOT NULL,
        "high_risk" integer NOT NULL,
        "life_support" integer NOT NULL,
        "merged" boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`
      CREATE INDEX "pm_compliance_counts_key_idx" ON "maintenance"."pm_compliance_counts"
        ("by_department", "by_category", "department", "category", "month", "starts")
        INCLUDE ("state", "occurrences", "high_risk", "life_support")`);
    await queryRunner.query(
      `CREATE INDEX "pm_compliance_counts_unmerged_idx" ON "maintenance"."pm_compliance_counts" ("starts") WHERE NOT "merged"`,
    );
    await queryRunner.query(`
      CREATE TABLE "maintenance"."pm_unplanned_counts" (
        "by_department" boolean NOT NULL,
        "by_category" boolean NOT NULL,
        "department" varchar(100) NOT NULL,
        "category" varchar(40) NOT NULL,
        "devices" integer NOT NULL,
        "merged" boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`
      CREATE INDEX "pm_unplanned_counts_key_idx" ON "maintenance"."pm_unplanned_counts"
        ("by_department", "by_category", "department", "category") INCLUDE ("devices")`);

    await queryRunner.query(`
      CREATE TABLE "maintenance"."pm_compliance_writes" (
        "xid" xid8 NOT NULL DEFAULT pg_current_xact_id()
      )`);
    await queryRunner.query(
      `CREATE INDEX "pm_compliance_writes_xid_idx" ON "maintenance"."pm_compliance_writes" ("xid")`,
    );

    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."pm_compliance_tasks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        zone text;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NOT EXISTS (SELECT 1 FROM "new_rows" WHERE "plan_id" IS NOT NULL) THEN RETURN NULL; END IF;
        ELSIF TG_OP = 'DELETE' THEN
          IF NOT EXISTS (SELECT 1 FROM "old_rows" WHERE "plan_id" IS NOT NULL) THEN RETURN NULL; END IF;
        ELSIF NOT EXISTS (SELECT 1 FROM "old_rows" WHERE "plan_id" IS NOT NULL)
              AND NOT EXISTS (SELECT 1 FROM "new_rows" WHERE "plan_id" IS NOT NULL) THEN
          RETURN NULL;
        END IF;
        PERFORM pg_advisory_xact_lock_shared(${LOCK});
        ${NOTE_WRITE};
        SELECT "time_zone" INTO zone FROM "maintenance"."pm_compliance_zone";
        IF TG_OP = 'INSERT' THEN
          ${addCounts(occurrences('"new_rows"', '+'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${addCounts(occurrences('"old_rows"', '-'))};
        ELSE
          ${addCounts(`${occurrences('"old_rows"', '-')} UNION ALL ${occurrences('"new_rows"', '+')}`)};
        END IF;
        RETURN NULL;
      END $$`);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS "new_rows"'],
      ['UPDATE', 'OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"'],
      ['DELETE', 'OLD TABLE AS "old_rows"'],
    ] as const)
      await queryRunner.query(`
        CREATE TRIGGER "tasks_compliance_${event.toLowerCase()}" AFTER ${event} ON "maintenance"."tasks"
          REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION "maintenance"."pm_compliance_tasks_changed"()`);

    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."pm_compliance_risk_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        zone text;
      BEGIN
        -- A device's name or serial number shows in the list of devices without a plan.
        ${NOTE_WRITE};
        -- But most of the feed's changes (a name, a serial number) count for nothing here.
        IF TG_OP = 'UPDATE' THEN
          IF NOT EXISTS (
            SELECT 1 FROM "old_rows" o FULL JOIN "new_rows" n ON n."equipment_id" = o."equipment_id"
             WHERE o."equipment_id" IS NULL OR n."equipment_id" IS NULL
                OR (o."department", o."category", o."high_risk", o."life_support", o."in_pm_program", o."deleted", o."retired")
                   IS DISTINCT FROM
                   (n."department", n."category", n."high_risk", n."life_support", n."in_pm_program", n."deleted", n."retired"))
          THEN
            RETURN NULL;
          END IF;
        END IF;
        IF NOT pg_try_advisory_xact_lock(${LOCK}) THEN
          RAISE EXCEPTION 'PM plan occurrences are being written; the copy of the inventory moves on later.'
            USING ERRCODE = 'lock_not_available';
        END IF;
        SELECT "time_zone" INTO zone FROM "maintenance"."pm_compliance_zone";
        IF TG_OP = 'INSERT' THEN
          ${addCounts(movedOccurrences(NO_DEVICES, '"new_rows"'))};
          ${addUnplanned(unplannedOf('"new_rows"', '+'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${addCounts(movedOccurrences('"old_rows"', NO_DEVICES))};
          ${addUnplanned(unplannedOf('"old_rows"', '-'))};
        ELSE
          ${addCounts(movedOccurrences('"old_rows"', '"new_rows"'))};
          ${addUnplanned(`${unplannedOf('"old_rows"', '-')} UNION ALL ${unplannedOf('"new_rows"', '+')}`)};
        END IF;
        RETURN NULL;
      END $$`);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS "new_rows"'],
      ['UPDATE', 'OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"'],
      ['DELETE', 'OLD TABLE AS "old_rows"'],
    ] as const)
      await queryRunner.query(`
        CREATE TRIGGER "device_risk_compliance_${event.toLowerCase()}" AFTER ${event} ON "maintenance"."device_risk"
          REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION "maintenance"."pm_compliance_risk_changed"()`);

    // A device's coverage going to or from no active plan moves it in or out of the unplanned.
    const covered = (rows: string, sign: string) => `
      SELECT ${sign}1 AS "d", r."department", r."category"
        FROM ${rows} c JOIN "maintenance"."device_risk" r ON r."equipment_id" = c."equipment_id"
       WHERE c."active_plans" = 0 AND r."in_pm_program" AND NOT r."deleted" AND NOT r."retired"`;
    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."pm_compliance_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock_shared(${LOCK});
        ${NOTE_WRITE};
        IF TG_OP = 'INSERT' THEN
          -- A device without a coverage row had no active plan.
          ${addUnplanned(`${covered(`(SELECT "equipment_id", 0 AS "active_plans" FROM "new_rows")`, '-')} UNION ALL ${covered('"new_rows"', '+')}`)};
        ELSE
          ${addUnplanned(`${covered('"old_rows"', '-')} UNION ALL ${covered('"new_rows"', '+')}`)};
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "pm_coverage_compliance_insert" AFTER INSERT ON "maintenance"."pm_coverage"
        REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "maintenance"."pm_compliance_coverage_changed"()`);
    await queryRunner.query(`
      CREATE TRIGGER "pm_coverage_compliance_update" AFTER UPDATE ON "maintenance"."pm_coverage"
        REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
        FOR EACH STATEMENT EXECUTE FUNCTION "maintenance"."pm_compliance_coverage_changed"()`);

    // Everything counted again from the rows, in the stored zone: here, and when the service
    // starts in another zone. It waits for the writes under way and holds off new ones.
    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."pm_compliance_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        zone text;
      BEGIN
        PERFORM pg_advisory_xact_lock(${LOCK});
        ${NOTE_WRITE};
        SELECT "time_zone" INTO zone FROM "maintenance"."pm_compliance_zone";
        DELETE FROM "maintenance"."pm_compliance_counts";
        ${addCounts(occurrences('"maintenance"."tasks"', '+'), true)};
        DELETE FROM "maintenance"."pm_unplanned_counts";
        ${addUnplanned(unplannedOf('"maintenance"."device_risk"', '+'), true)};
      END $$`);
    await queryRunner.query(`SELECT "maintenance"."pm_compliance_rebuild"()`);
    await queryRunner.query(`ANALYZE "maintenance"."pm_compliance_counts"`);
    await queryRunner.query(`ANALYZE "maintenance"."pm_unplanned_counts"`);

    // The overdue list walks the open occurrences in due order, and the PM program's devices
    // without a plan in the order they are listed.
    await queryRunner.query(`
      CREATE INDEX "tasks_plan_open_due_idx" ON "maintenance"."tasks" ("due_date", "id")
        WHERE "plan_id" IS NOT NULL AND "deleted_at" IS NULL AND "status" NOT IN ('Completed', 'Cancelled')`);
    await queryRunner.query(`
      CREATE INDEX "device_risk_unplanned_order_idx" ON "maintenance"."device_risk"
        ("life_support" DESC, "high_risk" DESC, "name", "equipment_id")
        WHERE "in_pm_program" AND NOT "deleted" AND NOT "retired"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "maintenance"."device_risk_unplanned_order_idx"`);
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_plan_open_due_idx"`);
    await queryRunner.query(`DROP FUNCTION "maintenance"."pm_compliance_rebuild"()`);
    for (const event of ['insert', 'update'])
      await queryRunner.query(
        `DROP TRIGGER "pm_coverage_compliance_${event}" ON "maintenance"."pm_coverage"`,
      );
    await queryRunner.query(`DROP FUNCTION "maintenance"."pm_compliance_coverage_changed"()`);
    for (const event of ['insert', 'update', 'delete']) {
      await queryRunner.query(
        `DROP TRIGGER "device_risk_compliance_${event}" ON "maintenance"."device_risk"`,
      );
      await queryRunner.query(`DROP TRIGGER "tasks_compliance_${event}" ON "maintenance"."tasks"`);
    }
    await queryRunner.query(`DROP FUNCTION "maintenance"."pm_compliance_risk_changed"()`);
    await queryRunner.query(`DROP FUNCTION "maintenance"."pm_compliance_tasks_changed"()`);
    await queryRunner.query(`DROP TABLE "maintenance"."pm_compliance_writes"`);
    await queryRunner.query(`DROP TABLE "maintenance"."pm_unplanned_counts"`);
    await queryRunner.query(`DROP TABLE "maintenance"."pm_compliance_counts"`);
    await queryRunner.query(`DROP TABLE "maintenance"."pm_compliance_zone"`);
  }
}
