import { isApiErrorBody, fileNameFromDisposition } from '@caliber/contracts';
import {
  saveBlob,
  ApiError,
  apiBaseUrl,
  errorMessage,
  SESSION_EXPIRED_MESSAGE,
  sessionStore,
  useSession,
} from '@caliber/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ROSTER_EXPORT_FALLBACK_NAME } from '../utils/roster-file';

/** A refusal's JSON body ({ message, code }), or null when it has none. */
async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return null;
  }
}

/**
 * GET /users/export as a file: the API client speaks JSON only, so this is its call made by hand
 * (the stored token as a Bearer header, credentials included), answering the body as a blob and
 * the name from Content-Disposition. A refusal becomes an ApiError with the server's message.
 */
async function fetchRosterExport(signal: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const headers: Record<string, string> = {
    accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json',
  };
  const token = sessionStore.token();
  if (token) headers['authorization'] = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}/users/export`, { headers, credentials: 'include', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
  }
  if (!response.ok) {
    const body = await readErrorBody(response);
    throw new ApiError(
      isApiErrorBody(body) ? body.message : '',
      response.status,
      isApiErrorBody(body) ? body.code : undefined,
    );
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(
      response.headers.get('content-disposition'),
      ROSTER_EXPORT_FALLBACK_NAME,
    ),
  };
}

/**
 * The roster's Export: downloads the roster as XLSX (the import's template). `onError` gets the
 * server's message; a 401 signs out as any other call does, with the server's reason.
 */
export function useRosterExport(onError: (message: string) => void) {
  const { sessionEnded } = useSession();
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const exportRoster = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    try {
      const { blob, fileName } = await fetchRosterExport(current.signal);
      saveBlob(blob, fileName);
    } catch (error) {
      if (current.signal.aborted) return;
      if (error instanceof ApiError && error.status === 401) {
        sessionStore.clear();
        sessionEnded(
          error.code === 'SESSION_ENDED' && error.message ? error.message : SESSION_EXPIRED_MESSAGE,
        );
        return;
      }
      onError(errorMessage(error, 'Failed to export the roster.'));
    } finally {
      if (!current.signal.aborted) setBusy(false);
    }
  }, [onError, sessionEnded]);

  return { exportRoster, exporting: busy };
}
