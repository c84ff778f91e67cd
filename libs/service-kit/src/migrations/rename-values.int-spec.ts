import { DataSource } from 'typeorm';
import { appendOnlyAuditSql, auditLogTableSql } from '../audit/audit';
import { addAuditChain } from '../audit/audit-chain';
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

  it('does not deadlock with a writer that locks a record and then writes its audit row (the audit chain head)', async () => {
    // A chained schema, as every service's is now: a transaction's first audit row locks the head.
    const chained = `${schema}_chain`;
    await db.query(`CREATE SCHEMA "${chained}"`);
    await db.query(
      `CREATE TABLE "${chained}"."things" ("id" uuid PRIMARY KEY DEFAULT gen_random_uuid(), "department" text NOT NULL)`,
    );
    for (const statement of [...auditLogTableSql(chained), ...appendOnlyAuditSql(chained)])
      await db.query(statement);
    await db.query(`ALTER TABLE "${chained}"."audit_log" ADD COLUMN "service" varchar(40)`);
    await addAuditChain(db, chained);
    const ids = (
      (await db.query(
        `INSERT INTO "${chained}"."things" ("department")
         SELECT 'Radiology' FROM generate_series(1, 6) RETURNING "id"::text AS id`,
      )) as { id: string }[]
    ).map((row) => row.id);
    // The last one written, so a single-statement rename (reading the table in the order it was
    // written) has changed and audited the others, taking the head, before it waits for this one.
    const held = ids.at(-1) ?? '';
    const writer = db.createQueryRunner();
    const renamer = db.createQueryRunner();
    try {
      // The writer (a task's effect on its device) locks one record first…
      await writer.startTransaction();
      await writer.query(`SELECT 1 FROM "${chained}"."things" WHERE "id" = $1 FOR UPDATE`, [held]);
      // …the rename starts and waits for that record…
      await renamer.startTransaction();
      const [{ pid }] = (await renamer.query('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
      const renaming = renameStoredValues(renamer, { ...rename, schema: chained }).then(async (changed) => {
        await renamer.commitTransaction();
        return changed;
      });
      for (let waited = 0; ; waited += 20) {
        const [activity] = (await db.query(
          `SELECT "wait_event_type" FROM pg_stat_activity WHERE "pid" = $1`,
          [pid],
        )) as { wait_event_type: string | null }[];
        if (activity?.wait_event_type === 'Lock') break;
        if (waited > 5000) throw new Error('the rename never waited for the locked record');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // …and the writer then writes its audit row: it must get the chain head, which the rename
      // must not be holding while it waits (PostgreSQL would abort one of the two as a deadlock).
      await writer.query(
        `INSERT INTO "${chained}"."audit_log" ("actor_id", "actor_label", "entity", "entity_id", "action", "changes")
         VALUES (NULL, 'test', 'thing', $1, 'updated', '{}')`,
        [held],
      );
      await writer.commitTransaction();
      expect(await renaming).toBe(6);
      const audit = (await db.query(
        `SELECT "action", "entity_id" FROM "${chained}"."audit_log" ORDER BY "chain_seq"`,
      )) as { action: string; entity_id: string }[];
      expect(audit.map((row) => row.action)).toEqual(['updated', ...Array<string>(6).fill('renamed')]);
      expect(audit.slice(1).map((row) => row.entity_id)).toEqual([...ids].sort());
    } finally {
      if (writer.isTransactionActive) await writer.rollbackTransaction();
      if (renamer.isTransactionActive) await renamer.rollbackTransaction();
      await writer.release();
      await renamer.release();
      await db.query(`DROP SCHEMA "${chained}" CASCADE`);
    }
  });
});
