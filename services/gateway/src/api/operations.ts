import { AUDIT_OPERATIONS } from '../audit/audit.operations';
import { AUTH_OPERATIONS } from '../auth/auth.operations';
import { COSTS_OPERATIONS } from '../costs/costs.operations';
import { SSO_OPERATIONS } from '../auth/sso.operations';
import { DOCUMENTS_OPERATIONS } from '../documents/documents.operations';
import { DASHBOARD_OPERATIONS } from '../dashboard/dashboard.operations';
import { EQUIPMENT_OPERATIONS } from '../equipment/equipment.operations';
import { LISTS_OPERATIONS } from '../equipment/lists.operations';
import { HEALTH_OPERATIONS } from '../health/health.operations';
import { NOTIFICATIONS_OPERATIONS } from '../notifications/notifications.operations';
import { RECALLS_OPERATIONS } from '../recalls/recalls.operations';
import { REPORTS_OPERATIONS } from '../reports/reports.operations';
import { SAFETY_OPERATIONS } from '../safety/safety.operations';
import { TASKS_OPERATIONS } from '../tasks/tasks.operations';
import { USERS_OPERATIONS } from '../users/users.operations';
import { VENDORS_OPERATIONS } from '../vendors/vendors.operations';
import { SERVICE_CONTRACTS_OPERATIONS } from '../service-contracts/service-contracts.operations';
import type { ApiOperation } from './operation';

/**
 * Every operation of the HTTP API, declared once each in its domain's `*.operations.ts`. The
 * gateway's routes, its calls over NATS, the OpenAPI document and the authorization matrix are
 * all derived from this list.
 */
export const OPERATIONS: readonly ApiOperation[] = [
  ...Object.values(AUTH_OPERATIONS),
  ...Object.values(SSO_OPERATIONS),
  ...Object.values(USERS_OPERATIONS),
  ...Object.values(EQUIPMENT_OPERATIONS),
  ...Object.values(LISTS_OPERATIONS),
  ...Object.values(RECALLS_OPERATIONS),
  ...Object.values(VENDORS_OPERATIONS),
  ...Object.values(SERVICE_CONTRACTS_OPERATIONS),
  ...Object.values(TASKS_OPERATIONS),
  ...Object.values(SAFETY_OPERATIONS),
  ...Object.values(REPORTS_OPERATIONS),
  ...Object.values(DASHBOARD_OPERATIONS),
  ...Object.values(AUDIT_OPERATIONS),
  ...Object.values(NOTIFICATIONS_OPERATIONS),
  ...Object.values(COSTS_OPERATIONS),
  ...DOCUMENTS_OPERATIONS,
  ...Object.values(HEALTH_OPERATIONS),
];
