import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A nats-server started by a test, with everything it logged. Tests only. */
export interface NatsServerProcess {
  /** Its log lines so far (nats-server logs to stderr). */
  log: string[];
  /** Resolves once a line matching `pattern` was logged; fails after `timeoutMs`. */
  logged(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

/** A port free on loopback now (the server is started on it right after). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts `nats-server` with `args` (and `env` added to this process's) and waits until it says it
 * is ready; a server that exits first fails with what it logged.
 */
export async function startNatsServer(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<NatsServerProcess> {
  const child = spawn('nats-server', args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const take = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      log.push(line);
      for (const waiter of waiters.filter((each) => each.pattern.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const logged = (pattern: RegExp, timeoutMs = 10_000): Promise<string> => {
    const seen = log.find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.splice(
          waiters.findIndex((each) => each.pattern === pattern),
          1,
        );
        reject(new Error(`nats-server did not log ${pattern} within ${timeoutMs} ms:\n${log.join('\n')}`));
      }, timeoutMs);
      waiters.push({
        pattern,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  };

  const ready = await Promise.race([logged(/Server is ready/).then(() => true), exited.then(() => false)]);
  if (!ready) throw new Error(`nats-server ${args.join(' ')} exited:\n${log.join('\n')}`);
  return {
    log,
    logged,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
