import { apiFetch } from '@caliber/web';
import { useCallback } from 'react';

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
 * A call whose answer may be a file: the API client's raw call (`apiFetch`: token, credentials,
 * sign-out on a 401 with the server's reason, status 0 when nothing answers), asking for the three
 * formats or JSON, answering the Response for the caller to read as a file or as JSON.
 */
export function useReportFetch() {
  return useCallback(
    (method: 'GET' | 'POST', path: string, options: ReportFetchOptions = {}): Promise<Response> =>
      apiFetch(method, path, { ...options, accept: FILE_ACCEPT }),
    [],
  );
}
