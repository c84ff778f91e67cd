import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  REPORT_FORMATS,
  REPORT_TYPES,
  type ReportFormat,
  type ReportJobDto,
  type ReportQueuedResponse,
  type ReportType,
} from '@caliber/contracts';

export interface ReportTiming {
  format: ReportFormat;
  /** What the line measures: the format, or the heaviest report a worker can be asked for. */
  label: string;
  /** Seconds from asking to the file being ready to download. */
  seconds: number;
  bytes: number;
  /** The worker process's peak resident memory while writing it, in MB. */
  peakMb: number | null;
  /** False where the peak could not be reset: it is then the peak since the worker started. */
  peakOfThisReport: boolean;
  /** The machine's 1-minute load average when the report was asked for (other work on the cores). */
  load: number;
}

/** The worker's peak resident set (VmHWM), in MB; null where /proc does not say. */
export function peakMb(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM to the present size). Answers
 * whether it did: where refused, each peak covers the whole run so far, and the table says so.
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const hwm = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
    const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return hwm <= rss * 1.05;
  } catch {
    return false;
  }
}

/**
 * The cost of service alone (50,000 devices and 200,000 tasks read a page at a time from two
 * services, twice: once for the figures, once for the device table), then all nine reports over
 * the past year in each format, asked for through the gateway as a person
 * would, each written by the one worker process alone: seconds until the file is ready, its size,
 * and the worker's peak memory.
 */
export async function measureReports(
  baseUrl: string,
  token: string,
  workerPid: number,
): Promise<ReportTiming[]> {
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
  const timings: ReportTiming[] = [];
  const runs: { label: string; format: ReportFormat; interactive: boolean; reports?: ReportType[] }[] = [
    { label: 'cosr', format: 'xlsx', interactive: false, reports: ['costOfService'] },
    ...REPORT_FORMATS.map((format) => ({ label: format, format, interactive: false })),
    // Last, the heaviest report a worker can be asked for: the interactive XLSX holds up to 20,000
    // rows of every table in memory (Excel tables are built whole), with heat maps and trends. It
    // checks that the worker's node flags leave room for the largest report.
    { label: 'xlsx+', format: 'xlsx', interactive: true },
  ];
  for (const { label, format, interactive, reports = [...REPORT_TYPES] } of runs) {
    const peakOfThisReport = resetPeak(workerPid);
    const load = loadavg()[0] ?? 0;
    const started = Date.now();
    const answer = await fetch(`${baseUrl}/api/reports/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        reports,
        filters: { dateFrom: yearAgo.toISOString().slice(0, 10), dateTo: today.toISOString().slice(0, 10) },
        options: {
          format,
          visuals: { charts: true, summary: true },
          ...(interactive
            ? { advanced: { interactiveExport: true, trendPrediction: true, heatMaps: true } }
            : {}),
          delivery: { downloadNow: true },
        },
      }),
    });
    const bytes = await fileSize(answer, baseUrl, token, format);
    timings.push({
      format,
      label,
      seconds: (Date.now() - started) / 1000,
      bytes,
      peakMb: peakMb(workerPid),
      peakOfThisReport,
      load,
    });
  }
  return timings;
}

/** The size of the file the answer is, or of the report its link follows once written. */
async function fileSize(
  answer: Response,
  baseUrl: string,
  token: string,
  format: ReportFormat,
): Promise<number> {
  if (answer.status === 200) return (await answer.arrayBuffer()).byteLength;
  if (answer.status !== 202) throw new Error(`Generate answered ${answer.status}: ${await answer.text()}`);
  const { jobId } = (await answer.json()) as ReportQueuedResponse;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const job = (await (
      await fetch(`${baseUrl}/api/reports/${jobId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as ReportJobDto;
    if (job.state === 'failed') throw new Error(`The ${format} report failed: ${job.failure}`);
    if (job.state === 'done') return job.fileSize ?? 0;
  }
}

export function printReports(timings: ReportTiming[], say: (line: string) => void): void {
  say('\nReports: over the past year, one worker (concurrency 2)');
  say('  format   seconds      size   worker peak MB   load');
  for (const t of timings)
    say(
      `  ${t.label.padEnd(6)}  ${t.seconds.toFixed(1).padStart(8)}  ${(t.bytes / 1024 / 1024).toFixed(1).padStart(6)} MB  ${
        t.peakMb === null ? '     —' : t.peakMb.toFixed(0).padStart(14)
      }  ${t.load.toFixed(2).padStart(5)}${t.peakOfThisReport ? '' : ' (peak since the worker started)'}`,
    );
  if (timings.some((t) => t.label === 'cosr'))
    say('  (cosr: the Cost of service report alone, as XLSX; the other lines hold all nine reports)');
  if (timings.some((t) => t.label === 'xlsx+'))
    say('  (xlsx+: the XLSX with interactive tables, heat maps and trends, the heaviest report)');
}
