import { api, errorMessage } from './api-client';
import { useCallback, useEffect, useState } from 'react';

interface Answer<T> {
  key: string;
  data: T | null;
  error: string | null;
}

export interface ApiData<T> {
  /** The newest answer; while a newer one loads, the previous one stays. */
  data: T | null;
  /** Why the newest request failed (the server's message, else the fallback). */
  error: string | null;
  loading: boolean;
  reload(): void;
  /**
   * Changes the answer held now, at once (a change the person just made, as the server answered
   * it), until the next answer arrives.
   */
  patch(change: (data: T) => T): void;
}

/**
 * One GET of the API, asked again when `path` changes or on `reload()`; `null` asks nothing. A
 * request overtaken by a newer one is cancelled, so an older answer never replaces a newer one.
 */
export function useApiData<T>(path: string | null, fallback: string): ApiData<T> {
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const key = path === null ? '' : `${path}#${reloads}`;

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    api
      .get<T>(path, { signal: controller.signal })
      .then((data) => setAnswer({ key, data, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer((previous) => ({
          key,
          data: previous?.data ?? null,
          error: errorMessage(error, fallback),
        }));
      });
    return () => controller.abort();
  }, [path, key, fallback]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const patch = useCallback(
    (change: (data: T) => T) =>
      setAnswer((previous) => (previous?.data ? { ...previous, data: change(previous.data) } : previous)),
    [],
  );
  return {
    data: answer?.data ?? null,
    error: answer?.key === key ? answer.error : null,
    loading: path !== null && answer?.key !== key,
    reload,
    patch,
  };
}
