import { DOMAIN_SERVICE_NAMES, type DomainServiceName } from '@caliber/contracts';
import {
  migrateServiceDatabase,
  serviceDataSourceOptions,
  type ServiceDatabaseOptions,
} from '@caliber/service-kit';
import { DataSource } from 'typeorm';
import { equipmentDatabase } from '../../services/equipment/src/database';
import { identityDatabase } from '../../services/identity/src/database';
import { maintenanceDatabase } from '../../services/maintenance/src/database';
import { notificationsDatabase } from '../../services/notifications/src/database';
import { reportsDatabase } from '../../services/reports/src/database';

/**
 * Each domain service's schema (entities and migrations), by its registry name. The type asks
 * for an entry for every service of `DOMAIN_SERVICES`, so a new service cannot be forgotten here.
 */
const SERVICE_DATABASES: Record<DomainServiceName, (url: string) => ServiceDatabaseOptions> = {
  identity: identityDatabase,
  equipment: equipmentDatabase,
  maintenance: maintenanceDatabase,
  reports: reportsDatabase,
  notifications: notificationsDatabase,
};

/** Applies every service's migrations, in registry order (once per integration run). */
export async function migrateEveryService(url: string): Promise<void> {
  for (const name of DOMAIN_SERVICE_NAMES) await migrateServiceDatabase(SERVICE_DATABASES[name](url));
}

/** A direct connection to one service's schema, for arranging and inspecting rows. */
export async function serviceDataSource(name: DomainServiceName): Promise<DataSource> {
  const dataSource = new DataSource({
    ...serviceDataSourceOptions(SERVICE_DATABASES[name](process.env['DATABASE_URL'] ?? '')),
    logging: false,
  });
  return dataSource.initialize();
}
