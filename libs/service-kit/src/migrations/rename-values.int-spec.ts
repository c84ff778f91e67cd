import { DataSource } from 'typeorm';
import { appendOnlyAuditSql, auditLogTableSql } from '../audit/audit';
import { renameStoredValues, revertRenamedValues, type RenameValues } from './rename-values';

describe('renaming stored values in a data migration (real PostgreSQL)', () => {
  const schema = `rename_test_${Date.now().toString(36)}`;
  const rename: RenameValues = {
    schema,
    table: 'things',
    column: 'department',
    entity: 'thing',
    renames: { Radiology: 'Radiology Department', Eye: 'Ophthalmology' },
  };
  let db: DataSource;

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: process.env['DATABASE_URL'], logging: false });
    await db.initialize();
    await db.query(`CREATE SCHEMA "${schema}"`);
    await db.query(
      `CREATE TABLE "${schema}"."things" ("id" uuid PRIMARY KEY DEFAULT gen_random_uuid(), "department" text NOT NULL)`,
    );
    // As every service's audit table is: rows are only ever added.
    for (const statement of [...auditLogTableSql(schema), ...appendOnlyAuditSql(schema)])
      await db.query(statement);
  });
  afterAll(async () => {
    await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.destroy();
  });

  const departments = async () =>
    (
      (await db.query(`SELECT "department" FROM "${schema}"."things" ORDER BY "department"`)) as {
        department: string;
      }[]
    ).map((row) => row.department);

  it('rewrites only the old names, audits each changed row, and reverts exactly those rows, auditing that too', async () => {
    await db.query(
      `INSERT INTO "${schema}"."things" ("department") VALUES ('Radiology'), ('Eye'), ('ICU'), ('Radiology Department')`,
    );
    const runner = db.createQueryRunner();
    try {
      await renameStoredValues(runner, rename);
      expect(await departments()).toEqual([
        'ICU',
        'Ophthalmology',
        'Radiology Department',
        'Radiology Department',
      ]);
      const audit = (await db.query(
        `SELECT "actor_label", "entity", "action", "changes" FROM "${schema}"."audit_log" ORDER BY "changes"::text`,
      )) as { actor_label: string; entity: string; action: string; changes: unknown }[];
      expect(audit).toEqual([
        {
          actor_label: 'migration',
          entity: 'thing',
          action: 'renamed',
          changes: { department: { from: 'Eye', to: 'Ophthalmology' } },
        },
        {
          actor_label: 'migration',
          entity: 'thing',
          action: 'renamed',
          changes: { department: { from: 'Radiology', to: 'Radiology Department' } },
        },
      ]);

      await revertRenamedValues(runner, rename);
      expect(await departments()).toEqual(['Eye', 'ICU', 'Radiology', 'Radiology Department']);
      // The rename's record stays; the revert is added to it.
      const after = (await db.query(
        `SELECT "action", "changes" FROM "${schema}"."audit_log" ORDER BY "id"`,
      )) as { action: string; changes: unknown }[];
      expect(after.slice(2).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
        { action: 'rename-reverted', changes: { department: { from: 'Ophthalmology', to: 'Eye' } } },
        {
          action: 'rename-reverted',
          changes: { department: { from: 'Radiology Department', to: 'Radiology' } },
        },
      ]);
      expect(after.slice(0, 2).map((row) => row.action)).toEqual(['renamed', 'renamed']);
    } finally {
      await runner.release();
    }
  });
});
