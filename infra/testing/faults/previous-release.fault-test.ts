import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  DOMAIN_SERVICES,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type ReportJobDto,
  type ReportJobListResponse,
  type TaskDto,
  type TaskListResponse,
  type UserListResponse,
} from '@caliber/contracts';
import { binary, startThrowawayStack, WORKSPACE_ROOT, type RunningStack } from '../../local/src';
import { git, previousReleaseCommit } from '../../releases/previous-release';
import { signInThroughApi } from '../outbox';
import { until } from '../wait';

/**
 * The previous release on this release's schema: what a rolling deploy runs while old pods
 * drain, and what a rollback runs until the next release. The commit named in
 * `infra/releases/previous.json` is extracted with `git archive`, its service bundles built with
 * its own build configuration, and a throwaway stack is started whose migrations (and demo seeds)
 * are this workspace's while every running process (the gateway, each domain service, the report
 * workers) is the previous release's bundle. Each domain is then used through the old gateway.
 * The last test breaks the schema as a contract step the old code still needs would, and checks
 * the same calls fail: a schema change that breaks the previous release cannot pass unnoticed.
 */

/** What building the services needs from the old tree; packages come from this workspace's node_modules. */
const BUILD_INPUTS = ['tsconfig.base.json', 'infra/build', 'libs', 'services'];
/** Every process the stack runs: the gateway and each domain service (the reports workers with it). */
const SERVICES = ['gateway', ...DOMAIN_SERVICES.map((service) => service.name)];
const ENGINEER = 'BME-1002';
const LOG = join(__dirname, '.results', 'previous-release-stack.log');

/** Every package a lockfile installs, with its resolved version, as one comparable string. */
function resolvedVersions(lockText: string): string {
  const lock = JSON.parse(lockText) as { packages?: Record<string, { version?: string }> };
  return Object.entries(lock.packages ?? {})
    .filter(([path]) => path.startsWith('node_modules/'))
    .map(([path, entry]) => `${path}@${entry.version ?? ''}`)
    .sort()
    .join('\n');
}

/** The previous release's source and bundles, in `.tmp/previous-release/<commit>` (made afresh each run). */
function buildPreviousRelease(commit: string): string {
  const tree = join(WORKSPACE_ROOT, '.tmp', 'previous-release', commit);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  const archive = `${tree}.tar`;
  git(['archive', '--format=tar', '-o', archive, commit, '--', ...BUILD_INPUTS]);
  const extracted = spawnSync('tar', ['-xf', archive, '-C', tree], { encoding: 'utf8' });
  rmSync(archive, { force: true });
  if (extracted.status !== 0) throw new Error(`Extracting ${commit}: ${extracted.stderr}`);
  // The bundles leave packages external, so the old code runs on the packages its lockfile names:
  // this workspace's when every resolved version is the same (a package moved between
  // dependencies and devDependencies changes nothing that runs), else its own install.
  const oldLock = git(['show', `${commit}:package-lock.json`]);
  if (
    resolvedVersions(oldLock) ===
    resolvedVersions(readFileSync(join(WORKSPACE_ROOT, 'package-lock.json'), 'utf8'))
  ) {
    symlinkSync(join(WORKSPACE_ROOT, 'node_modules'), join(tree, 'node_modules'));
  } else {
    writeFileSync(join(tree, 'package-lock.json'), oldLock);
    writeFileSync(join(tree, 'package.json'), git(['show', `${commit}:package.json`]));
    // `npm install` follows the lockfile (see infra/local/bootstrap.mjs for why not `npm ci`).
    const installed = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: tree,
      encoding: 'utf8',
    });
    if (installed.status !== 0)
      throw new Error(`Installing the previous release's packages failed:\n${installed.stderr}`);
  }
  // Each service's own `build` target is `rspack build -c rspack.config.mjs` in its folder; one
  // rspack process builds all of them from the same configurations, which is quicker. A service
  // this release adds has no previous bundle: it runs this workspace's, as a deploy would.
  const released = SERVICES.filter((name) => existsSync(join(tree, 'services', name, 'rspack.config.mjs')));
  const config = join(tree, 'previous-release.rspack.mjs');
  writeFileSync(
    config,
    `export default await Promise.all(${JSON.stringify(released)}.map(async (name) =>
  (await import(\`./services/\${name}/rspack.config.mjs\`)).default));\n`,
  );
  const built = spawnSync(binary('rspack'), ['build', '-c', config], { cwd: tree, encoding: 'utf8' });
  if (built.status !== 0)
    throw new Error(`Building the previous release's services failed:\n${built.stdout}\n${built.stderr}`);
  for (const name of SERVICES.filter((service) => !released.includes(service)))
    cpSync(join(WORKSPACE_ROOT, 'services', name, 'dist'), join(tree, 'services', name, 'dist'), {
      recursive: true,
    });
  for (const name of SERVICES)
    if (!existsSync(join(tree, 'services', name, 'dist', 'main.js')))
      throw new Error(`No services/${name}/dist/main.js in ${tree}`);
  return tree;
}

test.describe.configure({ mode: 'serial' });

test.describe('The previous release’s services on this release’s schema', () => {
  let commit: string;
  let tree: string;
  let root: string;
  let stack: RunningStack;
  let token: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    commit = previousReleaseCommit();
    tree = buildPreviousRelease(commit);
    root = await mkdtemp(join(tmpdir(), 'caliber-previous-release-'));
    await chmod(root, 0o755);
    mkdirSync(join(__dirname, '.results'), { recursive: true });
    writeFileSync(LOG, `The services of ${commit} on this workspace's schema\n`);
    stack = await startThrowawayStack({
      dataDir: join(root, 'data'),
      bundlesFrom: tree,
      demoSeedArgs: { equipment: ['--count', '20'] },
      env: { NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      log: (line) => appendFileSync(LOG, `${line}\n`),
      serviceOutput: (line) => appendFileSync(LOG, `${line}\n`),
    });
  });
  test.afterAll(async () => {
    test.setTimeout(60_000);
    await stack?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** A call to the old gateway as the signed-in Engineer; throws, naming the call and the answer, unless 2xx. */
  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)} (see ${LOG})`);
    return (text ? JSON.parse(text) : null) as T;
  }

  const newItem = (serialNumber: string) => ({
    name: 'Previous Release Pump',
    serialNumber,
    manufacturer: 'B. Braun',
    model: 'Infusomat Space',
    department: 'ICU',
    location: 'Bed 3',
    installationDate: '2023-05-01',
    status: 'Serviceable',
    category: 'Infusion Pump',
  });
  let device: EquipmentDto;

  test('runs every process from the previous release’s bundles, and the stack is healthy', async () => {
    const bundles = stack.services.map((service) => ({
      name: service.name,
      bundle: String(service.child.spawnargs.at(-1)),
    }));
    expect(bundles.map(({ name }) => name)).toEqual(expect.arrayContaining([...SERVICES, 'reports-worker']));
    for (const { name, bundle } of bundles) expect(bundle, name).toContain(join(tree, 'services'));
    expect((await fetch(`${stack.baseUrl}/api/health`)).status).toBe(200);
  });

  test('signs in with a one-time code (identity)', async () => {
    const session = await signInThroughApi(stack.baseUrl, ENGINEER, stack.outboxPath);
    token = session.token;
    expect(session.user.serviceNumber).toBe(ENGINEER);
    const me = await api<{ user: { serviceNumber: string; role: string } }>('GET', '/api/auth/me');
    expect(me.user).toMatchObject({ serviceNumber: ENGINEER, role: 'Engineer' });
  });

  test('lists staff (identity)', async () => {
    const roster = await api<UserListResponse>('GET', '/api/users?limit=50');
    expect(roster.total).toBeGreaterThanOrEqual(12);
    expect(roster.users.map((user) => user.serviceNumber)).toContain(ENGINEER);
  });

  test('lists, adds and reads equipment (equipment)', async () => {
    const list = await api<EquipmentListResponse>('GET', '/api/equipment?limit=100');
    expect(list.total).toBeGreaterThanOrEqual(20);
    expect(list.equipment.length).toBe(Math.min(list.total, 100));
    device = await api<EquipmentDto>('POST', '/api/equipment', newItem(`PREV-${Date.now()}`));
    expect(device).toMatchObject({ name: 'Previous Release Pump', location: 'Bed 3', status: 'Serviceable' });
    const read = await api<EquipmentDetail>('GET', `/api/equipment/${device._id}`);
    expect(read).toMatchObject({ serialNumber: device.serialNumber, department: 'ICU' });
  });

  test('reports a fault: the task is listed and the device is out of service (maintenance, its outbox, equipment)', async () => {
    const title = `Occlusion alarm ${Date.now()}`;
    const { task } = await api<{ task: TaskDto }>('POST', '/api/maintenance/report', {
      equipment: device._id,
      title,
      description: 'Occlusion alarm with the line open',
    });
    expect(task).toMatchObject({ title, taskType: 'Repair', equipment: { _id: device._id } });
    const tasks = await api<TaskListResponse>('GET', `/api/tasks?equipment=${device._id}`);
    expect(tasks.tasks.map((listed) => listed.title)).toContain(title);
    expect((await api<TaskDto>('GET', `/api/tasks/${task._id}`)).title).toBe(title);
    await until(
      async () =>
        (await api<EquipmentDetail>('GET', `/api/equipment/${device._id}`)).status === 'Unserviceable',
      { timeoutMs: 15_000, intervalMs: 200, what: 'the reported fault to take the device out of service' },
    );
  });

  test('generates a report and lists it (reports and its workers)', async () => {
    const day = (daysFromNow: number) =>
      new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch(`${stack.baseUrl}/api/reports/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        reports: ['equipmentStatus'],
        filters: { dateFrom: day(-30), dateTo: day(0) },
        options: { format: 'pdf', delivery: { downloadNow: true } },
      }),
      signal: AbortSignal.timeout(30_000),
    });
    // The file itself when ready within REPORT_WAIT_SECONDS, else 202 and the job to follow.
    expect([200, 202], await response.clone().text()).toContain(response.status);
    if (response.status === 200) {
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } else {
      const { jobId } = (await response.json()) as { jobId: string };
      await until(async () => (await api<ReportJobDto>('GET', `/api/reports/${jobId}`)).state === 'done', {
        timeoutMs: 60_000,
        intervalMs: 500,
        what: 'the report to be written',
      });
    }
    const jobs = await api<ReportJobListResponse>('GET', '/api/reports');
    expect(jobs.jobs[0]).toMatchObject({ reports: ['equipmentStatus'], format: 'pdf', state: 'done' });
  });

  test('would fail on a contract step the previous release still needs: a renamed column', async () => {
    // As a migration renaming equipment's "location" to "room" in one step would (no expand
    // release in between): the old equipment service still reads and writes "location".
    const rename = async (from: string, to: string) => {
      const client = new Client({ connectionString: String(stack.env['DATABASE_URL']) });
      await client.connect();
      try {
        await client.query(`ALTER TABLE "equipment"."equipment" RENAME COLUMN "${from}" TO "${to}"`);
      } finally {
        await client.end();
      }
    };
    await rename('location', 'room');
    try {
      await expect(api('GET', '/api/equipment?limit=5')).rejects.toThrow(/answered 5\d\d/);
      await expect(api('GET', `/api/equipment/${device._id}`)).rejects.toThrow(/answered 5\d\d/);
      await expect(api('POST', '/api/equipment', newItem(`PREV-BROKEN-${Date.now()}`))).rejects.toThrow(
        /answered 5\d\d/,
      );
    } finally {
      await rename('room', 'location');
    }
    // The schema put back, the same calls succeed: the failures were the rename's.
    expect((await api<EquipmentListResponse>('GET', '/api/equipment?limit=5')).total).toBeGreaterThan(20);
  });
});
