import { join } from 'node:path';
import { startBackingServers, type BackingServerPorts } from './backing-servers';
import { localSecrets, WORKSPACE_ROOT } from './environment';
import { freePort } from './ports';
import { runStep, startService, type ManagedProcess } from './processes';

export interface StackOptions {
  dataDir: string;
  httpPort: number;
  identityHealthPort: number;
  equipmentHealthPort: number;
  backingPorts?: BackingServerPorts;
  /** Throw the database away on stop (browser tests); `npm start` keeps it. */
  ephemeral?: boolean;
  /** How many demo equipment items to load into an empty inventory (default 60). */
  demoEquipment?: number;
  /** Extra environment for the services (e.g. a shorter rate-limit window in tests). */
  env?: NodeJS.ProcessEnv;
  log(line: string): void;
  /** Where the services' formatted log lines go. */
  serviceOutput?(line: string): void;
}

export interface RunningStack {
  baseUrl: string;
  outboxPath: string;
  env: NodeJS.ProcessEnv;
  services: ManagedProcess[];
  /** Resolves when a service exits on its own (a crash), with its name and exit code. */
  crashed: Promise<{ name: string; code: number | null }>;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/**
 * The whole stack from built bundles, as `npm start` runs it: the backing servers, migrations,
 * demo data, identity, equipment and the gateway serving the API, the socket and the front ends on one
 * origin. The browser tests start it the same way on their own ports and data.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const servers = await startBackingServers(
    options.dataDir,
    { postgres: true, nats: true, redis: true },
    options.log,
    { ports: options.backingPorts, ephemeral: options.ephemeral },
  );
  const secrets = await localSecrets(options.dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env['NODE_ENV'] ?? 'development',
    DATABASE_URL: servers.databaseUrl,
    NATS_URL: servers.natsUrl,
    REDIS_URL: servers.redisUrl,
    DATA_DIR: options.dataDir,
    JWT_SECRET: secrets.jwtSecret,
    OTP_PEPPER: secrets.otpPepper,
    PORT: String(options.httpPort),
    IDENTITY_HEALTH_PORT: String(options.identityHealthPort),
    EQUIPMENT_HEALTH_PORT: String(options.equipmentHealthPort),
    WEB_ROOT: process.env['WEB_ROOT'] ?? WORKSPACE_ROOT,
    ...options.env,
  };

  const services: ManagedProcess[] = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const service of [...services].reverse()) await service.stop();
    await servers.stop();
  };
  try {
    runStep('Identity migrations', process.execPath, ['services/identity/dist/main.js', 'migrate'], env);
    runStep('Equipment migrations', process.execPath, ['services/equipment/dist/main.js', 'migrate'], env);
    runStep('Demo staff', process.execPath, ['services/identity/dist/cli.js', 'seed:demo'], env);
    runStep(
      'Demo equipment',
      process.execPath,
      ['services/equipment/dist/cli.js', 'seed:demo', '--count', String(options.demoEquipment ?? 60)],
      env,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  let reportCrash: (crash: { name: string; code: number | null }) => void = () => undefined;
  const crashed = new Promise<{ name: string; code: number | null }>((resolve) => (reportCrash = resolve));
  for (const [name, entry] of [
    ['identity', 'services/identity/dist/main.js'],
    ['equipment', 'services/equipment/dist/main.js'],
    ['gateway', 'services/gateway/dist/main.js'],
  ] as const) {
    const service = startService(name, [entry], env, options.serviceOutput);
    service.child.once('exit', (code) => {
      if (!stopping) reportCrash({ name, code });
    });
    services.push(service);
  }

  const baseUrl = `http://localhost:${options.httpPort}`;
  if (!(await waitForHealth(`${baseUrl}/api/health`, 60000))) {
    await stop();
    throw new Error(`The stack did not become healthy within 60 s; see ${baseUrl}/api/health and the log.`);
  }
  return { baseUrl, outboxPath: join(options.dataDir, 'outbox', 'sms.jsonl'), env, services, crashed, stop };
}

export interface ThrowawayStackOptions {
  dataDir: string;
  demoEquipment?: number;
  env?: NodeJS.ProcessEnv;
  log(line: string): void;
  serviceOutput?(line: string): void;
}

/** The stack on free ports with a database that is thrown away on stop (browser tests, benchmarks). */
export async function startThrowawayStack(options: ThrowawayStackOptions): Promise<RunningStack> {
  const [httpPort, identityHealthPort, equipmentHealthPort, postgres, nats, redis] = await Promise.all(
    Array.from({ length: 6 }, () => freePort()),
  );
  return startStack({
    ...options,
    httpPort: httpPort as number,
    identityHealthPort: identityHealthPort as number,
    equipmentHealthPort: equipmentHealthPort as number,
    backingPorts: { postgres: postgres as number, nats: nats as number, redis: redis as number },
    ephemeral: true,
  });
}
