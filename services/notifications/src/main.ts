import './tracing';
import 'reflect-metadata';
import { QUEUE_GROUPS } from '@caliber/contracts';
import { runServiceMain } from '@caliber/service-kit';
import { loadNotificationsConfig } from './config';
import { notificationsDatabase } from './database';
import { NotificationsModule } from './notifications.module';

/**
 * `node main.js` follows the other services' activity, sends e-mails and pages, and answers the
 * bell; `node main.js migrate` brings the schema up to date and exits.
 */
runServiceMain({
  name: 'notifications',
  queue: QUEUE_GROUPS.notifications,
  loadConfig: () => loadNotificationsConfig(),
  database: (config) => notificationsDatabase(config.databaseUrl),
  module: (config, logger) => NotificationsModule.forRoot(config, logger),
});
