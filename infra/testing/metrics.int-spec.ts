import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { SOCKET_SETTINGS, SUBJECTS, type ReportQueuedResponse } from '@caliber/contracts';
import { freePort } from '@caliber/local-stack';
import { MetricsListener } from '@caliber/service-kit';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { call } from './http';
import { metricFamilies, parseExposition, sampleValue } from './metrics-text';
import { serviceDataSource } from './service-databases';
import {
  identityDataSource,
  rosterStaff,
  signIn,
  startDomainService,
  startGateway,
  startReports,
  startReportsWorker,
  type RunningGateway,
} from './stack';
import { until } from './wait';

const DASHBOARD = join(__dirname, '..', 'grafana', 'caliber.json');

/** One scrape of a process's /metrics: its status, its text and how long it took. */
async function scrape(url: string): Promise<{ status: number; text: string; ms: number; type: string }> {
  const started = performance.now();
  const answer = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) });
  const text = await answer.text();
  return {
    status: answer.status,
    text,
    ms: performance.now() - started,
    type: answer.headers.get('content-type') ?? '',
  };
}

/**
 * A scrape in which every named source could be read (`caliber_scrape_source_up` 1). A source read
 * at scrape time (a database query, a Redis call) has a 1 s deadline that a loaded machine can
 * miss on one scrape; these tests are about the values, so they scrape again rather than depend
 * on one read's speed.
 */
async function scrapeReading(url: string, sources: readonly string[]): Promise<string> {
  let text = '';
  await until(
    async () => {
      text = (await scrape(url)).text;
      return sources.every((source) => sampleValue(text, 'caliber_scrape_source_up', { source }) === 1);
    },
    { timeoutMs: 30_000, intervalMs: 200, what: `a scrape that could read ${sources.join(', ')}` },
  );
  return text;
}

/** How much a series grew between two scrapes (a series not there yet counts as 0). */
function growth(before: string, after: string, name: string, labels: Record<string, string>): number {
  return (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
}

/** The probe port of a domain service or a worker, where its /metrics is. */
async function probeUrl(app: INestApplication): Promise<string> {
  return (await app.getUrl()).replace('[::1]', '127.0.0.1');
}

/** Every metric name a dashboard query may use for the families of an exposition. */
function exportedNames(text: string): Set<string> {
  const names = new Set(parseExposition(text).map((sample) => sample.name));
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, family = '', type] = match;
    names.add(family);
    if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(family + suffix);
  }
  return names;
}

/** The metric names a PromQL expression reads (words followed by `{`, `[` or standing alone). */
function metricNamesOf(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const words = [...withoutStrings.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)].map(
    (m) => m[1] ?? '',
  );
  const promql = new Set([
    'by',
    'without',
    'on',
    'ignoring',
    'group_left',
    'group_right',
    'bool',
    'and',
    'or',
    'unless',
    'offset',
    'le',
  ]);
  // Metric names here all start with a known prefix; labels and functions do not.
  return words.filter(
    (word) => !promql.has(word) && /^(caliber|process|nodejs)_/.test(word) && !word.startsWith('$'),
  );
}

describe('Prometheus metrics of every process (real stack)', () => {
  const services = new Map<string, INestApplication>();
  let worker: INestApplication;
  let gateway: RunningGateway;
  let gatewayMetrics: string;
  let identityRows: DataSource;
  let maintenanceRows: DataSource;
  let token = '';
  const scrapes = new Map<string, string>();

  beforeAll(async () => {
    identityRows = await identityDataSource();
    maintenanceRows = await serviceDataSource('maintenance');
    for (const name of ['identity', 'equipment', 'maintenance'] as const)
      services.set(name, await startDomainService(name));
    services.set('reports', await startReports());
    worker = await startReportsWorker();
    // The longest session cache there is (two minutes): a session signed in during a test stays
    // fresh for all of that test's calls, however slow the machine, so its hits are exact.
    gateway = await startGateway({
      REPORT_WAIT_SECONDS: '0',
      SESSION_CACHE_SECONDS: '120',
      REDIS_KEY_PREFIX: `metrics-${Date.now()}`,
    });
    gatewayMetrics = `http://127.0.0.1:${gateway.app.get(MetricsListener).boundPort}`;
    token = await signIn(gateway.url, (await rosterStaff(identityRows, { role: 'Engineer' })).serviceNumber);
  }, 60_000);

  afterAll(async () => {
    await gateway.app.close();
    await worker.close();
    for (const app of [...services.values()].reverse()) await app.close();
    await identityRows.destroy();
    await maintenanceRows.destroy();
  });

  it('serves the gateway’s metrics on their own port, never on the public one', async () => {
    expect(new URL(gatewayMetrics).port).not.toBe(new URL(gateway.url).port);
    const publicAnswer = await fetch(`${gateway.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    const prefixed = await fetch(`${gateway.url}/api/metrics`);
    expect(prefixed.status).not.toBe(200);
    const { status, type, text } = await scrape(gatewayMetrics);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(sampleValue(text, 'process_resident_memory_bytes', { service: 'gateway' })).toBeGreaterThan(0);
    // Only /metrics there.
    expect((await fetch(`${gatewayMetrics}/api/health`)).status).toBe(404);
  });

  it('counts API calls by route template and status class, and their NATS requests by subject and outcome', async () => {
    const equipmentUrl = await probeUrl(services.get('equipment') as INestApplication);
    const gatewayBefore = (await scrape(gatewayMetrics)).text;
    const equipmentBefore = (await scrape(equipmentUrl)).text;
    const missing = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of missing)
      expect((await call(gateway.url, 'GET', `/api/equipment/${id}`, { token })).status).toBe(404);
    for (let round = 0; round < 2; round += 1)
      expect((await call(gateway.url, 'GET', '/api/equipment?limit=5', { token })).status).toBe(200);
    expect((await call(gateway.url, 'GET', `/api/no-such-thing/${missing[0]}`, { token })).status).toBe(404);

    const { text } = await scrape(gatewayMetrics);
    const http = (labels: Record<string, string>) =>
      growth(gatewayBefore, text, 'caliber_http_request_duration_seconds_count', labels);
    expect(http({ method: 'GET', route: '/api/equipment/:id', status_class: '4xx' })).toBe(3);
    expect(http({ method: 'GET', route: '/api/equipment', status_class: '2xx' })).toBe(2);
    expect(http({ method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(1);
    // No id and no raw path in any label: the series stay as few as the routes.
    for (const id of missing) expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-thing');

    // The gateway's side of the bus: the same three refusals, and the list answered.
    const sent = (subject: string, outcome: string) =>
      growth(gatewayBefore, text, 'caliber_nats_client_request_duration_seconds_count', { subject, outcome });
    expect(sent(SUBJECTS.equipment.get, 'refused')).toBe(3);
    expect(sent(SUBJECTS.equipment.list, 'ok')).toBe(2);
    // The equipment service's side: the handler's time of each.
    const equipment = (await scrape(equipmentUrl)).text;
    const answered = (subject: string, outcome: string) =>
      growth(equipmentBefore, equipment, 'caliber_nats_server_request_duration_seconds_count', {
        service: 'equipment',
        subject,
        outcome,
      });
    expect(answered(SUBJECTS.equipment.get, 'refused')).toBe(3);
    expect(answered(SUBJECTS.equipment.list, 'ok')).toBe(2);
    scrapes.set('gateway', text);
    scrapes.set('equipment', equipment);
  });

  it('counts the session checks answered from the cache, and those that had to ask identity', async () => {
    // A session of its own, so the sequence below is the only thing its cache entry sees.
    const person = await rosterStaff(identityRows, { role: 'Engineer' });
    const own = await signIn(gateway.url, person.serviceNumber);
    const lookups = (text: string, result: 'hit' | 'miss') =>
      sampleValue(text, 'caliber_session_cache_lookups_total', { result }) ?? 0;
    const before = (await scrape(gatewayMetrics)).text;
    // Signing in filled the cache: these three calls and the sign-out are answered from it.
    for (let round = 0; round < 3; round += 1)
      expect((await call(gateway.url, 'GET', '/api/equipment?limit=1', { token: own })).status).toBe(200);
    expect((await call(gateway.url, 'POST', '/api/auth/logout', { token: own })).status).toBe(200);
    // Signing out took the session out of the cache: its token is checked with identity, which
    // says the session has ended.
    expect((await call(gateway.url, 'GET', '/api/equipment?limit=1', { token: own })).status).toBe(401);
    const after = (await scrape(gatewayMetrics)).text;
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(4);
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
  });

  it('counts the browsers connected live to the replica', async () => {
    const sockets = async () =>
      sampleValue((await scrape(gatewayMetrics)).text, 'caliber_live_sockets', { service: 'gateway' });
    expect(await sockets()).toBe(0);
    const socket: Socket = io(gateway.url, {
      path: SOCKET_SETTINGS.path,
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('socket:ready', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await sockets()).toBe(1);
    } finally {
      socket.disconnect();
    }
    await until(async () => (await sockets()) === 0, { what: 'the socket to be counted out' });
  });

  it('shows an undelivered task effect in the outbox gauges, with its age', async () => {
    const maintenance = await probeUrl(services.get('maintenance') as INestApplication);
    const [task] = (await maintenanceRows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "equipment_id",
         "equipment_name", "equipment_serial", "equipment_department", "equipment_category")
       VALUES ('Metrics test', 'An effect that waits', 'Repair', 'Low', $1, 'Pump', 'MET-1', 'ICU', 'Infusion Pump')
       RETURNING "id"`,
      [randomUUID()],
    )) as { id: string }[];
    // An hour old, and not due again for an hour: the relay leaves it pending meanwhile.
    await maintenanceRows.query(
      `INSERT INTO "maintenance"."task_effects_outbox"
         ("task_id", "kind", "equipment_id", "task_title", "acting_user", "created_at", "next_attempt_at")
       VALUES ($1, 'completed', $2, 'Metrics test', '{}', now() - interval '1 hour', now() + interval '1 hour')`,
      [task?.id, randomUUID()],
    );
    try {
      const text = await scrapeReading(maintenance, ['outbox:task_effects', 'queue:pm-schedule']);
      expect(sampleValue(text, 'caliber_outbox_pending', { outbox: 'task_effects' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(
        sampleValue(text, 'caliber_outbox_oldest_pending_age_seconds', { outbox: 'task_effects' }),
      ).toBeGreaterThanOrEqual(3600);
      // The daily PM job's queue, read from Redis.
      expect(sampleValue(text, 'caliber_queue_jobs', { queue: 'pm-schedule', state: 'waiting' })).toEqual(
        expect.any(Number),
      );
      scrapes.set('maintenance', text);
    } finally {
      await maintenanceRows.query(`DELETE FROM "maintenance"."task_effects_outbox" WHERE "task_id" = $1`, [
        task?.id,
      ]);
      await maintenanceRows.query(`DELETE FROM "maintenance"."tasks" WHERE "id" = $1`, [task?.id]);
    }
    const after = await scrapeReading(maintenance, ['outbox:task_effects']);
    expect(
      sampleValue(after, 'caliber_outbox_oldest_pending_age_seconds', { outbox: 'task_effects' }),
    ).toBeLessThan(3600);
  });

  it('times a report on the worker by kind, format and outcome, and shows the report queue', async () => {
    const asked = await call<ReportQueuedResponse>(gateway.url, 'POST', '/api/reports/generate', {
      token,
      body: {
        reports: ['equipmentStatus'],
        filters: { dateFrom: '2001-02-01', dateTo: '2001-02-28', departments: [], categories: [] },
        options: {
          format: 'xlsx',
          visuals: { charts: false, summary: true },
          delivery: { downloadNow: true },
          advanced: { heatMaps: false },
        },
      },
    });
    expect(asked.status).toBeLessThan(300);
    const workerUrl = await probeUrl(worker);
    const labels = { service: 'reports-worker', kind: 'equipmentStatus', format: 'xlsx', outcome: 'done' };
    await until(
      async () =>
        (sampleValue((await scrape(workerUrl)).text, 'caliber_report_duration_seconds_count', labels) ?? 0) >=
        1,
      { timeoutMs: 30_000, intervalMs: 200, what: 'the worker to write the report' },
    );
    const text = await scrapeReading(workerUrl, ['queue:report-jobs']);
    expect(sampleValue(text, 'caliber_report_wait_seconds_count', { format: 'xlsx' })).toBeGreaterThanOrEqual(
      1,
    );
    // The worker asked the services for the figures as the reports service.
    expect(
      parseExposition(text).some(
        (sample) =>
          sample.name === 'caliber_nats_client_request_duration_seconds_count' &&
          sample.labels['outcome'] === 'ok' &&
          sample.value > 0,
      ),
    ).toBe(true);
    const reports = await scrapeReading(await probeUrl(services.get('reports') as INestApplication), [
      'queue:report-jobs',
    ]);
    for (const state of ['waiting', 'active', 'delayed', 'failed'])
      expect(sampleValue(reports, 'caliber_queue_jobs', { queue: 'report-jobs', state })).toEqual(
        expect.any(Number),
      );
    scrapes.set('reports-worker', text);
    scrapes.set('reports', reports);
    scrapes.set(
      'identity',
      (await scrape(await probeUrl(services.get('identity') as INestApplication))).text,
    );
  });

  it('answers a scrape at once while a process cannot reach its Redis, leaving the queue out', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const cutOff = await startReports({ REDIS_URL: nowhere });
    try {
      const url = await probeUrl(cutOff);
      for (let round = 0; round < 2; round += 1) {
        const { status, text, ms } = await scrape(url);
        expect(status).toBe(200);
        // A queue is not even asked while its Redis is not ready, and any read has a 1 s deadline:
        // three seconds leaves a wide margin for a loaded machine.
        expect(ms).toBeLessThan(3000);
        expect(text).not.toMatch(/^caliber_queue_jobs\{/m);
        expect(sampleValue(text, 'caliber_scrape_source_up', { source: 'queue:report-jobs' })).toBe(0);
        expect(sampleValue(text, 'process_resident_memory_bytes', { service: 'reports' })).toBeGreaterThan(0);
      }
      // And the process still serves its probes.
      expect((await fetch(`${url}/health/live`)).status).toBe(200);
    } finally {
      await cutOff.close();
    }
  });

  it('draws the Grafana dashboard only from metrics the processes export', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const exported = new Set<string>();
    expect([...scrapes.keys()].sort()).toEqual(
      ['equipment', 'gateway', 'identity', 'maintenance', 'reports', 'reports-worker'].sort(),
    );
    for (const text of scrapes.values()) for (const name of exportedNames(text)) exported.add(name);
    const used = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).flatMap((target) =>
        metricNamesOf(target.expr).map((name) => ({ panel: panel.title, name })),
      ),
    );
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter(({ name }) => !exported.has(name))).toEqual([]);
    // Each family the code defines is there to be drawn.
    for (const text of scrapes.values()) expect(metricFamilies(text).size).toBeGreaterThan(10);
  });
});
