import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  assigneeQuerySchema,
  SUBJECTS,
  type AssigneeDto,
  type AssigneeListResponse,
  type StaffStanding,
} from '@caliber/contracts';
import { Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { AssigneesService } from './assignees.service';

/**
 * NATS handlers of the assignee lists (the gateway), the assignment check (maintenance) and a
 * person's standing (the reports service, before a schedule's run).
 */
@Controller()
export class AssigneesController {
  constructor(private readonly assignees: AssigneesService) {}

  @MessagePattern(SUBJECTS.identity.assignees)
  list(@Command() data: unknown): Promise<AssigneeListResponse> {
    return this.assignees.list(parsePayload(assigneeQuerySchema, data));
  }

  @MessagePattern(SUBJECTS.identity.standing)
  standing(@Command() data: unknown): Promise<StaffStanding> {
    return this.assignees.standing(parsePayload(z.object({ id: z.string().max(64) }), data).id);
  }

  @MessagePattern(SUBJECTS.identity.assignee)
  get(@Command() data: unknown): Promise<AssigneeDto> {
    return this.assignees.assignee(parsePayload(z.object({ id: z.string().max(64) }), data).id);
  }
}
