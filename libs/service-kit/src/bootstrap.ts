import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import { PinoNestLogger } from './logger';
import { ServiceExceptionFilter } from './exception.filter';
import type { NatsSettings } from './config';
import { natsServerOptions } from './nats';
import { processMetricsOf } from './metrics/metrics.module';

export interface ServiceBootstrapOptions {
  module: Type<unknown> | DynamicModule;
  logger: Logger;
  nats: NatsSettings;
  queue: string;
  /** Port of the service's own HTTP health endpoint (0 picks a free one). */
  healthPort: number;
  healthHost?: string;
}

/**
 * Starts a domain service: NATS request handlers in the service's queue group, plus a small HTTP
 * listener for liveness and readiness probes. The entry point calls `closeOnSignals` so SIGTERM
 * closes NATS, the database pool and the listener before the process exits.
 */
export async function bootstrapService(options: ServiceBootstrapOptions): Promise<INestApplication> {
  const app = await NestFactory.create(options.module, {
    logger: new PinoNestLogger(options.logger),
    bufferLogs: false,
  });
  app.useGlobalFilters(new ServiceExceptionFilter());
  // The service's module imports MetricsModule: its requests are timed, its /metrics is served.
  const metrics = processMetricsOf(app)?.nats;
  app.connectMicroservice(natsServerOptions(options.nats, options.queue, metrics), {
    inheritAppConfig: true,
  });
  await app.startAllMicroservices();
  await app.listen(options.healthPort, options.healthHost ?? '0.0.0.0');
  return app;
}
