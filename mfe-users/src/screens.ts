import type { RemoteScreensModule } from '@caliber/web';
import { AddUserPage } from './pages/AddUserPage';
import { UserManagementPage } from './pages/UserManagementPage';

/** The screens this remote provides to the shell, by screen id. */
export const screens: RemoteScreensModule['screens'] = {
  users: UserManagementPage,
  'add-user': AddUserPage,
};
