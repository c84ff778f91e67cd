import { Body, Controller } from '@nestjs/common';
import {
  hasFullAccess,
  safetyImportRequestSchema,
  type SafetyImportApplied,
  type SafetyImportCommand,
  type SafetyImportPreview,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { Operation } from '../api/operation-routes';
import { FileWorkers } from '../files/file-workers';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { SafetyClient } from './safety.client';
import { SAFETY_OPERATIONS } from './safety.operations';

type ImportRequest = z.output<typeof safetyImportRequestSchema>;

/** The most an analyser file's rows may take as JSON, under NATS's 1 MB message with room for the rest. */
const COMMAND_MAX_BYTES = 800 * 1024;

/**
 * A file is read only for someone who may import it: the maintenance service decides again, but a
 * file is not read for a person who would be refused anyway.
 */
function refuseImport(session: GatewaySession): void {
  if (!hasFullAccess(session.user.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may import safety tests.');
}

/**
 * Analyser files over HTTP (Engineers and Admins): read here in a file worker and sent to
 * maintenance as rows for a preview or for Apply. The file is sent again for Apply, so nothing of
 * it is kept between the two. A device's tests, one test and recording one are forwarded as
 * declared (`SAFETY_OPERATIONS`).
 */
@Controller()
export class SafetyTestsController {
  constructor(
    private readonly safety: SafetyClient,
    private readonly files: FileWorkers,
  ) {}

  @Operation(SAFETY_OPERATIONS.previewSafetyImport)
  async preview(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(safetyImportRequestSchema)) file: ImportRequest,
  ): Promise<SafetyImportPreview> {
    refuseImport(session);
    return this.files.forPerson(session.user._id, 'safetyImport', async () =>
      this.safety.importPreview(session, await this.read(file)),
    );
  }

  @Operation(SAFETY_OPERATIONS.applySafetyImport)
  async apply(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(safetyImportRequestSchema)) file: ImportRequest,
  ): Promise<SafetyImportApplied> {
    refuseImport(session);
    return this.files.forPerson(session.user._id, 'safetyImport', async () =>
      this.safety.importApply(session, await this.read(file)),
    );
  }

  /** The file's rows, read in a file worker, as the command maintenance checks and writes. */
  private async read(file: ImportRequest): Promise<SafetyImportCommand> {
    const read = await this.files.run('readSafetyAnalyser', { bytes: Buffer.from(file.content, 'base64') });
    // One message carries the rows to maintenance: 1,000 tests with short notes are 584 KB of JSON,
    // but long notes on every row could pass what one NATS message may carry (1 MB).
    const size = Buffer.byteLength(JSON.stringify(read));
    if (size > COMMAND_MAX_BYTES)
      throw new ServiceError(
        'PAYLOAD_TOO_LARGE',
        `The tests in this file hold ${Math.round(size / 1024).toLocaleString('en')} KB of text, more than can be checked at once (${COMMAND_MAX_BYTES / 1024} KB). Split the file and import each part.`,
      );
    return {
      format: read.format,
      formatName: read.formatName,
      records: read.records,
      refusals: read.refusals,
      openRepairTasks: file.openRepairTasks,
    };
  }
}
