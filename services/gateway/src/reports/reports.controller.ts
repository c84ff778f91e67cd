import { Body, Controller, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  generateReportSchema,
  REPORT_FILE_CHUNK_BYTES,
  type ReportJobDto,
  type ReportQueuedResponse,
} from '@caliber/contracts';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { Operation } from '../api/operation-routes';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ReportsClient } from './reports.client';
import { REPORT_MEDIA_TYPES, REPORTS_OPERATIONS } from './reports.operations';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes a piece and waits while a slow client has not taken the last ones, so no file piles up here. */
async function send(response: Response, data: Buffer): Promise<void> {
  if (response.write(data)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/**
 * The report operations answered with a file (the others are forwarded as declared). Generate
 * waits a little for the file (`REPORT_WAIT_SECONDS`): a report ready by then is the answer itself;
 * otherwise the answer is `{fileUrl}`, the report's page, which follows it live and downloads it
 * when done. Files are read from the reports service piece by piece and streamed, so no message
 * and no answer holds a whole file in memory.
 */
@Controller()
export class ReportsController {
  constructor(
    private readonly reports: ReportsClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** 200 with the file, or 202 with `{fileUrl, jobId, scheduleId}`. */
  @Operation(REPORTS_OPERATIONS.generateReport)
  async generate(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(generateReportSchema)) request: z.output<typeof generateReportSchema>,
    @Res() response: Response,
  ): Promise<void> {
    const { job, ...queued } = await this.reports.generate(session, request);
    if (job && request.options.delivery.downloadNow) {
      const done = await this.waitForFile(session, job._id);
      if (done) return this.sendFile(session, done, response);
    }
    const answer: ReportQueuedResponse = queued;
    response.status(202).json(answer);
  }

  /** The finished file, streamed; 409 while it is being written, 404 once expired. */
  @Operation(REPORTS_OPERATIONS.getReportFile)
  async file(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Res() response: Response,
  ): Promise<void> {
    // The first piece is read before any header is sent, so a refusal is still a JSON answer.
    const job = await this.reports.get(session, id);
    await this.sendFile(session, job, response);
  }

  /** Polls the report until it is done, failed, or the wait is over (then null). */
  private async waitForFile(session: GatewaySession, id: string): Promise<ReportJobDto | null> {
    const deadline = Date.now() + this.config.reportWaitMs;
    let interval = 150;
    while (Date.now() < deadline) {
      await pause(Math.min(interval, Math.max(0, deadline - Date.now())));
      const job = await this.reports.get(session, id);
      if (job.state === 'done') return job;
      if (job.state === 'failed' || job.state === 'expired') return null;
      interval = Math.min(interval * 1.5, 1000);
    }
    return null;
  }

  private async sendFile(session: GatewaySession, job: ReportJobDto, response: Response): Promise<void> {
    const first = await this.reports.chunk(session, job._id, 0);
    response.status(200);
    response.setHeader('Content-Type', REPORT_MEDIA_TYPES[first.format]);
    response.setHeader('Content-Length', String(first.size));
    response.setHeader('Content-Disposition', `attachment; filename="${first.fileName}"`);
    response.setHeader('Cache-Control', 'private, no-store');
    try {
      await send(response, Buffer.from(first.data, 'base64'));
      for (let offset = REPORT_FILE_CHUNK_BYTES; offset < first.size; offset += REPORT_FILE_CHUNK_BYTES) {
        if (response.destroyed) return;
        const chunk = await this.reports.chunk(session, job._id, offset);
        await send(response, Buffer.from(chunk.data, 'base64'));
      }
      response.end();
    } catch {
      // The headers are gone: a cut connection is the only honest answer (the length will not match).
      response.destroy();
    }
  }
}
