import { Inject, Injectable } from '@nestjs/common';
import {
  calendarDateIn,
  REPORT_TITLES,
  reportFileName,
  type ActingUser,
  type ReportJobDto,
  type ReportFilters,
  type ReportScope,
} from '@caliber/contracts';
import type { Logger } from 'pino';
import { buildReportSection } from '../builders/report-builders';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { ReportDataClient } from '../data/report-data.client';
import { ReportLists } from '../data/report-lists';
import { REPORT_FILE_TYPES, type ReportDocument } from '../document/report-document';
import { writeReport } from '../document/write-report';
import { ReportMailer } from '../mail/report-mailer';
import { LOGGER } from '../tokens';
import { ChunkSink } from './chunk-sink';
import { ReportEvents } from './report-events';
import { ReportJobsRepository, type StoredReportJob } from './report-jobs.repository';

/** The part of the work reading the figures takes on the progress bar; writing takes the rest. */
const READING_SHARE = 60;

/** What the domain services are asked about: the request's filters, in the hospital's days. */
export function scopeOf(filters: ReportFilters, timeZone: string): ReportScope {
  return {
    from: filters.dateFrom,
    to: filters.dateTo,
    timeZone,
    departments: filters.departments,
    categories: filters.categories,
    staffId: filters.staff,
  };
}

/** The filters in words, for the cover and the summary. */
export function filterLines(filters: ReportFilters): string[] {
  return [
    `Departments: ${filters.departments.length ? filters.departments.join(', ') : 'all'}`,
    `Categories: ${filters.categories.length ? filters.categories.join(', ') : 'all'}`,
    ...(filters.staff ? ['Staff: one member of staff (the staff figures are theirs only)'] : []),
  ];
}

/**
 * Writes one report: reads every section's figures from the services that own them (as the
 * person it is for), streams the file into the database piece by piece, marks it done, and
 * e-mails it when asked. Progress is saved and announced to the owner as it goes.
 */
@Injectable()
export class ReportWriter {
  constructor(
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly jobs: ReportJobsRepository,
    private readonly events: ReportEvents,
    private readonly data: ReportDataClient,
    private readonly mailer: ReportMailer,
    private readonly lists: ReportLists,
  ) {}

  /** One attempt at a report. A report already written only has its e-mail sent, if still owed. */
  async write(jobId: string, attempt: number): Promise<void> {
    const job = await this.jobs.stored(jobId);
    if (!job) return;
    if (job.state === 'done') return this.mailIfOwed(job);
    if (job.state !== 'queued' && job.state !== 'running') return;
    await this.events.progress(await this.jobs.start(jobId, attempt));

    const document = await this.document(job);
    await this.events.progress(await this.jobs.progress(jobId, READING_SHARE, 'Writing the file'));
    const sink = new ChunkSink((seq, data) => this.jobs.writeChunk(jobId, seq, data));
    await writeReport(document, sink, { timeZone: this.config.timeZone });
    const done = await this.jobs.finish(
      jobId,
      { name: reportFileName(job.options.format, job.createdAt), size: sink.size },
      this.config.retentionDays,
    );
    await this.events.progress(done);
    await this.mailIfOwed(job);
  }

  private async document(job: StoredReportJob): Promise<ReportDocument> {
    const user: ActingUser = {
      id: job.owner.id,
      role: job.owner.role,
      name: job.owner.name,
      serviceNumber: job.owner.serviceNumber,
    };
    // A schedule made, or a report queued, before a department or category was renamed covers it
    // under its new name.
    const filters = await this.lists.current(job.filters, user, false);
    const context = {
      scope: scopeOf(filters, this.config.timeZone),
      user,
      data: this.data,
      options: job.options,
      currency: this.config.currency,
      labourRatePerHour: this.config.labourRatePerHour,
      today: calendarDateIn(this.config.timeZone),
    };
    const sections = [];
    for (const [index, type] of job.reports.entries()) {
      await this.events.progress(
        await this.jobs.progress(
          job.id,
          (index / job.reports.length) * READING_SHARE,
          `Reading: ${REPORT_TITLES[type]}`,
        ),
      );
      sections.push(await buildReportSection(type, context));
    }
    const { visuals, advanced, format } = job.options;
    return {
      title: `${this.config.productName} maintenance report`,
      productName: this.config.productName,
      generatedAt: new Date(),
      generatedFor: job.scheduleId ? `${job.owner.name} (scheduled)` : job.owner.name,
      period: { from: job.filters.dateFrom, to: job.filters.dateTo },
      filterLines: filterLines(filters),
      options: {
        format,
        charts: visuals.charts,
        summary: visuals.summary,
        interactiveExport: advanced.interactiveExport,
        trendPrediction: advanced.trendPrediction,
        heatMaps: advanced.heatMaps,
      },
      sections,
    };
  }

  private async mailIfOwed(job: StoredReportJob): Promise<void> {
    if (!job.emailTo || job.emailedAt) return;
    const current = await this.jobs.get(job.id);
    if (!current?.fileName || current.state !== 'done') return;
    const titles = job.reports.map((type) => REPORT_TITLES[type]).join(', ');
    try {
      await this.send(job, current, titles);
    } catch (error) {
      // Tried again with the report's attempts; the file stays downloadable whatever happens.
      await this.events.progress(await this.jobs.mailFailed(job.id, (error as Error).message));
      throw error;
    }
    await this.events.progress(await this.jobs.markEmailed(job.id));
    this.logger.info({ job: job.id }, 'report e-mailed');
  }

  private async send(job: StoredReportJob, current: ReportJobDto, titles: string): Promise<void> {
    if (!job.emailTo || !current.fileName) return;
    await this.mailer.send({
      to: job.emailTo,
      subject: `${this.config.productName} report: ${titles} (${job.filters.dateFrom} to ${job.filters.dateTo})`,
      text: [
        `The report ${job.owner.name} asked for is attached: ${titles}.`,
        `Period: ${job.filters.dateFrom} to ${job.filters.dateTo}.`,
        ...filterLines(job.filters),
        '',
        `Sent by ${this.config.productName}.`,
      ].join('\n'),
      fileName: current.fileName,
      contentType: REPORT_FILE_TYPES[current.format].mime,
      content: () => this.jobs.chunks(job.id),
    });
  }
}
