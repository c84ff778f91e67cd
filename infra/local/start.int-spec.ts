import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMAIN_SERVICES } from '@caliber/contracts';
import { freePort } from './src';
import { until } from '../testing/wait';

const ROOT = join(__dirname, '..', '..');

/** The processes still alive in a process group, or whose command line names `folder`. */
function leftRunning(group: number, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, parent, group, …
      const [state = '', , pgrp = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (Number(pgrp) === group || command.includes(folder)) found.push(`${entry} ${command}`);
    } catch {
      // gone while being read
    }
  }
  return found;
}

/**
 * `npm start`'s launcher, interrupted at moments of its start-up: the terminal sends SIGINT
 * (Ctrl-C), or SIGHUP when it closes, to its whole foreground group (the launcher and every
 * process it started), and whatever the moment, the launcher says it stopped and nothing it
 * started is left running.
 */
describe('npm start stopped by Ctrl-C or a closed terminal during its start-up', () => {
  it.each([
    ['Ctrl-C', 'SIGINT', 'while the migrations run', 'migrations applied'],
    [
      'Ctrl-C',
      'SIGINT',
      'just after the services said they were ready, while the demo data loads',
      'gateway ready',
    ],
    ['its terminal closing', 'SIGHUP', 'while the migrations run', 'migrations applied'],
  ] as const)(
    'stops everything it started on %s (%s) %s',
    async (_how, signal, _moment, trigger) => {
      const folder = await mkdtemp(join(tmpdir(), 'caliber-start-'));
      // As root, PostgreSQL runs as the `postgres` user, who must be able to enter this folder.
      await chmod(folder, 0o755);
      // A developer's environment: not the test run's, whose servers the launcher would use
      // (DATABASE_URL, NATS_URL, REDIS_URL) instead of starting its own.
      const env: NodeJS.ProcessEnv = {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? folder,
        DATA_DIR: join(folder, 'data'),
        PORT: String(await freePort()),
        IDENTITY_PROVIDER_PORT: String(await freePort()),
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
      };
      for (const service of DOMAIN_SERVICES) env[service.healthPortVariable] = String(await freePort());
      // Its own process group, as a terminal's foreground job is.
      const launcher = spawn(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'infra', 'local', 'start.ts')],
        {
          cwd: ROOT,
          env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const group = launcher.pid ?? 0;
      let output = '';
      launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
      try {
        await until(() => output.includes(trigger) || launcher.exitCode !== null, {
          timeoutMs: 120_000,
          intervalMs: 10,
          what: `"${trigger}" in the launcher's output`,
        }).catch((error: Error) => {
          throw new Error(`${error.message}; it printed:\n${output.slice(-3000)}`);
        });
        expect(launcher.exitCode).toBeNull();
        process.kill(-group, signal);
        const code = await exited;
        expect(output).toContain('Stopped');
        expect([130, 0]).toContain(code);
        // The launcher waits for what it stops; a moment for the last exits to be reaped.
        await until(() => leftRunning(group, folder).length === 0, {
          timeoutMs: 15_000,
          what: 'no process of the stack left running',
        }).catch(() => undefined);
        expect(leftRunning(group, folder)).toEqual([]);
      } finally {
        try {
          process.kill(-group, 'SIGKILL');
        } catch {
          // already gone
        }
        await rm(folder, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
