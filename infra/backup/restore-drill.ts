// The restore drill: proves a backup of backup.sh restores, on a server of your choosing, without
// touching anything there but a new database it creates and (unless --keep) drops again.
//
//   npx tsx infra/backup/restore-drill.ts <backup folder> <server URL> [--keep] [--database <name>]
//     [--files <folder> | --files-from-env] [--hash-every <n>]
//
// <server URL> is a postgresql:// URL of a role that may create databases (CREATEDB), e.g.
// postgresql://drill@scratch-db:5432/postgres; its password may come from PGPASSWORD instead. The
// client tools (pg_restore) must be of the backup's pg_dump major or newer. docs/running/backups.md says
// when and how to run it and what to keep of its output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createFileStore, DiskFileStore, verifyAuditChain, type FileStore } from '@caliber/service-kit';
import { Client } from 'pg';
import { checkDocumentFiles, describeProblems, liveDocumentCount } from './check-files';
import { backupManifestSchema, majorOf, type BackupManifest } from './manifest';

const USAGE =
  'Usage: npx tsx infra/backup/restore-drill.ts <backup folder> <server URL> [--keep] [--database <name>]\n' +
  '  Checks the archives against the manifest, restores them into a new database on the server,\n' +
  '  verifies every audit chain there, prints the rows per table, and drops the database again\n' +
  '  (--keep keeps it; --database names it, default caliber_drill_<date>_<time>).\n' +
  "  Every live document row must have its file (and thumbnail) in the files: the backup's files/\n" +
  '  folder, or --files <folder>, or --files-from-env (the store FILE_STORE, S3_* or FILES_DIR name,\n' +
  '  for an S3 bucket kept by its own versioning). Each file is hashed; --hash-every <n> hashes\n' +
  '  every n-th only (all are still checked present and of their size).\n';

/** A failure the drill reports in one line and exits 1 for. */
class DrillFailure extends Error {}

const say = (line = '') => process.stdout.write(`${line}\n`);
const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** A database name PostgreSQL takes unquoted and we can put in a URL: lower case, at most 63. */
const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function readManifest(folder: string): BackupManifest {
  const path = join(folder, 'manifest.json');
  if (!existsSync(path))
    throw new DrillFailure(`${path} is missing: this is not a complete backup (backup.sh writes it last).`);
  const parsed = backupManifestSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new DrillFailure(`${path} is not a backup manifest: ${parsed.error.message}`);
  return parsed.data;
}

function sha256Of(path: string): Promise<string> {
  return new Promise((done, failed) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', failed)
      .on('end', () => done(hash.digest('hex')));
  });
}

/** Every archive present, of the listed size and SHA-256: a file changed since the backup is refused. */
async function checkArchives(folder: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  for (const entry of manifest.schemas) {
    const path = join(folder, entry.file);
    if (!existsSync(path)) {
      problems.push(`${entry.file} is missing`);
      continue;
    }
    const bytes = statSync(path).size;
    const sum = await sha256Of(path);
    if (bytes !== entry.bytes)
      problems.push(`${entry.file} is ${bytes} bytes, the manifest says ${entry.bytes}`);
    if (sum !== entry.sha256)
      problems.push(`${entry.file}: SHA-256 ${sum} does not match the manifest's ${entry.sha256}`);
  }
  if (problems.length > 0)
    throw new DrillFailure(`The archives do not match the manifest:\n  ${problems.join('\n  ')}`);
  say(`  checksums: all ${manifest.schemas.length} archives match the manifest (size and SHA-256)`);
}

/** pg_restore reads archives of its own major and older: a newer pg_dump's archive it cannot. */
function checkRestoreTool(manifest: BackupManifest): void {
  const run = spawnSync('pg_restore', ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0)
    throw new DrillFailure('pg_restore is not installed (PostgreSQL client tools).');
  const ours = majorOf(run.stdout);
  const dumped = majorOf(manifest.pgDumpVersion);
  if (ours < dumped)
    throw new DrillFailure(
      `pg_restore ${ours} cannot read archives of pg_dump ${dumped}: run the drill with the client tools of major ${dumped} or newer.`,
    );
}

interface Target {
  /** The URL without its password, for pg_restore's command line. */
  url: string;
  /** The password, for pg_restore's environment (PGPASSWORD). */
  password: string;
  /** The whole URL, for our own connection. */
  withPassword: string;
}

/** Another database on the server of `serverUrl`, as the same role. */
function databaseUrl(serverUrl: string, database: string): Target {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const withPassword = url.toString();
  const password = decodeURIComponent(url.password) || (process.env['PGPASSWORD'] ?? '');
  url.password = '';
  return { url: url.toString(), password, withPassword };
}

function restoreSchema(target: Target, folder: string, file: string): void {
  // The password travels in the environment, not on a command line anyone on the machine can list.
  const run = spawnSync(
    'pg_restore',
    [
      `--dbname=${target.url}`,
      '--no-password',
      // The drill's server need not have the services' roles: the drill's role owns everything.
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      join(folder, file),
    ],
    { encoding: 'utf8', env: { ...process.env, PGPASSWORD: target.password } },
  );
  if (run.status !== 0) throw new DrillFailure(`pg_restore of ${file} failed:\n${run.stderr.trim()}`);
}

interface DrillOptions {
  folder: string;
  serverUrl: string;
  keep: boolean;
  database: string;
  /** A folder of files to check the documents against, instead of the backup's files/. */
  files?: string;
  /** Check against the store the environment names (an S3 bucket, FILE_STORE=s3). */
  filesFromEnv: boolean;
  hashEvery: number;
}

/** Where the documents' files are to be found for the check: null when this backup has none. */
function filesOf(options: DrillOptions, folder: string, manifest: BackupManifest): FileStore | null {
  if (options.files !== undefined) {
    if (!existsSync(options.files)) throw new DrillFailure(`--files: ${options.files} is not there.`);
    return new DiskFileStore(options.files);
  }
  if (options.filesFromEnv) return createFileStore(process.env, 'restore drill');
  if (manifest.files === undefined) return null;
  const path = join(folder, manifest.files.folder);
  if (!existsSync(path))
    throw new DrillFailure(`${path} is missing: the manifest lists ${manifest.files.count} files there.`);
  return new DiskFileStore(path);
}

/** Every live document's file there, of its size and SHA-256: a missing or altered one fails the drill. */
async function checkFiles(db: Client, files: FileStore | null, hashEvery: number): Promise<void> {
  say('\nDocuments and photos:');
  if (files === null) {
    const live = await liveDocumentCount(db);
    if (live > 0)
      throw new DrillFailure(
        `${live} live documents, but this backup holds no files: give --files <folder>, or --files-from-env for the S3 bucket.`,
      );
    say('  no live documents, and no files in this backup');
    return;
  }
  const verdict = await checkDocumentFiles(db, files, { hashEvery });
  if (verdict.problems.length > 0)
    throw new DrillFailure(
      `${verdict.problems.length} of ${verdict.documents} live documents have no intact file:\n  ${describeProblems(verdict.problems)}`,
    );
  say(
    `  ${verdict.documents} live documents: every file and thumbnail present (${files.kind} store), ` +
      `the file of the row's size; ${verdict.hashed} hashed, each of the row's SHA-256`,
  );
}

async function drill(options: DrillOptions): Promise<void> {
  const folder = resolve(options.folder);
  const manifest = readManifest(folder);
  say(`Restore drill of ${folder}`);
  say(
    `  backup: ${manifest.startedAt} to ${manifest.finishedAt}, schemas ${manifest.schemas.map((s) => s.schema).join(', ')}`,
  );
  say(`  taken with ${manifest.pgDumpVersion} from PostgreSQL ${manifest.serverVersion}`);
  if (manifest.files)
    say(`  files: ${manifest.files.count} (${manifest.files.bytes} bytes) in ${manifest.files.folder}/`);
  await checkArchives(folder, manifest);
  checkRestoreTool(manifest);
  const files = filesOf(options, folder, manifest);

  const admin = new Client({ connectionString: options.serverUrl });
  await admin.connect();
  let created = false;
  try {
    const [{ server_version: version }] = (await admin.query('SHOW server_version')).rows as [
      { server_version: string },
    ];
    if (majorOf(version) < majorOf(manifest.serverVersion))
      throw new DrillFailure(
        `The drill's server is PostgreSQL ${version}, older than the backup's ${manifest.serverVersion}: restore into the same major or newer.`,
      );
    // Never into a database that is there already: the drill proves a restore from nothing, and
    // must not overwrite or drop anything it did not make itself.
    const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (existing.rowCount !== 0)
      throw new DrillFailure(
        `A database named ${options.database} exists already; the drill does not touch it.`,
      );
    await admin.query(`CREATE DATABASE ${quote(options.database)}`);
    created = true;
    const target = databaseUrl(options.serverUrl, options.database);
    say(`  database: ${options.database} created on PostgreSQL ${version}`);

    const restored = new Client({ connectionString: target.withPassword });
    await restored.connect();
    try {
      for (const extension of manifest.extensions)
        await restored.query(
          `CREATE EXTENSION IF NOT EXISTS ${quote(extension.name)} SCHEMA ${quote(extension.schema)}`,
        );
      for (const entry of manifest.schemas) {
        const started = Date.now();
        restoreSchema(target, folder, entry.file);
        say(
          `  restored ${entry.schema} from ${entry.file} (${entry.bytes} bytes) in ${Date.now() - started} ms`,
        );
      }
      await report(restored, manifest);
      await checkFiles(restored, files, options.hashEvery);
    } finally {
      await restored.end();
    }
    say(
      `Restore drill PASSED: the backup of ${manifest.finishedAt} restores, its audit chains are intact and its documents' files are there.`,
    );
  } finally {
    if (created && !options.keep) {
      await admin.query(`DROP DATABASE ${quote(options.database)}`);
      say(`  database ${options.database} dropped (--keep keeps it)`);
    } else if (created) say(`  database ${options.database} kept`);
    await admin.end();
  }
}

/** Audit chains, rows per table and the newest audit row of the restored database. */
async function report(db: Client, manifest: BackupManifest): Promise<void> {
  const schemas = manifest.schemas.map((entry) => entry.schema);
  const runner = { query: async (sql: string, params?: unknown[]) => (await db.query(sql, params)).rows };
  const audited = (
    await db.query<{ schema: string }>(
      `SELECT table_schema AS schema FROM information_schema.tables
        WHERE table_name = 'audit_log' AND table_schema = ANY($1) ORDER BY array_position($1, table_schema::text)`,
      [schemas],
    )
  ).rows.map((row) => row.schema);

  say('\nAudit chains (the check of `npm run cli -- audit verify`, on the restored copy):');
  const broken: string[] = [];
  for (const schema of audited) {
    const verdict = await verifyAuditChain(runner, schema, 'start', { keepCheckpoint: false });
    const head = `rows ${verdict.rows}, head ${verdict.headSeq} ${verdict.headHash}`;
    if (verdict.intact) say(`  ${schema.padEnd(12)} ${head}  INTACT`);
    else {
      const at = verdict.firstBreak;
      broken.push(schema);
      say(`  ${schema.padEnd(12)} ${head}  BROKEN at seq ${at?.seq ?? '?'}: ${at?.reason ?? ''}`);
    }
  }

  say('\nRows per table:');
  const tables = (
    await db.query<{ schema: string; table: string }>(
      `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1)
        ORDER BY array_position($1, table_schema::text), table_name`,
      [schemas],
    )
  ).rows;
  for (const { schema, table } of tables) {
    const [{ rows }] = (await db.query(`SELECT count(*)::text AS rows FROM ${quote(schema)}.${quote(table)}`))
      .rows as [{ rows: string }];
    say(`  ${`${schema}.${table}`.padEnd(48)} ${rows.padStart(10)}`);
  }

  say('\nNewest audit row per service:');
  for (const schema of audited) {
    const [{ newest }] = (await db.query(`SELECT max("at") AS newest FROM ${quote(schema)}."audit_log"`))
      .rows as [{ newest: Date | null }];
    say(`  ${schema.padEnd(12)} ${newest ? newest.toISOString() : '(no rows)'}`);
  }
  if (audited.length < schemas.length)
    say(`  (no audit log in ${schemas.filter((schema) => !audited.includes(schema)).join(', ')})`);
  if (broken.length > 0)
    throw new DrillFailure(`The audit chain of ${broken.join(', ')} is broken in the restored copy.`);
}

function drillName(now = new Date()): string {
  const [date, time] = now.toISOString().split('T') as [string, string];
  return `caliber_drill_${date.replaceAll('-', '')}_${time.slice(0, 8).replaceAll(':', '')}`;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      keep: { type: 'boolean' },
      database: { type: 'string' },
      files: { type: 'string' },
      'files-from-env': { type: 'boolean' },
      'hash-every': { type: 'string' },
      help: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (values.help || positionals.length !== 2) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }
  const [folder, serverUrl] = positionals as [string, string];
  const database = values.database ?? drillName();
  if (!DATABASE_NAME.test(database)) {
    process.stderr.write(
      `--database: '${database}' is not a plain database name (a-z, 0-9, _; at most 63).\n`,
    );
    return 2;
  }
  const hashEvery = Number(values['hash-every'] ?? '1');
  if (!Number.isInteger(hashEvery) || hashEvery < 1) {
    process.stderr.write(`--hash-every: '${values['hash-every']}' is not a whole number of at least 1.\n`);
    return 2;
  }
  if (values.files !== undefined && values['files-from-env']) {
    process.stderr.write('--files and --files-from-env: give one of them.\n');
    return 2;
  }
  try {
    await drill({
      folder,
      serverUrl,
      keep: values.keep ?? false,
      database,
      files: values.files,
      filesFromEnv: values['files-from-env'] ?? false,
      hashEvery,
    });
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Restore drill FAILED: ${message}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
