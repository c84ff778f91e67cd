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
 * for and a worker starting on them (`caliber_report_wait_seconds`).
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
      help: 'Time from a report being asked for (or its schedule turn) to a worker starting it, by format',
      labelNames: ['format'],
      buckets: WAIT_BUCKETS,
      registers: [metrics.registry],
    });
  }

  /** A worker starts an attempt at a report: records its wait, and answers how to record its end. */
  started(job: {
    reports: readonly ReportType[];
    options: { format: ReportFormat };
    createdAt: Date;
  }): (outcome: ReportOutcome) => void {
    const format = job.options.format;
    this.wait.observe({ format }, Math.max(0, (Date.now() - job.createdAt.getTime()) / 1000));
    const end = this.duration.startTimer({ kind: reportKindLabel(job.reports), format });
    return (outcome) => {
      end({ outcome });
    };
  }
}
