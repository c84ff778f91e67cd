import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import type { Response } from 'express';
import {
  createUserSchema,
  hasFullAccess,
  listUsersQuerySchema,
  rosterImportRequestSchema,
  updateUserSchema,
  type RosterFileRow,
  type RosterImportPreview,
  type RosterImportResult,
  type UserDto,
  type UserListResponse,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { FileWorkers } from '../files/file-workers';
import { sheetFileType } from '../files/sheets/sheet-file';
import { rosterWorkbook } from './roster-file';
import { UsersClient } from './users.client';

/**
 * The staff roster over HTTP. Registered after the own-settings routes, so `PUT /users/me` stays
 * the person's own profile. Bodies and queries are checked here with the contract's schemas; the
 * identity service checks them again and enforces the roster rules by role.
 */
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersClient,
    private readonly files: FileWorkers,
  ) {}

  @Get()
  list(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(listUsersQuerySchema)) query: z.output<typeof listUsersQuerySchema>,
  ): Promise<UserListResponse> {
    return this.users.list(session, query);
  }

  /** The whole roster as an XLSX file, in the columns an import reads. Before `:id`, which would take "export". */
  @Get('export')
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

  @Post('import/preview')
  @HttpCode(200)
  async previewImport(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(rosterImportRequestSchema)) file: z.output<typeof rosterImportRequestSchema>,
  ): Promise<RosterImportPreview> {
    refuseImport(session);
    return this.users.previewImport(session, await this.readRoster(session, file));
  }

  @Post('import')
  @HttpCode(200)
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

  @Get(':id')
  get(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<UserDto> {
    return this.users.get(session, id);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(createUserSchema)) data: z.output<typeof createUserSchema>,
  ): Promise<UserDto> {
    return this.users.create(session, data);
  }

  @Put(':id')
  update(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(updateUserSchema)) data: z.input<typeof updateUserSchema>,
  ): Promise<UserDto> {
    return this.users.update(session, id, data);
  }

  @Delete(':id')
  delete(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<{ _id: string }> {
    return this.users.delete(session, id);
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
