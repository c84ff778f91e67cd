import { Injectable } from '@nestjs/common';
import type { ReportFormat, ReportType } from '@caliber/contracts';
import { ProcessMetrics } from '@caliber/service-kit';
import { Histogram } from 'prom-client';

/** A report that holds several kinds in one file is timed under this kind. */
export const COMBINED_REPORT_KIND = 'combined';

/** The `kind` label of a report: its one kind, or `combined` for several in one file. */
export function reportKindLabel(reports: readonly ReportType[]): string {
  return reports.length === 1 && reports[0] !== undefined ? reports[0] : COMBINED_REPORT_KIND;
}

/** How an attempt at writing a report ended. */
export type ReportOutcome = 'done' | 'failed';

/** Seconds: a small report takes about a second, a year of a large hospital's figures minutes. */
const DURATION_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200];
/** Seconds a report waited in the queue: none when a worker is free, hours when they are swamped. */
const WAIT_BUCKETS = [0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200];

/**
 * The report workers' own metrics: how long each attempt at a report took, by kind, format and
 * outcome (`caliber_report_duration_seconds`), and how long reports waited between being asked
 * for and a worker first starting on them (`caliber_report_wait_seconds`).
 */
@Injectable()
export class ReportMetrics {
  private readonly duration: Histogram<'kind' | 'format' | 'outcome'>;
  private readonly wait: Histogram<'format'>;

  constructor(metrics: ProcessMetrics) {
    this.duration = new Histogram({
      name: 'caliber_report_duration_seconds',
      help: 'Time one attempt at writing a report took, from its start to its file stored, by kind, format and outcome',
      labelNames: ['kind', 'format', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers: [metrics.registry],
    });
    this.wait = new Histogram({
      name: 'caliber_report_wait_seconds',
      help: 'Time from a report being asked for (or its schedule turn) to a worker first starting it, by format',
      labelNames: ['format'],
      buckets: WAIT_BUCKETS,
      registers: [metrics.registry],
    });
  }

  /**
   * A worker starts an attempt at a report: records its wait, and answers how to record its end.
   *
   * The wait is the time from the report being asked for (or its schedule's turn) to a worker
   * first starting it, so it is recorded on the first start only (`startNumber` 1: BullMQ's
   * `attemptsStarted`, which counts every start, a retry or a restart after a worker died too).
   * Measured again at a later start from the same moment, it would count the earlier attempts' run
   * and the backoff between them as waiting, and "reports are late" would point at the queue when
   * the report's own attempts failed. A retry's wait of its own would run from the failure plus
   * the backoff, but BullMQ keeps neither the failed attempt's end nor the moment the retry became
   * ready, so it is not measured. Retries show in `caliber_report_duration_seconds` with
   * `outcome="failed"` and in the queue's `delayed` jobs instead.
   */
  started(job: {
    reports: readonly ReportType[];
    options: { format: ReportFormat };
    createdAt: Date;
    startNumber: number;
  }): (outcome: ReportOutcome) => void {
    const format = job.options.format;
    if (job.startNumber <= 1)
      this.wait.observe({ format }, Math.max(0, (Date.now() - job.createdAt.getTime()) / 1000));
    const end = this.duration.startTimer({ kind: reportKindLabel(job.reports), format });
    return (outcome) => {
      end({ outcome });
    };
  }
}
