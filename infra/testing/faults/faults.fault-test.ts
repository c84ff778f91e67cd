import { expect, test } from '@playwright/test';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Client } from 'pg';
import { startThrowawayStack, type RunningStack, type StackPart } from '../../local/src';
import { signInThroughApi } from '../outbox';
import { until } from '../wait';
import { apiClient, inDatabase, newItem, unavailableSeconds, writesNotKeptOnce, type Attempt } from './load';

/** The demo Engineer the stack's seed puts on the roster. */
const ENGINEER = 'BME-1002';
const WORKERS = 4;
/** Load before the fault, and each client's run of successes after it that counts as recovered. */
const WARM_UP_MS = 1000;
const RECOVERED_AFTER = 10;
const GIVE_UP_MS = 60_000;

/**
 * What the clients write while a part is down. `inventory`: they add equipment (the gateway and
 * the equipment service, with identity behind the session). `faults`: each adds a device and
 * reports a fault on it, which goes through the maintenance service and reaches the inventory
 * through its outbox, so a crash of maintenance is measured on work that needs it.
 */
type Load = 'inventory' | 'faults';

/**
 * The parts crashed in turn, and the load each is measured under. The domain services are named
 * here rather than read from the registry: each joins with a load that goes through it.
 */
const FAULTS: readonly { part: StackPart; load: Load }[] = [
  { part: 'equipment', load: 'inventory' },
  { part: 'identity', load: 'inventory' },
  { part: 'maintenance', load: 'faults' },
  { part: 'gateway', load: 'inventory' },
  { part: 'nats', load: 'inventory' },
  { part: 'redis', load: 'inventory' },
  { part: 'postgres', load: 'inventory' },
];

/**
 * Faults under a steady write load, against the stack as `npm start` runs it (built bundles, real
 * servers): each service, NATS, Redis and PostgreSQL is crashed and started again in turn while
 * four clients keep writing. Every write answered 2xx is in the database exactly once, every
 * reported fault reaches the inventory exactly once, and the stack recovers with no manual step;
 * the seconds without a successful write are printed.
 */
test.describe.configure({ mode: 'serial' });

test.describe('Faults under load: crash and restart each part (built stack, real servers)', () => {
  let stack: RunningStack;
  let root: string;
  let token: string;
  /** Serial numbers of the items whose creation was answered 201. */
  const answered: string[] = [];
  /** Titles of the reported faults answered 201. */
  const reported: string[] = [];
  const report: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    root = await mkdtemp(join(tmpdir(), 'caliber-faults-'));
    await chmod(root, 0o755);
    stack = await startThrowawayStack({
      dataDir: join(root, 'data'),
      demoSeedArgs: { equipment: ['--count', '20'] },
      env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', NATS_REQUEST_TIMEOUT_MS: '2000' },
      log: () => undefined,
      serviceOutput: () => undefined,
    });
    token = (await signInThroughApi(stack.baseUrl, ENGINEER, stack.outboxPath)).token;
  });
  test.afterAll(async () => {
    test.setTimeout(60_000);
    process.stdout.write(`\nUnavailability under a steady write load:\n${report.join('\n')}\n`);
    await stack?.stop();
    await rm(root, { recursive: true, force: true });
  });

  let counter = 0;
  const { post } = apiClient(
    () => stack.baseUrl,
    () => token,
  );

  /** Adds one item; the attempt is known by its serial number. */
  async function addItem(prefix: string): Promise<Attempt> {
    counter += 1;
    const serial = `${prefix}-${counter}`;
    const at = Date.now();
    try {
      const { status } = await post('/api/equipment', newItem(serial));
      if (status === 201) answered.push(serial);
      return { key: serial, at, ok: status === 201 };
    } catch {
      return { key: serial, at, ok: false };
    }
  }

  /**
   * Adds a Serviceable device and reports a fault on it (through maintenance), so the fault's
   * effect on the inventory is one status change of its own device; the attempt is the report,
   * known by its title.
   */
  async function reportFault(prefix: string): Promise<Attempt> {
    counter += 1;
    const title = `${prefix}-${counter}`;
    let at = Date.now();
    try {
      const item = await post('/api/equipment', newItem(`${title}-DEVICE`));
      if (item.status !== 201) return { key: title, at, ok: false };
      answered.push(`${title}-DEVICE`);
      at = Date.now();
      const { status } = await post('/api/maintenance/report', {
        equipment: (item.body as { _id: string })._id,
        title,
        description: 'Occlusion alarm during the fault test',
      });
      if (status === 201) reported.push(title);
      return { key: title, at, ok: status === 201 };
    } catch {
      return { key: title, at, ok: false };
    }
  }

  /**
   * Four clients write while `part` is crashed and started again. Each client stops once it has
   * written RECOVERED_AFTER times in a row successfully after the restart (or at GIVE_UP_MS). The
   * run is kept per client: a request lost in flight when a server died fails only when its own
   * timeout runs out, after the other clients may already be writing again, so "recovered" means
   * every client's own last attempts succeeded, not the last few of all of them put together.
   */
  async function underLoad(part: StackPart, load: Load): Promise<Attempt[][]> {
    const write = load === 'faults' ? reportFault : addItem;
    const byWorker: Attempt[][] = Array.from({ length: WORKERS }, () => []);
    const streaks = byWorker.map(() => 0);
    let restarted = false;
    const started = Date.now();
    const worker = async (index: number) => {
      const attempts = byWorker[index] as Attempt[];
      for (;;) {
        const attempt = await write(`FAULT-${part}`);
        attempts.push(attempt);
        streaks[index] = attempt.ok ? (streaks[index] as number) + 1 : 0;
        if (restarted && (streaks[index] as number) >= RECOVERED_AFTER) return;
        if (Date.now() - started > GIVE_UP_MS) return;
        if (!attempt.ok) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const writing = Promise.all(byWorker.map((_, index) => worker(index)));
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    await stack.restart(part);
    streaks.fill(0);
    restarted = true;
    await writing;
    return byWorker;
  }

  for (const { part, load } of FAULTS)
    test(`recovers from a crash of ${part} with no manual step`, async () => {
      test.setTimeout(GIVE_UP_MS + 30_000);
      const byWorker = await underLoad(part, load);
      for (const attempts of byWorker)
        expect(attempts.slice(-RECOVERED_AFTER).every((attempt) => attempt.ok)).toBe(true);
      const attempts = byWorker.flat().sort((a, b) => a.at - b.at);
      const seconds = unavailableSeconds(attempts);
      report.push(
        `  ${part.padEnd(11)} ${seconds.toFixed(1).padStart(5)} s without a successful ${load === 'faults' ? 'report' : 'write'} (${attempts.length} writes, ${attempts.filter((a) => !a.ok).length} refused)`,
      );
    });

  const database = <T>(use: (client: Client) => Promise<T>): Promise<T> =>
    inDatabase(String(stack.env['DATABASE_URL']), use);

  test('keeps every write that was answered 2xx, each exactly once', async () => {
    expect(await writesNotKeptOnce(String(stack.env['DATABASE_URL']), answered)).toEqual([]);
  });

  test('keeps every reported fault answered 2xx once, and delivers each to the inventory exactly once', async () => {
    test.setTimeout(120_000);
    expect(reported.length).toBeGreaterThan(0);
    const prefix = 'FAULT-maintenance-%';
    await database(async (client) => {
      // A delivery cut by the crash is sent again once its lease runs out (30 s): wait for the
      // outbox to empty rather than for a fixed time.
      await until(
        async () =>
          (
            await client.query(
              `SELECT 1 FROM "maintenance"."task_effects_outbox" o JOIN "maintenance"."tasks" t ON t."id" = o."task_id"
                WHERE t."title" LIKE $1 AND o."delivered_at" IS NULL AND o."failed_at" IS NULL`,
              [prefix],
            )
          ).rowCount === 0,
        { timeoutMs: 90_000, intervalMs: 250, what: 'every reported fault delivered to the inventory' },
      );
      // Every task of the load, answered or lost in flight: its one `created` audit row, its
      // effect delivered (never refused), applied once by equipment, and one status change of its
      // device naming it.
      const tasks = await client.query<{
        title: string;
        tasks: string;
        created: string;
        delivered: string;
        failed: string;
        applied: string;
        changes: string;
      }>(
        `SELECT t."title", count(*) OVER (PARTITION BY t."title") AS "tasks",
                (SELECT count(*) FROM "maintenance"."audit_log" a
                  WHERE a."entity_id" = t."id"::text AND a."action" = 'created') AS "created",
                (SELECT count(*) FROM "maintenance"."task_effects_outbox" o
                  WHERE o."task_id" = t."id" AND o."delivered_at" IS NOT NULL) AS "delivered",
                (SELECT count(*) FROM "maintenance"."task_effects_outbox" o
                  WHERE o."task_id" = t."id" AND o."failed_at" IS NOT NULL) AS "failed",
                (SELECT count(*) FROM "equipment"."task_effects" e WHERE e."task_id" = t."id") AS "applied",
                (SELECT count(*) FROM "equipment"."status_history" h
                  WHERE h."task_id" = t."id" AND h."to_status" = 'Unserviceable') AS "changes"
           FROM "maintenance"."tasks" t WHERE t."title" LIKE $1`,
        [prefix],
      );
      const titles = tasks.rows.map((row) => row.title);
      expect(reported.filter((title) => !titles.includes(title))).toEqual([]);
      const once = { tasks: '1', created: '1', delivered: '1', failed: '0', applied: '1', changes: '1' };
      expect(tasks.rows.filter(({ title: _title, ...counts }) => !isDeepStrictEqual(counts, once))).toEqual(
        [],
      );
    });
  });
});
