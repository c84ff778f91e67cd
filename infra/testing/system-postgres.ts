import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort, waitForPort } from '@caliber/local-stack';

/**
 * A throwaway PostgreSQL server from the machine's own Debian packages, of the same major version
 * as the machine's pg_dump. pg_dump refuses a server newer than itself, and the local stack's
 * embedded PostgreSQL (18) is newer than Debian 12's client tools (15): a test of the backup runs
 * against a server pg_dump can read, as production runs pg_dump from an image of its server's
 * major. The packages: `postgresql-client` (pg_dump, pg_restore, psql) and `postgresql` (the
 * server of the same major, under /usr/lib/postgresql/<major>/bin).
 */

export interface SystemPostgres {
  /** The superuser's URL of the `postgres` database. */
  adminUrl: string;
  /** The same server and user, another database. */
  urlOf(database: string): string;
  /** The major version of the server and of the machine's pg_dump. */
  major: number;
  stop(): Promise<void>;
}

/** The major version of the pg_dump on PATH (`pg_dump (PostgreSQL) 15.18 (Debian …)` → 15). */
export function pgDumpMajor(): number {
  const run = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0)
    throw new Error(
      'pg_dump is not installed: the backup test needs the PostgreSQL client tools (apt-get install postgresql-client).',
    );
  const major = Number(/\)\s*(\d+)/.exec(run.stdout)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`Cannot read pg_dump's version from: ${run.stdout.trim()}`);
  return major;
}

/** Where Debian keeps a major's server programs; PG_SERVER_BINDIR names another place. */
function serverBinDir(major: number): string {
  const dir = process.env['PG_SERVER_BINDIR'] ?? `/usr/lib/postgresql/${major}/bin`;
  if (!existsSync(join(dir, 'initdb')) || !existsSync(join(dir, 'postgres')))
    throw new Error(
      `No PostgreSQL ${major} server in ${dir}: the backup test needs a server of pg_dump's major ` +
        `(apt-get install postgresql-${major}, or set PG_SERVER_BINDIR).`,
    );
  return dir;
}

/**
 * PostgreSQL refuses to run as root. As root the server runs as the `postgres` system user (the
 * Debian package creates it), through setpriv, which execs the server in its place: the signals
 * we send reach the server itself.
 */
function asServerUser(): { prefix: string[]; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return {
      prefix: ['setpriv', '--reuid=postgres', '--regid=postgres', '--clear-groups', '--'],
      uid: id('-u'),
      gid: id('-g'),
    };
  } catch {
    throw new Error(
      'Running as root, PostgreSQL needs the `postgres` system user: install the postgresql package.',
    );
  }
}

/** The port opens before start-up ends ("the database system is starting up"): wait for a session. */
async function acceptsSessions(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export async function startSystemPostgres(
  log: (line: string) => void = () => undefined,
): Promise<SystemPostgres> {
  const major = pgDumpMajor();
  const bin = serverBinDir(major);
  const user = asServerUser();
  const root = mkdtempSync(join(tmpdir(), `caliber-pg${major}-`));
  // The server's user must be able to enter the folder (mkdtemp makes it 0700 for us).
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'socket');
  const password = randomBytes(18).toString('hex');
  const passwordFile = join(root, 'password');
  writeFileSync(passwordFile, password, { mode: 0o600 });
  for (const path of [root, passwordFile]) if (user) chownSync(path, user.uid, user.gid);
  const run = (program: string, args: string[]) => {
    const [command, ...rest] = [...(user?.prefix ?? []), join(bin, program), ...args];
    return { command: command as string, args: rest };
  };

  const initdb = run('initdb', [
    '--pgdata',
    dataDir,
    '--username',
    'caliber',
    '--pwfile',
    passwordFile,
    '--auth',
    'scram-sha-256',
    '--encoding',
    'UTF8',
    '--locale',
    'C',
  ]);
  const made = spawnSync(initdb.command, initdb.args, { encoding: 'utf8' });
  rmSync(passwordFile, { force: true });
  if (made.status !== 0) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb of PostgreSQL ${major} failed:\n${made.stderr}`);
  }
  mkdirSync(socketDir, { mode: 0o700 });
  if (user) chownSync(socketDir, user.uid, user.gid);

  const port = await freePort();
  const server = run('postgres', [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    socketDir,
    '-c',
    'listen_addresses=127.0.0.1',
    // A test's data: durability does not matter, speed does.
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
  ]);
  const child: ChildProcess = spawn(server.command, server.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[postgres ${major}] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // PostgreSQL's fast shutdown: open sessions are ended, the server stops at once.
      child.kill('SIGINT');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  };
  const urlOf = (database: string) => `postgres://caliber:${password}@127.0.0.1:${port}/${database}`;
  try {
    await waitForPort(port, `PostgreSQL ${major}`);
    await acceptsSessions(urlOf('postgres'));
  } catch (error) {
    await stop();
    throw error;
  }
  return { adminUrl: urlOf('postgres'), urlOf, major, stop };
}
