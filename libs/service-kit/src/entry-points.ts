import type { DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { Logger } from 'pino';
import { bootstrapService } from './bootstrap';
import {
  ConfigError,
  loadConfig,
  urlVariable,
  type LogLevel,
  type NatsSettings,
  type ShutdownSettings,
} from './config';
import { migrateServiceDatabase, serviceDataSourceOptions, type ServiceDatabaseOptions } from './database';
import { createLogger } from './logger';
import { ServiceError } from './service-error';
import { closeOnSignals } from './shutdown';

/** What every domain service's configuration holds for its entry point. */
export interface ServiceMainConfig {
  logLevel: LogLevel;
  nats: NatsSettings;
  databaseUrl: string;
  healthPort: number;
  healthHost: string;
  shutdown: ShutdownSettings;
}

export interface ServiceEntry<C extends ServiceMainConfig> {
  name: string;
  queue: string;
  loadConfig(): C;
  database(config: C): ServiceDatabaseOptions;
  module(config: C, logger: Logger): DynamicModule;
  /** Extra fields for the 'ready' log line. */
  describe?(config: C): Record<string, unknown>;
}

/**
 * A promise nobody awaited that fails is a bug to fix, not a reason to stop serving every other
 * request: it is logged as an error and the process carries on. (A thrown exception still ends
 * the process: its state may be broken, and the orchestrator restarts it.)
 */
export function logUnhandledRejections(logger: Logger): void {
  process.on('unhandledRejection', (reason: unknown) => {
    logger.error(
      { err: reason instanceof Error ? reason : new Error(String(reason)) },
      'unhandled promise rejection (the service keeps running)',
    );
  });
}

/**
 * A domain service's `main.js`: `node main.js` serves (NATS handlers in the service's queue group,
 * the health port, clean shutdown on SIGTERM); `node main.js migrate` brings the schema up to
 * date and exits. A bad configuration stops it with a message naming each variable.
 */
export function runServiceMain<C extends ServiceMainConfig>(entry: ServiceEntry<C>): void {
  const main = async (command: string | undefined) => {
    const config = entry.loadConfig();
    const logger = createLogger(entry.name, config.logLevel);
    logUnhandledRejections(logger);
    if (command === 'migrate') {
      const applied = await migrateServiceDatabase(entry.database(config));
      logger.info({ applied }, applied.length ? 'migrations applied' : 'schema is up to date');
      return;
    }
    const app = await bootstrapService({
      module: entry.module(config, logger),
      logger,
      nats: config.nats,
      queue: entry.queue,
      healthPort: config.healthPort,
      healthHost: config.healthHost,
    });
    closeOnSignals(app, logger, config.shutdown);
    logger.info(
      { healthUrl: await app.getUrl(), ...entry.describe?.(config) },
      `${entry.name} service ready`,
    );
  };
  main(process.argv[2]).catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`,
    );
    process.exit(1);
  });
}

/**
 * An administrator's command line against a service's schema (`DATABASE_URL`): migrates first,
 * hands `run` a data source, prints its answer. Refusals print as `Error: …` with their details
 * and exit 1.
 */
export function runServiceCli(
  name: string,
  database: (url: string) => ServiceDatabaseOptions,
  run: (dataSource: DataSource) => Promise<string>,
): void {
  const main = async () => {
    const { DATABASE_URL } = loadConfig(
      `${name} cli`,
      z.object({ DATABASE_URL: urlVariable(['postgres', 'postgresql']) }),
    );
    const options = database(DATABASE_URL);
    await migrateServiceDatabase(options);
    const dataSource = new DataSource({ ...serviceDataSourceOptions(options), logging: ['error'] });
    await dataSource.initialize();
    try {
      process.stdout.write(`${await run(dataSource)}\n`);
    } finally {
      await dataSource.destroy();
    }
  };
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof ServiceError) {
        const details = error.details?.length
          ? `\n${error.details.map((d) => `  ${d.path}: ${d.message}`).join('\n')}`
          : '';
        process.stderr.write(`Error: ${error.message}${details}\n`);
      } else if (error instanceof ConfigError) {
        process.stderr.write(`${error.message}\n`);
      } else {
        process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
      }
      process.exit(1);
    },
  );
}

/**
 * Demo data is for trying Caliber out: made-up staff who could sign in, made-up equipment in a
 * hospital's inventory. With NODE_ENV=production a seed command refuses before touching anything.
 */
export function refuseDemoDataInProduction(env: NodeJS.ProcessEnv = process.env): void {
  if (env['NODE_ENV'] === 'production')
    throw new ServiceError(
      'FORBIDDEN',
      'Demo data is refused when NODE_ENV=production: it would put made-up records into the hospital’s data.',
    );
}
