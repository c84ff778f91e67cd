import { Inject, Injectable } from '@nestjs/common';
import {
  calendarDateIn,
  REPORT_TITLES,
  reportFileName,
  type ReportJobDto,
  type ReportFilters,
  type ReportScope,
} from '@caliber/contracts';
import { Mailer } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { buildReportSection } from '../builders/report-builders';
import { ReportScratch } from '../builders/scratch';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { ReportDataClient } from '../data/report-data.client';
import { ReportLists } from '../data/report-lists';
import { REPORT_FILE_TYPES, type ReportDocument } from '../document/report-document';
import { writeReport } from '../document/write-report';
import { mayMailTo } from '../mail/mail-policy';
import {
  ownerFromRoster,
  RosterClient,
  type RequesterStanding,
  type RosterPerson,
} from '../roster/roster.client';
import { LOGGER } from '../tokens';
import { ChunkSink } from './chunk-sink';
import { ReportEvents } from './report-events';
import { ReportMetrics } from './report-metrics';
import { ownerAsUser, ReportJobsRepository, type StoredReportJob } from './report-jobs.repository';

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

/** Why a report is not made, or not sent, for a requester the roster no longer stands behind. */
const GONE = {
  deactivated: 'the person who asked for it was deactivated on the staff roster',
  removed: 'the person who asked for it is no longer on the staff roster',
} as const;

/**
 * Whether a report's e-mail may be sent now, to whom it says it is from, or why not: its requester
 * is no longer active on the roster, or the address is neither their confirmed roster address (as
 * it is now) nor at an allowed domain.
 */
export function mailVerdict(
  standing: RequesterStanding,
  to: string,
  domains: readonly string[],
): { send: true; person: RosterPerson } | { send: false; reason: string } {
  if (!standing.current) return { send: false, reason: `${GONE[standing.why]}.` };
  if (!mayMailTo(to, standing.person, domains))
    return {
      send: false,
      reason: `${to} is not the requester's confirmed address on the staff roster, nor at a domain reports may be sent to. Download the report here, or confirm the address in Settings (Profile) and ask for it again.`,
    };
  return { send: true, person: standing.person };
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
    private readonly mailer: Mailer,
    private readonly lists: ReportLists,
    private readonly roster: RosterClient,
    private readonly metrics: ReportMetrics,
  ) {}

  /**
   * One attempt at a report. A report already written only has its e-mail sent, if still owed.
   * Its requester is asked about first, as the roster has them now: a person deactivated or removed
   * since they asked gets no report (it ends failed, with the reason on the Reports screen, and is
   * not tried again), and a changed role is the one the figures are read as. `startNumber` is how
   * many times the queue has started this report, this time included (its wait is recorded at the
   * first only: `ReportMetrics.started`).
   */
  async write(jobId: string, attempt: number, startNumber: number): Promise<void> {
    const job = await this.jobs.stored(jobId);
    if (!job) return;
    if (job.state === 'done') return this.mailIfOwed(job);
    if (job.state !== 'queued' && job.state !== 'running') return;
    const standing = await this.roster.standing(job.owner);
    if (!standing.current) {
      // Shown as it is in the list and after "The report could not be written:" on its page.
      const reason = `${GONE[standing.why].replace(/^t/, 'T')}.`;
      await this.events.progress(await this.jobs.failAttempt(jobId, reason, true));
      this.logger.info(
        { job: jobId, why: standing.why },
        'report not written: its requester may no longer have it',
      );
      return;
    }
    await this.events.progress(await this.jobs.start(jobId, attempt));

    // The attempt is timed from here to its file stored (the e-mail after it is not the report's).
    const finished = this.metrics.started({ ...job, startNumber });
    let done: ReportJobDto | null;
    let scratch: ReportScratch | null = null;
    try {
      scratch = await ReportScratch.create();
      const document = await this.document({ ...job, owner: ownerFromRoster(standing.person) }, scratch);
      await this.events.progress(await this.jobs.progress(jobId, READING_SHARE, 'Writing the file'));
      const sink = new ChunkSink((seq, data) => this.jobs.writeChunk(jobId, seq, data));
      await writeReport(document, sink, { timeZone: this.config.timeZone });
      done = await this.jobs.finish(
        jobId,
        { name: reportFileName(job.options.format, job.createdAt), size: sink.size },
        this.config.retentionDays,
      );
    } catch (error) {
      finished('failed');
      throw error;
    } finally {
      await scratch?.remove();
    }
    finished('done');
    await this.events.progress(done);
    await this.mailIfOwed(job);
  }

  private async document(job: StoredReportJob, scratch: ReportScratch): Promise<ReportDocument> {
    const user = ownerAsUser(job.owner);
    // A schedule made, or a report queued, before a department or category was renamed covers it
    // under its new name.
    const filters = await this.lists.current(job.filters, user, false);
    const context = {
      scope: scopeOf(filters, this.config.timeZone),
      user,
      data: this.data,
      options: job.options,
      currency: (await this.data.hospitalCurrency(user)) ?? this.config.currency,
      today: calendarDateIn(this.config.timeZone),
      scratch,
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

  /**
   * Sends the e-mail, when one is owed. Right before sending, the requester and the address are
   * checked again against the roster as it is now (`mailVerdict`): deactivated, removed, or
   * their roster address changed (or no longer confirmed) since, and no mail goes out; the reason
   * is shown instead.
   */
  private async mailIfOwed(job: StoredReportJob): Promise<void> {
    if (!job.emailTo || job.emailedAt) return;
    const current = await this.jobs.get(job.id);
    if (!current?.fileName || current.state !== 'done') return;
    const titles = job.reports.map((type) => REPORT_TITLES[type]).join(', ');
    try {
      const verdict = mailVerdict(
        await this.roster.standing(job.owner),
        job.emailTo,
        this.config.mailDomains,
      );
      if (!verdict.send) {
        await this.events.progress(await this.jobs.mailWithheld(job.id, verdict.reason));
        this.logger.info({ job: job.id }, 'report e-mail withheld');
        return;
      }
      await this.send(job, current, titles, verdict.person.serviceNumber);
    } catch (error) {
      // Tried again with the report's attempts; the file stays downloadable whatever happens.
      await this.events.progress(await this.jobs.mailFailed(job.id, (error as Error).message));
      throw error;
    }
    await this.events.progress(await this.jobs.markEmailed(job.id));
    this.logger.info({ job: job.id }, 'report e-mailed');
  }

  /**
   * The message says who asked by service number, never by name: a name is free text typed into
   * the roster, and "Ama — sign in at https://… to open it" would be read by the recipient as the
   * hospital's own words. A service number is letters, digits, "-" and "/" only (the roster's
   * rule), so it cannot carry a link or a sentence, and it still names the person to anyone who
   * may look them up. Everything else in the text is the product's or the request's checked values.
   */
  private async send(
    job: StoredReportJob,
    current: ReportJobDto,
    titles: string,
    serviceNumber: string,
  ): Promise<void> {
    if (!job.emailTo || !current.fileName) return;
    await this.mailer.send({
      to: job.emailTo,
      subject: `${this.config.productName} report: ${titles} (${job.filters.dateFrom} to ${job.filters.dateTo})`,
      text: [
        `The report asked for by staff member ${serviceNumber} is attached: ${titles}.`,
        `Period: ${job.filters.dateFrom} to ${job.filters.dateTo}.`,
        ...filterLines(job.filters),
        '',
        `Sent by ${this.config.productName}.`,
      ].join('\n'),
      // The file, streamed from the stored chunks.
      attachment: {
        fileName: current.fileName,
        contentType: REPORT_FILE_TYPES[current.format].mime,
        content: () => this.jobs.chunks(job.id),
      },
    });
  }
}
