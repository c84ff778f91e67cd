// Renders a screen as the shell does after sign-in: the app config, device preferences, a signed-in
// session (answered by MSW's `GET /auth/me`), live events (from the test's source: the socket stays
// off), the one QueryClient with the app's defaults, the toast and the router.
import type { DepartmentEntryDto, HospitalListsDto, UserDto } from '@caliber/contracts';
import { ToastProvider } from '@caliber/ui-kit';
import {
  AppConfigProvider,
  BrowserRouter,
  configureApi,
  DEFAULT_APP_CONFIG,
  LiveEventSourceProvider,
  LiveEventsProvider,
  PreferencesProvider,
  QUERY_DEFAULTS,
  SessionProvider,
  sessionStore,
  useSession,
  writeLocalPreferences,
  type LiveEventSource,
} from '@caliber/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { api, API_BASE, apiServer } from './api-server';
import { TestLiveEvents } from './live-events';

export interface ScreenOptions {
  /** Who is signed in; null: nobody (a page that opens signed in or not). */
  user: UserDto | null;
  /** The address the screen opens at. */
  path?: string;
  /** The live events the screen receives (none unless given). */
  live?: LiveEventSource;
  /** The QueryClient: a fresh one with the app's defaults unless given. */
  client?: QueryClient;
}

/** A QueryClient as the shell makes it, waiting no time between retries (the policy stays). */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { ...QUERY_DEFAULTS, queries: { ...QUERY_DEFAULTS.queries, retryDelay: 0 } },
  });
}

/** A department as `GET /lists` answers it. */
export function departmentEntry(name: string): DepartmentEntryDto {
  return {
    _id: `dept-${name}`,
    kind: 'department',
    name,
    parentId: null,
    retired: false,
    retiredAt: null,
    formerNames: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    version: 1,
    wards: [],
  };
}

const CHECKING = 'Checking the session…';

function SignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'signedIn' ? <>{children}</> : <p>{CHECKING}</p>;
}

function SignedOut({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'signedOut' ? <>{children}</> : <p>{CHECKING}</p>;
}

/**
 * Renders `screen` for `user` (or signed out), once the session check has answered. The hospital lists answer
 * ICU and TSEU unless a test's handler says otherwise.
 */
export async function renderScreen(ui: ReactNode, options: ScreenOptions) {
  configureApi({ baseUrl: API_BASE });
  // The live socket stays closed: the test's source (or none) brings the events.
  writeLocalPreferences({ liveUpdates: false });
  if (options.user) sessionStore.save('component-test-token', options.user);
  else sessionStore.clear();
  window.history.replaceState(null, '', options.path ?? '/');
  const lists: HospitalListsDto = {
    departments: [departmentEntry('ICU'), departmentEntry('TSEU')],
    categories: [],
  };
  apiServer.use(
    http.get(api('/auth/me'), () => HttpResponse.json({ user: options.user })),
    http.get(api('/lists'), () => HttpResponse.json(lists)),
  );
  const client = options.client ?? testQueryClient();
  const live = options.live ?? new TestLiveEvents();
  const view = render(
    <AppConfigProvider config={DEFAULT_APP_CONFIG}>
      <PreferencesProvider>
        <SessionProvider>
          <LiveEventsProvider>
            <LiveEventSourceProvider source={live}>
              <QueryClientProvider client={client}>
                <ToastProvider>
                  <BrowserRouter>
                    {options.user ? <SignedIn>{ui}</SignedIn> : <SignedOut>{ui}</SignedOut>}
                  </BrowserRouter>
                </ToastProvider>
              </QueryClientProvider>
            </LiveEventSourceProvider>
          </LiveEventsProvider>
        </SessionProvider>
      </PreferencesProvider>
    </AppConfigProvider>,
  );
  await waitFor(() => expect(screen.queryByText(CHECKING)).not.toBeInTheDocument());
  return { ...view, client };
}
