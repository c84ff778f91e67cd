import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EquipmentListResponse, TaskCreatedResponse } from '@caliber/contracts';
import { freePort, startThrowawayStack, type RunningStack } from '@caliber/local-stack';
import { Client } from 'pg';
import { signInThroughApi } from './outbox';

const ROOT = join(__dirname, '../..');
const BUNDLES = [
  'services/gateway/dist/main.js',
  'services/maintenance/dist/main.js',
  'services/equipment/dist/main.js',
  'services/identity/dist/main.js',
  'services/reports/dist/worker.js',
];

/** One span as the OTLP/HTTP JSON exporter sends it, with its process's service.name. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((attribute) => [attribute.key, valueOf(attribute.value)]));

/**
 * A stand-in OpenTelemetry Collector: accepts `POST /v1/traces` in OTLP/HTTP JSON (what
 * exporter-trace-otlp-http sends) and keeps every span.
 */
async function startOtlpReceiver(): Promise<{ server: Server; port: number; spans: ReceivedSpan[] }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      expect(request.headers['content-type']).toContain('application/json');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resource of body.resourceSpans ?? []) {
        const service = String(attributesOf(resource.resource?.attributes)['service.name']);
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              service,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
            });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port, spans };
}

const DATABASE = `caliber_tracing_${process.pid}`;

/** One statement on the suite's PostgreSQL server (creating and dropping this test's database). */
async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type LogLine = Record<string, unknown> & { process: string };

/**
 * Waits until `find` finds something (spans and log lines arrive in batches, after the answer),
 * then fails with what it was waiting for and what it saw.
 */
async function waitFor<T>(
  find: () => T | undefined | false,
  timeoutMs: number,
  what: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what()} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Collects each process's raw JSON log lines from the moment it is called. */
function collectLogs(stack: RunningStack): LogLine[] {
  const lines: LogLine[] = [];
  for (const service of stack.services) {
    let buffered = '';
    service.child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) {
        try {
          lines.push({ ...(JSON.parse(line) as Record<string, unknown>), process: service.name });
        } catch {
          // not a log line
        }
      }
    });
  }
  return lines;
}

describe('tracing and request ids across the built stack', () => {
  let root = '';
  let stack: RunningStack | undefined;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;
  let logs: LogLine[] = [];
  let baseUrl = '';
  let token = '';
  let userId = '';
  let sharedDatabaseUrl = '';

  beforeAll(async () => {
    for (const bundle of BUNDLES)
      if (!existsSync(join(ROOT, bundle)))
        throw new Error(`${bundle} is missing: run "NX_DAEMON=false npx nx run-many -t build" first`);
    // The stack runs on the suite's servers (started by its global set-up), in a database of its
    // own: its demo data must not reach the database the other tests use. Its Redis keys are
    // apart too, named after the database (`queuePrefix`).
    sharedDatabaseUrl = process.env['DATABASE_URL'] ?? '';
    if (!sharedDatabaseUrl)
      throw new Error('DATABASE_URL is not set: run this with --selectProjects integration');
    const own = new URL(sharedDatabaseUrl);
    own.pathname = `/${DATABASE}`;
    await adminQuery(sharedDatabaseUrl, `CREATE DATABASE "${DATABASE}"`);
    process.env['DATABASE_URL'] = own.toString();
    receiver = await startOtlpReceiver();
    root = await mkdtemp(join(tmpdir(), 'caliber-tracing-'));
    stack = await startThrowawayStack({
      dataDir: join(root, 'data'),
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`,
        OTEL_BSP_SCHEDULE_DELAY: '200',
        LOG_LEVEL: 'info',
        // Both families on one port: callers at ::1 are a trusted network, callers at 127.0.0.1
        // are not (the trace-context test calls from each).
        HOST: '::',
        TRACE_CONTEXT_TRUSTED_NETWORKS: '::1',
      },
      log: () => undefined,
      serviceOutput: () => undefined,
    });
    logs = collectLogs(stack);
    baseUrl = stack.baseUrl;
    const session = await signInThroughApi(baseUrl, 'BME-1002', stack.outboxPath);
    token = session.token;
    userId = session.user._id;
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => receiver?.server.close(resolve));
    if (root) await rm(root, { recursive: true, force: true });
    if (sharedDatabaseUrl) {
      process.env['DATABASE_URL'] = sharedDatabaseUrl;
      await adminQuery(sharedDatabaseUrl, `DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    }
  }, 60_000);

  async function call(method: string, path: string, body?: unknown, requestId?: string) {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(requestId ? { 'x-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, requestId: response.headers.get('x-request-id'), text };
  }

  async function ok<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    const answer = await call(method, path, body, requestId);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
    return JSON.parse(answer.text) as T;
  }

  it('follows a certification as ONE trace through gateway, maintenance, the outbox relay and equipment', async () => {
    const { equipment } = await ok<EquipmentListResponse>('GET', '/equipment?limit=1');
    const device = equipment[0];
    if (!device) throw new Error('The demo inventory is empty');
    const { task } = await ok<TaskCreatedResponse>('POST', '/maintenance/report', {
      equipment: device._id,
      title: 'Tracing test: alarm sounds at rest',
      description: 'Heard at the morning check.',
      severity: 'High',
    });
    await ok('PUT', `/tasks/${task._id}`, { assignedTo: userId });
    await ok('PUT', `/tasks/${task._id}/status`, { status: 'In Progress' });
    await ok('PUT', `/tasks/${task._id}/status`, { status: 'Completed' });
    const requestId = `certify-${Date.now()}`;
    const certified = await call('PUT', `/tasks/${task._id}/certify`, {}, requestId);
    expect(certified.status).toBe(200);
    expect(certified.requestId).toBe(requestId);

    // The gateway's request log line of the certification names its request and its trace.
    const requestLine = await waitFor(
      () =>
        logs.find(
          (line) => line.process === 'gateway' && line['requestId'] === requestId && line['status'] === 200,
        ),
      10_000,
      () => 'the gateway request log line of the certification',
    );
    const traceId = requestLine['traceId'];
    expect(typeof traceId).toBe('string');

    // Spans arrive in batches; the relay delivers the effect moments after the commit.
    const inTrace = () => receiver?.spans.filter((span) => span.traceId === traceId) ?? [];
    const services = () => new Set(inTrace().map((span) => span.service));
    await waitFor(
      () =>
        ['gateway', 'maintenance', 'equipment'].every((name) => services().has(name)) &&
        inTrace().some((span) => span.name.startsWith('outbox deliver')) &&
        inTrace().some((span) => span.service === 'equipment' && span.name.startsWith('process ')),
      20_000,
      () =>
        `one trace with gateway, maintenance, the relay and equipment; trace ${String(traceId)} has: ${inTrace()
          .map((span) => `${span.service}:${span.name}`)
          .join(', ')}`,
    );
    const spans = inTrace();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    // The relay's delivery is a child of the certification's handling, not a trace of its own.
    const relay = spans.find((span) => span.name.startsWith('outbox deliver'));
    expect(relay?.service).toBe('maintenance');
    expect(byId.get(relay?.parentSpanId ?? '')).toBeDefined();
    // Equipment's handler is a SERVER span (kind 2) under a CLIENT span (kind 3) of maintenance.
    const applied = spans.find((span) => span.service === 'equipment' && span.kind === 2);
    expect(byId.get(applied?.parentSpanId ?? '')).toMatchObject({ service: 'maintenance', kind: 3 });
    // The database work is in the trace, as statements only: never their parameter values.
    const statements = spans.filter(
      (span) => (span.attributes['db.system'] ?? span.attributes['db.system.name']) === 'postgresql',
    );
    expect(statements.some((span) => span.service === 'maintenance')).toBe(true);
    expect(statements.some((span) => span.service === 'equipment')).toBe(true);
    for (const span of statements)
      expect(Object.keys(span.attributes).filter((key) => /values|parameter/.test(key))).toEqual([]);

    // The same request id in the gateway's and maintenance's log lines, the relay's included.
    await waitFor(
      () =>
        logs.some(
          (line) =>
            line.process === 'maintenance' &&
            line['requestId'] === requestId &&
            line['msg'] === 'task effect delivered',
        ),
      10_000,
      () => 'the relay’s log line of the certification, with its request id',
    );
    const maintenanceLine = logs.find(
      (line) => line.process === 'maintenance' && line['requestId'] === requestId,
    );
    expect(maintenanceLine?.['traceId']).toBe(traceId);
  }, 90_000);

  it('sends no search text, service number or phone number to the collector', async () => {
    // A person's search is in the query string; the signed-in person's service number is in the
    // Redis keys of the sign-in limits and known browsers.
    const searched = '5550100777';
    const requestId = `search-${Date.now()}`;
    const answer = await call('GET', `/equipment?q=${searched}&limit=5`, undefined, requestId);
    expect(answer.status).toBe(200);
    const line = await waitFor(
      () => logs.find((entry) => entry.process === 'gateway' && entry['requestId'] === requestId),
      10_000,
      () => 'the gateway request log line of the search',
    );
    const inTrace = () => receiver?.spans.filter((span) => span.traceId === line['traceId']) ?? [];
    // The search's own spans arrived (the gateway's and the equipment service's), query names kept.
    const served = await waitFor(
      () =>
        inTrace().some((span) => span.service === 'equipment') &&
        inTrace().find((span) => span.service === 'gateway' && span.attributes['url.query'] !== undefined),
      20_000,
      () =>
        `the search's spans; its trace has: ${inTrace()
          .map((span) => span.name)
          .join(', ')}`,
    );
    expect(served.attributes['url.query']).toBe('q=REDACTED&limit=REDACTED');
    const everything = JSON.stringify(receiver?.spans.map((span) => span.attributes));
    expect(everything).not.toContain(searched);
    expect(everything).not.toContain('BME-1002');
    // Redis commands were traced (sign-in, sessions): by their name alone.
    const redis = (receiver?.spans ?? []).filter(
      (span) => (span.attributes['db.system'] ?? span.attributes['db.system.name']) === 'redis',
    );
    expect(redis.length).toBeGreaterThan(0);
  }, 60_000);

  it('continues a caller’s trace only from the trusted networks', async () => {
    const port = new URL(baseUrl).port;
    /** A search sent from `host` with a trace context of its own choosing, sampled. */
    const callWithTrace = async (host: string) => {
      const chosenTrace = randomBytes(16).toString('hex');
      const requestId = `trace-context-${host.replace(/\W/g, '')}-${Date.now()}`;
      const answer = await fetch(`http://${host}:${port}/api/equipment?limit=1`, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-request-id': requestId,
          traceparent: `00-${chosenTrace}-${randomBytes(8).toString('hex')}-01`,
        },
      });
      expect(answer.status).toBe(200);
      const line = await waitFor(
        () => logs.find((entry) => entry.process === 'gateway' && entry['requestId'] === requestId),
        10_000,
        () => `the gateway request log line of the call from ${host}`,
      );
      return { chosenTrace, traceId: line['traceId'] };
    };
    // Anyone else: the gateway starts a trace of its own, and the chosen one reaches no collector.
    const outsider = await callWithTrace('127.0.0.1');
    expect(typeof outsider.traceId).toBe('string');
    expect(outsider.traceId).not.toBe(outsider.chosenTrace);
    // A trusted network (an ingress that traces its calls): its trace goes on.
    const trusted = await callWithTrace('[::1]');
    expect(trusted.traceId).toBe(trusted.chosenTrace);
    await waitFor(
      () =>
        receiver?.spans.some((span) => span.traceId === trusted.chosenTrace && span.service === 'equipment'),
      20_000,
      () => 'the trusted caller’s trace in the collector',
    );
    expect(receiver?.spans.some((span) => span.traceId === outsider.chosenTrace)).toBe(false);
  }, 60_000);

  it('makes no trace of the probes', () => {
    const probed = (receiver?.spans ?? []).filter((span) =>
      /\/health|\/metrics/.test(String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '')),
    );
    expect(probed).toEqual([]);
    expect(receiver?.spans.some((span) => span.service === 'gateway')).toBe(true);
  });

  it('answers each error with its request id, in the body and the header', async () => {
    const missing = await call(
      'GET',
      '/tasks/00000000-0000-4000-8000-000000000000',
      undefined,
      'my-proxy:id-42',
    );
    expect(missing.status).toBe(404);
    expect(missing.requestId).toBe('my-proxy:id-42');
    expect(JSON.parse(missing.text)).toMatchObject({ statusCode: 404, requestId: 'my-proxy:id-42' });

    // An id that is not well formed is replaced; the answer names the new one.
    const response = await fetch(`${baseUrl}/api/tasks/x/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'no' },
      body: '{not json',
    });
    const body = (await response.json()) as { message: string; requestId: string };
    expect(response.status).toBe(400);
    expect(body.message).toBe('The request body is not valid JSON.');
    expect(body.requestId).not.toBe('no');
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
  });
});
