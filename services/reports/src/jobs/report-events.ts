import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type ReportJobDto, type ReportProgressEvent } from '@caliber/contracts';
import { publishSignedEvent, StatementSigner } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { BUS_CLIENT, LOGGER } from '../tokens';

/**
 * Tells a report's owner how it moves (`report:progress`), signed by the reports service. The
 * gateway sends it only to the owner's sockets. A missed event only delays the page's next read.
 */
@Injectable()
export class ReportEvents {
  constructor(
    @Inject(BUS_CLIENT) private readonly client: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly signer: StatementSigner,
  ) {}

  async progress(job: ReportJobDto | null): Promise<void> {
    if (!job) return;
    const event: ReportProgressEvent = { job };
    await publishSignedEvent(this.client, this.signer, this.logger, EVENT_SUBJECTS.reportProgress, event);
  }
}
