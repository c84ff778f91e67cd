import 'reflect-metadata';
import { QUEUE_GROUPS } from '@caliber/contracts';
import {
  bootstrapService,
  closeOnSignals,
  ConfigError,
  createLogger,
  migrateServiceDatabase,
} from '@caliber/service-kit';
import { loadEquipmentConfig } from './config';
import { equipmentDatabase } from './database';
import { EquipmentModule } from './equipment.module';

/** `node main.js` serves; `node main.js migrate` brings the schema up to date and exits. */
async function main(command: string | undefined): Promise<void> {
  const config = loadEquipmentConfig();
  const logger = createLogger('equipment', config.logLevel);
  if (command === 'migrate') {
    const applied = await migrateServiceDatabase(equipmentDatabase(config.databaseUrl));
    logger.info({ applied }, applied.length ? 'migrations applied' : 'schema is up to date');
    return;
  }
  const app = await bootstrapService({
    module: EquipmentModule.forRoot(config, logger),
    logger,
    natsUrl: config.natsUrl,
    queue: QUEUE_GROUPS.equipment,
    healthPort: config.healthPort,
  });
  closeOnSignals(app, logger);
  logger.info({ healthUrl: await app.getUrl() }, 'equipment service ready');
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
