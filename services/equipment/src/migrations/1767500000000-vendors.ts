import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vendors (`vendors`): manufacturers, suppliers and service providers, a managed list that
 * records point at by id (service contracts do). Never deleted (`retired_at` retires one); a name
 * belongs to one vendor whatever its case (the unique index on its lower case has the last word
 * when two people add the same company at once).
 */
export class Vendors1767500000000 implements MigrationInterface {
  name = 'Vendors1767500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "equipment"."vendors" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" varchar(120) NOT NULL,
        "kinds" text[] NOT NULL CHECK (cardinality("kinds") > 0
          AND "kinds" <@ ARRAY['manufacturer', 'supplier', 'service']::text[]),
        "contact_name" varchar(120),
        "phone" varchar(40),
        "email" varchar(254),
        "website" varchar(200),
        "notes" varchar(1000),
        "retired_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by_label" varchar(64) NOT NULL,
        "version" integer NOT NULL DEFAULT 1
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "vendors_name_key" ON "equipment"."vendors" (lower("name"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment"."vendors"`);
  }
}
