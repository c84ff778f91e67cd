import {
  STARTING_DEPARTMENT_FORMER_NAMES,
  STARTING_DEPARTMENTS,
  startingEntryIdSql,
} from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The roster's copy of the hospital's department list, which the equipment service owns: staff
 * departments are checked against it (also by the command line, which runs without the bus), and
 * a renamed department reaches the staff who carry its old name. It starts as the list starts (the
 * same ids: derived from the names), and follows the list's change feed from there
 * (`feed_positions` remembers how far).
 */
export class DepartmentCopy1765400000000 implements MigrationInterface {
  name = 'DepartmentCopy1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."departments" (
        "entry_id" uuid PRIMARY KEY,
        "name" varchar(100) NOT NULL,
        "retired" boolean NOT NULL DEFAULT false,
        "former_names" varchar(100)[] NOT NULL DEFAULT '{}',
        "seq" bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`
      CREATE TABLE "identity"."feed_positions" (
        "feed" varchar(40) PRIMARY KEY,
        "position" bigint NOT NULL,
        "read_at" timestamptz NOT NULL DEFAULT now()
      )`);
    const former = STARTING_DEPARTMENTS.map((name) => [...(STARTING_DEPARTMENT_FORMER_NAMES[name] ?? [])]);
    await queryRunner.query(
      `INSERT INTO "identity"."departments" ("entry_id", "name", "former_names")
       SELECT ${startingEntryIdSql(`'department'`, 'start.name')}, start.name,
              ARRAY(SELECT jsonb_array_elements_text(start.former))::varchar[]
         FROM unnest($1::varchar[], $2::jsonb[]) AS start(name, former)`,
      [STARTING_DEPARTMENTS, former.map((names) => JSON.stringify(names))],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."feed_positions"`);
    await queryRunner.query(`DROP TABLE "identity"."departments"`);
  }
}
