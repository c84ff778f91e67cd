// `npm run cli -- [service] <command> [options]`: a domain service's admin commands (the
// identity service's staff roster commands when no service is named), run against DATABASE_URL
// or, when unset, the local stack's PostgreSQL (started for the command if `npm start` is not
// running). `npm run cli -- equipment --help` lists the equipment service's commands.
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { DOMAIN_SERVICE_NAMES, type DomainServiceName } from '@caliber/contracts';
import { binary, dataDir, LOCAL_PORTS, portAnswers, runStep, serviceEntry, startBackingServers } from './src';

const isServiceName = (value: string | undefined): value is DomainServiceName =>
  (DOMAIN_SERVICE_NAMES as readonly (string | undefined)[]).includes(value);

async function main(argv: string[]): Promise<number> {
  const service: DomainServiceName = isServiceName(argv[0]) ? argv[0] : 'identity';
  const args = isServiceName(argv[0]) ? argv.slice(1) : argv;
  runStep(
    'Build',
    binary('nx'),
    ['run', `${service}:build`, '--outputStyle=static', '--skip-nx-cache=false'],
    {
      ...process.env,
      NX_DAEMON: 'false',
      NX_NO_CLOUD: 'true',
    },
  );
  let databaseUrl = process.env['DATABASE_URL'];
  let stop: () => Promise<void> = async () => undefined;
  if (!databaseUrl && (await portAnswers(LOCAL_PORTS.postgres))) {
    databaseUrl = `postgres://caliber:caliber@127.0.0.1:${LOCAL_PORTS.postgres}/caliber`;
  }
  if (!databaseUrl) {
    const dir = dataDir();
    await mkdir(dir, { recursive: true });
    const servers = await startBackingServers(dir, { postgres: true, nats: false, redis: false }, (line) =>
      process.stderr.write(`${line}\n`),
    );
    databaseUrl = servers.databaseUrl;
    stop = servers.stop;
  }
  try {
    const result = spawnSync(process.execPath, [serviceEntry(service, 'cli'), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return result.status ?? 1;
  } finally {
    await stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
