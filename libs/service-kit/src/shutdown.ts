import { Worker } from 'node:worker_threads';
import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ShutdownSettings } from './config';
import { stopTracing } from './telemetry/start';

/** What a process does when none is configured: ten seconds, and no launcher to watch. */
export const DEFAULT_SHUTDOWN: ShutdownSettings = { graceMs: 10_000, stopWhenLauncherExits: false };

/**
 * How long after the grace period the watchdog thread ends the process if the main thread has not
 * exited by itself: time for the main thread's own deadline to log and exit first.
 */
export const WATCHDOG_MARGIN_MS = 1_000;

/**
 * A thread of its own that kills the process (SIGKILL, which nothing can catch or delay) after
 * `ms`, unless the process has exited first. It holds the bound when the main thread cannot: a
 * synchronous loop, or an exit handler stuck retrying a write to a log pipe whose reader has gone
 * (pino flushes its buffer synchronously at exit). Unreferenced: it never keeps the process alive.
 */
export function killAfter(ms: number): void {
  const watchdog = new Worker(
    "const { workerData } = require('node:worker_threads');\n" +
      "setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);",
    { eval: true, workerData: { ms, pid: process.pid } },
  );
  watchdog.unref();
}

/** Logs without letting a broken log pipe (its reader gone) stop the shutdown. */
function logSafely(write: () => void): void {
  try {
    write();
  } catch {
    // Nothing to tell and nowhere to tell it: the process is stopping either way.
  }
}

/**
 * On SIGTERM, SIGINT or SIGHUP (or, under the local launcher, when the launcher has gone): stop taking
 * work, run every shutdown hook (NATS, database pool, Redis, listener) through `app.close()`, send
 * the spans still buffered (tracing), then exit 0; exit 1 if closing fails or takes over
 * `graceMs`. The bound holds whatever has become of the process's parent and of the servers it
 * talks to: a second, uncatchable end comes from a watchdog thread shortly after.
 * (Nest's own shutdown hooks re-raise the signal, so the process would look killed.)
 */
export function closeOnSignals(
  app: INestApplication,
  logger: Logger,
  settings: ShutdownSettings = DEFAULT_SHUTDOWN,
): void {
  let closing = false;
  const exit = (code: number, write: () => void) => {
    logSafely(write);
    logSafely(() => logger.flush());
    process.exit(code);
  };
  const close = (reason: string) => {
    if (closing) return;
    closing = true;
    killAfter(settings.graceMs + WATCHDOG_MARGIN_MS);
    const deadline = setTimeout(
      () => exit(1, () => logger.error({ graceMs: settings.graceMs }, 'did not stop in time; exiting')),
      settings.graceMs,
    );
    deadline.unref();
    logSafely(() => logger.info({ reason }, 'stopping'));
    app
      .close()
      .then(() => stopTracing())
      .then(
        () => exit(0, () => logger.info('stopped')),
        (error: unknown) => exit(1, () => logger.error({ err: error }, 'error while stopping')),
      );
  };
  process.once('SIGTERM', () => close('SIGTERM'));
  process.once('SIGINT', () => close('SIGINT'));
  // A terminal closing (the local stack's): stopped cleanly too, not killed mid-request.
  process.once('SIGHUP', () => close('SIGHUP'));
  if (settings.stopWhenLauncherExits) stopWhenInputCloses(() => close('the launcher has gone'));
}

/**
 * The local launcher's lifeline: standard input is a pipe the launcher holds and never writes
 * to, so it ends exactly when the launcher's process does.
 */
function stopWhenInputCloses(stop: () => void): void {
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}
