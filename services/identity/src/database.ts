import { AuditEntryEntity, type ServiceDatabaseOptions } from '@caliber/service-kit';
import { CreateIdentitySchema1763800000000 } from './migrations/1763800000000-create-identity-schema';
import { OtpChallengeEntity } from './otp/otp-challenge.entity';
import { UserEntity } from './users/user.entity';
import { CanonicalDepartments1764200000000 } from './migrations/1764200000000-canonical-departments';
import { AccountTheme1764300000000 } from './migrations/1764300000000-account-theme';
import { AuditService1764400000000 } from './migrations/1764400000000-audit-service';
import { Sessions1764500000000 } from './migrations/1764500000000-sessions';
import { SessionsByUser1765100000000 } from './migrations/1765100000000-sessions-by-user';
import { SessionsEndOnPhoneChange1765350000000 } from './migrations/1765350000000-sessions-end-on-phone-change';
import { AuditAppendOnly1765360000000 } from './migrations/1765360000000-audit-append-only';
import { DepartmentCopy1765400000000 } from './migrations/1765400000000-department-copy';
import { AuditChain1765800000000 } from './migrations/1765800000000-audit-chain';
import { CodesEndWithAccountChange1766100000000 } from './migrations/1766100000000-codes-end-with-account-change';
import { ConfirmedEmailAddresses1766100000001 } from './migrations/1766100000001-confirmed-email-addresses';
import { EmailChangeEntity } from './email/email-change.entity';
import { AuditChainCheckpoint1766500000000 } from './migrations/1766500000000-audit-chain-checkpoint';
import { SessionEntity } from './sessions/session.entity';
import { SingleSignOn1767000000000 } from './migrations/1767000000000-single-sign-on';
import { SsoFlowEntity } from './sso/sso-flow.entity';
import { ClinicalRole1767050000000 } from './migrations/1767050000000-clinical-role';

export const IDENTITY_SCHEMA = 'identity';
export const IDENTITY_ENTITIES = [
  UserEntity,
  OtpChallengeEntity,
  SessionEntity,
  EmailChangeEntity,
  SsoFlowEntity,
  AuditEntryEntity,
];
/** Every migration in order; listed by hand so the bundle needs no file globbing. */
export const IDENTITY_MIGRATIONS = [
  CreateIdentitySchema1763800000000,
  CanonicalDepartments1764200000000,
  AccountTheme1764300000000,
  AuditService1764400000000,
  Sessions1764500000000,
  SessionsByUser1765100000000,
  SessionsEndOnPhoneChange1765350000000,
  AuditAppendOnly1765360000000,
  DepartmentCopy1765400000000,
  AuditChain1765800000000,
  CodesEndWithAccountChange1766100000000,
  ConfirmedEmailAddresses1766100000001,
  AuditChainCheckpoint1766500000000,
  SingleSignOn1767000000000,
  ClinicalRole1767050000000,
];

export function identityDatabase(url: string): ServiceDatabaseOptions {
  return { url, schema: IDENTITY_SCHEMA, entities: IDENTITY_ENTITIES, migrations: IDENTITY_MIGRATIONS };
}
