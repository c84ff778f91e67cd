import { Controller, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  hasFullAccess,
  ROSTER_IMPORT_MAX_BYTES,
  rosterImportQuerySchema,
  type RosterImportCommand,
  type RosterImportPreview,
  type RosterImportResult,
  type TaskUsersResponse,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { IncomingUploads } from '../documents/incoming-uploads';
import { OutgoingFiles } from '../http/outgoing-files';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { UsersClient } from './users.client';
import { USERS_OPERATIONS } from './users.operations';

type ImportQuery = z.output<typeof rosterImportQuerySchema>;

/**
 * The roster's operations the gateway answers itself: its files, and the Create Task form's list.
 * An import's body (the file's bytes) is streamed into the file store and identity handed its key,
 * to read it in its own file workers and answer a preview or write an apply; an export is written
 * by identity into the store, streamed from there to the person and removed. The gateway reads and
 * writes no roster file. The other roster operations are forwarded to identity as declared
 * (`USERS_OPERATIONS`). Registered before the forwarded routes, so `users/export` is not read as
 * a person's id.
 */
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersClient,
    private readonly uploads: IncomingUploads,
    private readonly outgoing: OutgoingFiles,
  ) {}

  /** The whole roster as an XLSX file, in the columns an import reads. */
  @Operation(USERS_OPERATIONS.exportUsers)
  async export(@CurrentSession() session: GatewaySession, @Res() response: Response): Promise<void> {
    await this.outgoing.send(response, await this.users.exportRoster(session));
  }

  @Operation(USERS_OPERATIONS.previewRosterImport)
  previewImport(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(rosterImportQuerySchema)) query: ImportQuery,
    @Req() request: Request,
  ): Promise<RosterImportPreview> {
    return this.receive(session, query, request, (command) => this.users.previewImport(session, command));
  }

  @Operation(USERS_OPERATIONS.importRoster)
  applyImport(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(rosterImportQuerySchema)) query: ImportQuery,
    @Req() request: Request,
  ): Promise<RosterImportResult> {
    return this.receive(session, query, request, (command) => this.users.applyImport(session, command));
  }

  /**
   * The body streamed into the store (cut off past 2 MB), and identity asked about it by its key.
   * A file is received only from someone who may import it: identity decides again, but a file is
   * not streamed into the store for a person who would be refused anyway.
   */
  private receive<T>(
    session: GatewaySession,
    query: ImportQuery,
    request: Request,
    ask: (command: RosterImportCommand) => Promise<T>,
  ): Promise<T> {
    if (!hasFullAccess(session.user.role))
      throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may manage the staff roster.');
    return this.uploads.receive(request, session.user._id, ROSTER_IMPORT_MAX_BYTES, (upload) =>
      ask({ incomingKey: upload.key, fileName: query.fileName }),
    );
  }

  /** `/auth/users`: the approved assignees (the Create Task form's list), as `{users}`. */
  @Operation(USERS_OPERATIONS.listTaskUsers)
  async taskUsers(@CurrentSession() session: GatewaySession): Promise<TaskUsersResponse> {
    const { technicians } = await this.users.assignees(session, { approved: 'true', limit: 200, q: '' });
    return { users: technicians };
  }
}
