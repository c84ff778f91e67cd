import { appendFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureCommands, startThrowawayStack } from '../../infra/local/src';
import { E2E_ENV_KEYS } from './environment';

/**
 * Starts the stack from the built bundles on free ports with a throw-away database and data
 * folder. The services' logs go to a file (e2e/.results/stack.log) to keep the report readable.
 * Answers the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureCommands([
    { command: 'chromium', aptPackage: 'chromium', alternative: 'install Chromium and set CHROMIUM_PATH' },
    { command: 'nats-server', aptPackage: 'nats-server', alternative: 'install it by hand' },
    { command: 'redis-server', aptPackage: 'redis-server', alternative: 'install it by hand' },
  ]);
  const root = await mkdtemp(join(tmpdir(), 'caliber-e2e-'));
  await chmod(root, 0o755);
  const logFile = join(__dirname, '..', '.results', 'stack.log');
  await mkdir(dirname(logFile), { recursive: true });
  await writeFile(logFile, '');
  const log = (line: string) => appendFileSync(logFile, `${line}\n`);
  const stack = await startThrowawayStack({
    dataDir: join(root, 'data'),
    // Every test signs in from 127.0.0.1: the per-address limits are raised for the run.
    env: {
      NODE_ENV: 'test',
      RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: '10000',
      RATE_LIMIT_OTP_VERIFY_PER_ADDRESS: '10000',
    },
    log,
    serviceOutput: log,
  });
  process.env[E2E_ENV_KEYS.baseUrl] = stack.baseUrl;
  process.env[E2E_ENV_KEYS.outbox] = stack.outboxPath;
  process.env[E2E_ENV_KEYS.serviceEnv] = JSON.stringify({
    DATABASE_URL: stack.env['DATABASE_URL'],
    NATS_URL: stack.env['NATS_URL'],
    DATA_DIR: stack.env['DATA_DIR'],
    OTP_PEPPER: stack.env['OTP_PEPPER'],
    // For a test that runs a second gateway beside the stack's (same sessions, same buses).
    REDIS_URL: stack.env['REDIS_URL'],
    JWT_SECRET: stack.env['JWT_SECRET'],
  });
  process.env[E2E_ENV_KEYS.gatewayEnv] = JSON.stringify(stack.processEnv('gateway'));
  return () => stack.stop();
}
