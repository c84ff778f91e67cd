import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Fennigkoh–Smith risk assessment of each item, and the two change feeds around it.
 *
 * - The four scores are null together (not assessed) or all present; the total, class and flags
 *   are stored as saved (the service computes them with the contracts' `assessRisk`), so lists and
 *   filters read columns instead of recomputing.
 * - `feed_seq` numbers every change maintenance's copy must follow (risk, name, serial number,
 *   department, category, retirement, deletion). A trigger sets it, so no write path can forget it. The
 *   trigger first takes a transaction-level advisory lock: writers of the feed then commit in the
 *   order of their numbers, and a reader that has seen number n can never later meet a smaller
 *   number committed after it (without the lock, a slow transaction holding 10 could commit after
 *   one holding 11 was read, and 10 would be skipped for good). Of the status, only whether the
 *   device is retired (Decommissioned, Auctioned) is fed: it ends the device's PM plans. The
 *   frequent status changes between in and out of use touch nothing fed and take no lock.
 * - `pm_coverage` is this service's copy of maintenance's feed of active PM plans per device, for
 *   the "in the PM program without a plan" filter; `feed_positions` remembers how far it was read.
 */
export class RiskAssessment1764800000000 implements MigrationInterface {
  name = 'RiskAssessment1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "equipment"."equipment"
        ADD COLUMN "risk_function" smallint,
        ADD COLUMN "risk_physical" smallint,
        ADD COLUMN "risk_maintenance" smallint,
        ADD COLUMN "risk_incidents" smallint,
        ADD COLUMN "risk_total" smallint,
        ADD COLUMN "risk_class" varchar(10),
        ADD COLUMN "high_risk" boolean NOT NULL DEFAULT false,
        ADD COLUMN "life_support" boolean NOT NULL DEFAULT false,
        ADD COLUMN "in_pm_program" boolean NOT NULL DEFAULT false,
        ADD COLUMN "assessed_at" timestamptz,
        ADD COLUMN "assessed_by_id" uuid,
        ADD COLUMN "assessed_by_name" varchar(120),
        ADD COLUMN "feed_seq" bigint,
        ADD CONSTRAINT "equipment_risk_class_check" CHECK ("risk_class" IN ('High', 'Medium', 'Low')),
        ADD CONSTRAINT "equipment_risk_whole_check" CHECK (
          ("risk_function", "risk_physical", "risk_maintenance", "risk_incidents", "risk_total", "risk_class", "assessed_at") IS NULL
          OR ("risk_function", "risk_physical", "risk_maintenance", "risk_incidents", "risk_total", "risk_class", "assessed_at") IS NOT NULL)`);

    await queryRunner.query(`CREATE SEQUENCE "equipment"."equipment_feed_seq" AS bigint`);
    await queryRunner.query(`
      UPDATE "equipment"."equipment" SET "feed_seq" = numbered.seq
        FROM (SELECT "id", nextval('"equipment"."equipment_feed_seq"') AS seq
                FROM (SELECT "id" FROM "equipment"."equipment" ORDER BY "created_at", "id") ordered) numbered
       WHERE numbered."id" = "equipment"."equipment"."id"`);
    await queryRunner.query(`ALTER TABLE "equipment"."equipment" ALTER COLUMN "feed_seq" SET NOT NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "equipment_feed_seq_idx" ON "equipment"."equipment" ("feed_seq")`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."equipment_feed_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- One writer of the feed at a time, until commit: numbers are taken in commit order.
        PERFORM pg_advisory_xact_lock(hashtext('equipment.equipment_feed')::bigint);
        NEW."feed_seq" := nextval('"equipment"."equipment_feed_seq"');
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "equipment_feed_insert" BEFORE INSERT ON "equipment"."equipment"
        FOR EACH ROW EXECUTE FUNCTION "equipment"."equipment_feed_bump"()`);
    await queryRunner.query(`
      CREATE TRIGGER "equipment_feed_update" BEFORE UPDATE ON "equipment"."equipment"
        FOR EACH ROW WHEN (
          (OLD."risk_function", OLD."risk_physical", OLD."risk_maintenance", OLD."risk_incidents",
           OLD."risk_total", OLD."risk_class", OLD."high_risk", OLD."life_support", OLD."in_pm_program",
           OLD."name", OLD."serial_number", OLD."department", OLD."category", OLD."deleted_at",
           OLD."status" IN ('Decommissioned', 'Auctioned'))
          IS DISTINCT FROM
          (NEW."risk_function", NEW."risk_physical", NEW."risk_maintenance", NEW."risk_incidents",
           NEW."risk_total", NEW."risk_class", NEW."high_risk", NEW."life_support", NEW."in_pm_program",
           NEW."name", NEW."serial_number", NEW."department", NEW."category", NEW."deleted_at",
           NEW."status" IN ('Decommissioned', 'Auctioned')))
        EXECUTE FUNCTION "equipment"."equipment_feed_bump"()`);

    // The list's new filters, among items not deleted, in the list's default order.
    const live = `WHERE "deleted_at" IS NULL`;
    await queryRunner.query(
      `CREATE INDEX "equipment_risk_class_idx" ON "equipment"."equipment" ("risk_class", "name", "id") ${live}`,
    );
    await queryRunner.query(
      `CREATE INDEX "equipment_pm_program_idx" ON "equipment"."equipment" ("name", "id") ${live} AND "in_pm_program"`,
    );

    await queryRunner.query(`
      CREATE TABLE "equipment"."pm_coverage" (
        "equipment_id" uuid PRIMARY KEY,
        "active_plans" integer NOT NULL CHECK ("active_plans" >= 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE "equipment"."feed_positions" (
        "feed" varchar(40) PRIMARY KEY,
        "position" bigint NOT NULL,
        "read_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment"."feed_positions"`);
    await queryRunner.query(`DROP TABLE "equipment"."pm_coverage"`);
    await queryRunner.query(`DROP INDEX "equipment"."equipment_pm_program_idx"`);
    await queryRunner.query(`DROP INDEX "equipment"."equipment_risk_class_idx"`);
    await queryRunner.query(`DROP TRIGGER "equipment_feed_update" ON "equipment"."equipment"`);
    await queryRunner.query(`DROP TRIGGER "equipment_feed_insert" ON "equipment"."equipment"`);
    await queryRunner.query(`DROP FUNCTION "equipment"."equipment_feed_bump"()`);
    await queryRunner.query(`DROP INDEX "equipment"."equipment_feed_seq_idx"`);
    await queryRunner.query(`
      ALTER TABLE "equipment"."equipment"
        DROP CONSTRAINT "equipment_risk_whole_check", DROP CONSTRAINT "equipment_risk_class_check",
        DROP COLUMN "feed_seq", DROP COLUMN "assessed_by_name", DROP COLUMN "assessed_by_id",
        DROP COLUMN "assessed_at", DROP COLUMN "in_pm_program", DROP COLUMN "life_support",
        DROP COLUMN "high_risk", DROP COLUMN "risk_class", DROP COLUMN "risk_total",
        DROP COLUMN "risk_incidents", DROP COLUMN "risk_maintenance", DROP COLUMN "risk_physical",
        DROP COLUMN "risk_function"`);
    await queryRunner.query(`DROP SEQUENCE "equipment"."equipment_feed_seq"`);
  }
}
