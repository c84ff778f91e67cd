import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@caliber/local-stack';
import { testEnv } from './stack';
import { testKeyEnv } from './statement-keys';

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
