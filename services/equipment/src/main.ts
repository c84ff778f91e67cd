import './tracing';
import 'reflect-metadata';
import { QUEUE_GROUPS } from '@caliber/contracts';
import { runServiceMain } from '@caliber/service-kit';
import { loadEquipmentConfig } from './config';
import { equipmentDatabase } from './database';
import { EquipmentModule } from './equipment.module';

/** `node main.js` serves; `node main.js migrate` brings the schema up to date and exits. */
runServiceMain({
  name: 'equipment',
  queue: QUEUE_GROUPS.equipment,
  loadConfig: () => loadEquipmentConfig(),
  database: (config) => equipmentDatabase(config.databaseUrl),
  module: (config, logger) => EquipmentModule.forRoot(config, logger),
});
