import { randomUUID } from 'node:crypto';
import { verifyAuditChain } from '@caliber/service-kit';
import { serviceDataSource } from '@caliber/testing/service-databases';
import type { DataSource } from 'typeorm';
import { AuditChain1765800000000 } from './1765800000000-audit-chain';

/**
 * The equipment schema's chain migration on the real, migrated test database: taken down and put
 * up again, it chains every row there (in id order), names each device row's device, and leaves
 * the log append-only; the chain verifies.
 */
describe('AuditChain1765800000000 (equipment, real PostgreSQL)', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = await serviceDataSource('equipment');
  });
  afterAll(() => db.destroy());

  it('backfills the device of existing rows, chains them all, and keeps the log append-only', async () => {
    const migration = new AuditChain1765800000000();
    const device = randomUUID();
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      await migration.down(runner);
      // Rows written before the chain existed: one about a device, one about a list entry.
      await runner.query(
        `INSERT INTO "equipment"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes")
         VALUES ('test', 'equipment', $1, 'updated', '{"location": {"from": "Bay 1", "to": "Bay 2"}}'),
                ('test', 'list_entry', 'not-a-uuid', 'renamed', '{}')`,
        [device],
      );
      await migration.up(runner);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
    const rows = (await db.query(
      `SELECT "entity", "equipment_id" FROM "equipment"."audit_log" WHERE "entity_id" IN ($1, 'not-a-uuid') ORDER BY "id"`,
      [device],
    )) as { entity: string; equipment_id: string | null }[];
    expect(rows.slice(-2)).toEqual([
      { entity: 'equipment', equipment_id: device },
      { entity: 'list_entry', equipment_id: null },
    ]);
    const verdict = await verifyAuditChain(db, 'equipment');
    expect(verdict).toMatchObject({ intact: true, firstBreak: null });
    expect(verdict.headSeq).toBe(verdict.rows);
    await expect(
      db.query(`DELETE FROM "equipment"."audit_log" WHERE "entity_id" = $1`, [device]),
    ).rejects.toThrow('The audit log is append-only');
  });
});
