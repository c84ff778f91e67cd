import type { RemoteScreensModule } from '@caliber/web';
import { CreateTaskPage } from './pages/CreateTaskPage';
import { MaintenancePage } from './pages/MaintenancePage';
import { MyReportsPage } from './pages/MyReportsPage';
import { ReportIssuePage } from './pages/ReportIssuePage';
import { SchedulePreventivePage } from './pages/SchedulePreventivePage';
import { TaskManagementPage } from './pages/TaskManagementPage';

/** The screens this remote provides to the shell, by screen id. */
export const screens: RemoteScreensModule['screens'] = {
  tasks: TaskManagementPage,
  'add-task': CreateTaskPage,
  'report-issue': ReportIssuePage,
  'my-reports': MyReportsPage,
  maintenance: MaintenancePage,
  'schedule-preventive': SchedulePreventivePage,
};
