import { dashboardResponseSchema } from '@caliber/contracts';
import { operation, STAFF, type ApiOperation } from '../api/operation';

/** The landing screen's figures, composed by the gateway from every service (`DashboardService`). */
export const DASHBOARD_OPERATIONS = {
  getDashboard: operation({
    operationId: 'getDashboard',
    method: 'get',
    path: '/api/dashboard',
    tag: 'Operations',
    summary:
      'The dashboard: inventory and task figures with their 30-day trends, the latest tasks, PM completion, System Status and your last sign-in',
    description:
      "Composed from the services in parallel. A part whose service does not answer within 3 s is null and `unavailable` says why; the other parts still arrive (200). A Technician's task figures are their own. System Status says what is wrong (`problem`) to Engineers and Admins only (`details: true`); others get OK or not OK per part.",
    callers: STAFF,
    answer: { status: 200, description: '`DashboardResponse`', schema: dashboardResponseSchema },
  }),
} as const satisfies Record<string, ApiOperation>;
