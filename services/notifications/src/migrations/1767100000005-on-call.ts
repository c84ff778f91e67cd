import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who covers which department, kept by an Admin (schema `notifications`).
 *
 * - `covering_engineers`: a department's engineering unit, the engineers always paged for it when
 *   nobody is on call. One row per department and engineer.
 * - `on_call_shifts`: the on-call rota, one row per engineer and stretch of time (from inclusive,
 *   to exclusive). Shifts may overlap: two engineers on call at once are both paged. The name is
 *   kept as it was when the shift was saved, for display; who is paged is asked of identity by id.
 *   A shift that ended more than 90 days ago is removed when the rota is next changed.
 */
export class OnCall1767100000005 implements MigrationInterface {
  name = 'OnCall1767100000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notifications"."covering_engineers" (
        "department" varchar(80) NOT NULL,
        "engineer_id" uuid NOT NULL,
        "engineer_name" varchar(120) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("department", "engineer_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "notifications"."on_call_shifts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "department" varchar(80) NOT NULL,
        "engineer_id" uuid NOT NULL,
        "engineer_name" varchar(120) NOT NULL,
        "starts_at" timestamptz NOT NULL,
        "ends_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "on_call_shift_ends_after_start" CHECK ("ends_at" > "starts_at")
      )`);
    await queryRunner.query(
      `CREATE INDEX "on_call_shifts_of_department" ON "notifications"."on_call_shifts" ("department", "ends_at", "starts_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notifications"."on_call_shifts"`);
    await queryRunner.query(`DROP TABLE "notifications"."covering_engineers"`);
  }
}
