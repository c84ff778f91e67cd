import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitForPort } from '../../infra/local/src';
import { e2eValue } from './environment';

export const WORKSPACE = join(__dirname, '..', '..');

/**
 * A second gateway beside the stack's, on the same services, bus and Redis (keys of its own), with
 * `env` on top: a test's way to try a configuration of the gateway (where a remote's entry points,
 * say) without touching the stack the other tests use. Answers its address and its process.
 */
export async function startSecondGateway(
  name: string,
  env: Record<string, string>,
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['services/gateway/dist/main.js'], {
    cwd: WORKSPACE,
    env: {
      ...process.env,
      ...(JSON.parse(e2eValue('serviceEnv')) as Record<string, string>),
      ...(JSON.parse(e2eValue('gatewayEnv')) as Record<string, string>),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_ROOT: WORKSPACE,
      REDIS_KEY_PREFIX: `${name}-${port}`,
      ...env,
    },
    stdio: 'ignore',
  });
  await waitForPort(port, `the ${name} gateway`, 30_000);
  return { url: `http://127.0.0.1:${port}`, process: child };
}

/**
 * A remote's built files (`dir`) served as its image serves them: `services/web-server` under
 * `/remotes/<remote>`. Answers the server's origin and its process.
 */
export async function serveRemoteFiles(
  remote: string,
  dir: string,
): Promise<{ origin: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['services/web-server/dist/main.js'], {
    cwd: WORKSPACE,
    env: { ...process.env, PORT: String(port), WEB_DIR: dir, BASE_PATH: `/remotes/${remote}` },
    stdio: 'ignore',
  });
  await waitForPort(port, `the ${remote} remote’s files at ${dir}`, 20_000);
  return { origin: `http://127.0.0.1:${port}`, process: child };
}
