import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ChangesDashboardFigures } from '../dashboard/drops-dashboard-figures.interceptor';
import {
  closeRecallActionSchema,
  closeRecallSchema,
  listRecallActionsQuerySchema,
  listRecallsQuerySchema,
  recallNoticeSchema,
  updateRecallNoticeSchema,
  type CloseRecall,
  type CloseRecallAction,
  type DeviceRecallsResponse,
  type ListRecallActionsQuery,
  type ListRecallsQuery,
  type RecallActionDto,
  type RecallActionsPage,
  type RecallDto,
  type RecallListResponse,
  type RecallNotice,
  type RecallNoticeUpdate,
  type RecallPreview,
} from '@caliber/contracts';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { RecallsClient } from './recalls.client';

/**
 * Recalls and field safety notices over HTTP, kept by the equipment service: everyone signed in
 * reads them; the service lets only Engineers and Admins record, preview, edit and close.
 */
@Controller('recalls')
export class RecallsController {
  constructor(private readonly recalls: RecallsClient) {}

  @Get()
  list(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(listRecallsQuerySchema)) query: ListRecallsQuery,
  ): Promise<RecallListResponse> {
    return this.recalls.list(session, query);
  }

  @Post('preview')
  @HttpCode(200)
  preview(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(recallNoticeSchema)) data: RecallNotice,
  ): Promise<RecallPreview> {
    return this.recalls.preview(session, data);
  }

  @ChangesDashboardFigures()
  @Put(':id/close')
  close(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(closeRecallSchema)) data: CloseRecall,
  ): Promise<RecallDto> {
    return this.recalls.close(session, id, data);
  }

  @Get(':id')
  get(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<RecallDto> {
    return this.recalls.get(session, id);
  }

  @Get(':id/actions')
  actions(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(listRecallActionsQuerySchema)) query: ListRecallActionsQuery,
  ): Promise<RecallActionsPage> {
    return this.recalls.actions(session, id, query);
  }

  @ChangesDashboardFigures()
  @Post()
  @HttpCode(201)
  create(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(recallNoticeSchema)) data: RecallNotice,
  ): Promise<RecallDto> {
    return this.recalls.create(session, data);
  }

  @ChangesDashboardFigures()
  @Put(':id')
  update(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(updateRecallNoticeSchema)) data: RecallNoticeUpdate,
  ): Promise<RecallDto> {
    return this.recalls.update(session, id, data);
  }
}

/**
 * One affected device's action, closed by an Engineer or Admin (the service checks the role):
 * a path of its own, so that no recall path is ambiguous with it.
 */
@Controller('recall-actions')
export class RecallActionsController {
  constructor(private readonly recalls: RecallsClient) {}

  @ChangesDashboardFigures()
  @Put(':id')
  closeAction(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(closeRecallActionSchema)) data: CloseRecallAction,
  ): Promise<RecallActionDto> {
    return this.recalls.closeAction(session, id, data);
  }
}

/**
 * A device's recalls, beside its maintenance history, for everyone signed in. Registered after
 * the inventory's file routes: `equipment/imports/…` is never a device.
 */
@Controller('equipment')
export class DeviceRecallsController {
  constructor(private readonly recalls: RecallsClient) {}

  @Get(':id/recalls')
  forDevice(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
  ): Promise<DeviceRecallsResponse> {
    return this.recalls.forDevice(session, id);
  }
}
