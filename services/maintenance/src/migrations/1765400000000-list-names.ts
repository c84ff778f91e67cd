import { STARTING_DEPARTMENT_FORMER_NAMES, startingEntryIdSql } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tasks and PM plans keep the department and category of their device. When one is renamed on the
 * hospital lists (the equipment service's), the lists' feed brings the rename here and the records
 * carrying a former name are rewritten; `list_names` keeps each entry's names as the feed last said.
 *
 * A task made at the moment of a rename, from a device read just before it, would keep the former
 * name for good. So every write of those columns goes through a trigger that stores the current
 * name for a former one, holding a shared lock that the feed's rewrite takes exclusively: either the
 * write commits first and the rewrite sees its row, or the rename is applied first and the write
 * reads the new name. Seeded with the older spellings of the first department list.
 */
export class ListNames1765400000000 implements MigrationInterface {
  name = 'ListNames1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "maintenance"."list_names" (
        "entry_id" uuid PRIMARY KEY,
        "kind" varchar(20) NOT NULL,
        "name" varchar(100) NOT NULL,
        "former_names" varchar(100)[] NOT NULL DEFAULT '{}',
        "seq" bigint NOT NULL DEFAULT 0
      )`);
    const former = Object.entries(STARTING_DEPARTMENT_FORMER_NAMES);
    await queryRunner.query(
      `INSERT INTO "maintenance"."list_names" ("entry_id", "kind", "name", "former_names")
       SELECT ${startingEntryIdSql(`'department'`, 'start.name')}, 'department', start.name,
              ARRAY(SELECT jsonb_array_elements_text(start.former))::varchar[]
         FROM unnest($1::varchar[], $2::jsonb[]) AS start(name, former)`,
      [former.map(([name]) => name), former.map(([, olds]) => JSON.stringify(olds))],
    );
    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."current_device_names"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock_shared(hashtext('maintenance.list_names'));
        NEW."equipment_department" := COALESCE(
          (SELECT "name" FROM "maintenance"."list_names"
            WHERE "kind" = 'department' AND NEW."equipment_department" = ANY("former_names") LIMIT 1),
          NEW."equipment_department");
        NEW."equipment_category" := COALESCE(
          (SELECT "name" FROM "maintenance"."list_names"
            WHERE "kind" = 'category' AND NEW."equipment_category" = ANY("former_names") LIMIT 1),
          NEW."equipment_category");
        RETURN NEW;
      END $$`);
    for (const table of ['tasks', 'pm_plans'])
      await queryRunner.query(`
        CREATE TRIGGER "${table}_current_device_names"
          BEFORE INSERT OR UPDATE OF "equipment_department", "equipment_category" ON "maintenance"."${table}"
          FOR EACH ROW EXECUTE FUNCTION "maintenance"."current_device_names"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['tasks', 'pm_plans'])
      await queryRunner.query(`DROP TRIGGER "${table}_current_device_names" ON "maintenance"."${table}"`);
    await queryRunner.query(`DROP FUNCTION "maintenance"."current_device_names"()`);
    await queryRunner.query(`DROP TABLE "maintenance"."list_names"`);
  }
}
