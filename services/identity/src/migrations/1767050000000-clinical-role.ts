import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The clinical staff role (nurses, theatre and ward staff): the roster accepts `Clinical` beside
 * the biomedical department's four roles. Going down would have to turn clinical people into
 * some staff role, which would give them staff access, so it refuses while any are on the roster.
 */
export class ClinicalRole1767050000000 implements MigrationInterface {
  name = 'ClinicalRole1767050000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP CONSTRAINT "users_role_check"`);
    await queryRunner.query(`
      ALTER TABLE "identity"."users" ADD CONSTRAINT "users_role_check"
        CHECK ("role" IN ('Technician', 'Engineer', 'Manager', 'Admin', 'Clinical'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query(
      `SELECT count(*)::int AS "count" FROM "identity"."users" WHERE "role" = 'Clinical'`,
    )) as { count: number }[];
    const count = rows[0]?.count ?? 0;
    if (count > 0)
      throw new Error(`${count} clinical staff are on the roster: remove them before going down.`);
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP CONSTRAINT "users_role_check"`);
    await queryRunner.query(`
      ALTER TABLE "identity"."users" ADD CONSTRAINT "users_role_check"
        CHECK ("role" IN ('Technician', 'Engineer', 'Manager', 'Admin'))`);
  }
}
