import { Body, Controller, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import {
  hasFullAccess,
  rosterImportRequestSchema,
  type RosterFileRow,
  type RosterImportPreview,
  type RosterImportResult,
  type TaskUsersResponse,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { FileWorkers } from '../files/file-workers';
import { sheetFileType } from '@caliber/file-kit/worker';
import { rosterWorkbook } from './roster-file';
import { UsersClient } from './users.client';
import { USERS_OPERATIONS } from './users.operations';

/**
 * The roster's operations the gateway answers itself: the files (an export written, an import
 * read in the file workers) and the Create Task form's list. The other roster operations are
 * forwarded to identity as declared (`USERS_OPERATIONS`). Registered before the forwarded routes,
 * so `users/export` is not read as a person's id.
 */
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersClient,
    private readonly files: FileWorkers,
  ) {}

  /** The whole roster as an XLSX file, in the columns an import reads. */
  @Operation(USERS_OPERATIONS.exportUsers)
  async export(
    @CurrentSession() session: GatewaySession,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const users = await this.users.everyone(session);
    const date = new Date().toISOString().slice(0, 10);
    response.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    response.setHeader('Content-Disposition', `attachment; filename="roster-${date}.xlsx"`);
    return new StreamableFile(await rosterWorkbook(users));
  }

  @Operation(USERS_OPERATIONS.previewRosterImport)
  async previewImport(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(rosterImportRequestSchema)) file: z.output<typeof rosterImportRequestSchema>,
  ): Promise<RosterImportPreview> {
    refuseImport(session);
    return this.users.previewImport(session, await this.readRoster(session, file));
  }

  @Operation(USERS_OPERATIONS.importRoster)
  async applyImport(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(rosterImportRequestSchema)) file: z.output<typeof rosterImportRequestSchema>,
  ): Promise<RosterImportResult> {
    refuseImport(session);
    return this.users.applyImport(session, await this.readRoster(session, file));
  }

  /** The people of a roster file, read in a file worker; the person has one file read at once. */
  private readRoster(
    session: GatewaySession,
    file: z.output<typeof rosterImportRequestSchema>,
  ): Promise<RosterFileRow[]> {
    return this.files.forPerson(session.user._id, 'rosterFile', () =>
      this.files.run('readRoster', {
        type: sheetFileType(file.fileName),
        bytes: Buffer.from(file.content, 'base64'),
      }),
    );
  }

  /** `/auth/users`: the approved assignees (the Create Task form's list), as `{users}`. */
  @Operation(USERS_OPERATIONS.listTaskUsers)
  async taskUsers(@CurrentSession() session: GatewaySession): Promise<TaskUsersResponse> {
    const { technicians } = await this.users.assignees(session, { approved: 'true', limit: 200, q: '' });
    return { users: technicians };
  }
}

/**
 * A file is read only for someone who may import it: identity decides again on the rows, but a
 * workbook is not unpacked for a person who would be refused anyway.
 */
function refuseImport(session: GatewaySession): void {
  if (!hasFullAccess(session.user.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may manage the staff roster.');
}
