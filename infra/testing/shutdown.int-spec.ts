import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@caliber/local-stack';
import { testEnv } from './stack';
import { testKeyEnv } from './statement-keys';
import { until } from './wait';

const ROOT = join(__dirname, '../..');

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Starts a built service bundle, waits for its ready line, sends SIGTERM and reports how it ended. */
function runAndTerminate(bundle: string, readyText: string, env: NodeJS.ProcessEnv): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, bundle)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const giveUp = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${bundle} did not start or stop in time:\n${output}`));
    }, 20000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText) && child.signalCode === null && !child.killed) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(giveUp);
      resolve({ code, signal, output });
    });
  });
}

describe('the built services stop cleanly on SIGTERM', () => {
  beforeAll(() => {
    for (const bundle of ['services/identity/dist/main.js', 'services/gateway/dist/main.js']) {
      if (!existsSync(join(ROOT, bundle)))
        throw new Error(`${bundle} is missing: run "npx nx run-many -t build" first`);
    }
  });

  it('identity', async () => {
    const env = testEnv({
      LOG_LEVEL: 'info',
      IDENTITY_HEALTH_PORT: String(await freePort()),
      ...testKeyEnv('identity'),
    });
    const exit = await runAndTerminate('services/identity/dist/main.js', 'identity service ready', env);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.output).toContain('"msg":"stopped"');
    expect(exit.output).not.toMatch(/"level":"(error|fatal)"/);
  });

  it('gateway', async () => {
    const env = testEnv({
      LOG_LEVEL: 'info',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      ...testKeyEnv('gateway'),
    });
    const exit = await runAndTerminate('services/gateway/dist/main.js', 'gateway ready', env);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.output).toContain('"msg":"stopped"');
    expect(exit.output).not.toMatch(/"level":"(error|fatal)"/);
  });
});

/** The JSON log lines of a process's output (anything else it printed is left out). */
function logLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed === 'object' && parsed !== null ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/**
 * A promise nobody awaited that fails (a bug) is logged and the service keeps serving: Node's own
 * default would end the process, and every request of the hospital with it. The built service is
 * started with a preloaded script that makes such a rejection when the test sends SIGUSR2.
 */
describe('a built service survives an unhandled rejection', () => {
  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'caliber-rejection-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('identity logs it as an error and goes on answering', async () => {
    const bundle = join(ROOT, 'services/identity/dist/main.js');
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run "npx nx run-many -t build" first`);
    const preload = join(folder, 'inject-rejection.cjs');
    await writeFile(
      preload,
      "process.on('SIGUSR2', () => { Promise.reject(new Error('rejection injected by the test')); });\n",
    );
    const healthPort = await freePort();
    const env = testEnv({
      LOG_LEVEL: 'info',
      IDENTITY_HEALTH_PORT: String(healthPort),
      HEALTH_HOST: '127.0.0.1',
      ...testKeyEnv('identity'),
    });
    const child = spawn(process.execPath, ['--require', preload, bundle], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const running = () => child.exitCode === null && child.signalCode === null;
    const rejectionLogged = () =>
      logLines(output).find(
        (line) => line['msg'] === 'unhandled promise rejection (the service keeps running)',
      );
    try {
      await until(() => output.includes('identity service ready') || !running(), {
        timeoutMs: 20_000,
        what: 'identity ready',
      });
      expect(running()).toBe(true);
      child.kill('SIGUSR2');
      await until(() => rejectionLogged() !== undefined || !running(), {
        timeoutMs: 10_000,
        what: 'the rejection logged',
      });
      expect(rejectionLogged()).toMatchObject({
        level: 'error',
        service: 'identity',
        err: { message: 'rejection injected by the test' },
      });
      expect(running()).toBe(true);
      // Still serving: its probe port answers, and its database is reached.
      const ready = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
      expect(ready.status).toBe(200);
    } finally {
      if (running()) child.kill('SIGTERM');
    }
    expect(await exited).toEqual({ code: 0, signal: null });
  });
});
