import { roleIs, type Role } from '@caliber/contracts';
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
 * Restricted routes admit only the roles named, compared case-insensitively; anyone else goes to
 * /dashboard.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !roles.some((role) => roleIs(user.role, role))) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/**
 * /login and /register: a signed-in user goes to /dashboard, or, right after signing in, back to
 * the path the guard remembered (replacing the history entry).
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signedIn') return <Navigate to={returnPath(location.state)} replace />;
  return <>{children}</>;
}

export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

/** `/` and every unknown path: /dashboard when signed in, /login otherwise. */
export function HomeRedirect() {
  const { status } = useSession();
  if (status === 'loading') return <SessionLoading />;
  return <Navigate to={status === 'signedIn' ? '/dashboard' : '/login'} replace />;
}
