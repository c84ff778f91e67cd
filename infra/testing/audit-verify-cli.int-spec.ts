import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DOMAIN_SERVICE_NAMES } from '@caliber/contracts';
import { writeAudit } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { serviceDataSource } from './service-databases';

const root = join(__dirname, '..', '..');

/** `npm run cli -- audit verify`, as the launcher runs it (tsx), against the test database. */
function auditVerify(): { status: number | null; lines: string[] } {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'infra/local/cli.ts'), 'audit', 'verify'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: process.env['DATABASE_URL'] },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, lines: result.stdout.trim().split('\n') };
}

/**
 * The command line checks all four services' audit chains of the migrated test database, and a
 * row edited in the database (as its owner, past the append-only trigger) is reported at that
 * row; put back exactly as it was, the chain verifies again (the other tests share this database).
 */
describe('npm run cli -- audit verify (real PostgreSQL)', () => {
  let db: DataSource;
  const entityId = randomUUID();

  beforeAll(async () => {
    db = await serviceDataSource('maintenance');
    await db.transaction((manager) =>
      writeAudit(manager, {
        actor: { id: null, label: 'cli-test', service: 'maintenance' },
        entity: 'task',
        entityId,
        action: 'updated',
        changes: { priority: { from: 'Low', to: 'High' } },
        equipmentId: randomUUID(),
      }),
    );
  }, 60_000);
  afterAll(() => db.destroy());

  it('prints one INTACT line per service and exits 0; an edited row is BROKEN at its seq, exit 1', async () => {
    const intact = auditVerify();
    expect(intact.lines).toHaveLength(DOMAIN_SERVICE_NAMES.length);
    for (const [index, name] of DOMAIN_SERVICE_NAMES.entries())
      expect(intact.lines[index]).toMatch(new RegExp(`^${name} +rows \\d+, head \\d+ [0-9a-f]{64}  INTACT$`));
    expect(intact.status).toBe(0);

    const [row] = (await db.query(
      `SELECT "id"::text AS id, "chain_seq"::text AS seq FROM "maintenance"."audit_log" WHERE "entity_id" = $1`,
      [entityId],
    )) as { id: string; seq: string }[];
    if (!row) throw new Error('The test row was not written.');
    const setPriority = (to: string) =>
      db.transaction(async (manager) => {
        await manager.query(`ALTER TABLE "maintenance"."audit_log" DISABLE TRIGGER "audit_log_append_only"`);
        await manager.query(
          `UPDATE "maintenance"."audit_log" SET "changes" = jsonb_build_object('priority', jsonb_build_object('from', 'Low', 'to', $2::text)) WHERE "id" = $1`,
          [row.id, to],
        );
        await manager.query(`ALTER TABLE "maintenance"."audit_log" ENABLE TRIGGER "audit_log_append_only"`);
      });
    await setPriority('Medium');
    try {
      const broken = auditVerify();
      expect(broken.status).toBe(1);
      expect(broken.lines.find((line) => line.startsWith('maintenance'))).toMatch(
        new RegExp(`BROKEN at seq ${row.seq} \\(row id ${row.id}\\): its content no longer matches its hash`),
      );
      expect(broken.lines.filter((line) => line.endsWith('INTACT'))).toHaveLength(
        DOMAIN_SERVICE_NAMES.length - 1,
      );
    } finally {
      await setPriority('High');
    }
    expect(auditVerify().status).toBe(0);
  }, 120_000);
});
