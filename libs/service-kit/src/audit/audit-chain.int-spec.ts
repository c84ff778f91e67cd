import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { appendOnlyAuditSql, auditLogTableSql, writeAudit } from './audit';
import { AuditEntryEntity } from './audit-entry.entity';
import {
  addAuditChain,
  AUDIT_WHOLE_CHECK_DAYS,
  auditChainCheckpointSql,
  verifyAuditChain,
} from './audit-chain';

/**
 * The audit chain on real PostgreSQL, each case in a throwaway schema of its own (a tampered chain
 * must not break the services' real ones, which other tests read): a schema is made as a
 * service's is (table, `service` column, append-only trigger), given rows, then chained by the
 * migration's own code, then given more rows through writeAudit and a raw set-based INSERT.
 */
describe('the audit hash chain (real PostgreSQL)', () => {
  let admin: DataSource;
  const schemas: string[] = [];
  const sources: DataSource[] = [];

  beforeAll(async () => {
    admin = new DataSource({ type: 'postgres', url: process.env['DATABASE_URL'], logging: false });
    await admin.initialize();
  });
  afterAll(async () => {
    for (const source of sources) await source.destroy();
    for (const schema of schemas) await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
    await admin.destroy();
  });

  /**
   * A chained schema with `before` rows written before the chain existed and `after` rows since;
   * with `checkpoint`, it keeps the last verified head too (as the services' schemas do).
   */
  async function chainedSchema(
    before: number,
    after: number,
    checkpoint = false,
  ): Promise<{ schema: string; db: DataSource }> {
    const schema = `chain_test_${randomUUID().slice(0, 8)}`;
    schemas.push(schema);
    await admin.query(`CREATE SCHEMA "${schema}"`);
    for (const statement of auditLogTableSql(schema)) await admin.query(statement);
    await admin.query(`ALTER TABLE "${schema}"."audit_log" ADD COLUMN "service" varchar(40)`);
    for (const statement of appendOnlyAuditSql(schema)) await admin.query(statement);
    for (let n = 1; n <= before; n++)
      await admin.query(
        `INSERT INTO "${schema}"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes")
         VALUES ('seed', 'equipment', $1, 'created', $2)`,
        [`old-${n}`, JSON.stringify({ name: { from: null, to: `Monitor ${n}` } })],
      );
    await admin.transaction((manager) => addAuditChain(manager, schema));
    if (checkpoint) await admin.query(auditChainCheckpointSql(schema));
    const db = new DataSource({
      type: 'postgres',
      url: process.env['DATABASE_URL'],
      schema,
      entities: [AuditEntryEntity],
      logging: false,
      extra: { max: 8 },
    });
    await db.initialize();
    sources.push(db);
    for (let n = 1; n <= after; n++) await db.transaction((manager) => write(manager, `new-${n}`));
    return { schema, db };
  }

  const write = (manager: DataSource['manager'], entityId: string) =>
    writeAudit(manager, {
      actor: { id: randomUUID(), label: 'S-1001', service: 'gateway' },
      entity: 'equipment',
      entityId,
      action: 'updated',
      // Keys in an order jsonb does not keep: the hash must not depend on it.
      changes: {
        status: { from: 'In service', to: 'Under repair' },
        location: { from: 'Ward 3', to: 'Ward 4' },
      },
      equipmentId: randomUUID(),
    });

  /** As the table's owner: past the append-only trigger, as only someone with those rights can be. */
  async function asOwner(schema: string, statement: string, parameters: unknown[] = []): Promise<void> {
    await admin.transaction(async (manager) => {
      await manager.query(`ALTER TABLE "${schema}"."audit_log" DISABLE TRIGGER "audit_log_append_only"`);
      await manager.query(statement, parameters);
      await manager.query(`ALTER TABLE "${schema}"."audit_log" ENABLE TRIGGER "audit_log_append_only"`);
    });
  }

  const idAt = async (schema: string, seq: number): Promise<string> => {
    const [row] = (await admin.query(
      `SELECT "id"::text AS id FROM "${schema}"."audit_log" WHERE "chain_seq" = $1`,
      [seq],
    )) as { id: string }[];
    if (!row) throw new Error(`No row ${seq} in ${schema}.`);
    return row.id;
  };

  it('chains the rows written before it and every row since, and an untouched chain verifies', async () => {
    const { schema, db } = await chainedSchema(3, 4);
    // A set-based insert, as the inventory import writes its audit rows: chained row by row too.
    await db.query(
      `INSERT INTO "${schema}"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes")
       SELECT 'import', 'equipment', r."id", 'created', '{}'::jsonb
         FROM jsonb_to_recordset($1::jsonb) AS r("id" text)`,
      [JSON.stringify([{ id: 'a' }, { id: 'b' }, { id: 'c' }])],
    );
    const verdict = await verifyAuditChain(db, schema);
    expect(verdict).toEqual({
      rows: 10,
      headSeq: 10,
      headHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      intact: true,
      firstBreak: null,
      checkedFromSeq: 1,
      earlierVerifiedAt: null,
    });
    const seqs = (await db.query(
      `SELECT "chain_seq"::int AS seq FROM "${schema}"."audit_log" ORDER BY "id"`,
    )) as {
      seq: number;
    }[];
    expect(seqs.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The hash does not depend on the session's time zone.
    await db.transaction(async (manager) => {
      await manager.query(`SET LOCAL TIME ZONE 'Pacific/Kiritimati'`);
      expect((await verifyAuditChain(manager, schema)).intact).toBe(true);
    });
  });

  it('finds a row whose changes were edited in the database, at that row, and nothing before it', async () => {
    const { schema } = await chainedSchema(2, 5);
    const id = await idAt(schema, 5);
    await asOwner(
      schema,
      `UPDATE "${schema}"."audit_log" SET "changes" = '{"status": {"from": "In service", "to": "In service"}}' WHERE "id" = $1`,
      [id],
    );
    expect(await verifyAuditChain(admin, schema)).toEqual({
      rows: 7,
      headSeq: 7,
      headHash: expect.any(String),
      intact: false,
      firstBreak: { seq: 5, id, reason: expect.stringContaining('changed after it was written') },
      checkedFromSeq: 1,
      earlierVerifiedAt: null,
    });
  });

  it('finds a removed row at the row after it', async () => {
    const { schema } = await chainedSchema(0, 6);
    await asOwner(schema, `DELETE FROM "${schema}"."audit_log" WHERE "chain_seq" = 3`);
    const verdict = await verifyAuditChain(admin, schema);
    expect(verdict.intact).toBe(false);
    expect(verdict.rows).toBe(5);
    expect(verdict.firstBreak).toEqual({
      seq: 4,
      id: await idAt(schema, 4),
      reason: expect.stringContaining('missing'),
    });
  });

  it('finds rows swapped in order, and a removed row whose successors were renumbered', async () => {
    const swapped = await chainedSchema(0, 5);
    // Through a free number: the seq is unique, row by row.
    for (const [from, to] of [
      [2, 0],
      [3, 2],
      [0, 3],
    ] as const)
      await asOwner(
        swapped.schema,
        `UPDATE "${swapped.schema}"."audit_log" SET "chain_seq" = $1 WHERE "chain_seq" = $2`,
        [to, from],
      );
    const verdict = await verifyAuditChain(admin, swapped.schema);
    expect(verdict.intact).toBe(false);
    expect(verdict.firstBreak?.seq).toBe(2);
    expect(verdict.firstBreak?.reason).toContain('does not match');

    const renumbered = await chainedSchema(0, 5);
    await asOwner(renumbered.schema, `DELETE FROM "${renumbered.schema}"."audit_log" WHERE "chain_seq" = 2`);
    await asOwner(
      renumbered.schema,
      `UPDATE "${renumbered.schema}"."audit_log" SET "chain_seq" = "chain_seq" - 1 WHERE "chain_seq" > 2`,
    );
    const second = await verifyAuditChain(admin, renumbered.schema);
    expect(second.firstBreak?.seq).toBe(2);
    expect(second.intact).toBe(false);
  });

  it('finds the last rows cut off the end, by the head', async () => {
    const { schema } = await chainedSchema(1, 5);
    await asOwner(schema, `DELETE FROM "${schema}"."audit_log" WHERE "chain_seq" >= 5`);
    expect(await verifyAuditChain(admin, schema)).toEqual({
      rows: 4,
      headSeq: 6,
      headHash: expect.any(String),
      intact: false,
      firstBreak: { seq: 5, id: '', reason: expect.stringContaining('the last rows were removed') },
      checkedFromSeq: 1,
      earlierVerifiedAt: null,
    });
  });

  it('keeps one gap-free valid chain when several connections append at once', async () => {
    const { schema, db } = await chainedSchema(1, 0);
    // Eight connections, each with transactions of one to three rows, all at the same time.
    await Promise.all(
      Array.from({ length: 8 }, (_, connection) =>
        (async () => {
          for (let n = 0; n < 6; n++)
            await db.transaction(async (manager) => {
              for (let row = 0; row <= n % 3; row++) await write(manager, `c${connection}-${n}-${row}`);
            });
        })(),
      ),
    );
    const rows = 1 + 8 * (2 * (1 + 2 + 3));
    expect(await verifyAuditChain(db, schema)).toEqual({
      rows,
      headSeq: rows,
      headHash: expect.any(String),
      intact: true,
      firstBreak: null,
      checkedFromSeq: 1,
      earlierVerifiedAt: null,
    });
  });

  it('chains nothing from a rolled-back transaction and refuses REPEATABLE READ writes clearly', async () => {
    const { schema, db } = await chainedSchema(0, 2);
    await expect(
      db.transaction(async (manager) => {
        await write(manager, 'rolled-back');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await db.transaction((manager) => write(manager, 'kept'));
    await expect(db.transaction('REPEATABLE READ', (manager) => write(manager, 'refused'))).rejects.toThrow(
      'Audit rows are chained only in READ COMMITTED transactions',
    );
    expect(await verifyAuditChain(db, schema)).toMatchObject({ rows: 3, headSeq: 3, intact: true });
  });

  describe('from the last verified head (the compliance report’s check)', () => {
    it('re-hashes only the rows written since the last intact head, and moves the head on', async () => {
      const { schema, db } = await chainedSchema(2, 3, true);
      const first = await verifyAuditChain(db, schema, 'last-verified');
      expect(first).toMatchObject({
        rows: 5,
        headSeq: 5,
        intact: true,
        checkedFromSeq: 1,
        earlierVerifiedAt: null,
      });
      for (let n = 1; n <= 3; n++) await db.transaction((manager) => write(manager, `later-${n}`));
      const second = await verifyAuditChain(db, schema, 'last-verified');
      expect(second).toMatchObject({
        rows: 8,
        headSeq: 8,
        intact: true,
        firstBreak: null,
        checkedFromSeq: 6,
      });
      expect(second.earlierVerifiedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
      // Nothing written since: nothing re-hashed but the head's own row.
      expect(await verifyAuditChain(db, schema, 'last-verified')).toMatchObject({
        rows: 8,
        intact: true,
        checkedFromSeq: 9,
      });
      // The rows it did not re-read: an older row's content changed in place, without re-hashing,
      // is found only by a check from the start (the command line's), which says where.
      const id = await idAt(schema, 2);
      await asOwner(schema, `UPDATE "${schema}"."audit_log" SET "action" = 'deleted' WHERE "id" = $1`, [id]);
      expect((await verifyAuditChain(db, schema, 'last-verified')).intact).toBe(true);
      expect(await verifyAuditChain(db, schema)).toMatchObject({
        intact: false,
        firstBreak: { seq: 2, id },
        checkedFromSeq: 1,
      });
      // The reports alone find it too, once no check has re-hashed every row for a week.
      await admin.query(
        `UPDATE "${schema}"."audit_chain_verified" SET "whole_at" = now() - make_interval(days => ${AUDIT_WHOLE_CHECK_DAYS}, secs => 1)`,
      );
      expect(await verifyAuditChain(db, schema, 'last-verified')).toMatchObject({
        intact: false,
        firstBreak: { seq: 2, id },
        checkedFromSeq: 1,
        earlierVerifiedAt: null,
      });
    });

    it('finds a row changed after the last intact head at that row', async () => {
      const { schema, db } = await chainedSchema(0, 4, true);
      await verifyAuditChain(db, schema, 'last-verified');
      for (let n = 1; n <= 3; n++) await db.transaction((manager) => write(manager, `later-${n}`));
      const id = await idAt(schema, 6);
      await asOwner(schema, `UPDATE "${schema}"."audit_log" SET "entity_id" = 'forged' WHERE "id" = $1`, [
        id,
      ]);
      expect(await verifyAuditChain(db, schema, 'last-verified')).toMatchObject({
        intact: false,
        firstBreak: { seq: 6, id, reason: expect.stringContaining('changed after it was written') },
        checkedFromSeq: 5,
      });
    });

    it('finds a chain re-sealed from an earlier row: the last intact head’s hash has changed', async () => {
      const { schema, db } = await chainedSchema(0, 5, true);
      await verifyAuditChain(db, schema, 'last-verified');
      // As someone with the owner's rights would: change row 2 and re-hash everything after it.
      await asOwner(
        schema,
        `UPDATE "${schema}"."audit_log" SET "entity_id" = 'forged' WHERE "chain_seq" = 2`,
      );
      await asOwner(
        schema,
        `DO $$
           DECLARE r record; prev bytea; this bytea;
           BEGIN
             SELECT "row_hash" INTO prev FROM "${schema}"."audit_log" WHERE "chain_seq" = 1;
             FOR r IN SELECT * FROM "${schema}"."audit_log" WHERE "chain_seq" >= 2 ORDER BY "chain_seq" LOOP
               this := sha256(prev || convert_to(jsonb_build_array(r."chain_seq", r."id", r."actor_id", r."actor_label", r."service",
                 r."entity", r."entity_id", r."action", r."changes", (extract(epoch FROM r."at") * 1000000)::bigint, r."equipment_id")::text, 'UTF8'));
               UPDATE "${schema}"."audit_log" SET "prev_hash" = prev, "row_hash" = this WHERE "id" = r."id";
               prev := this;
             END LOOP;
             UPDATE "${schema}"."audit_chain_head" SET "hash" = prev;
           END $$`,
      );
      // The re-sealed chain links up row by row: only the kept head shows the rewrite, to a check
      // from it and to one from the start alike; and the forged head is not kept as the next start.
      for (const from of ['last-verified', 'start'] as const) {
        const verdict = await verifyAuditChain(db, schema, from);
        expect(verdict).toMatchObject({ intact: false, firstBreak: { seq: 5 } });
        expect(verdict.firstBreak?.reason).toContain('no longer has the hash it had');
      }
    });

    it('finds a row removed before the last intact head by the log’s row count', async () => {
      const { schema, db } = await chainedSchema(0, 6, true);
      await verifyAuditChain(db, schema, 'last-verified');
      await asOwner(schema, `DELETE FROM "${schema}"."audit_log" WHERE "chain_seq" = 2`);
      const verdict = await verifyAuditChain(db, schema, 'last-verified');
      expect(verdict).toMatchObject({ intact: false, rows: 5 });
      expect(verdict.firstBreak?.reason).toContain('the log holds 5 rows where the chain numbers 6');
    });
  });
});
