import { Controller, Query, Req } from '@nestjs/common';
import {
  hasFullAccess,
  SAFETY_IMPORT_MAX_BYTES,
  safetyImportQuerySchema,
  type SafetyImportApplied,
  type SafetyImportPreview,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { Request } from 'express';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { Operation } from '../api/operation-routes';
import { IncomingUploads } from '../documents/incoming-uploads';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { SafetyClient } from './safety.client';
import { SAFETY_OPERATIONS } from './safety.operations';

type ImportQuery = z.output<typeof safetyImportQuerySchema>;

/**
 * A file is received only from someone who may import it: the maintenance service decides again,
 * but a file is not streamed into the store for a person who would be refused anyway.
 */
function refuseImport(session: GatewaySession): void {
  if (!hasFullAccess(session.user.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may import safety tests.');
}

/**
 * Analyser files over HTTP (Engineers and Admins): the body (the file's bytes) is streamed into the
 * file store, and the maintenance service is handed its key, to read it in its own file workers by
 * the format its first line names and answer a preview or write an Apply. The gateway reads no
 * analyser format. A device's tests, one test and recording one are forwarded as declared
 * (`SAFETY_OPERATIONS`).
 */
@Controller()
export class SafetyTestsController {
  constructor(
    private readonly safety: SafetyClient,
    private readonly uploads: IncomingUploads,
  ) {}

  @Operation(SAFETY_OPERATIONS.previewSafetyImport)
  preview(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(safetyImportQuerySchema)) query: ImportQuery,
    @Req() request: Request,
  ): Promise<SafetyImportPreview> {
    refuseImport(session);
    return this.uploads.receive(request, session.user._id, SAFETY_IMPORT_MAX_BYTES, (upload) =>
      this.safety.importPreview(session, {
        incomingKey: upload.key,
        fileName: query.fileName,
        openRepairTasks: query.openRepairTasks,
      }),
    );
  }

  @Operation(SAFETY_OPERATIONS.applySafetyImport)
  apply(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(safetyImportQuerySchema)) query: ImportQuery,
    @Req() request: Request,
  ): Promise<SafetyImportApplied> {
    refuseImport(session);
    return this.uploads.receive(request, session.user._id, SAFETY_IMPORT_MAX_BYTES, (upload) =>
      this.safety.importApply(session, {
        incomingKey: upload.key,
        fileName: query.fileName,
        openRepairTasks: query.openRepairTasks,
      }),
    );
  }
}
