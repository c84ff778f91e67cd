import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../auth/LoginPage';
import { RegisterPage } from '../auth/RegisterPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { Layout } from '../layout/Layout';
import { RemoteScreen } from '../remotes/RemoteScreen';
import { SettingsPage } from '../settings/SettingsPage';
import { HomeRedirect, RequireRole, RequireSignedIn, SignedOutOnly } from './guards';

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <SignedOutOnly>
            <LoginPage />
          </SignedOutOnly>
        }
      />
      <Route
        path="/register"
        element={
          <SignedOutOnly>
            <RegisterPage />
          </SignedOutOnly>
        }
      />
      <Route path="/" element={<HomeRedirect />} />
      <Route element={<RequireSignedIn />}>
        <Route element={<Layout />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/equipment" element={<RemoteScreen screen="equipment-inventory" />} />
          <Route path="/add-equipment" element={<RemoteScreen screen="add-equipment" />} />
          <Route path="/maintenance" element={<RemoteScreen screen="maintenance" />} />
          <Route path="/report-issue" element={<RemoteScreen screen="report-issue" />} />
          <Route path="/tasks" element={<RemoteScreen screen="tasks" />} />
          <Route path="/add-task" element={<RemoteScreen screen="add-task" />} />
          <Route path="/reports" element={<RemoteScreen screen="reports" />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route
            path="/schedule-preventive"
            element={
              <RequireRole role="Engineer">
                <RemoteScreen screen="schedule-preventive" />
              </RequireRole>
            }
          />
          <Route
            path="/users"
            element={
              <RequireRole role="Engineer">
                <RemoteScreen screen="users" />
              </RequireRole>
            }
          />
          <Route
            path="/add-user"
            element={
              <RequireRole role="Engineer">
                <RemoteScreen screen="add-user" />
              </RequireRole>
            }
          />
        </Route>
      </Route>
      <Route path="*" element={<HomeRedirect />} />
    </Routes>
  );
}
