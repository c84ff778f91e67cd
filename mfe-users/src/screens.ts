import type { RemoteScreensModule } from '@caliber/web';
import { AddUserPage } from './pages/AddUserPage';
import { LabourRatesPage } from './pages/LabourRatesPage';
import { NotificationDeliveriesPage } from './pages/NotificationDeliveriesPage';
import { OnCallRotaPage } from './pages/OnCallRotaPage';
import { UserManagementPage } from './pages/UserManagementPage';

/** The screens this remote provides to the shell, by screen id. */
export const screens: RemoteScreensModule['screens'] = {
  users: UserManagementPage,
  'add-user': AddUserPage,
  'notification-deliveries': NotificationDeliveriesPage,
  'on-call-rota': OnCallRotaPage,
  'labour-rates': LabourRatesPage,
};
