import './tracing';
import 'reflect-metadata';
import { QUEUE_GROUPS } from '@caliber/contracts';
import { runServiceMain } from '@caliber/service-kit';
import { loadReportsConfig } from './config';
import { reportsDatabase } from './database';
import { ReportsModule } from './reports.module';

/**
 * `node main.js` serves the reports API (asking, following, downloading, schedules);
 * `node main.js migrate` brings the schema up to date and exits. The files are written by
 * `worker.js`, in processes of their own.
 */
runServiceMain({
  name: 'reports',
  queue: QUEUE_GROUPS.reports,
  loadConfig: () => loadReportsConfig(),
  database: (config) => reportsDatabase(config.databaseUrl),
  module: (config, logger) => ReportsModule.forRoot(config, logger),
});
