import { expect, test } from '@playwright/test';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startThrowawayStack, type RunningStack, type StackPart } from '../../local/src';
import { signInThroughApi } from '../outbox';

/** The demo Engineer the stack's seed puts on the roster. */
const ENGINEER = 'BME-1002';
const WORKERS = 4;
/** Load before the fault, and each client's run of successes after it that counts as recovered. */
const WARM_UP_MS = 1000;
const RECOVERED_AFTER = 10;
const GIVE_UP_MS = 60_000;

interface Attempt {
  serial: string;
  at: number;
  ok: boolean;
}

/**
 * Faults under a steady write load, against the stack as `npm start` runs it (built bundles, real
 * servers): each service, NATS, Redis and PostgreSQL is crashed and started again in turn while
 * four clients keep adding equipment. Every write answered 2xx is in the database exactly once,
 * and the stack recovers with no manual step; the seconds without a successful write are printed.
 */
test.describe.configure({ mode: 'serial' });

test.describe('Faults under load: crash and restart each part (built stack, real servers)', () => {
  let stack: RunningStack;
  let root: string;
  let token: string;
  const answered: string[] = [];
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
  async function write(prefix: string): Promise<Attempt> {
    counter += 1;
    const serial = `${prefix}-${counter}`;
    const at = Date.now();
    try {
      const response = await fetch(`${stack.baseUrl}/api/equipment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Fault Pump ${counter}`,
          serialNumber: serial,
          manufacturer: 'B. Braun',
          model: 'Infusomat Space',
          department: 'ICU',
          location: 'Bed 7',
          installationDate: '2023-05-01',
          status: 'Serviceable',
          category: 'Infusion Pump',
        }),
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      return { serial, at, ok: response.status === 201 };
    } catch {
      return { serial, at, ok: false };
    }
  }

  /** Seconds from the first failed write to the first success after the last failure. */
  function unavailableSeconds(attempts: Attempt[]): number {
    const failed = attempts.filter((attempt) => !attempt.ok);
    if (failed.length === 0) return 0;
    const first = Math.min(...failed.map((attempt) => attempt.at));
    const last = Math.max(...failed.map((attempt) => attempt.at));
    const back = attempts.filter((attempt) => attempt.ok && attempt.at > last).map((attempt) => attempt.at);
    return (Math.min(...back) - first) / 1000;
  }

  /**
   * Four clients write while `part` is crashed and started again. Each client stops once it has
   * written RECOVERED_AFTER times in a row successfully after the restart (or at GIVE_UP_MS). The
   * run is kept per client: a request lost in flight when a server died fails only when its own
   * timeout runs out, after the other clients may already be writing again, so "recovered" means
   * every client's own last attempts succeeded, not the last few of all of them put together.
   */
  async function underLoad(part: StackPart): Promise<Attempt[][]> {
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
    const load = Promise.all(byWorker.map((_, index) => worker(index)));
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    await stack.restart(part);
    streaks.fill(0);
    restarted = true;
    await load;
    return byWorker;
  }

  for (const part of ['equipment', 'identity', 'gateway', 'nats', 'redis', 'postgres'] as StackPart[])
    test(`recovers from a crash of ${part} with no manual step`, async () => {
      test.setTimeout(GIVE_UP_MS + 30_000);
      const byWorker = await underLoad(part);
      for (const attempts of byWorker)
        expect(attempts.slice(-RECOVERED_AFTER).every((attempt) => attempt.ok)).toBe(true);
      const attempts = byWorker.flat().sort((a, b) => a.at - b.at);
      answered.push(...attempts.filter((attempt) => attempt.ok).map((attempt) => attempt.serial));
      const seconds = unavailableSeconds(attempts);
      report.push(
        `  ${part.padEnd(10)} ${seconds.toFixed(1).padStart(5)} s without a successful write (${attempts.length} writes, ${attempts.filter((a) => !a.ok).length} refused)`,
      );
    });

  test('keeps every write that was answered 2xx, each exactly once', async () => {
    const client = new Client({ connectionString: String(stack.env['DATABASE_URL']) });
    await client.connect();
    try {
      const found = await client.query<{ serial_number: string; created: string }>(
        `SELECT e."serial_number", (SELECT count(*) FROM "equipment"."audit_log" a
            WHERE a."entity_id" = e."id"::text AND a."action" = 'created') AS "created"
           FROM "equipment"."equipment" e WHERE e."serial_number" = ANY($1)`,
        [answered],
      );
      expect(found.rowCount).toBe(answered.length);
      expect(found.rows.filter((row) => row.created !== '1')).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
