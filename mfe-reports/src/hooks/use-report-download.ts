import { fileNameFromDisposition } from '@caliber/contracts';
import type { ReportJobDto } from '@caliber/contracts';
import { ApiError, saveBlob } from '@caliber/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { refusalOf } from '../utils/report-answer';
import { jobFileName } from '../utils/report-file';
import { useReportFetch } from './use-report-fetch';

const DOWNLOAD_FAILED = 'Failed to download the report.';

/**
 * Downloads a finished report's file (`GET /reports/{id}/file`) under the server's name, else the
 * name the report was given. `onError` gets the server's message (409: still being written; 404:
 * expired or not yours), else the fallback. One download at a time; `downloading` is its report.
 */
export function useReportDownload(onError: (message: string) => void) {
  const call = useReportFetch();
  const [downloading, setDownloading] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const download = useCallback(
    async (job: Pick<ReportJobDto, '_id' | 'fileName' | 'format' | 'createdAt'>): Promise<boolean> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setDownloading(job._id);
      try {
        const response = await call('GET', `/reports/${encodeURIComponent(job._id)}/file`, {
          signal: current.signal,
        });
        if (!response.ok) {
          const { message } = await refusalOf(response);
          if (!current.signal.aborted) onError(message || DOWNLOAD_FAILED);
          return false;
        }
        const fileName = fileNameFromDisposition(
          response.headers.get('content-disposition'),
          jobFileName(job),
        );
        const blob = await response.blob();
        if (current.signal.aborted) return false;
        saveBlob(blob, fileName);
        return true;
      } catch (error) {
        if (current.signal.aborted || (error instanceof ApiError && error.status === 401)) return false;
        onError(error instanceof ApiError && error.message ? error.message : DOWNLOAD_FAILED);
        return false;
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setDownloading(null);
        }
      }
    },
    [call, onError],
  );

  return { download, downloading };
}
