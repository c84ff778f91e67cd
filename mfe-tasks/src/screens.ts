import type { RemoteScreensModule } from '@caliber/web';
import { CreateTaskPage } from './pages/CreateTaskPage';
import { ReportIssuePage } from './pages/ReportIssuePage';
import { TaskManagementPage } from './pages/TaskManagementPage';

/**
 * The screens this remote provides to the shell, by screen id. Maintenance and Schedule
 * Preventive arrive with their own issue; until then the shell says they are not part of this
 * version.
 */
export const screens: RemoteScreensModule['screens'] = {
  tasks: TaskManagementPage,
  'add-task': CreateTaskPage,
  'report-issue': ReportIssuePage,
};
