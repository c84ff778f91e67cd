import { ApiError, apiBaseUrl, SESSION_EXPIRED_MESSAGE, sessionStore, useSession } from '@caliber/web';
import { useCallback } from 'react';
import { refusalOf } from '../utils/report-answer';

/** What report files are asked as: the three formats, or JSON (a link, or a refusal). */
const FILE_ACCEPT = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/json',
].join(', ');

export interface ReportFetchOptions {
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * A call whose answer may be a file: the API client reads JSON only, so this makes its call by
 * hand (the stored token as a Bearer header, credentials included) and answers the raw Response
 * for the caller to read as a file or as JSON. A 401 signs out as any other call does, with the
 * server's reason; no answer at all becomes an ApiError (status 0) with the usual sentence.
 */
export function useReportFetch() {
  const { sessionEnded } = useSession();
  return useCallback(
    async (method: 'GET' | 'POST', path: string, options: ReportFetchOptions = {}): Promise<Response> => {
      const headers: Record<string, string> = { accept: FILE_ACCEPT };
      const token = sessionStore.token();
      if (token) headers['authorization'] = `Bearer ${token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(`${apiBaseUrl()}${path}`, {
          method,
          headers,
          credentials: 'include',
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
      }
      if (response.status === 401) {
        const { message, code } = await refusalOf(response);
        sessionStore.clear();
        sessionEnded(code === 'SESSION_ENDED' && message ? message : SESSION_EXPIRED_MESSAGE);
        throw new ApiError(message, 401, code);
      }
      return response;
    },
    [sessionEnded],
  );
}
