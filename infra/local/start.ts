// `npm start`: the whole stack on this machine, with demo data, on http://localhost:5000.
import { watchFile, unwatchFile } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DEFAULT_HTTP_PORT } from '@caliber/contracts';
import {
  buildAll,
  dataDir,
  LOCAL_PORTS,
  localSecrets,
  runStep,
  startBackingServers,
  startService,
  WORKSPACE_ROOT,
  type ManagedProcess,
} from './src';
import { DEMO_STAFF } from '../../services/identity/src/roster/demo-staff';

const say = (line: string) => process.stdout.write(`${line}\n`);

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

/** Echoes each new development SMS in this terminal, so the sign-in code is right there. */
function echoOutbox(path: string): () => void {
  let seen = 0;
  const read = async () => {
    const text = await readFile(path, 'utf8').catch(() => '');
    const lines = text.split('\n').filter(Boolean);
    for (const line of lines.slice(seen)) {
      const sms = JSON.parse(line) as { serviceNumber: string; body: string };
      say(`\x1b[35m📱 SMS to ${sms.serviceNumber}:\x1b[0m ${sms.body}`);
    }
    seen = lines.length;
  };
  void read();
  watchFile(path, { interval: 300 }, () => void read());
  return () => unwatchFile(path);
}

async function main(): Promise<void> {
  const dir = dataDir();
  await mkdir(dir, { recursive: true });
  const port = Number(process.env['PORT'] ?? DEFAULT_HTTP_PORT);

  say('Building…');
  buildAll();

  const servers = await startBackingServers(dir, { postgres: true, nats: true, redis: true }, say);
  const secrets = await localSecrets(dir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env['NODE_ENV'] ?? 'development',
    DATABASE_URL: servers.databaseUrl,
    NATS_URL: servers.natsUrl,
    REDIS_URL: servers.redisUrl,
    DATA_DIR: dir,
    JWT_SECRET: secrets.jwtSecret,
    OTP_PEPPER: secrets.otpPepper,
    PORT: String(port),
    IDENTITY_HEALTH_PORT: process.env['IDENTITY_HEALTH_PORT'] ?? String(LOCAL_PORTS.identityHealth),
  };

  const services: ManagedProcess[] = [];
  let stopping = false;
  let stopOutbox: () => void = () => undefined;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('\nStopping…');
    stopOutbox();
    for (const service of services.reverse()) await service.stop();
    await servers.stop();
    say('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    runStep('Migrations', process.execPath, ['services/identity/dist/main.js', 'migrate'], env);
    runStep('Demo data', process.execPath, ['services/identity/dist/cli.js', 'seed:demo'], env);
  } catch (error) {
    say(`\n${(error as Error).message}`);
    return shutdown(1);
  }

  for (const [name, entry] of [
    ['identity', 'services/identity/dist/main.js'],
    ['gateway', 'services/gateway/dist/main.js'],
  ] as const) {
    const service = startService(name, [entry], env);
    service.child.once('exit', (code) => {
      if (!stopping) {
        say(`\n${name} stopped unexpectedly (exit ${code ?? 'signal'}); stopping the stack.`);
        void shutdown(1);
      }
    });
    services.push(service);
  }

  const base = `http://localhost:${port}`;
  if (!(await waitForHealth(`${base}/api/health`, 60000))) {
    say(`\nThe stack did not become healthy within 60 s; see ${base}/api/health and the log above.`);
    return shutdown(1);
  }
  const outbox = join(dir, 'outbox', 'sms.jsonl');
  stopOutbox = echoOutbox(outbox);
  const engineer = DEMO_STAFF.find((s) => s.role === 'Engineer');
  const accounts = DEMO_STAFF.filter((s) => s.isActive !== false)
    .map((s) => `    ${String(s.serviceNumber).padEnd(10)} ${String(s.name).padEnd(18)} ${s.role ?? ''}`)
    .join('\n');
  say(`
\x1b[1mCaliber is running.\x1b[0m
  API:     ${base}/api        health: ${base}/api/health
  Data:    ${relative(WORKSPACE_ROOT, dir) || dir}   (PostgreSQL, Redis, SMS outbox; kept between runs)

  Sign in with a demo service number; the code arrives by "SMS" in ${relative(WORKSPACE_ROOT, outbox)}
  and is shown in this terminal:
    curl -s -X POST ${base}/api/auth/request-otp -H 'content-type: application/json' -d '{"serviceNumber":"${engineer?.serviceNumber ?? 'BME-1002'}"}'
    curl -s -X POST ${base}/api/auth/verify-otp  -H 'content-type: application/json' -d '{"serviceNumber":"${engineer?.serviceNumber ?? 'BME-1002'}","otp":"<code>"}'
  Demo accounts:
${accounts}

  Ctrl-C stops everything.
`);
}

main().catch((error: unknown) => {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
