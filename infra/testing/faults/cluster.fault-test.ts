import { expect, test } from '@playwright/test';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  REPORT_TYPES,
  SOCKET_SETTINGS,
  type EquipmentChangedEvent,
  type ReportJobDto,
} from '@caliber/contracts';
import { io, type Socket } from 'socket.io-client';
import { startThrowawayStack, type RunningStack, type StackPart } from '../../local/src';
import { signInThroughApi } from '../outbox';
import { until } from '../wait';
import { apiClient, inDatabase, newItem, unavailableSeconds, writesNotKeptOnce, type Attempt } from './load';

/** The demo Engineer the stack's seed puts on the roster. */
const ENGINEER = 'BME-1002';
/** Load before the first kill, and between kills. */
const WARM_UP_MS = 2000;
const BETWEEN_KILLS_MS = 1500;
/** Each client's run of successes after the last kill that counts as "carrying on". */
const RECOVERED_AFTER = 10;
const GIVE_UP_MS = 90_000;
/**
 * At most this share of the calls made under load may fail, overall and for each client (a client
 * making slow calls must not hide behind one making many quick ones), or this many, whichever is
 * more. A call fails when it was in flight on a replica or a NATS member as it died (the proxy
 * answers 502, or the request's deadline runs out), or was sent to a service in the moment before
 * the bus noticed its replica had gone: a handful for each of the seven kills.
 */
const MAX_FAILED_SHARE = 0.1;
const MAX_FAILED_ANYWAY = 5;

/**
 * One replica of each kind and one NATS member killed, one after another, while clients keep
 * working: the survivors carry the load. Each is killed with SIGKILL (no goodbye to NATS, no
 * graceful drain), and none is started again within the test.
 */
const KILLED: readonly StackPart[] = [
  'gateway@1',
  'nats-0',
  'identity@1',
  'equipment@1',
  'maintenance@1',
  'reports@1',
  'reports-worker@1',
];

type Work = 'inventory' | 'faults' | 'account' | 'reports';

/**
 * Scale-out as Kubernetes would run it, on this machine: a three-member NATS cluster, two gateway
 * replicas behind a round-robin proxy (as a Service behind an Ingress), two replicas of every
 * service and two report workers. Clients add equipment and read it back, report faults (through
 * maintenance and its outbox), ask for their account (identity) and for reports (the queue and its
 * workers) while one replica of each kind and one NATS member are killed. Nothing answered 2xx is
 * lost, every report asked for is written, the live connection comes back by itself, and the
 * failures are counted and stay under a bound.
 */
test.describe.configure({ mode: 'serial' });

test.describe('Scaled out: one replica of each kind and a NATS member killed under load', () => {
  let stack: RunningStack;
  let root: string;
  let token = '';
  const api = apiClient(
    () => stack.baseUrl,
    () => token,
  );
  /** Serial numbers of the items whose creation was answered 201. */
  const answered: string[] = [];
  /** Titles of the reported faults answered 201. */
  const reported: string[] = [];
  /** Reports whose request was answered 202 (accepted, to be written). */
  const reports: string[] = [];
  /** Reports whose request was answered with the file itself. */
  let written = 0;
  const sockets: Socket[] = [];
  /** Sockets the gateway has accepted (`socket:ready`) since their last disconnection. */
  const ready = new Set<Socket>();
  let disconnections = 0;
  let byClient: Attempt[][] = [];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    root = await mkdtemp(join(tmpdir(), 'caliber-cluster-'));
    await chmod(root, 0o755);
    stack = await startThrowawayStack({
      dataDir: join(root, 'data'),
      replicas: 2,
      demoSeedArgs: { equipment: ['--count', '20'] },
      // Short deadlines so a request lost with a dead replica fails in seconds, and a report
      // held by a dead worker is taken back within six (its 4 s lock lapses; stalled jobs are
      // looked for every 2 s).
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        NATS_REQUEST_TIMEOUT_MS: '2000',
        REPORT_LOCK_MS: '4000',
        REPORT_WORKER_CONCURRENCY: '1',
        // One Engineer stands in for a department here, asking for more reports at once than
        // one person may (REPORT_MAX_ACTIVE_PER_PERSON, 3).
        REPORT_MAX_ACTIVE_PER_PERSON: '20',
      },
      log: () => undefined,
      serviceOutput: () => undefined,
    });
    token = (await signInThroughApi(stack.baseUrl, ENGINEER, stack.outboxPath)).token;
  });
  test.afterAll(async () => {
    test.setTimeout(60_000);
    for (const socket of sockets) socket.disconnect();
    await stack?.stop();
    await rm(root, { recursive: true, force: true });
  });

  /** A live connection through the proxy, as the browser makes it, reconnecting by itself. */
  async function openSocket(): Promise<Socket> {
    const socket = io(stack.baseUrl, {
      path: SOCKET_SETTINGS.path,
      transports: [...SOCKET_SETTINGS.transports],
      reconnectionDelay: SOCKET_SETTINGS.reconnectionDelay,
      auth: (send) => send({ token }),
    });
    socket.on('socket:ready', () => ready.add(socket));
    socket.on('disconnect', () => {
      disconnections += 1;
      ready.delete(socket);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('socket:ready', () => resolve());
      socket.once('connect_error', reject);
    });
    sockets.push(socket);
    return socket;
  }

  let counter = 0;
  const attempt = async (key: string, call: () => Promise<boolean>): Promise<Attempt> => {
    const at = Date.now();
    try {
      return { key, at, ok: await call() };
    } catch {
      return { key, at, ok: false };
    }
  };

  /** One unit of each client's work; each goes through a different part of the system. */
  const WORK: Record<Work, () => Promise<Attempt>> = {
    // Equipment: add an item, then read it back (likely through the other gateway).
    inventory: () => {
      const serial = `CLUSTER-${(counter += 1)}`;
      return attempt(serial, async () => {
        const created = await api.post('/api/equipment', newItem(serial));
        if (created.status !== 201) return false;
        answered.push(serial);
        const read = await api.get(`/api/equipment/${(created.body as { _id: string })._id}`);
        return read.status === 200;
      });
    },
    // Maintenance and its outbox to the inventory.
    faults: () => {
      const title = `CLUSTER-FAULT-${(counter += 1)}`;
      return attempt(title, async () => {
        const item = await api.post('/api/equipment', newItem(`${title}-DEVICE`));
        if (item.status !== 201) return false;
        answered.push(`${title}-DEVICE`);
        const { status } = await api.post('/api/maintenance/report', {
          equipment: (item.body as { _id: string })._id,
          title,
          description: 'Occlusion alarm during the scale-out test',
        });
        if (status === 201) reported.push(title);
        return status === 201;
      });
    },
    // Identity: the account, asked afresh on every call.
    account: () => attempt('/api/auth/me', async () => (await api.get('/api/auth/me')).status === 200),
    // Reports: the queue and its workers.
    reports: () =>
      attempt('/api/reports/generate', () =>
        generateReport(
          {
            reports: ['equipmentStatus'],
            filters: { dateFrom: '2026-01-01', dateTo: '2026-01-31', departments: ['ICU'] },
            options: { format: 'pdf', visuals: { charts: false, summary: true } },
          },
          30_000,
        ),
      ),
  };

  /**
   * Asks for a report to download now. The gateway answers the file when a worker writes it in
   * time (counted as written), otherwise 202 with the job, which must then be written later.
   * Answers whether the answer was either.
   */
  async function generateReport(request: unknown, timeoutMs: number): Promise<boolean> {
    const response = await fetch(`${stack.baseUrl}/api/reports/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status === 202) {
      reports.push((JSON.parse(body.toString()) as { jobId: string }).jobId);
      return true;
    }
    const file = response.status === 200 && body.subarray(0, 5).toString() === '%PDF-';
    if (file) written += 1;
    return file;
  }

  /** The larger reports asked for just before a worker is killed, so that it holds one. */
  const heavy: Promise<Attempt>[] = [];
  let heldWhenKilled: string[] = [];

  /** A year of all eight reports, asked for to download now (answered with the file, or 202). */
  const askHeavy = () =>
    attempt('/api/reports/generate (a year, all eight)', () =>
      generateReport(
        {
          reports: [...REPORT_TYPES],
          filters: { dateFrom: '2025-12-01', dateTo: '2026-11-30' },
          options: { format: 'pdf', visuals: { charts: true, summary: true } },
        },
        60_000,
      ),
    );

  /**
   * Queues more reports than the two workers take at once (one each: REPORT_WORKER_CONCURRENCY
   * is 1 here) and waits until two are being written: one of them is then the first worker's.
   * Answers the reports being written.
   */
  async function bothWorkersBusy(): Promise<string[]> {
    for (let i = 0; i < 6; i += 1) heavy.push(askHeavy());
    return inDatabase(String(stack.env['DATABASE_URL']), async (client) => {
      let running: string[] = [];
      await until(
        async () => {
          running = (
            await client.query<{ id: string }>(
              `SELECT "id"::text AS "id" FROM "reports"."report_jobs" WHERE "state" = 'running'`,
            )
          ).rows.map((row) => row.id);
          return running.length >= 2;
        },
        { timeoutMs: 20_000, intervalMs: 20, what: 'both report workers to be writing a report' },
      );
      return running;
    });
  }

  const CLIENTS: readonly Work[] = ['inventory', 'inventory', 'faults', 'account', 'reports'];

  test('carries on through the kills: each client recovers, and the failures are few', async () => {
    test.setTimeout(GIVE_UP_MS + 60_000);
    // Two sockets opened one after the other: the proxy takes them to different gateways, so one
    // of them is on the gateway that is killed.
    await openSocket();
    await openSocket();
    byClient = CLIENTS.map(() => []);
    const streaks = CLIENTS.map(() => 0);
    let killed = false;
    const started = Date.now();
    const client = async (index: number) => {
      const attempts = byClient[index] as Attempt[];
      const work = WORK[CLIENTS[index] as Work];
      for (;;) {
        const result = await work();
        attempts.push(result);
        streaks[index] = result.ok ? (streaks[index] as number) + 1 : 0;
        if (killed && (streaks[index] as number) >= RECOVERED_AFTER) return;
        if (Date.now() - started > GIVE_UP_MS) return;
        // Reports are asked for now and then, as people do; the rest as fast as answered.
        if (CLIENTS[index] === 'reports' || !result.ok)
          await new Promise((resolve) => setTimeout(resolve, CLIENTS[index] === 'reports' ? 500 : 100));
      }
    };
    const working = Promise.all(CLIENTS.map((_, index) => client(index)));
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    for (const part of KILLED) {
      if (part === 'reports-worker@1') heldWhenKilled = await bothWorkersBusy();
      await stack.kill(part);
      await new Promise((resolve) => setTimeout(resolve, BETWEEN_KILLS_MS));
    }
    streaks.fill(0);
    killed = true;
    await working;
    const heavyAnswers = await Promise.all(heavy);

    const all = byClient.flat().sort((a, b) => a.at - b.at);
    const failed = all.filter((call) => !call.ok);
    process.stdout.write(
      `\nScale-out under load: ${all.length} calls, ${failed.length} failed ` +
        `(${((failed.length / all.length) * 100).toFixed(1)}%), ` +
        `${unavailableSeconds(all).toFixed(1)} s from the first failure to the last recovery; ` +
        `by client: ${CLIENTS.map((work, index) => `${work} ${(byClient[index] as Attempt[]).filter((call) => !call.ok).length}/${(byClient[index] as Attempt[]).length}`).join(', ')}; ` +
        `reports being written when a worker was killed: ${heldWhenKilled.length}\n`,
    );
    for (const attempts of byClient)
      expect(attempts.slice(-RECOVERED_AFTER).every((call) => call.ok)).toBe(true);
    expect(heavyAnswers.filter((answer) => !answer.ok)).toEqual([]);
    const bound = (calls: number) => Math.max(MAX_FAILED_ANYWAY, Math.ceil(calls * MAX_FAILED_SHARE));
    expect(failed.length).toBeLessThanOrEqual(bound(all.length));
    for (const attempts of byClient)
      expect(attempts.filter((call) => !call.ok).length).toBeLessThanOrEqual(bound(attempts.length));
    // Every kind of work went on after the kills.
    for (const attempts of byClient) expect(attempts.length).toBeGreaterThan(RECOVERED_AFTER);
  });

  test('keeps every write answered 2xx, each exactly once', async () => {
    expect(answered.length).toBeGreaterThan(0);
    expect(await writesNotKeptOnce(String(stack.env['DATABASE_URL']), answered)).toEqual([]);
  });

  test('keeps every reported fault answered 2xx and delivers each to the inventory once', async () => {
    test.setTimeout(120_000);
    expect(reported.length).toBeGreaterThan(0);
    await inDatabase(String(stack.env['DATABASE_URL']), async (client) => {
      // A delivery cut by a kill is sent again once its lease runs out.
      await until(
        async () =>
          (
            await client.query(
              `SELECT 1 FROM "maintenance"."task_effects_outbox" o JOIN "maintenance"."tasks" t ON t."id" = o."task_id"
                WHERE t."title" LIKE 'CLUSTER-FAULT-%' AND o."delivered_at" IS NULL AND o."failed_at" IS NULL`,
            )
          ).rowCount === 0,
        { timeoutMs: 90_000, intervalMs: 250, what: 'every reported fault delivered to the inventory' },
      );
      const tasks = await client.query<{ title: string; tasks: string; applied: string }>(
        `SELECT t."title", count(*) OVER (PARTITION BY t."title") AS "tasks",
                (SELECT count(*) FROM "equipment"."task_effects" e WHERE e."task_id" = t."id") AS "applied"
           FROM "maintenance"."tasks" t WHERE t."title" = ANY($1)`,
        [reported],
      );
      expect(tasks.rows.map((row) => row.title).sort()).toEqual([...reported].sort());
      expect(tasks.rows.filter((row) => row.tasks !== '1' || row.applied !== '1')).toEqual([]);
    });
  });

  test('writes every report asked for, including one a killed worker held', async () => {
    test.setTimeout(120_000);
    expect(reports.length + written).toBeGreaterThan(0);
    const states = async () =>
      Promise.all(
        [...reports, ...heldWhenKilled].map(
          async (id) => ((await api.get(`/api/reports/${id}`)).body as ReportJobDto | null)?.state,
        ),
      );
    await until(async () => (await states()).every((state) => state === 'done'), {
      timeoutMs: 90_000,
      intervalMs: 1000,
      what: 'every report asked for to be written',
    });
  });

  test('the live connection comes back by itself and brings the changes made after the kills', async () => {
    expect(disconnections).toBeGreaterThan(0);
    const serial = `CLUSTER-LIVE-${Date.now()}`;
    const arrivals = sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          const onCreated = (event: EquipmentChangedEvent) => {
            if (event.equipment.serialNumber !== serial) return;
            socket.off('equipment:created', onCreated);
            resolve();
          };
          socket.on('equipment:created', onCreated);
        }),
    );
    // Both sockets are live again before the change is made.
    await until(async () => sockets.every((socket) => ready.has(socket)), {
      timeoutMs: 20_000,
      intervalMs: 200,
      what: 'both live connections to be back',
    });
    expect((await api.post('/api/equipment', newItem(serial))).status).toBe(201);
    await Promise.race([
      Promise.all(arrivals),
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error('A live connection did not bring the new item within 10 s')),
          10_000,
        ),
      ),
    ]);
  });
});
