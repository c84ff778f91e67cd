import {
  STARTING_CATEGORIES,
  STARTING_DEPARTMENT_FORMER_NAMES,
  STARTING_DEPARTMENTS,
  startingEntryIdSql,
} from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hospital's departments (with their wards) and equipment categories become data the equipment
 * service keeps (they were constants of the code):
 * - `list_entries`: one row per department, ward (its department in `parent_id`) or category, with
 *   its current name; retired entries keep their row (`retired_at`). `feed_seq` numbers every
 *   change for the services that follow the lists (`equipment.lists.changes`).
 * - `list_entry_names`: the names an entry had before, and until when, so an old name still finds
 *   its entry and no other entry may take it.
 * Seeded with the starting lists, the older spellings as former names, and any department or
 * category a device carries that is on neither (so every stored value stays on the list).
 */
export class HospitalLists1765400000000 implements MigrationInterface {
  name = 'HospitalLists1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE "equipment"."list_feed_seq" AS bigint`);
    await queryRunner.query(
      `CREATE TABLE "equipment"."list_entries" (
        "id" uuid PRIMARY KEY,
        "kind" varchar(20) NOT NULL CHECK ("kind" IN ('department', 'ward', 'category')),
        "name" varchar(100) NOT NULL,
        "parent_id" uuid REFERENCES "equipment"."list_entries" ("id"),
        "retired_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "version" integer NOT NULL DEFAULT 1,
        "feed_seq" bigint NOT NULL DEFAULT nextval('"equipment"."list_feed_seq"'),
        CHECK (("kind" = 'ward') = ("parent_id" IS NOT NULL))
      )`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "list_entries_feed_seq_idx" ON "equipment"."list_entries" ("feed_seq")`,
    );
    await queryRunner.query(
      `CREATE INDEX "list_entries_name_idx" ON "equipment"."list_entries" ("kind", lower("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "equipment"."list_entry_names" (
        "entry_id" uuid NOT NULL REFERENCES "equipment"."list_entries" ("id"),
        "name" varchar(100) NOT NULL,
        "until" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("entry_id", "name")
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX "list_entry_names_name_idx" ON "equipment"."list_entry_names" (lower("name"))`,
    );

    const insertEntries = (kind: string, names: readonly string[]) =>
      queryRunner.query(
        `INSERT INTO "equipment"."list_entries" ("id", "kind", "name")
         SELECT ${startingEntryIdSql('$1::text', 'name')}, $1, name FROM unnest($2::varchar[]) AS name`,
        [kind, names],
      );
    await insertEntries('department', STARTING_DEPARTMENTS);
    await insertEntries('category', STARTING_CATEGORIES);
    const former = Object.entries(STARTING_DEPARTMENT_FORMER_NAMES).flatMap(([name, olds]) =>
      olds.map((old) => [name, old] as const),
    );
    await queryRunner.query(
      `INSERT INTO "equipment"."list_entry_names" ("entry_id", "name")
       SELECT ${startingEntryIdSql(`'department'`, 'pair.current')}, pair.old
         FROM unnest($1::varchar[], $2::varchar[]) AS pair(current, old)`,
      [former.map(([name]) => name), former.map(([, old]) => old)],
    );

    // Whatever devices carry that the starting lists do not know stays a value of its list.
    for (const [kind, column] of [
      ['department', 'department'],
      ['category', 'category'],
    ] as const) {
      await queryRunner.query(
        `INSERT INTO "equipment"."list_entries" ("id", "kind", "name")
         SELECT ${startingEntryIdSql('$1::text', 'stored.value')}, $1, stored.value
           FROM (SELECT DISTINCT "${column}" AS value FROM "equipment"."equipment") AS stored
          WHERE NOT EXISTS (SELECT 1 FROM "equipment"."list_entries" AS entry
                             WHERE entry."kind" = $1 AND lower(entry."name") = lower(stored.value))
            AND NOT EXISTS (SELECT 1 FROM "equipment"."list_entry_names" AS old
                              JOIN "equipment"."list_entries" AS entry ON entry."id" = old."entry_id"
                             WHERE entry."kind" = $1 AND lower(old."name") = lower(stored.value))
         ON CONFLICT ("id") DO NOTHING`,
        [kind],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment"."list_entry_names"`);
    await queryRunner.query(`DROP TABLE "equipment"."list_entries"`);
    await queryRunner.query(`DROP SEQUENCE "equipment"."list_feed_seq"`);
  }
}
