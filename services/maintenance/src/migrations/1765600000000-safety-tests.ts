import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Electrical-safety tests (IEC 62353). One row per test of one device, written once and never
 * changed. The applied parts and the stored evaluation are jsonb: they belong to their test, are
 * never read apart from it, and are validated by the contracts' schema before they are written, so
 * a table per applied part would add joins and no rule. The result, the failed measurements and
 * the device snapshot are columns, since the compliance report counts and lists by them.
 *
 * An imported row keeps the analyser format and the test's date and time as the file gave them
 * (`source_key`); the unique index makes a second apply of the same file import nothing.
 */
export class SafetyTests1765600000000 implements MigrationInterface {
  name = 'SafetyTests1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "maintenance"."safety_tests" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "equipment_id" uuid NOT NULL,
        "equipment_name" varchar(120) NOT NULL,
        "equipment_serial" varchar(64) NOT NULL,
        "equipment_department" varchar(100) NOT NULL,
        "equipment_category" varchar(40) NOT NULL,
        "tested_on" date NOT NULL,
        "tester_name" varchar(120) NOT NULL,
        "instrument" varchar(120) NOT NULL,
        "instrument_calibrated_on" date,
        "protection_class" varchar(20) NOT NULL
          CHECK ("protection_class" IN ('I', 'II', 'Internally powered')),
        "leakage_method" varchar(12) NOT NULL CHECK ("leakage_method" IN ('alternative', 'direct', 'differential')),
        "applied_part_method" varchar(12) NOT NULL CHECK ("applied_part_method" IN ('alternative', 'direct')),
        "pe_with_cord" boolean NOT NULL,
        "protective_earth_ohm" double precision CHECK ("protective_earth_ohm" >= 0),
        "insulation_megaohm" double precision CHECK ("insulation_megaohm" >= 0),
        "equipment_leakage_microamp" double precision CHECK ("equipment_leakage_microamp" >= 0),
        "applied_parts" jsonb NOT NULL DEFAULT '[]',
        "visual_inspection" varchar(4) NOT NULL CHECK ("visual_inspection" IN ('Pass', 'Fail')),
        "notes" varchar(2000) NOT NULL DEFAULT '',
        "result" varchar(4) NOT NULL CHECK ("result" IN ('Pass', 'Fail')),
        "failed" jsonb NOT NULL DEFAULT '[]',
        "evaluation" jsonb NOT NULL,
        "source" varchar(20) NOT NULL,
        "source_key" varchar(200),
        "analyser_result" varchar(4) CHECK ("analyser_result" IN ('Pass', 'Fail')),
        "repair_task_id" uuid REFERENCES "maintenance"."tasks" ("id"),
        "recorded_by_id" uuid,
        "recorded_by_name" varchar(120) NOT NULL,
        "recorded_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "safety_tests_device" ON "maintenance"."safety_tests" ("equipment_id", "tested_on" DESC, "recorded_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "safety_tests_tested_on" ON "maintenance"."safety_tests" ("tested_on")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "safety_tests_source_key" ON "maintenance"."safety_tests" ("equipment_id", "source", "source_key")
        WHERE "source_key" IS NOT NULL`,
    );
    // A renamed department or category reaches the kept device details as it does on tasks.
    await queryRunner.query(`
      CREATE TRIGGER "safety_tests_current_device_names"
        BEFORE INSERT OR UPDATE OF "equipment_department", "equipment_category" ON "maintenance"."safety_tests"
        FOR EACH ROW EXECUTE FUNCTION "maintenance"."current_device_names"()`);
    // A test record is evidence for a survey: written once, never changed (but for the renamed
    // list names of its device) or deleted.
    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."safety_tests_written_once"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'A safety test record is never deleted';
        END IF;
        -- Every column but the device's department and category, which follow a renamed hospital
        -- list entry as on tasks (the list-rename follower): a measurement, the result, who
        -- recorded it, the device or its Repair task never change.
        IF (to_jsonb(NEW) - 'equipment_department' - 'equipment_category')
           IS DISTINCT FROM (to_jsonb(OLD) - 'equipment_department' - 'equipment_category') THEN
          RAISE EXCEPTION 'A safety test record is never changed';
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "safety_tests_written_once"
        BEFORE UPDATE OR DELETE ON "maintenance"."safety_tests"
        FOR EACH ROW EXECUTE FUNCTION "maintenance"."safety_tests_written_once"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "maintenance"."safety_tests"`);
    await queryRunner.query(`DROP FUNCTION "maintenance"."safety_tests_written_once"()`);
  }
}
