import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import { stopTracing } from './telemetry/start';

/**
 * On SIGTERM or SIGINT: stop taking work, run every shutdown hook (NATS, database pool, Redis,
 * listener) through `app.close()`, send the spans still buffered (tracing), then exit 0; exit 1 if closing fails or takes over `graceMs`.
 * (Nest's own shutdown hooks re-raise the signal, so the process would look killed.)
 */
export function closeOnSignals(app: INestApplication, logger: Logger, graceMs = 10000): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'stopping');
    const deadline = setTimeout(() => {
      logger.error({ graceMs }, 'did not stop in time; exiting');
      process.exit(1);
    }, graceMs);
    deadline.unref();
    app
      .close()
      .then(() => stopTracing())
      .then(
        () => {
          logger.info('stopped');
          logger.flush();
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'error while stopping');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
