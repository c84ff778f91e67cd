// `npm run bench`: first the weight of a first visit (`/login`, then `/equipment`) in Chromium;
// then GET /api/equipment through the gateway against 50,000 items, and GET /api/tasks against
// 200,000 tasks, each next to the same query answered by a bare Node http server calling pg
// directly (the floor), at 1, 16 and 64 concurrent connections. Prints latency p50/p95/p99,
// requests per second and the ratio to the floor.
// Then an inventory change reaching 1, 100 and 1,000 connected sockets (latency from commit to
// receipt). `BENCH_ONLY=page-weight` measures the first visit alone (on the demo inventory);
// `BENCH_ONLY=fan-out` the sockets alone; `BENCH_ONLY=tasks` the task list alone; `BENCH_ONLY=lists`
// the equipment list and the task list (without the page weight). Each list query is compared
// with two floors: the service's SQL (page, counts, filter options) and the page's rows alone.
// Then PM compliance with two devices in five on a plan and their tasks made occurrences: the
// first answer after start and the steady state, with each process's CPU per request at 16
// connections, then the overdue list's first page; `BENCH_ONLY=compliance` measures it alone.
// Then roster import: a generated 2,000-row CSV previewed and applied through the gateway, then
// the same people as XLSX previewed again, in seconds; `BENCH_ONLY=roster-import` runs it alone.
// Then inventory import: a generated 20,000-row workbook previewed and applied through the gateway,
// the same devices as CSV previewed again, and exported as XLSX and CSV, in seconds;
// `BENCH_ONLY=inventory-import` runs it alone (`BENCH_INVENTORY_ROWS` sets the rows).
// Last, all nine reports over the past year in each format: seconds and the worker's peak
// memory; `BENCH_ONLY=reports` runs it alone (on the generated inventory and tasks).
// The dashboard (GET /api/dashboard) as an Engineer and a Technician at 1 and 16 connections;
// `BENCH_ONLY=dashboard` runs it alone, after the day's cost of service figure is worked out.
// Last, scale-out: the inventory page and the dashboard at 16 and 64 connections on one replica of
// everything, then on two with a three-member NATS cluster and the gateways behind the round-robin
// proxy (each on its own stack of 5,000 devices); `BENCH_ONLY=scale-out` runs it alone.
// Then notifications, on a stack of their own with a real SMTP server: a burst of 1,000 task
// assignments reaching the assignees' bells (from commit) and their e-mails handed to the server;
// `BENCH_ONLY=notifications` runs it alone. Then documents, on a stack of their own: the device
// list's latency while a 100 MB manual goes through the gateway, the gateway's memory, and 50
// people sending a 5 MB photo at once; `BENCH_ONLY=documents` runs it alone.
// `BENCH_ONLY=profile` (only when asked) shows where a task-list request's CPU goes: each process's
// CPU per request through the gateway and from the floor, and the gateway's and the maintenance
// service's time by part, from their CPU profiles (bench/profile.ts).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EquipmentListResponse, PmComplianceResponse, TaskListResponse } from '@caliber/contracts';
import { buildAll, startThrowawayStack, type RunningStack } from '../infra/local/src';
import { signInThroughApi } from '../infra/testing/outbox';
import { inventoryRows, startFloorServer } from './floor-server';
import { taskPage, taskRows } from './task-floor';
import { measureFanOut } from './fan-out';
import { measure, type LoadResult } from './load';
import { measurePageWeight, printPageWeight } from './page-weight';
import { makePmProgram } from './pm-program';
import { measureDashboard, printDashboard } from './dashboard';
import { measureDashboardCostOfService, printDashboardCostOfService } from './dashboard-cost-of-service';
import { measureReports, printReports } from './reports';
import { measureRosterImport, printRosterImport } from './roster-import';
import { measureInventoryImport, printInventoryImport } from './inventory-import';
import { measureScaleOut, printScaleOut } from './scale-out';
import { measurePathProfile, printPathProfile } from './profile';
import { measureDocuments, printDocuments } from './documents';
import { measureNotificationBurst, printNotificationBurst } from './notifications';
import { backingServerProcesses, cpuBetween, cpuOf, type ProcessGroups } from './cpu-accounting';

const ONLY_PAGE_WEIGHT = process.env['BENCH_ONLY'] === 'page-weight';
const ONLY_FAN_OUT = process.env['BENCH_ONLY'] === 'fan-out';
const ONLY_TASKS = process.env['BENCH_ONLY'] === 'tasks';
const ONLY_LISTS = process.env['BENCH_ONLY'] === 'lists';
const ONLY_COMPLIANCE = process.env['BENCH_ONLY'] === 'compliance';
const ONLY_ROSTER_IMPORT = process.env['BENCH_ONLY'] === 'roster-import';
const ONLY_INVENTORY_IMPORT = process.env['BENCH_ONLY'] === 'inventory-import';
const ONLY_REPORTS = process.env['BENCH_ONLY'] === 'reports';
const ONLY_DASHBOARD = process.env['BENCH_ONLY'] === 'dashboard';
const ONLY_SCALE_OUT = process.env['BENCH_ONLY'] === 'scale-out';
const ONLY_PROFILE = process.env['BENCH_ONLY'] === 'profile';
const ONLY_NOTIFICATIONS = process.env['BENCH_ONLY'] === 'notifications';
const ONLY_DOCUMENTS = process.env['BENCH_ONLY'] === 'documents';
const SCALE_OUT_ITEMS = Number(process.env['BENCH_SCALE_OUT_ITEMS'] ?? 5000);
/** The parts measured on the demo data alone, without the generated inventory and tasks. */
const ON_DEMO_DATA = ONLY_PAGE_WEIGHT || ONLY_FAN_OUT || ONLY_ROSTER_IMPORT || ONLY_INVENTORY_IMPORT;
const ITEMS = ON_DEMO_DATA ? 0 : Number(process.env['BENCH_ITEMS'] ?? 50_000);
const FAN_OUT_SOCKETS = [1, 100, 1000];
const TASKS = ON_DEMO_DATA ? 0 : Number(process.env['BENCH_TASKS'] ?? 200_000);
const ROSTER_ROWS = Number(process.env['BENCH_ROSTER_ROWS'] ?? 2000);
const INVENTORY_ROWS = Number(process.env['BENCH_INVENTORY_ROWS'] ?? 20_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = [1, 16, 64];
const SCENARIOS: [name: string, query: string][] = [
  ['first page', 'page=1&limit=9'],
  ['filtered page', 'department=ICU&status=Serviceable&page=3&limit=9'],
  ['search', 'q=evita&page=1&limit=9'],
];
const BENCH_USER = 'BME-1002';
/** A demo Technician: the gateway gives them their own tasks only. */
const BENCH_TECHNICIAN = 'BME-1005';

const say = (line: string) => process.stdout.write(`${line}\n`);

const ms = (value: number) => value.toFixed(1).padStart(7);
/** The machine's 1-minute load average now: other work on the two cores, printed beside a figure. */
const loadNow = () => (loadavg()[0] ?? 0).toFixed(2).padStart(5);

async function main(): Promise<void> {
  say('Building…');
  buildAll();
  if (ONLY_SCALE_OUT) return scaleOutBenchmark();
  if (ONLY_PROFILE) return printPathProfile(await measurePathProfile(SECONDS), say);
  if (ONLY_NOTIFICATIONS) return notificationsBenchmark();
  if (ONLY_DOCUMENTS) return documentsBenchmark();
  await mainBenchmarks();
  // Their own stacks, after the main one has stopped: the machine measures one layout at a time.
  if (!process.env['BENCH_ONLY']) {
    await notificationsBenchmark();
    await documentsBenchmark();
    await scaleOutBenchmark();
  }
}

async function documentsBenchmark(): Promise<void> {
  say('\nStarting a stack for documents: a 100 MB manual beside the device list, then 50 photos…');
  printDocuments(await measureDocuments(SECONDS), say);
}

async function notificationsBenchmark(): Promise<void> {
  say('\nStarting a stack with a real SMTP server for the notifications burst…');
  printNotificationBurst(await measureNotificationBurst(), say);
}

async function scaleOutBenchmark(): Promise<void> {
  say(
    `\nStarting one replica of everything, then two, each with ${SCALE_OUT_ITEMS.toLocaleString('en')} devices…`,
  );
  printScaleOut(await measureScaleOut(SCALE_OUT_ITEMS, SECONDS), SCALE_OUT_ITEMS, say);
}

async function mainBenchmarks(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'caliber-bench-'));
  await chmod(root, 0o755);
  say(
    `Starting the stack and loading ${ITEMS.toLocaleString('en')} equipment items and ${TASKS.toLocaleString('en')} tasks…`,
  );
  const started = Date.now();
  const stack = await startThrowawayStack({
    dataDir: join(root, 'data'),
    ...(ITEMS > 0
      ? {
          demoSeedArgs: {
            equipment: ['--count', String(ITEMS)],
            ...(TASKS > 0 ? { maintenance: ['--count', String(TASKS)] } : {}),
          },
        }
      : {}),
    // Request logs at info would measure the terminal; production runs at warn or info to a collector.
    env: { LOG_LEVEL: 'warn' },
    log: () => undefined,
    serviceOutput: () => undefined,
  });
  say(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  const floor = await startFloorServer(String(stack.env['DATABASE_URL']), 20);
  const taskFloor = await startFloorServer(String(stack.env['DATABASE_URL']), 20, taskPage);
  const rowsFloor = await startFloorServer(String(stack.env['DATABASE_URL']), 20, inventoryRows);
  const taskRowsFloor = await startFloorServer(String(stack.env['DATABASE_URL']), 20, taskRows);
  try {
    const session = await signInThroughApi(stack.baseUrl, BENCH_USER, stack.outboxPath);
    const { token } = session;
    if (ONLY_ROSTER_IMPORT) {
      printRosterImport(await measureRosterImport(stack.baseUrl, token, ROSTER_ROWS), say);
      return;
    }
    if (ONLY_INVENTORY_IMPORT) {
      printInventoryImport(await measureInventoryImport(stack.baseUrl, token, INVENTORY_ROWS), say);
      return;
    }
    const worker = stack.services.find((service) => service.name === 'reports-worker')?.child.pid;
    if (!worker) throw new Error('The stack has no reports worker');
    if (ONLY_DASHBOARD) {
      // The day's first dashboard queues its cost of service: worked out before the timings.
      printDashboardCostOfService(await measureDashboardCostOfService(stack.baseUrl, token, worker), say);
      const technician = await signInThroughApi(stack.baseUrl, BENCH_TECHNICIAN, stack.outboxPath);
      printDashboard(await dashboardTimings(stack.baseUrl, token, technician.token), say);
      return;
    }
    if (ONLY_REPORTS) {
      printReports(await measureReports(stack.baseUrl, token, worker), say);
      return;
    }
    const some = !ONLY_FAN_OUT && !ONLY_TASKS && !ONLY_COMPLIANCE && !ONLY_LISTS;
    if (some) printPageWeight(await measurePageWeight(stack.baseUrl, session), say);
    if (ONLY_PAGE_WEIGHT) return;
    if (some || ONLY_LISTS)
      await listBenchmark(stack.baseUrl, { full: floor.url, rows: rowsFloor.url }, token);
    if (!ONLY_FAN_OUT && !ONLY_COMPLIANCE && TASKS > 0) {
      const technician = await signInThroughApi(stack.baseUrl, BENCH_TECHNICIAN, stack.outboxPath);
      await taskListBenchmark(
        stack.baseUrl,
        { full: taskFloor.url, rows: taskRowsFloor.url },
        token,
        technician,
      );
    }
    if (ONLY_TASKS || ONLY_LISTS) return;
    if (!ONLY_FAN_OUT && TASKS > 0) await complianceBenchmark(stack, token);
    if (ONLY_COMPLIANCE) return;
    say('\nLive fan-out: an inventory change reaching connected sockets (commit to receipt)');
    say('  sockets  changes  received   p50 ms   p99 ms   max ms');
    for (const count of FAN_OUT_SOCKETS) {
      const r = await measureFanOut(stack.baseUrl, token, count);
      say(
        `  ${String(r.sockets).padStart(7)}  ${String(r.changes).padStart(7)}  ${String(r.received).padStart(8)}  ${ms(r.p50)}  ${ms(r.p99)}  ${ms(r.max)}`,
      );
    }
    printRosterImport(await measureRosterImport(stack.baseUrl, token, ROSTER_ROWS), say);
    const technician = await signInThroughApi(stack.baseUrl, BENCH_TECHNICIAN, stack.outboxPath);
    printDashboardCostOfService(await measureDashboardCostOfService(stack.baseUrl, token, worker), say);
    printDashboard(await dashboardTimings(stack.baseUrl, token, technician.token), say);
    printReports(await measureReports(stack.baseUrl, token, worker), say);
    // Last: it adds its devices to the inventory the measurements above read.
    printInventoryImport(await measureInventoryImport(stack.baseUrl, token, INVENTORY_ROWS), say);
  } finally {
    await floor.stop();
    await taskFloor.stop();
    await rowsFloor.stop();
    await taskRowsFloor.stop();
    await stack.stop();
    await rm(root, { recursive: true, force: true });
  }
}

function dashboardTimings(baseUrl: string, engineer: string, technician: string) {
  return measureDashboard(
    baseUrl,
    [
      { who: 'Engineer', token: engineer },
      { who: 'Technician', token: technician },
    ],
    SECONDS,
  );
}

interface Comparison {
  name: string;
  /** Path and query on the gateway, and the same on both floors. */
  gateway: string;
  floor: string;
  token: string;
  /** What the gateway and the service's floor must agree on before the timing counts: the total and the first row. */
  agreement(body: unknown): string;
  /** The first row of an answer: the rows floor must start the page with it too. */
  first(body: unknown): string;
}

/** The floors a list is compared with: the service's SQL shape, and the page's rows alone. */
interface Floors {
  full: string;
  rows: string;
}

async function listBenchmark(baseUrl: string, floors: Floors, token: string): Promise<void> {
  const sameAnswer = (body: unknown) => {
    const list = body as EquipmentListResponse;
    return `${list.total} ${list.equipment[0]?._id}`;
  };
  for (const [name, query] of SCENARIOS)
    await compare(baseUrl, floors, {
      name: `${name}: ${query}`,
      gateway: `/api/equipment?${query}`,
      floor: `/?${query}`,
      token,
      agreement: sameAnswer,
      first: (body) => String((body as Pick<EquipmentListResponse, 'equipment'>).equipment[0]?._id),
    });
}

/** The task list: an Engineer's first page, a Technician's own list, and a search. */
async function taskListBenchmark(
  baseUrl: string,
  floors: Floors,
  engineerToken: string,
  technician: { token: string; user: { _id: string } },
): Promise<void> {
  const sameAnswer = (body: unknown) => {
    const list = body as TaskListResponse;
    return `${list.total}${list.more ? '+' : ''} ${list.tasks[0]?._id} ${JSON.stringify(list.counts)}`;
  };
  const first = (body: unknown) => String((body as Pick<TaskListResponse, 'tasks'>).tasks[0]?._id);
  const scenarios: Comparison[] = [
    {
      name: 'tasks, first page',
      gateway: '/api/tasks?page=1&limit=8',
      floor: '/?page=1&limit=8',
      token: engineerToken,
      agreement: sameAnswer,
      first,
    },
    {
      name: "tasks, a Technician's own list",
      gateway: '/api/tasks?page=1&limit=8',
      floor: `/?viewer=${technician.user._id}&page=1&limit=8`,
      token: technician.token,
      agreement: sameAnswer,
      first,
    },
    {
      name: 'tasks, search',
      gateway: '/api/tasks?q=battery&page=1&limit=8',
      floor: '/?q=battery&page=1&limit=8',
      token: engineerToken,
      agreement: sameAnswer,
      first,
    },
  ];
  for (const scenario of scenarios) await compare(baseUrl, floors, scenario);
}

/**
 * PM compliance over a year of occurrences: the first answer, then the steady state at 1 and 16
 * connections, with the CPU each process used per request at 16 (what bounds requests a second
 * on a machine whose cores every process shares).
 */
async function complianceBenchmark(stack: RunningStack, token: string): Promise<void> {
  const baseUrl = stack.baseUrl;
  const program = await makePmProgram(String(stack.env['DATABASE_URL']));
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const path = `/api/maintenance/compliance?from=${yearAgo}&to=${today}`;
  const started = process.hrtime.bigint();
  const answer = await fetch(`${baseUrl}${path}`, { headers });
  if (answer.status !== 200)
    throw new Error(`The first compliance answer was ${answer.status}: ${await answer.text()}`);
  const body = await answer.text();
  const firstMs = Number(process.hrtime.bigint() - started) / 1e6;
  const first = JSON.parse(body) as PmComplianceResponse;
  say(
    `\nPM compliance, a year  (${program.plans.toLocaleString('en')} plans, ${program.occurrences.toLocaleString('en')} occurrences; ${first.overall.due.toLocaleString('en')} due in the year, ${first.overdue.total.toLocaleString('en')} overdue)`,
  );
  say(
    `  first answer after start: ${firstMs.toFixed(0)} ms, ${Buffer.byteLength(body).toLocaleString('en')} bytes (load ${loadNow()})`,
  );
  say('  conns     req/s    p50 ms   p95 ms   p99 ms  errors   load');
  const pidOf = (name: string) => stack.services.find((service) => service.name === name)?.child.pid;
  const portOf = (url: unknown) => Number(new URL(String(url)).port);
  const groups: ProcessGroups = {
    'load generator': () => [process.pid],
    ...Object.fromEntries(
      ['gateway', 'maintenance', 'equipment'].map((name) => [name, () => [pidOf(name) ?? 0].filter(Boolean)]),
    ),
    ...backingServerProcesses(portOf(stack.env['DATABASE_URL']), portOf(stack.env['NATS_URL'])),
  };
  for (const connections of [1, 16]) {
    const load = loadNow();
    const before = cpuOf(groups);
    const r = await measure(`${baseUrl}${path}`, headers, connections, SECONDS);
    const used = cpuBetween(before, cpuOf(groups));
    say(
      `  ${String(connections).padStart(5)}   ${r.requestsPerSecond.toFixed(0).padStart(7)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.p99)}  ${String(r.errors).padStart(6)}  ${load}`,
    );
    if (connections === 16)
      say(
        `  CPU per request at 16 (ms): ${Object.entries(used)
          .map(([name, cpuMs]) => `${name} ${(cpuMs / Math.max(1, r.requests)).toFixed(2)}`)
          .join(', ')}`,
      );
  }
  // The lists are read a page at a time when someone opens one: the overdue list's first page.
  const listUrl = `${baseUrl}/api/maintenance/compliance/overdue`;
  const listPage = await fetch(listUrl, { headers });
  if (listPage.status === 404) {
    say('  the overdue list: not a route of its own in this version');
    return;
  }
  if (listPage.status !== 200)
    throw new Error(`The overdue list answered ${listPage.status}: ${await listPage.text()}`);
  const listBytes = Buffer.byteLength(await listPage.text());
  const load = loadNow();
  const list = await measure(listUrl, headers, 1, SECONDS);
  say(
    `  the overdue list's first page (25 a page, ${listBytes.toLocaleString('en')} bytes), 1 conn: ${list.requestsPerSecond.toFixed(0)} req/s, p50 ${list.p50.toFixed(1)} ms, errors ${list.errors} (load ${load.trim()})`,
  );
}

/**
 * One list query at 1, 16 and 64 connections: the service's floor ("floor": its SQL straight from
 * pg), the page's rows alone ("rows": one indexed query), then the gateway, with the gateway's
 * ratio to each floor (req/s: higher is better, at most about 1; p50: lower is better, at least 1).
 */
async function compare(baseUrl: string, floors: Floors, scenario: Comparison): Promise<void> {
  const gatewayHeaders = { authorization: `Bearer ${scenario.token}`, accept: 'application/json' };
  const viaGateway: unknown = await (
    await fetch(`${baseUrl}${scenario.gateway}`, { headers: gatewayHeaders })
  ).json();
  const viaFloor: unknown = await (await fetch(`${floors.full}${scenario.floor}`)).json();
  const viaRows: unknown = await (await fetch(`${floors.rows}${scenario.floor}`)).json();
  if (scenario.agreement(viaGateway) !== scenario.agreement(viaFloor))
    throw new Error(
      `${scenario.name}: the gateway and the floor disagree (${scenario.agreement(viaGateway)} vs ${scenario.agreement(viaFloor)})`,
    );
  if (scenario.first(viaGateway) !== scenario.first(viaRows))
    throw new Error(
      `${scenario.name}: the gateway and the rows floor start the page differently (${scenario.first(viaGateway)} vs ${scenario.first(viaRows)})`,
    );
  const { total, more } = viaGateway as { total: number; more?: boolean };
  say(`\n${scenario.name}  (${more ? 'more than ' : ''}${total.toLocaleString('en')} matching)`);
  say('  conns  target     req/s    p50 ms   p95 ms   p99 ms  errors   gateway ÷ floor      gateway ÷ rows');
  say('                                                                req/s     p50       req/s     p50');
  for (const connections of CONNECTIONS) {
    const gateway: LoadResult = await measure(
      `${baseUrl}${scenario.gateway}`,
      gatewayHeaders,
      connections,
      SECONDS,
    );
    const bare: LoadResult = await measure(`${floors.full}${scenario.floor}`, {}, connections, SECONDS);
    const rows: LoadResult = await measure(`${floors.rows}${scenario.floor}`, {}, connections, SECONDS);
    const row = (label: string, r: LoadResult, ratios: string) =>
      say(
        `  ${String(connections).padStart(5)}  ${label.padEnd(8)} ${r.requestsPerSecond.toFixed(0).padStart(7)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.p99)}  ${String(r.errors).padStart(6)}   ${ratios}`,
      );
    const ratio = (of: LoadResult) =>
      `${(gateway.requestsPerSecond / of.requestsPerSecond).toFixed(2).padStart(5)}  ${(gateway.p50 / of.p50).toFixed(2).padStart(6)}`;
    row('floor', bare, '');
    row('rows', rows, '');
    row('gateway', gateway, `${ratio(bare)}      ${ratio(rows)}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
