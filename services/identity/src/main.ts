import 'reflect-metadata';
import { QUEUE_GROUPS } from '@caliber/contracts';
import {
  bootstrapService,
  closeOnSignals,
  ConfigError,
  createLogger,
  migrateServiceDatabase,
} from '@caliber/service-kit';
import { loadIdentityConfig } from './config';
import { identityDatabase } from './database';
import { IdentityModule } from './identity.module';

/** `node main.js` serves; `node main.js migrate` brings the schema up to date and exits. */
async function main(command: string | undefined): Promise<void> {
  const config = loadIdentityConfig();
  const logger = createLogger('identity', config.logLevel);
  if (command === 'migrate') {
    const applied = await migrateServiceDatabase(identityDatabase(config.databaseUrl));
    logger.info({ applied }, applied.length ? 'migrations applied' : 'schema is up to date');
    return;
  }
  const app = await bootstrapService({
    module: IdentityModule.forRoot(config, logger),
    logger,
    natsUrl: config.natsUrl,
    queue: QUEUE_GROUPS.identity,
    healthPort: config.healthPort,
  });
  closeOnSignals(app, logger);
  logger.info({ healthUrl: await app.getUrl(), sms: config.sms.adapter }, 'identity service ready');
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
