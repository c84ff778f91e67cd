import { isClinical, roleIs, type Role } from '@caliber/contracts';
import { LoadingState } from '@caliber/ui-kit';
import { Navigate, Outlet, useLocation, useSession } from '@caliber/web';
import type { ReactNode } from 'react';

/** Where the sign-in screens send the visitor back to, kept in the router's location state. */
export interface ReturnState {
  from?: string;
}

export function SessionLoading() {
  return <LoadingState text="Loading application..." fullScreen />;
}

/** No user: to /login, remembering the requested path (with its query and hash). */
export function RequireSignedIn() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signedOut') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies ReturnState} />;
  }
  return <Outlet />;
}

/**
 * Where a person's app opens: clinical staff's own reports (the dashboard is the department's
 * figures, which they do not see), everyone else's dashboard.
 */
export function homePathFor(role: string | null | undefined): string {
  return isClinical(role) ? '/my-reports' : '/dashboard';
}

/**
 * Restricted routes admit only the roles named, compared case-insensitively; anyone else goes to
 * their home (`homePathFor`).
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !roles.some((role) => roleIs(user.role, role)))
    return <Navigate to={homePathFor(user?.role)} replace />;
  return <>{children}</>;
}

/**
 * /login and /register: a signed-in user goes to their home, or, right after signing in, back to
 * the path the guard remembered (replacing the history entry).
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signedIn')
    return <Navigate to={returnPath(location.state, homePathFor(user?.role))} replace />;
  return <>{children}</>;
}

export function returnPath(state: unknown, home = '/dashboard'): string {
  const from = (state as ReturnState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : home;
}

/** `/` and every unknown path: the person's home when signed in, /login otherwise. */
export function HomeRedirect() {
  const { status, user } = useSession();
  if (status === 'loading') return <SessionLoading />;
  return <Navigate to={status === 'signedIn' ? homePathFor(user?.role) : '/login'} replace />;
}
