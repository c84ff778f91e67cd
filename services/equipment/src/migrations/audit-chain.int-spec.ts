import { randomUUID } from 'node:crypto';
import { verifyAuditChain } from '@caliber/service-kit';
import { serviceDataSource } from '@caliber/testing/service-databases';
import type { DataSource } from 'typeorm';
import { AuditChain1765800000000 } from './1765800000000-audit-chain';
import { AuditChainCheckpoint1766500000000 } from './1766500000000-audit-chain-checkpoint';

/**
 * The equipment schema's chain migration on the real, migrated test database: taken down and put
 * up again, it chains every row there (in id order), names each device row's device, and leaves
 * the log append-only; the chain verifies. All in one transaction that is rolled back, so the
 * shared test database is left as it was.
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
    await runner.startTransaction();
    try {
      // Reverted in order: the later migration first, as a rollback of the release would.
      const checkpoint = new AuditChainCheckpoint1766500000000();
      await checkpoint.down(runner);
      await migration.down(runner);
      // Rows written before the chain existed: one about a device, one about a list entry.
      await runner.query(
        `INSERT INTO "equipment"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes")
         VALUES ('test', 'equipment', $1, 'updated', '{"location": {"from": "Bay 1", "to": "Bay 2"}}'),
                ('test', 'list_entry', 'not-a-uuid', 'renamed', '{}')`,
        [device],
      );
      await migration.up(runner);
      await checkpoint.up(runner);
      const rows = (await runner.query(
        `SELECT "entity", "equipment_id" FROM "equipment"."audit_log"
          WHERE "entity_id" IN ($1, 'not-a-uuid') ORDER BY "id" DESC LIMIT 2`,
        [device],
      )) as { entity: string; equipment_id: string | null }[];
      expect(rows).toEqual([
        { entity: 'list_entry', equipment_id: null },
        { entity: 'equipment', equipment_id: device },
      ]);
      const verdict = await verifyAuditChain(runner, 'equipment');
      expect(verdict).toMatchObject({ intact: true, firstBreak: null });
      expect(verdict.headSeq).toBe(verdict.rows);
      // Last: the refusal ends the transaction.
      await expect(
        runner.query(`DELETE FROM "equipment"."audit_log" WHERE "entity_id" = $1`, [device]),
      ).rejects.toThrow('The audit log is append-only');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
