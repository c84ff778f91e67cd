import { auditServiceColumnMigration } from '@caliber/service-kit';

/**
 * Audit rows say which principal's signed statement carried each change (`gateway` for a
 * signed-in person, a service acting on its own or on someone's behalf), next to who acted.
 */
export const AuditService1764400000000 = auditServiceColumnMigration('AuditService1764400000000', 'identity');
