import {
  ADMIN_ROLES,
  CONFIRM_EMAIL_PATH,
  COST_READER_ROLES,
  FULL_ACCESS_ROLES,
  SSO_CALLBACK_PATH,
  STAFF_ROLES,
  UNSUBSCRIBE_PATH,
} from '@caliber/contracts';
import { Route, Routes, type ScreenId } from '@caliber/web';
import { lazy, Suspense, type ReactNode } from 'react';
import { LoginPage } from '../auth/LoginPage';
import { SsoCallbackPage } from '../auth/SsoCallbackPage';
import { RegisterPage } from '../auth/RegisterPage';
import { HomeRedirect, RequireRole, RequireSignedIn, SessionLoading, SignedOutOnly } from './guards';

// The sign-in pages load with the app; everything behind sign-in loads after it, so a first visit
// to /login downloads only what signing in needs.
const Layout = lazy(() => import('../layout/Layout').then((module) => ({ default: module.Layout })));
const DashboardPage = lazy(() =>
  import('../dashboard/DashboardPage').then((module) => ({ default: module.DashboardPage })),
);
const SettingsPage = lazy(() =>
  import('../settings/SettingsPage').then((module) => ({ default: module.SettingsPage })),
);
const HospitalListsPage = lazy(() =>
  import('../settings/lists/HospitalListsPage').then((module) => ({ default: module.HospitalListsPage })),
);
// Opened from a link in a mail, signed in or not: with its form's validation, apart from sign-in.
const ConfirmEmailPage = lazy(() =>
  import('../auth/ConfirmEmailPage').then((module) => ({ default: module.ConfirmEmailPage })),
);
// The link at the foot of every notification e-mail, signed in or not: apart from sign-in too.
const UnsubscribePage = lazy(() =>
  import('../notifications/UnsubscribePage').then((module) => ({ default: module.UnsubscribePage })),
);
const RemoteScreen = lazy(() =>
  import('../remotes/RemoteScreen').then((module) => ({ default: module.RemoteScreen })),
);

/** While a part behind sign-in loads: the same full-screen spinner as the session check. */
function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={<SessionLoading />}>{children}</Suspense>;
}

/**
 * Remote screens everyone signed in may open, clinical staff included: their ward's devices (the
 * inventory screen shows them only those), a device's page (what its QR label opens), Report Issue
 * and their own reports.
 */
const OPEN_SCREENS: readonly [path: string, screen: ScreenId][] = [
  ['/equipment', 'equipment-inventory'],
  // A device's own page: the address its asset label's QR code holds. `/equipment/import` is
  // not an id: the router ranks that static path (below) above this dynamic one.
  ['/equipment/:id', 'equipment-device'],
  ['/report-issue', 'report-issue'],
  ['/my-reports', 'my-reports'],
];

/**
 * Remote screens of the biomedical department's staff (every role but clinical staff, who go to
 * their home): the department's work, figures and records.
 */
const DEPARTMENT_SCREENS: readonly [path: string, screen: ScreenId][] = [
  ['/add-equipment', 'add-equipment'],
  // Recalls: every staff member reads them (static paths rank above `/equipment/:id` and `/recalls/:id`).
  ['/equipment/recalls', 'equipment-recalls'],
  ['/equipment/recalls/:id', 'equipment-recall'],
  // Vendors: every staff member reads them (a technician calls the vendor's number); the screen
  // offers Add and Edit to Engineers, Managers and Admins only, and the API refuses anyone else.
  ['/equipment/vendors', 'equipment-vendors'],
  ['/maintenance', 'maintenance'],
  ['/tasks', 'tasks'],
  ['/add-task', 'add-task'],
  ['/reports', 'reports'],
  // A report's own page (the link Generate answers when the file is not ready in time): the
  // screen reads the report's id from the address.
  ['/reports/jobs/:id', 'report-job'],
  // Engineers, Managers and Admins: the screen itself tells a Technician why they may not read it
  // (a clear message rather than a silent move to the dashboard), and the API refuses them.
  ['/audit', 'audit-trail'],
];

/**
 * Remote screens for the roles that manage staff, schedule PM and import the inventory: Engineers
 * and Admins. The spec's route table admits exactly Engineer; Admins are admitted too, because only
 * an Admin may change an Admin's account, so without the Users screen an Admin's account could be
 * changed only from the command line. Managers (who read and change nothing) and Technicians go to
 * the dashboard, clinical staff to their own reports.
 */
const STAFF_SCREENS: readonly [path: string, screen: ScreenId][] = [
  ['/schedule-preventive', 'schedule-preventive'],
  // Moving a hospital's inventory in writes many devices at once: Engineers and Admins only.
  ['/equipment/import', 'equipment-import'],
  // Electrical-safety tests are recorded and imported by Engineers and Admins; everyone reads them.
  ['/equipment/:id/safety-tests/new', 'safety-test-record'],
  ['/equipment/safety-tests/import', 'safety-import'],
  // Recording a recall or safety notice is for Engineers and Admins.
  ['/equipment/recalls/new', 'equipment-recall-new'],
  ['/equipment/recalls/:id/edit', 'equipment-recall-edit'],
  ['/users', 'users'],
  ['/add-user', 'add-user'],
];

/**
 * Remote screens of Admins alone, who look after the service itself: the record of every e-mail
 * and SMS notifications sent (to whom, at which masked address, retried, failed and why), and the
 * on-call rota (who is paged for an urgent fault in each department). Anyone
 * else goes to their home, as from the other guarded screens.
 */
const ADMIN_SCREENS: readonly [path: string, screen: ScreenId][] = [
  ['/users/notification-deliveries', 'notification-deliveries'],
  ['/users/on-call', 'on-call-rota'],
];

/**
 * Remote screens of those who oversee the work and read its costs: Engineers, Managers and Admins
 * (the labour rates and the hospital currency, which Admins change on the same screen).
 * Technicians go to the dashboard and clinical staff to their own reports, as from the other
 * guarded screens; the API refuses them too.
 */
const COST_SCREENS: readonly [path: string, screen: ScreenId][] = [
  ['/users/labour-rates', 'labour-rates'],
  // Service contracts: their annual costs are read and kept by the same people (static paths
  // rank above `/equipment/:id` and `/equipment/contracts/:id`).
  ['/equipment/contracts', 'equipment-contracts'],
  ['/equipment/contracts/new', 'equipment-contract-new'],
  ['/equipment/contracts/:id', 'equipment-contract'],
  ['/equipment/contracts/:id/edit', 'equipment-contract-edit'],
];

/** The route table: sign-in pages for visitors, every other screen behind the session guard. */
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
      {/* The identity provider sends the browser back here with its answer. */}
      <Route
        path={SSO_CALLBACK_PATH}
        element={
          <SignedOutOnly>
            <SsoCallbackPage />
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
      {/* A confirmation link opens here, signed in or not: the token says whose address it is. */}
      <Route
        path={CONFIRM_EMAIL_PATH}
        element={
          <Later>
            <ConfirmEmailPage />
          </Later>
        }
      />
      {/* A notification e-mail's unsubscribe link opens here: the token says whose e-mails stop. */}
      <Route
        path={UNSUBSCRIBE_PATH}
        element={
          <Later>
            <UnsubscribePage />
          </Later>
        }
      />
      <Route path="/" element={<HomeRedirect />} />
      <Route element={<RequireSignedIn />}>
        <Route
          element={
            <Later>
              <Layout />
            </Later>
          }
        >
          <Route
            path="/dashboard"
            element={
              <RequireRole roles={STAFF_ROLES}>
                <DashboardPage />
              </RequireRole>
            }
          />
          <Route path="/settings" element={<SettingsPage />} />
          <Route
            path="/settings/lists"
            element={
              <RequireRole roles={STAFF_ROLES}>
                <HospitalListsPage />
              </RequireRole>
            }
          />
          {OPEN_SCREENS.map(([path, screen]) => (
            <Route key={path} path={path} element={<RemoteScreen screen={screen} />} />
          ))}
          {DEPARTMENT_SCREENS.map(([path, screen]) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireRole roles={STAFF_ROLES}>
                  <RemoteScreen screen={screen} />
                </RequireRole>
              }
            />
          ))}
          {STAFF_SCREENS.map(([path, screen]) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireRole roles={FULL_ACCESS_ROLES}>
                  <RemoteScreen screen={screen} />
                </RequireRole>
              }
            />
          ))}
          {COST_SCREENS.map(([path, screen]) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireRole roles={COST_READER_ROLES}>
                  <RemoteScreen screen={screen} />
                </RequireRole>
              }
            />
          ))}
          {ADMIN_SCREENS.map(([path, screen]) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireRole roles={ADMIN_ROLES}>
                  <RemoteScreen screen={screen} />
                </RequireRole>
              }
            />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<HomeRedirect />} />
    </Routes>
  );
}
