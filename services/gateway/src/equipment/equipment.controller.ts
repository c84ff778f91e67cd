import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ChangesDashboardFigures } from '../dashboard/drops-dashboard-figures.interceptor';
import {
  assessRiskRequestSchema,
  changeEquipmentStatusSchema,
  createEquipmentSchema,
  listEquipmentQuerySchema,
  statusHistoryQuerySchema,
  updateEquipmentSchema,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type StatusHistoryPage,
} from '@caliber/contracts';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { EquipmentClient } from './equipment.client';

/**
 * The inventory over HTTP. Bodies and queries are validated here with the contract's schemas
 * (400 with a message); the equipment service checks them again and enforces the role rules.
 */
@Controller('equipment')
export class EquipmentController {
  constructor(private readonly equipment: EquipmentClient) {}

  @Get()
  list(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(listEquipmentQuerySchema)) query: z.output<typeof listEquipmentQuerySchema>,
  ): Promise<EquipmentListResponse> {
    return this.equipment.list(session, query);
  }

  @Get(':id')
  get(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<EquipmentDetail> {
    return this.equipment.get(session, id);
  }

  @Get(':id/history')
  history(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(statusHistoryQuerySchema)) query: z.output<typeof statusHistoryQuerySchema>,
  ): Promise<StatusHistoryPage> {
    return this.equipment.history(session, id, query);
  }

  @ChangesDashboardFigures()
  @Post()
  @HttpCode(201)
  create(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(createEquipmentSchema)) data: z.output<typeof createEquipmentSchema>,
  ): Promise<EquipmentDto> {
    return this.equipment.create(session, data);
  }

  @ChangesDashboardFigures()
  @Put(':id')
  update(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(updateEquipmentSchema)) data: z.input<typeof updateEquipmentSchema>,
  ): Promise<EquipmentDto> {
    return this.equipment.update(session, id, data);
  }

  @ChangesDashboardFigures()
  @Put(':id/status')
  changeStatus(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(changeEquipmentStatusSchema)) data: z.input<typeof changeEquipmentStatusSchema>,
  ): Promise<EquipmentDto> {
    return this.equipment.changeStatus(session, id, data);
  }

  /** Engineers and Admins (the equipment service refuses others); `version` optional, as on other edits. */
  @Put(':id/risk')
  assessRisk(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(assessRiskRequestSchema)) body: z.output<typeof assessRiskRequestSchema>,
  ): Promise<EquipmentDto> {
    const { version, ...scores } = body;
    return this.equipment.assessRisk(session, id, scores, version);
  }

  @ChangesDashboardFigures()
  @Delete(':id')
  delete(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<{ _id: string }> {
    return this.equipment.delete(session, id);
  }
}
