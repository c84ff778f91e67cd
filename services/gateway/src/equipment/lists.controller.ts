import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ChangesDashboardFigures } from '../dashboard/drops-dashboard-figures.interceptor';
import {
  addListEntrySchema,
  updateListEntrySchema,
  type HospitalListsDto,
  type ListEntryDto,
} from '@caliber/contracts';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { EquipmentClient } from './equipment.client';

/**
 * The hospital lists (departments with their wards, equipment categories), kept by the equipment
 * service: everyone signed in reads them; the service lets only Admins change them.
 */
@Controller('lists')
export class ListsController {
  constructor(private readonly equipment: EquipmentClient) {}

  @Get()
  lists(@CurrentSession() session: GatewaySession): Promise<HospitalListsDto> {
    return this.equipment.lists(session);
  }

  @ChangesDashboardFigures()
  @Post()
  @HttpCode(201)
  add(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(addListEntrySchema)) data: z.output<typeof addListEntrySchema>,
  ): Promise<ListEntryDto> {
    return this.equipment.addListEntry(session, data);
  }

  @ChangesDashboardFigures()
  @Put(':id')
  update(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(updateListEntrySchema)) data: z.output<typeof updateListEntrySchema>,
  ): Promise<ListEntryDto> {
    return this.equipment.updateListEntry(session, id, data);
  }
}
