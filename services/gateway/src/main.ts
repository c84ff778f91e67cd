import './tracing';
import 'reflect-metadata';
import { closeOnSignals, ConfigError, createLogger, logUnhandledRejections } from '@caliber/service-kit';
import { createGatewayApp } from './app';
import { loadGatewayConfig } from './config';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.logLevel);
  logUnhandledRejections(logger);
  const app = await createGatewayApp(config, logger);
  await app.listen(config.port, config.host);
  closeOnSignals(app, logger, config.shutdown);
  logger.info({ url: await app.getUrl() }, 'gateway ready');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
