import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The key of unassigned tasks in the counts (a primary key column cannot be null). */
export const UNASSIGNED_KEY = '00000000-0000-0000-0000-000000000000';

const delta = (table: string, sign: string) =>
  `SELECT coalesce("assigned_to_id", '${UNASSIGNED_KEY}'::uuid) AS "a", "status" AS "s", ${sign}1 AS "d"
     FROM ${table} WHERE "deleted_at" IS NULL`;
const apply = (rows: string) => `
  INSERT INTO "maintenance"."task_counts" ("assignee_id", "status", "count")
  SELECT "a", "s", sum("d") FROM (${rows}) AS "c" GROUP BY "a", "s" HAVING sum("d") <> 0 ORDER BY "a", "s"
  ON CONFLICT ("assignee_id", "status") DO UPDATE SET "count" = "task_counts"."count" + EXCLUDED."count"`;

/**
 * Live tasks counted by assignee and status, kept by statement triggers on `tasks`: the task
 * list's counts (and its total) for everyone's tasks or one person's are a few rows, not a count
 * of every task on each page load. Each statement adds up its changes first and touches the
 * counter rows in key order, so concurrent changes cannot deadlock on them.
 */
export class TaskCounts1764700000000 implements MigrationInterface {
  name = 'TaskCounts1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "maintenance"."task_counts" (
        "assignee_id" uuid NOT NULL,
        "status" varchar(20) NOT NULL,
        "count" bigint NOT NULL,
        PRIMARY KEY ("assignee_id", "status")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."count_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${apply(delta('"new_rows"', '+'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${apply(delta('"old_rows"', '-'))};
        ELSE
          ${apply(`${delta('"old_rows"', '-')} UNION ALL ${delta('"new_rows"', '+')}`)};
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "tasks_count_insert" AFTER INSERT ON "maintenance"."tasks"
        REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "maintenance"."count_tasks"()`);
    await queryRunner.query(`
      CREATE TRIGGER "tasks_count_update" AFTER UPDATE ON "maintenance"."tasks"
        REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "maintenance"."count_tasks"()`);
    await queryRunner.query(`
      CREATE TRIGGER "tasks_count_delete" AFTER DELETE ON "maintenance"."tasks"
        REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "maintenance"."count_tasks"()`);
    await queryRunner.query(
      apply(`SELECT coalesce("assigned_to_id", '${UNASSIGNED_KEY}'::uuid) AS "a", "status" AS "s", 1 AS "d"
               FROM "maintenance"."tasks" WHERE "deleted_at" IS NULL`),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['tasks_count_insert', 'tasks_count_update', 'tasks_count_delete'])
      await queryRunner.query(`DROP TRIGGER "${trigger}" ON "maintenance"."tasks"`);
    await queryRunner.query(`DROP FUNCTION "maintenance"."count_tasks"()`);
    await queryRunner.query(`DROP TABLE "maintenance"."task_counts"`);
  }
}
