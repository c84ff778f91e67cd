import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  generateReportSchema,
  ID_PATTERN,
  reportJobListQuerySchema,
  SUBJECTS,
  type Actor,
  type ReportFileChunk,
  type ReportJobDto,
  type ReportJobListResponse,
  type ReportScheduleListResponse,
} from '@caliber/contracts';
import { Acting, Command, parsePayload, ServiceError } from '@caliber/service-kit';
import { z } from 'zod';
import { ReportsService, type GenerateAnswer } from './reports.service';

/** A record id from the payload; a text that is not one names no record (404 without a query). */
function idOf(data: unknown, what: string): string {
  const { id } = parsePayload(z.object({ id: z.string() }).loose(), data);
  if (!ID_PATTERN.test(id)) throw new ServiceError('NOT_FOUND', `No such ${what}.`);
  return id.toLowerCase();
}

/**
 * The reports service's requests. The request body is checked again here with the dialog's
 * rules: the gateway is not the only caller a service trusts to be careful.
 */
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(SUBJECTS.reports.generate)
  generate(@Acting() actor: Actor, @Command() data: unknown): Promise<GenerateAnswer> {
    return this.reports.generate(actor, parsePayload(generateReportSchema, data));
  }

  @MessagePattern(SUBJECTS.reports.listJobs)
  list(@Acting() actor: Actor, @Command() data: unknown): Promise<ReportJobListResponse> {
    return this.reports.list(actor, parsePayload(reportJobListQuerySchema, data));
  }

  @MessagePattern(SUBJECTS.reports.getJob)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<ReportJobDto> {
    return this.reports.get(actor, idOf(data, 'report'));
  }

  @MessagePattern(SUBJECTS.reports.fileChunk)
  chunk(@Acting() actor: Actor, @Command() data: unknown): Promise<ReportFileChunk> {
    const { offset } = parsePayload(z.object({ offset: z.number().int().min(0) }).loose(), data);
    return this.reports.fileChunk(actor, idOf(data, 'report'), offset);
  }

  @MessagePattern(SUBJECTS.reports.listSchedules)
  schedules(@Acting() actor: Actor): Promise<ReportScheduleListResponse> {
    return this.reports.listSchedules(actor);
  }

  @MessagePattern(SUBJECTS.reports.cancelSchedule)
  cancel(@Acting() actor: Actor, @Command() data: unknown): Promise<{ _id: string }> {
    return this.reports.cancelSchedule(actor, idOf(data, 'report schedule'));
  }
}
