import { randomUUID } from 'node:crypto';
import { verifyAuditChain } from '@caliber/service-kit';
import { serviceDataSource } from '@caliber/testing/service-databases';
import type { DataSource } from 'typeorm';
import { AuditChain1765800000000 } from './1765800000000-audit-chain';
import { AuditChainCheckpoint1766500000000 } from './1766500000000-audit-chain-checkpoint';

/**
 * The maintenance schema's chain migration names the device of the rows written before it: a
 * task's rows get the task's device. All in one transaction that is rolled back, so the shared
 * test database is left as it was.
 */
describe('AuditChain1765800000000 (maintenance, real PostgreSQL)', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = await serviceDataSource('maintenance');
  });
  afterAll(() => db.destroy());

  it("fills each task row's device from the task, and chains every row", async () => {
    const migration = new AuditChain1765800000000();
    const device = randomUUID();
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      // Reverted in order: the later migration first, as a rollback of the release would.
      const checkpoint = new AuditChainCheckpoint1766500000000();
      await checkpoint.down(runner);
      await migration.down(runner);
      const [task] = (await runner.query(
        `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "equipment_id",
                "equipment_name", "equipment_serial", "equipment_department", "equipment_category")
         VALUES ('Audit backfill', 'Check', 'Repair', 'Low', $1, 'Monitor', 'SN-1', 'ICU', 'Monitor')
         RETURNING "id"::text AS id`,
        [device],
      )) as { id: string }[];
      if (!task) throw new Error('No task was written.');
      await runner.query(
        `INSERT INTO "maintenance"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes")
         VALUES ('test', 'task', $1, 'created', '{"title": {"from": null, "to": "Audit backfill"}}')`,
        [task.id],
      );
      await migration.up(runner);
      await checkpoint.up(runner);
      const rows = (await runner.query(
        `SELECT "equipment_id" FROM "maintenance"."audit_log" WHERE "entity" = 'task' AND "entity_id" = $1`,
        [task.id],
      )) as { equipment_id: string | null }[];
      expect(rows).toEqual([{ equipment_id: device }]);
      const verdict = await verifyAuditChain(runner, 'maintenance');
      expect(verdict).toMatchObject({ intact: true, firstBreak: null });
      expect(verdict.headSeq).toBe(verdict.rows);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
