// `BENCH_ONLY=profile npm run bench`: where a task-list request's CPU goes. The stack runs with the
// gateway and the maintenance service under `--cpu-prof`; the first page of the task list is
// loaded at 16 connections through the gateway and then from the floor (a bare Node server calling
// pg, in a process of its own). For each, the CPU every process used in the window, per request,
// read from /proc; then the gateway's and the service's time split by what does it, from their
// profiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startThrowawayStack, type RunningStack } from '../infra/local/src';
import { WORKSPACE_ROOT } from '../infra/local/src/environment';
import { signInThroughApi } from '../infra/testing/outbox';
import {
  backingServerProcesses,
  cpuBetween,
  cpuOf,
  msSinceStart,
  type ProcessGroups,
} from './cpu-accounting';
import { profileParts } from './cpu-profile-parts';
import { measure, type LoadResult } from './load';

const CONNECTIONS = 16;
const PATH = '/api/tasks?page=1&limit=8';
/** The loader of the seeds; the path does not depend on how many tasks there are. */
const DEVICES = 5000;
const TASKS = 20_000;
const PROFILED = ['gateway', 'maintenance'] as const;
const PROCESS_LABEL: Record<(typeof PROFILED)[number], string> = {
  gateway: 'gateway',
  maintenance: 'maintenance service',
};

export interface ProfileRun {
  load: LoadResult;
  /** CPU microseconds per request, by process group. */
  perRequestUs: Record<string, number>;
}

export interface PathProfile {
  gateway: ProfileRun;
  floor: ProfileRun;
  /** CPU microseconds per request through the gateway, by part, for each profiled process. */
  parts: Record<(typeof PROFILED)[number], [part: string, us: number][]>;
  seconds: number;
}

export async function measurePathProfile(seconds: number): Promise<PathProfile> {
  const root = await mkdtemp(join(tmpdir(), 'caliber-profile-'));
  await chmod(root, 0o755);
  const profiles = join(root, 'profiles');
  const stack: RunningStack = await startThrowawayStack({
    dataDir: join(root, 'data'),
    demoSeedArgs: { equipment: ['--count', String(DEVICES)], maintenance: ['--count', String(TASKS)] },
    env: { LOG_LEVEL: 'warn' },
    nodeFlags: Object.fromEntries(
      PROFILED.map((name) => [name, ['--cpu-prof', `--cpu-prof-dir=${join(profiles, name)}`]]),
    ),
    log: () => undefined,
    serviceOutput: () => undefined,
  });
  let running = true;
  let floor: { url: string; child: ChildProcess } | undefined;
  try {
    const { token } = await signInThroughApi(stack.baseUrl, 'BME-1002', stack.outboxPath);
    floor = await startFloorProcess(String(stack.env['DATABASE_URL']));
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const groups = (own: Record<string, number | undefined>): ProcessGroups => ({
      'load generator (this process)': () => [process.pid],
      ...Object.fromEntries(Object.entries(own).map(([name, pid]) => [name, () => (pid ? [pid] : [])])),
      ...backingServerProcesses(portOf(stack.env['DATABASE_URL']), portOf(stack.env['NATS_URL'])),
    });
    const pidOf = (name: string) => stack.services.find((service) => service.name === name)?.child.pid;
    const gatewayPid = pidOf('gateway');
    const servicePid = pidOf('maintenance');
    if (!gatewayPid || !servicePid) throw new Error('The stack has no gateway or maintenance service');

    await measure(`${stack.baseUrl}${PATH}`, headers, CONNECTIONS, 1, 1);
    const windowFrom = { gateway: msSinceStart(gatewayPid), maintenance: msSinceStart(servicePid) };
    const gateway = await run(
      `${stack.baseUrl}${PATH}`,
      headers,
      groups({ [PROCESS_LABEL.gateway]: gatewayPid, [PROCESS_LABEL.maintenance]: servicePid }),
      seconds,
    );
    const windowTo = { gateway: msSinceStart(gatewayPid), maintenance: msSinceStart(servicePid) };

    await measure(`${floor.url}/?page=1&limit=8`, {}, CONNECTIONS, 1, 1);
    const floorRun = await run(
      `${floor.url}/?page=1&limit=8`,
      {},
      groups({ 'floor server': floor.child.pid }),
      seconds,
    );
    await stopFloor(floor.child);
    floor = undefined;
    // The profiles are written as the processes exit.
    running = false;
    await stack.stop();
    const parts = Object.fromEntries(
      await Promise.all(
        PROFILED.map(async (name) => {
          const file = await onlyProfile(join(profiles, name));
          const used = profileParts(file, windowFrom[name], windowTo[name]);
          // The profiler samples on a wall clock: on a busy machine a thread waiting for a core
          // is counted in whatever it was doing. The parts are scaled to the CPU /proc measured.
          const sampled = [...used.values()].reduce((a, b) => a + b, 0);
          const measured = gateway.perRequestUs[PROCESS_LABEL[name]] ?? 0;
          const scale = sampled > 0 ? (measured * gateway.load.requests) / sampled : 0;
          const perRequest = [...used.entries()]
            .map(([part, us]): [string, number] => [part, (us * scale) / gateway.load.requests])
            .sort((a, b) => b[1] - a[1]);
          return [name, perRequest] as const;
        }),
      ),
    ) as PathProfile['parts'];
    return { gateway, floor: floorRun, parts, seconds };
  } finally {
    if (floor) await stopFloor(floor.child);
    if (running) await stack.stop();
    await rm(root, { recursive: true, force: true });
  }
}

/** The load for `seconds` (no warm-up: the caller warmed up), and each group's CPU in that time. */
async function run(
  url: string,
  headers: Record<string, string>,
  groups: ProcessGroups,
  seconds: number,
): Promise<ProfileRun> {
  const before = cpuOf(groups);
  const load = await measure(url, headers, CONNECTIONS, seconds, 0);
  const used = cpuBetween(before, cpuOf(groups));
  const perRequestUs = Object.fromEntries(
    Object.entries(used).map(([name, ms]) => [name, (ms * 1000) / Math.max(1, load.requests)]),
  );
  return { load, perRequestUs };
}

function portOf(url: unknown): number {
  return Number(new URL(String(url).split(',')[0] ?? '').port);
}

/**
 * The main thread's profile of the one process that wrote to `folder`. Node writes one per thread
 * (`CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile`, the main thread 0); a service's other
 * thread is its shutdown watchdog, which sleeps.
 */
async function onlyProfile(folder: string): Promise<string> {
  const files = (await readdir(folder)).filter((name) =>
    /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name),
  );
  if (files.length !== 1 || !files[0])
    throw new Error(`Expected one main-thread profile in ${folder}, found ${files.length}`);
  return join(folder, files[0]);
}

async function startFloorProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(WORKSPACE_ROOT, 'bench', 'floor-process.ts'), databaseUrl, 'tasks'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (!child.stdout) throw new Error('The floor process has no output');
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`The floor process exited (${code})`)));
  });
  return { url, child };
}

function stopFloor(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

export function printPathProfile(profile: PathProfile, say: (line: string) => void): void {
  const { gateway, floor } = profile;
  say(
    `\nWhere a task-list request's CPU goes (first page, ${CONNECTIONS} connections, ${profile.seconds} s each, ${TASKS.toLocaleString('en')} tasks)`,
  );
  say(
    `  through the gateway: ${gateway.load.requestsPerSecond.toFixed(0)} req/s, p50 ${gateway.load.p50.toFixed(1)} ms; the floor: ${floor.load.requestsPerSecond.toFixed(0)} req/s, p50 ${floor.load.p50.toFixed(1)} ms`,
  );
  say(
    '  (the gateway and the maintenance service run under the CPU profiler, which costs them a few per cent)',
  );
  say('  CPU µs per request         gateway path    floor');
  const names = [...new Set([...Object.keys(gateway.perRequestUs), ...Object.keys(floor.perRequestUs)])];
  const cell = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(0)).padStart(8);
  for (const name of names)
    say(`  ${name.padEnd(30)} ${cell(gateway.perRequestUs[name])}  ${cell(floor.perRequestUs[name])}`);
  const sum = (run: ProfileRun) => Object.values(run.perRequestUs).reduce((a, b) => a + b, 0);
  say(`  ${'total'.padEnd(30)} ${cell(sum(gateway))}  ${cell(sum(floor))}`);
  for (const [name, parts] of Object.entries(profile.parts)) {
    const total = parts.reduce((a, [, us]) => a + us, 0);
    say(
      `\n  ${name === 'gateway' ? 'The gateway' : 'The maintenance service'}: ${total.toFixed(0)} µs per request`,
    );
    for (const [part, us] of parts) if (us >= 5) say(`    ${us.toFixed(0).padStart(5)} µs  ${part}`);
  }
}
