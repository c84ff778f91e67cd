// Server state: what every screen asks the API for goes through TanStack Query, with ONE
// QueryClient that the shell creates after sign-in and shares with the remotes (the package is a
// Module Federation singleton, so its context is the same object in every bundle).
//
// This file imports only TanStack Query's types: `@caliber/web` loads with the sign-in page, which
// does not need the query library (it comes with the signed-in layout and the remotes).
import type { DefaultOptions, QueryFunctionContext } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

/** Tries after the first, for a failure worth trying again. */
const RETRIES = 2;

/**
 * Whether a failed read is asked again. A refusal (4xx: not allowed, not found, a bad filter) gives
 * the same answer every time, so it is shown at once; so is an ended session (401), which signs
 * out. No answer at all (status 0), a timeout (408), a rate limit (429) or a server fault (5xx)
 * may pass: those are tried twice more, 1 s then 2 s apart.
 */
export function shouldRetryQuery(failures: number, error: unknown): boolean {
  if (failures >= RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  if (error.status === 408 || error.status === 429) return true;
  return error.status === 0 || error.status >= 500;
}

/**
 * The defaults of the one QueryClient (the shell's, and the component tests'):
 * - answers are fresh for 30 s: screens opened again meanwhile show them without asking, and live
 *   events mark them stale as soon as the data changes elsewhere;
 * - no refetch when the window regains focus: a ward tablet switching between apps would otherwise
 *   ask every open list again each time (live events keep lists current instead); a reconnect
 *   does refetch what is stale, since events were missed while offline;
 * - retries only for failures that may pass (`shouldRetryQuery`), never a write: a write sent twice
 *   may be applied twice.
 */
export const QUERY_DEFAULTS = {
  queries: {
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
    retry: shouldRetryQuery,
    retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 8000),
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/**
 * A query function for one GET of the API: it goes through the API client (the stored token, a 401
 * signing out, refusals as `ApiError` with the server's message and request id) and is cancelled
 * when TanStack Query drops the query (a newer page, the screen closed).
 *
 * `useQuery({ queryKey: userKeys.list(filters), queryFn: apiQuery<UserListResponse>(`/users?${q}`) })`
 */
export function apiQuery<T>(path: string) {
  return ({ signal }: QueryFunctionContext): Promise<T> => api.get<T>(path, { signal });
}
