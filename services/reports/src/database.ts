import { AuditEntryEntity, type ServiceDatabaseOptions } from '@caliber/service-kit';
import { CreateReportsSchema1765000000000 } from './migrations/1765000000000-create-reports-schema';
import { ActiveReportsByOwner1765200000000 } from './migrations/1765200000000-active-reports-by-owner';
import { AuditAppendOnly1765360000000 } from './migrations/1765360000000-audit-append-only';
import { AuditChain1765800000000 } from './migrations/1765800000000-audit-chain';
import { AuditChainCheckpoint1766500000000 } from './migrations/1766500000000-audit-chain-checkpoint';
import { CostOfServiceFigures1767900000000 } from './migrations/1767900000000-cost-of-service-figures';

export const REPORTS_SCHEMA = 'reports';
/** Every migration in order; listed by hand so the bundle needs no file globbing. */
export const REPORTS_MIGRATIONS = [
  CreateReportsSchema1765000000000,
  ActiveReportsByOwner1765200000000,
  AuditAppendOnly1765360000000,
  AuditChain1765800000000,
  AuditChainCheckpoint1766500000000,
  CostOfServiceFigures1767900000000,
];

export function reportsDatabase(url: string, poolSize?: number): ServiceDatabaseOptions {
  return {
    url,
    schema: REPORTS_SCHEMA,
    entities: [AuditEntryEntity],
    migrations: REPORTS_MIGRATIONS,
    poolSize,
  };
}
