import './tracing';
import 'reflect-metadata';
import { QUEUE_GROUPS } from '@caliber/contracts';
import { runServiceMain } from '@caliber/service-kit';
import { loadIdentityConfig } from './config';
import { identityDatabase } from './database';
import { IdentityModule } from './identity.module';

/** `node main.js` serves; `node main.js migrate` brings the schema up to date and exits. */
runServiceMain({
  name: 'identity',
  queue: QUEUE_GROUPS.identity,
  loadConfig: () => loadIdentityConfig(),
  database: (config) => identityDatabase(config.databaseUrl),
  module: (config, logger) => IdentityModule.forRoot(config, logger),
  describe: (config) => ({ sms: config.sms.adapter }),
});
