import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DOMAIN_SERVICE_NAMES, type DomainServiceName } from '@caliber/contracts';
import { natsUserEnv, serviceEntry } from '@caliber/local-stack';
import { DiskFileStore, serviceDataSourceOptions, verifyAuditChain } from '@caliber/service-kit';
import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { reportsDatabase } from '../../services/reports/src/database';
import { ReportSchedulesRepository } from '../../services/reports/src/schedules/report-schedules.repository';
import { backupManifestSchema, type BackupManifest } from '../backup/manifest';
import { testNatsUsers } from './nats-users';
import { migrateEveryService } from './service-databases';
import { startEquipment, startIdentity, testEnv } from './stack';
import { testKeyEnv } from './statement-keys';
import { startSystemPostgres, type SystemPostgres } from './system-postgres';

/**
 * The backup, as a deployment runs it, and the restore drill, against real data: a PostgreSQL
 * server of the machine's pg_dump major (pg_dump cannot read a newer server, and the integration
 * run's embedded PostgreSQL 18 is newer than Debian 12's client tools), all the service schemas
 * migrated and filled by the services' own demo seeds; backup.sh as a read-only role, its report
 * on the run's Redis; then the drill restores it into a new database, where every row of every
 * table must equal the source's and the audit chains must verify.
 */

const root = join(__dirname, '..', '..');
const BACKUP_SCRIPT = join(root, 'infra', 'backup', 'backup.sh');
const REPORTER = join(root, 'infra', 'backup', 'report-backup.mjs');
const DRILL = join(root, 'infra', 'backup', 'restore-drill.ts');
const KEY_PREFIX = `caliber-backup-test-${process.pid}`;
const BACKUP_KEY = `${KEY_PREFIX}:backup:last-success-at`;
const BACKUP_ROLE_PASSWORD = 'backup-role-password';

let pg: SystemPostgres;
let sourceUrl: string;
let backupRoleUrl: string;
let work: string;
let redis: Redis;
let filesDir: string;

/** A document of the spec's own, its file put in the disk store as the upload path would. */
interface SpecDocument {
  schema: 'equipment' | 'maintenance';
  id: string;
  storageKey: string;
  thumbnailKey: string | null;
  bytes: number;
  sha256: string;
  removed: boolean;
}
const documents: SpecDocument[] = [];

/**
 * Documents with files: two live equipment documents (a photo with its thumbnail, a manual), a
 * live maintenance one, and a removed one whose file was deleted after its row was marked (the
 * drill must not ask for it). Plus an upload waiting in incoming/, which no backup takes.
 */
async function addDocuments(): Promise<void> {
  filesDir = join(work, 'files');
  const store = new DiskFileStore(filesDir);
  const specs: { schema: SpecDocument['schema']; thumbnail: boolean; removed: boolean; size: number }[] = [
    { schema: 'equipment', thumbnail: true, removed: false, size: 40_000 },
    { schema: 'equipment', thumbnail: false, removed: false, size: 300_000 },
    { schema: 'maintenance', thumbnail: false, removed: false, size: 5_000 },
    { schema: 'equipment', thumbnail: false, removed: true, size: 1_000 },
  ];
  await withDatabase(sourceUrl, async (db) => {
    for (const [index, spec] of specs.entries()) {
      const id = randomUUID();
      const storageKey = `${spec.schema}/documents/${id}`;
      const body = Buffer.alloc(spec.size, index + 1);
      body.write(`document ${id}`);
      const stored = await store.put(storageKey, Readable.from([body]), { maxBytes: spec.size });
      const thumbnailKey = spec.thumbnail ? `${storageKey}.thumb` : null;
      if (thumbnailKey)
        await store.put(thumbnailKey, Readable.from([Buffer.from('thumbnail')]), { maxBytes: 100 });
      await db.query(
        `INSERT INTO "${spec.schema}"."documents" ("id", "target", "target_id", "purpose", "file_name",
           "media_type", "bytes", "sha256", "storage_key", "thumbnail_key", "added_by_label",
           "added_by_name", "removed_at", "removed_by_label")
         VALUES ($1, 'equipment', $2, 'report', $3, 'application/pdf', $4, $5, $6, $7, 'BK-0001',
           'Backup Test', $8, $9)`,
        [
          id,
          randomUUID(),
          `report-${index}.pdf`,
          stored.bytes,
          stored.sha256,
          storageKey,
          thumbnailKey,
          spec.removed ? new Date() : null,
          spec.removed ? 'BK-0001' : null,
        ],
      );
      if (spec.removed) await store.delete(storageKey);
      documents.push({ schema: spec.schema, id, storageKey, thumbnailKey, ...stored, removed: spec.removed });
    }
  });
  await store.put(`incoming/${randomUUID()}`, Readable.from([Buffer.from('waiting')]), { maxBytes: 100 });
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** An environment without the run's own database settings, so each run says which it uses. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('PG') && name !== 'DATABASE_URL',
  );
  return { ...Object.fromEntries(kept), ...extra };
}

function backup(env: Record<string, string>): Run {
  const run = spawnSync('bash', [BACKUP_SCRIPT], {
    env: cleanEnv({ REDIS_URL: process.env['REDIS_URL'] ?? '', REDIS_KEY_PREFIX: KEY_PREFIX, ...env }),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function drill(args: string[]): Run {
  const run = spawnSync(process.execPath, ['--import', 'tsx', DRILL, ...args], {
    cwd: root,
    env: cleanEnv({}),
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A service's built command line (`services/<name>/dist/cli.js`), as an operator runs it. */
function runCli(name: DomainServiceName, args: string[]): Promise<Run> {
  const cli = join(root, serviceEntry(name, 'cli'));
  if (!existsSync(cli)) throw new Error(`${cli} is missing: build first (npx nx run-many -t build)`);
  const env = testEnv({
    DATABASE_URL: sourceUrl,
    REPORT_MAIL_DOMAINS: 'hospital.example',
    ...natsUserEnv(testNatsUsers(), name),
    ...testKeyEnv(name),
  });
  // Not spawnSync: the seeds of maintenance and reports ask identity and equipment, which run in
  // this process and must go on answering meanwhile.
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

async function seed(name: DomainServiceName): Promise<void> {
  const run = await runCli(name, ['seed:demo']);
  if (run.status !== 0)
    throw new Error(`${name} seed:demo failed (${run.status}):\n${run.stderr}${run.stdout}`);
}

async function withDatabase<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Every row of every table of the service schemas, as a count and an MD5 of the ordered rows. */
function tableDigests(url: string): Promise<Record<string, string>> {
  return withDatabase(url, async (db) => {
    const tables = (
      await db.query<{ schema: string; table: string }>(
        `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1) ORDER BY 1, 2`,
        [DOMAIN_SERVICE_NAMES],
      )
    ).rows;
    const digests: Record<string, string> = {};
    for (const { schema, table } of tables) {
      const [row] = (
        await db.query<{ rows: string; digest: string }>(
          `SELECT count(*)::text AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest
             FROM "${schema}"."${table}" t`,
        )
      ).rows;
      digests[`${schema}.${table}`] = `${row?.rows ?? '?'} rows, ${row?.digest ?? '?'}`;
    }
    // The sequences too: a restore that reset them would hand out used ids again.
    const sequences = await db.query<{ name: string; last: string | null }>(
      `SELECT schemaname || '.' || sequencename AS name, last_value::text AS last FROM pg_sequences
        WHERE schemaname = ANY($1) ORDER BY 1`,
      [DOMAIN_SERVICE_NAMES],
    );
    for (const { name, last } of sequences.rows) digests[`sequence ${name}`] = String(last);
    return digests;
  });
}

function auditHeads(url: string): Promise<string[]> {
  return withDatabase(url, async (db) => {
    const runner = { query: async (sql: string, params?: unknown[]) => (await db.query(sql, params)).rows };
    const heads: string[] = [];
    for (const name of DOMAIN_SERVICE_NAMES) {
      const verdict = await verifyAuditChain(runner, name, 'start', { keepCheckpoint: false });
      heads.push(`${name} rows ${verdict.rows}, head ${verdict.headSeq} ${verdict.headHash}  INTACT`);
    }
    return heads;
  });
}

const databaseExists = (name: string) =>
  withDatabase(pg.adminUrl, async (db) => {
    const found = await db.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return found.rowCount === 1;
  });

const backupFolders = (backupRoot: string) =>
  readdirSync(backupRoot).filter((name) => /^\d{8}T\d{6}Z$/.test(name));

beforeAll(async () => {
  pg = await startSystemPostgres();
  work = mkdtempSync(join(tmpdir(), 'caliber-backup-test-'));
  redis = new Redis(process.env['REDIS_URL'] ?? '', { maxRetriesPerRequest: 2 });
  await withDatabase(pg.adminUrl, async (db) => {
    await db.query('CREATE DATABASE caliber_source');
    // The backup's role as docs/running/backups.md creates it: it reads everything and may change nothing.
    await db.query(`CREATE ROLE caliber_backup LOGIN PASSWORD '${BACKUP_ROLE_PASSWORD}'`);
    await db.query('GRANT pg_read_all_data TO caliber_backup');
  });
  sourceUrl = pg.urlOf('caliber_source');
  backupRoleUrl = sourceUrl.replace(/\/\/caliber:[^@]+@/, `//caliber_backup:${BACKUP_ROLE_PASSWORD}@`);
  await migrateEveryService(sourceUrl);
  // The data: each service's own demo seed, as `npm start` loads it. Maintenance's and reports'
  // ask identity and equipment over the bus, so those two serve this database meanwhile.
  await seed('identity');
  await seed('equipment');
  const serving: INestApplication[] = [];
  try {
    serving.push(await startIdentity({ DATABASE_URL: sourceUrl }));
    serving.push(await startEquipment({ DATABASE_URL: sourceUrl }));
    await seed('maintenance');
    await seed('reports');
    // The demo roster is loaded in bulk; a person added and deactivated from the command line
    // gives identity's audit log rows of its own, with old and new values.
    for (const args of [
      ['staff:add', '--service-number', 'BK-0001', '--name', 'Backup Test', '--phone', '+15550100777'],
      ['staff:deactivate', '--service-number', 'BK-0001'],
    ]) {
      const run = await runCli('identity', args);
      if (run.status !== 0) throw new Error(`identity ${args[0]} failed:\n${run.stderr}${run.stdout}`);
    }
  } finally {
    for (const app of serving.reverse()) await app.close();
  }
  // The demo report schedule is written without an audit row; the reports service's own ending of
  // a schedule whose owner may no longer receive reports writes one.
  const reports = await new DataSource({
    ...serviceDataSourceOptions(reportsDatabase(sourceUrl)),
    logging: false,
  }).initialize();
  try {
    const [schedule] = (await reports.query(`SELECT "id" FROM "reports"."report_schedules" LIMIT 1`)) as {
      id: string;
    }[];
    if (!schedule) throw new Error('The reports demo seed added no schedule.');
    await new ReportSchedulesRepository(reports).endForOwner(schedule.id, 'The owner left the department.');
  } finally {
    await reports.destroy();
  }
  await addDocuments();
}, 300_000);

afterAll(async () => {
  await redis?.del(BACKUP_KEY, `${KEY_PREFIX}-reporter:backup:last-success-at`);
  redis?.disconnect();
  await pg?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('backups that are restored (PostgreSQL of the machine’s pg_dump major)', () => {
  let backupRoot: string;
  let folder: string;
  let manifest: BackupManifest;

  it('has inventory, tasks and audit rows in the service schemas to back up', async () => {
    const counts = await withDatabase(sourceUrl, async (db) => {
      const count = async (table: string) =>
        Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]?.n);
      return {
        equipment: await count('equipment.equipment'),
        tasks: await count('maintenance.tasks'),
        // One after another: a pg client runs one query at a time.
        audit: Object.fromEntries(
          await DOMAIN_SERVICE_NAMES.reduce<Promise<[string, number][]>>(
            async (done, name) => [...(await done), [name, await count(`"${name}".audit_log`)]],
            Promise.resolve([]),
          ),
        ),
      };
    });
    expect(counts.equipment).toBeGreaterThan(10);
    expect(counts.tasks).toBeGreaterThan(5);
    for (const name of DOMAIN_SERVICE_NAMES)
      expect({ [name]: counts.audit[name] }).toEqual({ [name]: expect.any(Number) as number });
    // The notifying service audits no change of the demo data (what it writes, notifications and
    // their deliveries, is its own record); every other schema has audited rows to carry over.
    expect(
      Object.entries(counts.audit).filter(([name, rows]) => name !== 'notifications' && !(Number(rows) > 0)),
    ).toEqual([]);
  });

  it('backs up every schema as the read-only role, checks the archives, prunes old backups, reports the finish time', async () => {
    backupRoot = join(work, 'backups');
    // An expired backup, and a folder that is no backup (never touched).
    mkdirSync(join(backupRoot, '20000101T000000Z'), { recursive: true });
    mkdirSync(join(backupRoot, 'notes'));
    await redis.del(BACKUP_KEY);

    const run = backup({
      DATABASE_URL: backupRoleUrl,
      BACKUP_ROOT: backupRoot,
      RETENTION_DAYS: '30',
      FILES_DIR: filesDir,
    });
    expect(run.stderr).not.toContain('FAILED');
    expect(run.status).toBe(0);

    const folders = backupFolders(backupRoot);
    expect(folders).toHaveLength(1);
    folder = join(backupRoot, folders[0] ?? '');
    expect(run.stdout.trim()).toBe(folder);
    expect(readFileSync(join(backupRoot, 'LATEST'), 'utf8').trim()).toBe(folders[0]);
    expect(existsSync(join(backupRoot, 'notes'))).toBe(true);
    manifest = backupManifestSchema.parse(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')));
    expect(manifest.schemas.map((entry) => entry.schema)).toEqual([...DOMAIN_SERVICE_NAMES]);
    expect(readdirSync(folder).sort()).toEqual(
      ['files', 'manifest.json', ...DOMAIN_SERVICE_NAMES.map((name) => `${name}.dump`)].sort(),
    );
    // The live documents' files and the thumbnail; not the removed one's (deleted), nor the
    // upload waiting in incoming/, nor a write in progress.
    const live = documents.filter((document) => !document.removed);
    expect(manifest.files).toEqual({
      store: 'disk',
      folder: 'files',
      count: live.length + 1,
      bytes: live.reduce((total, document) => total + document.bytes, 0) + 'thumbnail'.length,
    });
    expect(readdirSync(join(folder, 'files')).sort()).toEqual(['equipment', 'maintenance']);
    for (const document of live)
      expect(readFileSync(join(folder, 'files', document.storageKey))).toEqual(
        readFileSync(join(filesDir, document.storageKey)),
      );
    expect(run.stderr).toContain(`copied ${live.length + 1} files`);
    expect(manifest.pgDumpVersion).toContain(`) ${pg.major}.`);
    expect(manifest.serverVersion.startsWith(`${pg.major}.`)).toBe(true);
    expect(manifest.extensions).toContainEqual({ name: 'pg_trgm', schema: 'public' });
    expect(Date.parse(manifest.finishedAt)).toBeGreaterThanOrEqual(Date.parse(manifest.startedAt));
    // The dashboard's Backup line now shows this backup's finish time.
    expect(await redis.get(BACKUP_KEY)).toBe(manifest.finishedAt);
  }, 120_000);

  it('a failed backup (a wrong password) writes no backup, prunes nothing and leaves the Backup line as it was', async () => {
    const before = await redis.get(BACKUP_KEY);
    expect(before).toBe(manifest.finishedAt);
    mkdirSync(join(backupRoot, '20000102T000000Z'));
    const wrong = backupRoleUrl.replace(BACKUP_ROLE_PASSWORD, 'not-the-password');
    // A second later, a successful run would have had a new folder name and time.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const run = backup({ DATABASE_URL: wrong, BACKUP_ROOT: backupRoot });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('FAILED: cannot connect to PostgreSQL');
    expect(run.stderr).toContain('password authentication failed');
    expect(await redis.get(BACKUP_KEY)).toBe(before);
    expect(backupFolders(backupRoot).sort()).toEqual(['20000102T000000Z', folder.split('/').pop()].sort());
    expect(readdirSync(backupRoot).filter((name) => name.startsWith('.partial'))).toEqual([]);
    expect(readFileSync(join(backupRoot, 'LATEST'), 'utf8').trim()).toBe(folder.split('/').pop());
    rmSync(join(backupRoot, '20000102T000000Z'), { recursive: true });
  }, 60_000);

  it('refuses a server newer than its pg_dump, saying which client tools to use, and reports nothing', async () => {
    // The integration run's own PostgreSQL is the embedded 18.
    const newer = process.env['DATABASE_URL'] ?? '';
    const serverMajor = await withDatabase(newer, async (db) =>
      Number(
        (
          await db.query<{ server_version_num: string }>('SHOW server_version_num')
        ).rows[0]?.server_version_num.slice(0, -4),
      ),
    );
    if (serverMajor <= pg.major)
      throw new Error(`The run's PostgreSQL (${serverMajor}) is not newer than pg_dump`);
    const run = backup({ DATABASE_URL: newer, BACKUP_ROOT: join(work, 'newer') });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `pg_dump ${pg.major} cannot dump a PostgreSQL ${serverMajor} server: run this with the client tools of major ${serverMajor}`,
    );
    expect(backupFolders(join(work, 'newer'))).toEqual([]);
    expect(await redis.get(BACKUP_KEY)).toBe(manifest.finishedAt);
  }, 60_000);

  it('the CronJob’s reporter sets the Backup line from a complete backup only', async () => {
    const reporterKey = `${KEY_PREFIX}-reporter:backup:last-success-at`;
    const report = (backupRootOf: string) =>
      spawnSync(process.execPath, [REPORTER], {
        cwd: root,
        env: cleanEnv({
          BACKUP_ROOT: backupRootOf,
          REDIS_URL: process.env['REDIS_URL'] ?? '',
          REDIS_KEY_PREFIX: `${KEY_PREFIX}-reporter`,
        }),
        encoding: 'utf8',
      });
    await redis.del(reporterKey);
    // A copy with one archive cut short: not a whole backup, nothing reported.
    const damaged = join(work, 'damaged');
    cpSync(backupRoot, damaged, { recursive: true });
    const name = folder.split('/').pop() ?? '';
    const archive = join(damaged, name, 'equipment.dump');
    writeFileSync(archive, readFileSync(archive).subarray(0, 100));
    const refused = report(damaged);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('equipment.dump is 100 bytes');
    expect(await redis.get(reporterKey)).toBeNull();

    // A copy whose documents' files are gone: not a whole backup either.
    const filesless = join(work, 'filesless-report');
    cpSync(backupRoot, filesless, { recursive: true });
    rmSync(join(filesless, name, 'files'), { recursive: true });
    const noFiles = report(filesless);
    expect(noFiles.status).toBe(1);
    expect(noFiles.stderr).toContain(`${name}: the manifest lists 4 files in files/, which is missing`);
    expect(await redis.get(reporterKey)).toBeNull();

    const reported = report(backupRoot);
    expect(reported.stderr).toBe('');
    expect(reported.status).toBe(0);
    expect(await redis.get(reporterKey)).toBe(manifest.finishedAt);
  }, 60_000);

  it('the restore drill restores every row of every table and intact audit chains into a new database', async () => {
    const database = `caliber_drill_test_${process.pid}`;
    const run = drill([folder, pg.adminUrl, '--keep', '--database', database]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    try {
      const restoredUrl = pg.urlOf(database);
      const [source, restored] = [await tableDigests(sourceUrl), await tableDigests(restoredUrl)];
      // The inventory, the tasks and the audit logs of the demo's audited changes among them, none
      // empty (the notifying service audits no change of the demo data).
      for (const table of [
        'equipment.equipment',
        'maintenance.tasks',
        ...DOMAIN_SERVICE_NAMES.filter((n) => n !== 'notifications').map((n) => `${n}.audit_log`),
      ])
        expect(source[table]).toMatch(/^[1-9]\d* rows/);
      expect(Object.keys(source).length).toBeGreaterThan(20);
      expect(restored).toEqual(source);

      // The drill's verdicts: the same chains, heads and hashes as the source's.
      const heads = await auditHeads(sourceUrl);
      const printed = run.stdout
        .split('\n')
        .filter((line) => line.trim().endsWith('INTACT'))
        .map((line) => line.trim().replace(/ +/, ' '));
      expect(printed).toEqual(heads);
      expect(run.stdout).toContain('equipment.equipment');
      expect(run.stdout).toMatch(/Newest audit row per service:\n {2}identity +\d{4}-\d\d-\d\dT/);
      expect(run.stdout).toContain(
        `3 live documents: every file and thumbnail present (disk store), the file of the row's size; 3 hashed, each of the row's SHA-256`,
      );
      expect(run.stdout).toContain('Restore drill PASSED');
      expect(run.stdout).toContain(`database ${database} kept`);
    } finally {
      await withDatabase(pg.adminUrl, (db) => db.query(`DROP DATABASE IF EXISTS "${database}"`));
    }
  }, 240_000);

  it('drops the drill’s database at the end, and refuses to restore into a database that exists', async () => {
    const database = `caliber_drill_drop_${process.pid}`;
    const run = drill([folder, pg.adminUrl, '--database', database]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`database ${database} dropped`);
    expect(await databaseExists(database)).toBe(false);

    const before = await tableDigests(sourceUrl);
    const refused = drill([folder, pg.adminUrl, '--database', 'caliber_source']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'A database named caliber_source exists already; the drill does not touch it.',
    );
    expect(await tableDigests(sourceUrl)).toEqual(before);
  }, 240_000);

  it('refuses a backup whose archive was altered (SHA-256), before creating any database', async () => {
    const altered = join(work, 'altered');
    cpSync(folder, altered, { recursive: true });
    const archive = join(altered, 'maintenance.dump');
    const bytes = readFileSync(archive);
    // One byte changed, the size the same: only the checksum can tell.
    bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 0xff;
    writeFileSync(archive, bytes);
    const database = `caliber_drill_altered_${process.pid}`;
    const run = drill([altered, pg.adminUrl, '--database', database]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /Restore drill FAILED: The archives do not match the manifest:\n {2}maintenance\.dump: SHA-256 [0-9a-f]{64} does not match/,
    );
    expect(run.stderr).not.toContain('identity.dump');
    expect(await databaseExists(database)).toBe(false);
  }, 60_000);

  /** A copy of the backup with one of its files changed by `spoil`, and the drill's run on it. */
  function drillSpoiled(name: string, spoil: (files: string) => void): Run {
    const spoiled = join(work, name);
    cpSync(folder, spoiled, { recursive: true });
    spoil(join(spoiled, 'files'));
    return drill([spoiled, pg.adminUrl, '--database', `caliber_drill_${name}_${process.pid}`]);
  }

  it('fails the drill, naming the document, when a live document’s file is missing from the backup', async () => {
    const [photo] = documents.filter((document) => document.thumbnailKey !== null);
    if (!photo?.thumbnailKey) throw new Error('The spec added no photo with a thumbnail.');
    const missing = drillSpoiled('missing', (files) => rmSync(join(files, photo.storageKey)));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(
      `Restore drill FAILED: 1 of 3 live documents have no intact file:\n  equipment document ${photo.id}: its file ${photo.storageKey} is missing`,
    );
    expect(missing.stdout).not.toContain('PASSED');

    const thumbnail = drillSpoiled('thumbless', (files) => rmSync(join(files, photo.thumbnailKey ?? '')));
    expect(thumbnail.status).toBe(1);
    expect(thumbnail.stderr).toContain(
      `equipment document ${photo.id}: its thumbnail ${photo.thumbnailKey} is missing`,
    );
  }, 240_000);

  it('fails the drill when a file was altered (the same size, another SHA-256), and hashes a sample when asked', async () => {
    const [report] = documents.filter((document) => document.schema === 'maintenance');
    if (!report) throw new Error('The spec added no maintenance document.');
    const alter = (files: string) => {
      const path = join(files, report.storageKey);
      const bytes = readFileSync(path);
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
      writeFileSync(path, bytes);
    };
    const altered = drillSpoiled('altered_file', alter);
    expect(altered.status).toBe(1);
    expect(altered.stderr).toMatch(
      new RegExp(
        `maintenance document ${report.id}: its file ${report.storageKey} has SHA-256 [0-9a-f]{64}, the row says ${report.sha256}`,
      ),
    );

    // Every third file hashed (all still checked present and of their size): the altered one,
    // third in the order of schema and id, is not among them, and the drill says so.
    const sampled = drill([
      join(work, 'altered_file'),
      pg.adminUrl,
      '--hash-every',
      '3',
      '--database',
      `caliber_drill_sampled_${process.pid}`,
    ]);
    expect(sampled.stdout).toContain(
      `3 live documents: every file and thumbnail present (disk store), the file of the row's size; 1 hashed, each of the row's SHA-256`,
    );
    expect(sampled.status).toBe(0);

    // Cut short: the size alone tells, whether or not the file is hashed.
    const cut = drillSpoiled('cut_file', (files) =>
      writeFileSync(
        join(files, report.storageKey),
        readFileSync(join(files, report.storageKey)).subarray(0, 10),
      ),
    );
    expect(cut.status).toBe(1);
    expect(cut.stderr).toContain(
      `maintenance document ${report.id}: its file ${report.storageKey} is 10 bytes, the row says ${report.bytes}`,
    );
  }, 240_000);

  it('refuses to pass a backup with live documents but no files', async () => {
    const filesless = join(work, 'filesless');
    cpSync(folder, filesless, { recursive: true });
    rmSync(join(filesless, 'files'), { recursive: true });
    const manifestPath = join(filesless, 'manifest.json');
    const withoutFiles: Partial<BackupManifest> = backupManifestSchema.parse(
      JSON.parse(readFileSync(manifestPath, 'utf8')),
    );
    delete withoutFiles.files;
    writeFileSync(manifestPath, JSON.stringify(withoutFiles));
    const run = drill([filesless, pg.adminUrl, '--database', `caliber_drill_filesless_${process.pid}`]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'Restore drill FAILED: 3 live documents, but this backup holds no files: give --files <folder>, or --files-from-env for the S3 bucket.',
    );

    // The same backup, checked against the live store (as for a bucket kept by its versioning).
    const against = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        DRILL,
        filesless,
        pg.adminUrl,
        '--files-from-env',
        '--database',
        `caliber_drill_env_${process.pid}`,
      ],
      {
        cwd: root,
        env: cleanEnv({ FILE_STORE: 'disk', FILES_DIR: filesDir }),
        encoding: 'utf8',
        timeout: 180_000,
      },
    );
    expect(against.stderr).toBe('');
    expect(against.stdout).toContain('3 live documents: every file and thumbnail present (disk store)');
    expect(against.status).toBe(0);
  }, 240_000);
});
