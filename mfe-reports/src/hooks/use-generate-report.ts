import { DEFAULT_REPORT_FORMAT, type GenerateReportRequest } from '@caliber/contracts';
import { ApiError, reportKeys, saveBlob } from '@caliber/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import {
  failureMessage,
  readGenerateAnswer,
  REPORT_ANSWER_TEXTS,
  successMessage,
} from '../utils/report-answer';
import { configuresDelivery } from '../utils/report-form';
import { openInNewTab } from '../utils/open-in-new-tab';
import { useReportFetch } from './use-report-fetch';

export type GenerateOutcome =
  /** `link`: the report's page, offered too in case the browser blocked the new tab. */
  { tone: 'success'; text: string; link: string | null } | { tone: 'error'; text: string };

/**
 * Generate: sends the request, then saves the file or opens the report's page in a new tab, and
 * answers what the dialog says. Null when there is nothing to say: the call was given up (the
 * dialog closed) or the session ended (the app is on its way to sign-in). However it ends, the
 * reports and schedules are asked again: a report (and perhaps a schedule) now exists.
 */
export function useGenerateReport() {
  const call = useReportFetch();
  const client = useQueryClient();
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async (request: GenerateReportRequest): Promise<GenerateOutcome | null> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      try {
        const response = await call('POST', '/reports/generate', { body: request, signal: current.signal });
        const answer = await readGenerateAnswer(
          response,
          request.options?.format ?? DEFAULT_REPORT_FORMAT,
          new Date(),
          window.location.origin,
        );
        if (current.signal.aborted) return null;
        const delivery = configuresDelivery(request);
        switch (answer.kind) {
          case 'file':
            saveBlob(answer.blob, answer.fileName);
            return { tone: 'success', text: successMessage('file', delivery), link: null };
          case 'link':
            openInNewTab(answer.href);
            return { tone: 'success', text: successMessage('link', delivery), link: answer.href };
          case 'unexpected':
            return { tone: 'error', text: REPORT_ANSWER_TEXTS.unexpected };
          case 'refused':
            return { tone: 'error', text: failureMessage(answer.message) };
        }
      } catch (error) {
        if (current.signal.aborted) return null;
        if (error instanceof ApiError && error.status === 401) return null;
        return { tone: 'error', text: failureMessage(error instanceof ApiError ? error.message : '') };
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    onSettled: () => void client.invalidateQueries({ queryKey: reportKeys.all }),
  });

  /** Gives up a call under way (the dialog closed): its answer is then not acted on. */
  const abandon = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  return { generate: mutation.mutateAsync, busy: mutation.isPending, abandon };
}
