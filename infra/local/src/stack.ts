import { join } from 'node:path';
import { DOMAIN_SERVICES, type DomainService, type DomainServiceName } from '@caliber/contracts';
import { DEMO_PEOPLE } from '../identity-provider/demo-people';
import { startIdentityProvider, type RunningIdentityProvider } from '../identity-provider/identity-provider';
import { localSsoClient, localSsoProviders } from '../identity-provider/local-sso';
import { startBackingServers, type BackingServerPorts } from './backing-servers';
import { LOCAL_PORTS, localSecrets, WORKSPACE_ROOT } from './environment';
import { linkAddressEnv } from './link-address';
import { freePort, portAnswers } from './ports';
import { nodeFlagsOf } from './node-flags';
import { natsUserEnv } from './servers';
import { statementKeyEnv } from './statement-keys';
import { killAndWait, runStep, runStepWhileServing, startService, type ManagedProcess } from './processes';

export interface StackOptions {
  dataDir: string;
  httpPort: number;
  /** Each domain service's own health port. */
  healthPorts: Record<DomainServiceName, number>;
  backingPorts?: BackingServerPorts;
  /** Throw the database away on stop (browser tests); `npm start` keeps it. */
  ephemeral?: boolean;
  /** Extra arguments of a service's demo seed, e.g. `{ equipment: ['--count', '5000'] }`. */
  demoSeedArgs?: Partial<Record<DomainServiceName, string[]>>;
  /** Extra environment for the services (e.g. a shorter rate-limit window in tests). */
  env?: NodeJS.ProcessEnv;
  log(line: string): void;
  /** Where the services' formatted log lines go. */
  serviceOutput?(line: string): void;
  /**
   * Scale-out as Kubernetes runs it: this many replicas of the gateway, of every service and of
   * every worker (named `<process>@1`, `<process>@2`…), the gateways behind a round-robin proxy on
   * `httpPort`. One (the default) runs each process once under its own name.
   */
  replicas?: number;
  /**
   * The gateways behind the round-robin proxy: always when scaled out; with one replica only to
   * compare like with like (the benchmark of two replicas against one).
   */
  proxied?: boolean;
  /** A NATS cluster instead of one server: each member's client and route port. */
  natsCluster?: readonly { client: number; route: number }[];
  /** Another release's built tree to run the processes from (see `runningBundle`). */
  bundlesFrom?: string;
  /**
   * Extra Node flags of a process by name, e.g. `{ gateway: ['--cpu-prof'] }` for the benchmark's
   * CPU profile. Node refuses profiling flags in NODE_OPTIONS, and they belong to one process only.
   */
  nodeFlags?: Partial<Record<string, readonly string[]>>;
  /**
   * Stops the start-up (Ctrl-C while it runs): what was started by then is stopped, and
   * `startStack` rejects with the signal's reason. Checked between steps; a running step (a
   * migration, a seed) is ended, or finishes first when it cannot be (a synchronous step).
   */
  abort?: AbortSignal;
  /**
   * The local identity provider (single sign-on with the demo directory), started unless `false`,
   * on `port` (by default the local stack's own, `LOCAL_PORTS.identityProvider`). The identity
   * service is given it in `SSO_PROVIDERS` unless the environment names its own providers.
   */
  identityProvider?: { port?: number } | false;
}

/**
 * A part of the stack a fault test may crash: a process of ours (a replica of it when scaled out),
 * or a backing server (`nats-<n>`: a member of the NATS cluster, from 0).
 */
type ProcessName = DomainServiceName | 'gateway' | `${DomainServiceName}-${string}`;
export type StackPart =
  ProcessName | `${ProcessName}@${number}` | 'postgres' | 'nats' | 'redis' | `nats-${number}`;

export interface RunningStack {
  baseUrl: string;
  outboxPath: string;
  env: NodeJS.ProcessEnv;
  services: ManagedProcess[];
  /**
   * What makes a process one of the stack's: its NATS user (none for an outside NATS) and its
   * statement keys.
   */
  processEnv(name: string): Record<string, string>;
  /** Resolves when a service exits on its own (a crash), with its name and exit code. */
  crashed: Promise<{ name: string; code: number | null }>;
  /**
   * Crashes one part (SIGKILL for a process; PostgreSQL's fast shutdown) and starts it again as
   * the launcher did, without waiting for the stack to be healthy again (the fault tests measure
   * that).
   */
  restart(part: StackPart): Promise<void>;
  /** Crashes one part (SIGKILL) and leaves it down: the other replicas must carry on. */
  kill(part: StackPart): Promise<void>;
  stop(): Promise<void>;
  /** The local identity provider, when the stack started one. */
  identityProvider?: RunningIdentityProvider;
}

async function waitForHealth(url: string, timeoutMs: number, abort?: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !abort?.aborted) {
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
 * The whole stack from built bundles, as `npm start` runs it: the backing servers, then for each
 * domain service of the registry (`DOMAIN_SERVICES`) its migrations and demo data, then the
 * services and the gateway serving the API, the socket and the front ends on one origin. The
 * browser tests start it the same way on their own ports and data.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  // Another stack on the port would answer the health check below in this one's place.
  if (await portAnswers(options.httpPort))
    throw new Error(
      `Port ${options.httpPort} is already in use. Is another "npm start" running? Stop it, or set PORT.`,
    );
  const { abort } = options;
  abort?.throwIfAborted();
  const servers = await startBackingServers(
    options.dataDir,
    { postgres: true, nats: true, redis: true },
    options.log,
    {
      ports: options.backingPorts,
      ephemeral: options.ephemeral,
      ...(options.natsCluster ? { natsCluster: options.natsCluster } : {}),
    },
  );
  if (abort?.aborted) {
    await servers.stop();
    abort.throwIfAborted();
  }
  const secrets = await localSecrets(options.dataDir);
  // The hospital's identity provider as a newcomer and the tests meet it: a real OpenID server
  // with the demo directory, Caliber registered as its client.
  let identityProvider: RunningIdentityProvider | undefined;
  if (options.identityProvider !== false)
    try {
      identityProvider = await startIdentityProvider({
        port: options.identityProvider?.port ?? LOCAL_PORTS.identityProvider,
        clients: [localSsoClient(options.httpPort, secrets.ssoClientSecret)],
        people: [...DEMO_PEOPLE],
        output: options.serviceOutput ?? ((line) => process.stdout.write(`${line}\n`)),
      });
      abort?.throwIfAborted();
    } catch (error) {
      await identityProvider?.stop();
      await servers.stop();
      throw error;
    }
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
    ...Object.fromEntries(
      DOMAIN_SERVICES.map((service) => [
        service.healthPortVariable,
        String(options.healthPorts[service.name]),
      ]),
    ),
    WEB_ROOT: process.env['WEB_ROOT'] ?? WORKSPACE_ROOT,
    // The demo roster and its report schedule mail at hospital.example, a reserved domain no mail
    // reaches (and development mail goes to the outbox folder); a deployment names its own.
    REPORT_MAIL_DOMAINS: process.env['REPORT_MAIL_DOMAINS'] ?? 'hospital.example',
    ...options.env,
  };
  // The identity service alone is told of the local identity provider and Caliber's secret there.
  const ssoEnv: Record<string, string> =
    identityProvider && !env['SSO_PROVIDERS']
      ? { SSO_PROVIDERS: localSsoProviders(identityProvider.issuer, secrets.ssoClientSecret) }
      : {};
  const ownConfig = (principal: string): Record<string, string> => (principal === 'identity' ? ssoEnv : {});

  const seedArgs = (name: DomainServiceName, demoSeed: DemoSeed) => [
    serviceEntry(name, 'cli'),
    demoSeed.command,
    ...(options.demoSeedArgs?.[name] ?? []),
  ];
  const seed = (service: SeededService): void =>
    runStep(service.demoSeed.label, process.execPath, seedArgs(service.name, service.demoSeed), {
      ...env,
      ...ownConfig(service.name),
    });
  // A seed that asks other services over the bus runs as its service (its NATS user and key),
  // once they serve, without blocking this process while they write to its pipes.
  const seedWhileServing = (service: SeededService): Promise<void> =>
    runStepWhileServing(
      service.demoSeed.label,
      process.execPath,
      seedArgs(service.name, service.demoSeed),
      {
        ...env,
        ...ownConfig(service.name),
        ...natsUserEnv(servers.natsUsers, service.name),
        ...statementKeyEnv(secrets.statementKeys, service.name),
      },
      abort,
    );

  const services: ManagedProcess[] = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const service of [...services].reverse()) await service.stop();
    await identityProvider?.stop();
    await servers.stop();
  };
  try {
    // `main.js migrate` reads the service's whole configuration, as it would in a deployment.
    for (const { name } of DOMAIN_SERVICES) {
      abort?.throwIfAborted();
      runStep(`Migrations of ${name}`, process.execPath, [serviceEntry(name, 'main'), 'migrate'], {
        ...env,
        ...ownConfig(name),
        ...statementKeyEnv(secrets.statementKeys, name),
      });
    }
    for (const service of SEEDED_SERVICES)
      if (!seedsAfterStart(service)) {
        abort?.throwIfAborted();
        seed(service);
      }
    abort?.throwIfAborted();
  } catch (error) {
    await stop();
    throw error;
  }

  let reportCrash: (crash: { name: string; code: number | null }) => void = () => undefined;
  const crashed = new Promise<{ name: string; code: number | null }>((resolve) => (reportCrash = resolve));
  // A process of the stack: a service's `main.js` (named after the service, or the gateway) or
  // one of its workers (named `<service>-<entry>`); scaled out, each replica of them, with its own
  // ports (the gateway's HTTP port, a service's probe port).
  const replicas = options.replicas ?? 1;
  const proxied = options.proxied ?? replicas > 1;
  const kinds = [
    ...DOMAIN_SERVICES.map((service) => ({ name: service.name, principal: service.name, entry: 'main' })),
    { name: 'gateway', principal: 'gateway', entry: 'main' },
    ...DOMAIN_SERVICES.flatMap((service) =>
      (workersOf(service) ?? []).map((entry) => ({
        name: `${service.name}-${entry}`,
        principal: service.name,
        entry,
      })),
    ),
  ];
  const processes: { name: string; principal: string; entry: string; env: Record<string, string> }[] = [];
  const gatewayPorts: number[] = [];
  for (const kind of kinds)
    for (let replica = 1; replica <= replicas; replica += 1) {
      const name = replicas === 1 ? kind.name : `${kind.name}@${replica}`;
      const own: Record<string, string> = {};
      const service = DOMAIN_SERVICES.find((candidate) => candidate.name === kind.name);
      if (proxied && kind.name === 'gateway') {
        const port = await freePort();
        gatewayPorts.push(port);
        own['PORT'] = String(port);
      } else if (replicas > 1 && service && replica > 1) {
        own[service.healthPortVariable] = String(await freePort());
      }
      // The links in identity's and notifications' messages open the app where this stack serves it.
      Object.assign(own, linkAddressEnv(kind.name, env, options.httpPort));
      processes.push({ ...kind, name, env: own });
    }
  const launch = (name: string): ManagedProcess => {
    const found = processes.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`No process ${name}`);
    // Each process connects to NATS as its service, with only its permissions, and signs with its
    // service's key.
    const service = startService(
      name,
      [
        ...nodeFlagsOf(found.principal, found.entry),
        ...(options.nodeFlags?.[name] ?? []),
        runningBundle(options, found.principal, found.entry),
      ],
      {
        ...env,
        ...ownConfig(found.principal),
        ...natsUserEnv(servers.natsUsers, found.principal),
        ...statementKeyEnv(secrets.statementKeys, found.principal),
        ...found.env,
      },
      options.serviceOutput,
    );
    service.child.once('exit', (code, signal) => {
      if (!stopping && signal !== 'SIGKILL') reportCrash({ name, code });
    });
    return service;
  };
  for (const { name } of processes) services.push(launch(name));
  // Scaled out, the gateways are reached through a round-robin proxy (infra/local/proxy.ts), in a
  // process of its own, started last and so stopped first.
  // It is given no secrets: it needs none.
  if (proxied) {
    const proxy = startService(
      'proxy',
      [
        '--import',
        'tsx',
        join(WORKSPACE_ROOT, 'infra', 'local', 'proxy.ts'),
        String(options.httpPort),
        '/api/health/ready',
        ...gatewayPorts.map((port) => `http://127.0.0.1:${port}`),
      ],
      { PATH: process.env['PATH'] ?? '', NODE_ENV: String(env['NODE_ENV']) },
      options.serviceOutput,
    );
    proxy.child.once('exit', (code, signal) => {
      if (!stopping && signal !== 'SIGKILL') reportCrash({ name: 'proxy', code });
    });
    services.push(proxy);
  }

  const backingServer = (part: StackPart) => {
    const member = /^nats-(\d+)$/.exec(part);
    if (member) return servers.natsNodes[Number(member[1])];
    if (part === 'postgres' || part === 'nats' || part === 'redis') return servers.own[part];
    return undefined;
  };
  const isBacking = (part: StackPart) => /^(postgres|nats|redis|nats-\d+)$/.test(part);
  const killProcess = async (part: StackPart): Promise<number> => {
    const index = services.findIndex((service) => service.name === part);
    const running = services[index];
    if (!running) throw new Error(`No process ${part}`);
    await killAndWait(running.child);
    return index;
  };
  const ownServer = (part: StackPart) => {
    const server = backingServer(part);
    if (!server) throw new Error(`${part} is not one this stack started`);
    return server;
  };
  const restart = async (part: StackPart): Promise<void> => {
    if (isBacking(part)) return ownServer(part).restart();
    services[await killProcess(part)] = launch(part);
  };
  const kill = async (part: StackPart): Promise<void> => {
    if (isBacking(part)) return ownServer(part).kill();
    await killProcess(part);
  };

  const baseUrl = `http://localhost:${options.httpPort}`;
  if (!(await waitForHealth(`${baseUrl}/api/health`, 60000, abort))) {
    await stop();
    abort?.throwIfAborted();
    throw new Error(`The stack did not become healthy within 60 s; see ${baseUrl}/api/health and the log.`);
  }
  try {
    for (const service of SEEDED_SERVICES) if (seedsAfterStart(service)) await seedWhileServing(service);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    outboxPath: join(options.dataDir, 'outbox', 'sms.jsonl'),
    env,
    services,
    processEnv: (name) => ({
      ...ownConfig(name),
      ...natsUserEnv(servers.natsUsers, name),
      ...statementKeyEnv(secrets.statementKeys, name),
    }),
    crashed,
    restart,
    kill,
    stop,
    ...(identityProvider ? { identityProvider } : {}),
  };
}

type DemoSeed = NonNullable<DomainService['demoSeed']>;
interface SeededService {
  name: DomainServiceName;
  demoSeed: DemoSeed;
}

/** The services with demo data of their own, in start order (one that only reacts to others has none). */
const SEEDED_SERVICES: readonly SeededService[] = DOMAIN_SERVICES.flatMap((service) => {
  const demoSeed: DomainService['demoSeed'] = service.demoSeed;
  return demoSeed ? [{ name: service.name, demoSeed }] : [];
});

function seedsAfterStart(service: SeededService): boolean {
  return Boolean(service.demoSeed.afterStart);
}

/** A service's built entry: `main` runs it (and `main migrate`), `cli` is its admin commands. */
export function serviceEntry(name: string, entry: 'main' | 'cli'): string {
  return serviceEntryFile(name, entry);
}

function serviceEntryFile(name: string, entry: string): string {
  return `services/${name}/dist/${entry}.js`;
}

/**
 * The bundle a long-running process starts from: the workspace's, or with `bundlesFrom` the same
 * file in another release's built tree (`<bundlesFrom>/services/<name>/dist/<entry>.js`). The
 * migrations and demo seeds stay the workspace's, so the previous release's processes run on this
 * release's schema, as they do during a rolling deploy or after a rollback.
 */
function runningBundle(options: Pick<StackOptions, 'bundlesFrom'>, name: string, entry: string): string {
  const file = serviceEntryFile(name, entry);
  return options.bundlesFrom ? join(options.bundlesFrom, file) : file;
}

function workersOf(service: (typeof DOMAIN_SERVICES)[number]): readonly string[] | undefined {
  const entry: DomainService = service;
  return entry.workers;
}

export interface ThrowawayStackOptions {
  dataDir: string;
  /** The port the app is served on; a free one when not given. */
  httpPort?: number;
  /** Scaled out: replicas of every process, a three-member NATS cluster, a proxy in front. */
  replicas?: number;
  proxied?: boolean;
  /** Members of the NATS cluster: three when scaled out, else one server, unless given. */
  natsMembers?: number;
  demoSeedArgs?: StackOptions['demoSeedArgs'];
  bundlesFrom?: StackOptions['bundlesFrom'];
  nodeFlags?: StackOptions['nodeFlags'];
  abort?: StackOptions['abort'];
  env?: NodeJS.ProcessEnv;
  /** The local identity provider: on a free port unless given one, or not started with `false`. */
  identityProvider?: StackOptions['identityProvider'];
  log(line: string): void;
  serviceOutput?(line: string): void;
}

/** The stack on free ports with a database that is thrown away on stop (browser tests, benchmarks). */
export async function startThrowawayStack(options: ThrowawayStackOptions): Promise<RunningStack> {
  const [freeHttpPort, postgres, nats, redis, identityProvider] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const httpPort = options.httpPort ?? freeHttpPort;
  const healthPorts = Object.fromEntries(
    await Promise.all(DOMAIN_SERVICES.map(async (service) => [service.name, await freePort()] as const)),
  ) as Record<DomainServiceName, number>;
  const members = options.natsMembers ?? ((options.replicas ?? 1) > 1 ? 3 : 1);
  const natsCluster =
    members > 1
      ? await Promise.all(
          Array.from({ length: members }, async () => ({
            client: await freePort(),
            route: await freePort(),
          })),
        )
      : undefined;
  return startStack({
    ...options,
    ...(natsCluster ? { natsCluster } : {}),
    httpPort: httpPort as number,
    healthPorts,
    backingPorts: { postgres: postgres as number, nats: nats as number, redis: redis as number },
    identityProvider:
      options.identityProvider === false
        ? false
        : { port: options.identityProvider?.port ?? (identityProvider as number) },
    ephemeral: true,
  });
}
