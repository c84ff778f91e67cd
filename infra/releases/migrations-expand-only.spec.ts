import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractOperations, declaresContract } from './migration-steps';
import { git, previousReleaseCommit, REPOSITORY_ROOT } from './previous-release';

/**
 * The migration guard (docs/running/migrations.md): the migrations the previous release ran are never
 * edited or removed, and each migration added since it only expands the schema, unless its file
 * declares itself a contract step with `@contract` and what the previous release no longer uses.
 * The previous-release test then runs that release's services on the migrated schema.
 */

const MIGRATION_FILE = /^services\/[^/]+\/src\/migrations\/[^/]+\.ts$/;
const isMigration = (path: string) => MIGRATION_FILE.test(path) && !path.endsWith('.spec.ts');

function workspaceMigrations(): string[] {
  return readdirSync(join(REPOSITORY_ROOT, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((service) => {
      const folder = `services/${service.name}/src/migrations`;
      try {
        return readdirSync(join(REPOSITORY_ROOT, folder)).map((file) => `${folder}/${file}`);
      } catch {
        return [];
      }
    })
    .filter(isMigration)
    .sort();
}

const read = (path: string) => readFileSync(join(REPOSITORY_ROOT, path), 'utf8');

describe('migrations since the previous release only expand the schema', () => {
  let commit: string;
  let released: string[];

  beforeAll(() => {
    commit = previousReleaseCommit();
    released = git(['ls-tree', '-r', '--name-only', commit, '--', 'services'])
      .split('\n')
      .filter(isMigration)
      .sort();
  });

  it('finds the previous release’s migrations', () => {
    expect(released.length).toBeGreaterThan(0);
  });

  it('leaves every migration the previous release ran as it was: a database that ran it never runs it again', () => {
    const current = new Set(workspaceMigrations());
    const changed = released.filter(
      (path) => !current.has(path) || read(path) !== git(['show', `${commit}:${path}`]),
    );
    expect(changed).toEqual([]);
  });

  it('lets only expand steps through among the migrations added since, unless one declares itself a contract step', () => {
    const added = workspaceMigrations().filter((path) => !released.includes(path));
    const offending = added
      .map((path) => ({ path, source: read(path) }))
      .filter(({ source }) => !declaresContract(source))
      .map(({ path, source }) => ({ path, contract: contractOperations(source) }))
      .filter(({ contract }) => contract.length > 0);
    // Each entry names the file and what in its `up` the previous release could trip over.
    expect(offending).toEqual([]);
  });
});

describe('the rule: what counts as a contract step', () => {
  const migration = (up: string, down = 'SELECT 1') => `
    import type { MigrationInterface, QueryRunner } from 'typeorm';
    /** Example. */
    export class Example1799000000000 implements MigrationInterface {
      name = 'Example1799000000000';
      async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(\`${up}\`);
      }
      async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(\`${down}\`);
      }
    }`;

  it.each([
    ['a new table', 'CREATE TABLE "s"."t" ("id" uuid PRIMARY KEY, "name" text NOT NULL)'],
    ['a nullable column', 'ALTER TABLE "s"."t" ADD COLUMN "room" varchar(60)'],
    ['a required column with a default', `ALTER TABLE "s"."t" ADD COLUMN "kind" text NOT NULL DEFAULT 'a'`],
    ['an index, made or dropped', 'CREATE INDEX "i" ON "s"."t" ("a"); DROP INDEX "s"."j"'],
    [
      'a constraint dropped, a column made optional',
      'ALTER TABLE "s"."t" DROP CONSTRAINT "c", ALTER COLUMN "a" DROP NOT NULL',
    ],
    [
      'a backfilled column made required with a default',
      `ALTER TABLE "s"."t" ADD COLUMN "b" int; UPDATE "s"."t" SET "b" = 1; ALTER TABLE "s"."t" ALTER COLUMN "b" SET DEFAULT 1, ALTER COLUMN "b" SET NOT NULL`,
    ],
    [
      'a CHECK with commas after a defaulted column',
      `ALTER TABLE "s"."t" ADD COLUMN "k" text NOT NULL DEFAULT 'a' CHECK ("k" IN ('a', 'b'))`,
    ],
  ])('expand: %s', (_, up) => {
    expect(contractOperations(migration(up, 'DROP TABLE "s"."t"'))).toEqual([]);
  });

  it.each([
    ['a dropped column', 'ALTER TABLE "s"."t" DROP COLUMN "location"', /DROP COLUMN/],
    ['a dropped table', 'DROP TABLE "s"."t"', /DROP TABLE/],
    ['a dropped default', 'ALTER TABLE "s"."t" ALTER COLUMN "a" DROP DEFAULT', /DROP DEFAULT/],
    ['a renamed column', 'ALTER TABLE "s"."t" RENAME COLUMN "location" TO "room"', /RENAME COLUMN/],
    ['a renamed table', 'ALTER TABLE "s"."t" RENAME TO "u"', /RENAME/],
    ['a retyped column', 'ALTER TABLE "s"."t" ALTER COLUMN "a" TYPE bigint', /TYPE/],
    ['a retyped column, long form', 'ALTER TABLE "s"."t" ALTER "a" SET DATA TYPE bigint', /TYPE/],
    [
      'a column made required without a default',
      'ALTER TABLE "s"."t" ALTER COLUMN "a" SET NOT NULL',
      /SET NOT NULL/,
    ],
    [
      'a required column without a default',
      `ALTER TABLE "s"."t" ADD COLUMN "k" text CHECK ("k" IN ('a', 'b')) NOT NULL, ADD COLUMN "n" int`,
      /"k".*NOT NULL/,
    ],
  ])('contract: %s', (_, up, found) => {
    const operations = contractOperations(migration(up));
    expect(operations).toHaveLength(1);
    expect(operations[0]).toMatch(found);
  });

  it('counts TypeORM’s schema calls and stored-value renames as contract steps', () => {
    const calls = `
      export class Example { async up(queryRunner: QueryRunner) { await queryRunner.dropColumn('t', 'a'); } }
      export const Renamed = renameValuesMigration('Renamed1', { schema: 's', table: 't', column: 'c', entity: 't', renames: {} });`;
    expect(contractOperations(calls)).toEqual([
      expect.stringMatching(/^\.dropColumn\(/),
      expect.stringMatching(/^renameValuesMigration/),
    ]);
  });

  it('reads only `up`, and not the comments: prose about a DROP COLUMN is not one', () => {
    const source = migration(
      `-- DROP COLUMN "a" comes in the next release
       ALTER TABLE "s"."t" ADD COLUMN "b" int`,
      'ALTER TABLE "s"."t" DROP COLUMN "b"',
    ).replace('/** Example. */', '/** Replaces "a" (its DROP COLUMN comes later). */');
    expect(contractOperations(source)).toEqual([]);
  });

  it('takes a contract step by its tag, only with what the previous release no longer uses', () => {
    const contract = (comment: string) =>
      migration('ALTER TABLE "s"."t" DROP COLUMN "location"').replace('/** Example. */', comment);
    expect(
      declaresContract(
        contract('/** @contract "location": read by no release since 1.4 (it reads "room"). */'),
      ),
    ).toBe(true);
    expect(declaresContract(contract('/** @contract */'))).toBe(false);
    expect(declaresContract(contract('/** Drops "location". */'))).toBe(false);
  });
});
