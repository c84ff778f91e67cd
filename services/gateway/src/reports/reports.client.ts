import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type ReportFileChunk,
  type ReportJobDto,
  type ReportQueuedResponse,
  type ReportRequest,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/** The gateway's typed view of the reports service; every request is signed for who asks. */
@Injectable()
export class ReportsClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'reports service');
  }

  generate(
    session: GatewaySession,
    request: ReportRequest,
  ): Promise<ReportQueuedResponse & { job: ReportJobDto | null }> {
    return this.request(SUBJECTS.reports.generate, request, actingUserOf(session));
  }

  get(session: GatewaySession, id: string): Promise<ReportJobDto> {
    return this.request(SUBJECTS.reports.getJob, { id }, actingUserOf(session));
  }

  chunk(session: GatewaySession, id: string, offset: number): Promise<ReportFileChunk> {
    return this.request(SUBJECTS.reports.fileChunk, { id, offset }, actingUserOf(session));
  }
}
