import type { LiveEvent, UserListResponse } from '@caliber/contracts';
import { api, errorMessage, useLiveEvents } from '@caliber/web';
import { useCallback, useEffect, useState } from 'react';
import { userListQuery, type UserListFilters } from '../utils/user-list-query';

const USER_EVENTS: readonly LiveEvent[] = ['user:changed'];

interface Answer {
  key: string;
  data: UserListResponse | null;
  error: string | null;
}

/**
 * One page of the roster from the server (12 a page). A request overtaken by a newer one is
 * cancelled, and while a new page loads the previous one stays on screen. A roster change made
 * anywhere (`user:changed`) reloads it while live updates are on.
 */
export function useUserList(filters: UserListFilters) {
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const query = userListQuery(filters);
  const key = `${query}#${reloads}`;

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<UserListResponse>(`/users?${query}`, { signal: controller.signal })
      .then((data) => setAnswer({ key, data, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer((previous) => ({
          key,
          data: previous?.data ?? null,
          error: errorMessage(error, 'Failed to load users.'),
        }));
      });
    return () => controller.abort();
  }, [query, key]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  useLiveEvents(USER_EVENTS, reload);

  return {
    data: answer?.data ?? null,
    error: answer?.key === key ? answer.error : null,
    loading: answer?.key !== key,
    reload,
  };
}
