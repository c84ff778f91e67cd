import './tracing';
import 'reflect-metadata';
import { QUEUE_GROUPS } from '@caliber/contracts';
import { runServiceMain } from '@caliber/service-kit';
import { loadMaintenanceConfig } from './config';
import { maintenanceDatabase } from './database';
import { MaintenanceModule } from './maintenance.module';

/** `node main.js` serves; `node main.js migrate` brings the schema up to date and exits. */
runServiceMain({
  name: 'maintenance',
  queue: QUEUE_GROUPS.maintenance,
  loadConfig: () => loadMaintenanceConfig(),
  database: (config) => maintenanceDatabase(config.databaseUrl),
  module: (config, logger) => MaintenanceModule.forRoot(config, logger),
});
