import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { WORKSPACE_ROOT } from './environment';

const COLOURS: Record<string, string> = {
  fatal: '31',
  error: '31',
  warn: '33',
  info: '32',
  debug: '90',
  trace: '90',
};
const QUIET_KEYS = new Set(['level', 'time', 'service', 'msg', 'pid', 'hostname', 'context']);

/** Turns a service's JSON log line into one readable terminal line; other lines pass unchanged. */
export function formatLogLine(label: string, line: string): string {
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const level = String(entry['level'] ?? 'info');
    const time = typeof entry['time'] === 'string' ? entry['time'].slice(11, 19) : '';
    const extras = Object.entries(entry)
      .filter(([key]) => !QUIET_KEYS.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ');
    const colour = COLOURS[level] ?? '0';
    const context = entry['context'] ? `${String(entry['context'])}: ` : '';
    return `${time} \x1b[36m${label.padEnd(9)}\x1b[0m \x1b[${colour}m${level.padEnd(5)}\x1b[0m ${context}${String(entry['msg'] ?? '')} ${extras}`.trimEnd();
  } catch {
    return `${label.padEnd(9)} ${line}`;
  }
}

/** SIGKILL, as a crash: resolves once the process has gone (at once if it already had). */
export async function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a long-running service process whose output is shown formatted in this terminal. Its
 * standard input is a pipe this process holds and never writes to: with STOP_WHEN_LAUNCHER_EXITS
 * the service stops when it closes, so a launcher that dies however it dies (SIGKILL included)
 * leaves nothing running behind it.
 */
export function startService(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  output: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): ManagedProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', ...args], {
    cwd: WORKSPACE_ROOT,
    env: { ...env, STOP_WHEN_LAUNCHER_EXITS: 'true' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // The lifeline is only held, never written to; a service that has gone closes its end.
  child.stdin?.on('error', () => undefined);
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) output(formatLogLine(name, line));
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return {
    name,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Runs a command to completion in the workspace, output shown; throws when it fails. */
export function runStep(
  description: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): void {
  const result = spawnSync(command, args, { cwd: WORKSPACE_ROOT, env, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${description} failed (exit ${result.status ?? result.signal ?? 'unknown'})`);
}

/**
 * `runStep` without blocking this process: for a step that runs while our services and servers
 * are up, whose output pipes this process must keep draining (a blocked launcher would stall them
 * as soon as a pipe fills, and with them the step that waits on them).
 */
export async function runStepWhileServing(
  description: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  abort?: AbortSignal,
): Promise<void> {
  abort?.throwIfAborted();
  const child = spawn(command, args, { cwd: WORKSPACE_ROOT, env, stdio: 'inherit' });
  const stop = () => child.kill('SIGTERM');
  abort?.addEventListener('abort', stop, { once: true });
  try {
    const [code, signal] = (await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
    })) as [number | null, NodeJS.Signals | null];
    abort?.throwIfAborted();
    if (code !== 0) throw new Error(`${description} failed (exit ${code ?? signal ?? 'unknown'})`);
  } finally {
    abort?.removeEventListener('abort', stop);
  }
}

export function binary(name: string): string {
  return `${WORKSPACE_ROOT}/node_modules/.bin/${name}`;
}

/** Builds every project through Nx (cached: unchanged projects are not rebuilt). */
export function buildAll(): void {
  runStep('Build', binary('nx'), ['run-many', '-t', 'build', '--outputStyle=static'], {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_SKIP_NX_CACHE: process.env['NX_SKIP_NX_CACHE'] ?? '',
  });
}
