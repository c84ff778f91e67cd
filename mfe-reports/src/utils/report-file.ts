import { reportFileName, type ReportJobDto } from '@caliber/contracts';

/**
 * Report files as the screens name and size them. No DOM here, so it is tested under Node.
 */

/**
 * The name a finished report is saved under when the server's header gives none: the name the
 * server gave the file, else `cmms-report-{timestamp}.{format}` for the moment it was asked for.
 */
export function jobFileName(job: Pick<ReportJobDto, 'fileName' | 'format' | 'createdAt'>): string {
  if (job.fileName) return job.fileName;
  const asked = new Date(job.createdAt);
  return reportFileName(job.format, Number.isNaN(asked.getTime()) ? new Date() : asked);
}

const KILOBYTE = 1024;
const MEGABYTE = KILOBYTE * 1024;

/** "2 MB", "1.5 MB", "640 KB", "512 bytes": a size as a person reads it. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes >= MEGABYTE) return `${Number((bytes / MEGABYTE).toFixed(1))} MB`;
  if (bytes >= KILOBYTE) return `${Math.round(bytes / KILOBYTE)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
