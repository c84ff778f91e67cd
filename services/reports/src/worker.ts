import './worker-tracing';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import {
  ConfigError,
  closeOnSignals,
  createLogger,
  logUnhandledRejections,
  PinoNestLogger,
} from '@caliber/service-kit';
import { loadReportsConfig } from './config';
import { ReportsWorkerModule } from './worker.module';

/**
 * `node worker.js`: a report worker. Run one or more (each takes `REPORT_WORKER_CONCURRENCY`
 * reports at once); its probes answer on `REPORTS_WORKER_HEALTH_PORT`.
 */
async function main(): Promise<void> {
  const config = loadReportsConfig();
  const logger = createLogger('reports-worker', config.logLevel);
  logUnhandledRejections(logger);
  const app = await NestFactory.create(ReportsWorkerModule.forRoot(config, logger), {
    logger: new PinoNestLogger(logger),
  });
  await app.listen(config.workerHealthPort, config.healthHost);
  closeOnSignals(app, logger, config.shutdown);
  logger.info({ healthUrl: await app.getUrl(), concurrency: config.concurrency }, 'reports worker ready');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
