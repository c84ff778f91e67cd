import { downloadFile, errorMessage, type DownloadOptions } from '@caliber/web';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

export interface DownloadRequest extends Omit<DownloadOptions, 'signal'> {
  /** Which of a screen's downloads this is, so only its button shows busy. */
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  /** What a failure says when the server gives no message. */
  failure: string;
}

/**
 * A screen's file downloads (export, labels, templates), each a mutation: one at a time (a new one
 * cancels the one under way), the busy one named, a failure kept as the server's message, the
 * saved file's name kept until the next. Leaving the screen cancels a download under way.
 */
export function useDownload() {
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const mutation = useMutation({
    mutationFn: (request: DownloadRequest) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      return downloadFile(request.method ?? 'GET', request.path, {
        accept: request.accept,
        fallbackName: request.fallbackName,
        body: request.body,
        signal: controller.signal,
      });
    },
  });
  const { mutateAsync, reset } = mutation;

  /** The saved file's name, or null when it failed (the failure is then `error`). */
  const download = useCallback(
    (request: DownloadRequest): Promise<string | null> => mutateAsync(request).catch(() => null),
    [mutateAsync],
  );

  return {
    download,
    busy: mutation.isPending ? mutation.variables.name : null,
    error: mutation.isError ? errorMessage(mutation.error, mutation.variables.failure) : null,
    saved: mutation.isSuccess ? mutation.data : null,
    reset,
  };
}
