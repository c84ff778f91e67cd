// `npm start`: the whole stack on this machine, with demo data, on http://localhost:5000.
// `npm run stack:cluster` (`start --cluster`): the same scaled out as Kubernetes runs it, on a
// throw-away database: a three-member NATS cluster, two replicas of the gateway behind a
// round-robin proxy, two of every service and two report workers.
import { watchFile, unwatchFile } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DEFAULT_HTTP_PORT, DOMAIN_SERVICES, type DomainServiceName } from '@caliber/contracts';
import {
  buildAll,
  dataDir,
  LOCAL_PORTS,
  startStack,
  startThrowawayStack,
  WORKSPACE_ROOT,
  type RunningStack,
} from './src';
import { DEMO_STAFF } from '../../services/identity/src/roster/demo-staff';
import { DEMO_PASSWORD } from './identity-provider/identity-provider';

const say = (line: string) => process.stdout.write(`${line}\n`);

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
  const cluster = process.argv.includes('--cluster');
  // Ctrl-C (or SIGTERM, or SIGHUP) is ours from the first moment: during start-up it ends the start-up and
  // stops what it had started; once the stack runs it stops the stack. Without a handler this
  // process would end at once and leave the services it had started running without it.
  const startUp = new AbortController();
  let stack: RunningStack | undefined;
  let stopping = false;
  let stopOutbox: () => void = () => undefined;
  let dir = '';
  const shutdown = async (code: number) => {
    if (stopping || !stack) return;
    stopping = true;
    say('\nStopping…');
    stopOutbox();
    await stack.stop();
    if (cluster) await rm(dir, { recursive: true, force: true });
    say('Stopped.');
    process.exit(code);
  };
  const onSignal = () => {
    if (stack) return void shutdown(0);
    if (startUp.signal.aborted) return;
    say('\nStopping the start-up…');
    startUp.abort(new Error('start-up interrupted'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // The terminal closed: the same as Ctrl-C, or the backing servers would outlive it.
  process.on('SIGHUP', onSignal);

  // Scaled out, the data lives as long as the run: it is a demonstration of the deployment's shape.
  dir = cluster ? await mkdtemp(join(tmpdir(), 'caliber-cluster-')) : dataDir();
  await mkdir(dir, { recursive: true });
  if (cluster) await chmod(dir, 0o755);
  const port = Number(process.env['PORT'] ?? DEFAULT_HTTP_PORT);

  say('Building…');
  try {
    buildAll();
    startUp.signal.throwIfAborted();
    stack = cluster
      ? await startThrowawayStack({
          dataDir: join(dir, 'data'),
          httpPort: port,
          replicas: 2,
          log: say,
          abort: startUp.signal,
        })
      : await startStack({
          dataDir: dir,
          httpPort: port,
          healthPorts: Object.fromEntries(
            DOMAIN_SERVICES.map((service) => [
              service.name,
              Number(process.env[service.healthPortVariable] ?? service.localHealthPort),
            ]),
          ) as Record<DomainServiceName, number>,
          identityProvider: {
            port: Number(process.env['IDENTITY_PROVIDER_PORT'] ?? LOCAL_PORTS.identityProvider),
          },
          log: say,
          abort: startUp.signal,
        });
  } catch (error) {
    if (cluster) await rm(dir, { recursive: true, force: true });
    // A step run synchronously (the build, a migration) that Ctrl-C ended fails before this
    // process has handled the same Ctrl-C: let the signal's handler run first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Everything the start-up had started is stopped by then (startStack stops it on its way out).
    if (startUp.signal.aborted) {
      say('Stopped: nothing of the stack is left running.');
      process.exit(130);
    }
    say(`\n${(error as Error).message}`);
    process.exit(1);
  }
  const base = stack.baseUrl;

  void stack.crashed.then(({ name, code }) => {
    say(`\n${name} stopped unexpectedly (exit ${code ?? 'signal'}); stopping the stack.`);
    return shutdown(1);
  });

  const outbox = stack.outboxPath;
  /** A path as short as it can be said: from the workspace when inside it. */
  const shown = (path: string) => (path.startsWith(WORKSPACE_ROOT) ? relative(WORKSPACE_ROOT, path) : path);
  stopOutbox = echoOutbox(outbox);
  const engineer = DEMO_STAFF.find((s) => s.role === 'Engineer');
  const technician = DEMO_STAFF.find((s) => s.role === 'Technician');
  const nurse = DEMO_STAFF.find((s) => s.role === 'Clinical');
  const accounts = DEMO_STAFF.filter((s) => s.isActive !== false)
    .map((s) => `    ${String(s.serviceNumber).padEnd(10)} ${String(s.name).padEnd(18)} ${s.role ?? ''}`)
    .join('\n');
  const singleSignOn = stack.identityProvider
    ? `\n  Single sign-on: "Sign in with Caliber demo directory" at ${base}/login, then any demo person's e-mail\n  (e.g. ${engineer?.email ?? 'kwame.boateng@caliber.example'}) and the password "${DEMO_PASSWORD}" (identity provider: ${stack.identityProvider.issuer}).\n  Ward nurses (clinical staff) sign in this way only, e.g. ${nurse?.email ?? 'adwoa.badu@caliber.example'}.\n`
    : '';
  say(`
\x1b[1mCaliber is running.\x1b[0m
  Open:    \x1b[1m${base}\x1b[0m
  API:     ${base}/api        health: ${base}/api/health
  Data:    ${cluster ? `${dir}   (thrown away on stop)` : `${relative(WORKSPACE_ROOT, dir) || dir}   (PostgreSQL, Redis, SMS outbox; kept between runs)`}
${cluster ? `  Scaled out: ${stack.services.map((service) => service.name).join(', ')};\n  NATS cluster ${String(stack.env['NATS_URL'])}\n` : ''}
  Sign in at ${base}/login with a demo service number, e.g. ${technician?.serviceNumber ?? 'BME-1001'} (Technician) or
  ${engineer?.serviceNumber ?? 'BME-1002'} (Engineer). The code arrives by "SMS" in ${shown(outbox)}
  and is shown in this terminal. From a shell:
    curl -s -X POST ${base}/api/auth/request-otp -H 'content-type: application/json' -d '{"serviceNumber":"${engineer?.serviceNumber ?? 'BME-1002'}"}'
    curl -s -X POST ${base}/api/auth/verify-otp  -H 'content-type: application/json' -d '{"serviceNumber":"${engineer?.serviceNumber ?? 'BME-1002'}","otp":"<code>"}'
  Demo accounts:
${accounts}
${singleSignOn}
  Ctrl-C stops everything.
`);
}

main().catch((error: unknown) => {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
