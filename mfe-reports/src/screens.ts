import type { RemoteScreensModule } from '@caliber/web';
import { AuditTrailPage } from './pages/AuditTrailPage';
import { ReportJobPage } from './pages/ReportJobPage';
import { ReportsPage } from './pages/ReportsPage';

/** The screens this remote provides to the shell, by screen id. */
export const screens: RemoteScreensModule['screens'] = {
  reports: ReportsPage,
  'report-job': ReportJobPage,
  'audit-trail': AuditTrailPage,
};
