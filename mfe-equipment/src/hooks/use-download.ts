import { downloadFile, errorMessage, type DownloadOptions } from '@caliber/web';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface DownloadRequest extends Omit<DownloadOptions, 'signal'> {
  /** Which of a screen's downloads this is, so only its button shows busy. */
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  /** What a failure says when the server gives no message. */
  failure: string;
}

/**
 * A screen's file downloads (export, labels, templates): one at a time, the busy one named, a
 * failure kept as the server's message. Leaving the screen cancels a download under way.
 */
export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const download = useCallback(async (request: DownloadRequest): Promise<string | null> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(request.name);
    setError(null);
    setSaved(null);
    try {
      const fileName = await downloadFile(request.method ?? 'GET', request.path, {
        accept: request.accept,
        fallbackName: request.fallbackName,
        body: request.body,
        signal: controller.signal,
      });
      setSaved(fileName);
      return fileName;
    } catch (failure) {
      if (!controller.signal.aborted) setError(errorMessage(failure, request.failure));
      return null;
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(null);
      }
    }
  }, []);

  const reset = useCallback(() => {
    setError(null);
    setSaved(null);
  }, []);

  return { download, busy, error, saved, reset };
}
