import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { equipmentDataSource, startMaintenance } from '@caliber/testing/stack';
import { ComplianceAnswers, WRITTEN_SINCE } from './compliance-answers';

const NOTE = `INSERT INTO "maintenance"."pm_compliance_writes" DEFAULT VALUES`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

describe('Kept compliance answers (real PostgreSQL)', () => {
  let maintenance: INestApplication;
  let rows: DataSource;
  let answers: ComplianceAnswers;
  let computed = 0;
  const ask = () => answers.get('a question of this test', () => Promise.resolve((computed += 1)));

  beforeAll(async () => {
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    answers = maintenance.get(ComplianceAnswers);
  });
  afterAll(async () => {
    await rows.destroy();
    await maintenance.close();
  });

  it('a write in progress when the answers were last dropped reaches the first answer after it commits', async () => {
    const first = await ask();
    expect(await ask()).toBe(first);
    const inProgress = rows.createQueryRunner();
    await inProgress.startTransaction();
    try {
      await inProgress.query(NOTE);
      // Another write, committed: the next answer drops what was kept and remembers a snapshot
      // in which the first write is still in progress.
      await rows.query(NOTE);
      const second = await ask();
      expect(second).toBeGreaterThan(first);
      expect(await ask()).toBe(second);
      await inProgress.commitTransaction();
      expect(await ask()).toBeGreaterThan(second);
    } finally {
      if (inProgress.isTransactionActive) await inProgress.rollbackTransaction();
      await inProgress.release();
    }
  });

  it('asks whether anything was written by the notes index, however many notes and whatever the statistics', async () => {
    const [{ xid }] = (await rows.query(
      `WITH bulk AS (INSERT INTO "maintenance"."pm_compliance_writes" SELECT FROM generate_series(1, 20000) RETURNING "xid")
       SELECT min("xid")::text AS "xid" FROM bulk`,
    )) as [{ xid: string }];
    try {
      const [{ snapshot }] = (await rows.query(`SELECT pg_current_snapshot()::text AS "snapshot"`)) as [
        { snapshot: string },
      ];
      const [{ 'QUERY PLAN': plan }] = (await rows.query(`EXPLAIN (FORMAT JSON) ${WRITTEN_SINCE}`, [
        snapshot,
      ])) as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
      const reads = nodesOf(plan[0].Plan).filter((node) => node['Relation Name'] === 'pm_compliance_writes');
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.map((node) => node['Node Type'])).not.toContain('Seq Scan');
      expect(await ask()).toBeGreaterThan(0);
    } finally {
      await rows.query(`DELETE FROM "maintenance"."pm_compliance_writes" WHERE "xid" = $1::xid8`, [xid]);
    }
  });
});
