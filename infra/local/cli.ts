// `npm run cli -- <command> [options]`: the staff roster commands of the identity service, run
// against DATABASE_URL or, when unset, the local stack's PostgreSQL (started for the command if
// `npm start` is not running).
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { binary, dataDir, LOCAL_PORTS, portAnswers, runStep, startBackingServers } from './src';

async function main(args: string[]): Promise<number> {
  runStep('Build', binary('nx'), ['run', 'identity:build', '--outputStyle=static', '--skip-nx-cache=false'], {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
  });
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
    const result = spawnSync(process.execPath, ['services/identity/dist/cli.js', ...args], {
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
