import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  addOnCallShiftSchema,
  departmentCoverQuerySchema,
  ID_PATTERN,
  roleIs,
  setCoveringEngineersSchema,
  SUBJECTS,
  type Actor,
  type DepartmentCover,
  type OnCallShift,
  type RemovedRecord,
} from '@caliber/contracts';
import { Acting, Command, parsePayload, ServiceError } from '@caliber/service-kit';
import { z } from 'zod';
import { OnCallService } from './on-call.service';

const ADMINS_ONLY = 'Only Admins change who covers a department.';

/**
 * Who covers which department for urgent pages: Engineers and Admins read it (an Engineer learns
 * when they are on call), Admins change it.
 */
@Controller()
export class OnCallController {
  constructor(private readonly onCall: OnCallService) {}

  @MessagePattern(SUBJECTS.notifications.onCallCover)
  cover(@Acting() actor: Actor, @Command() data: unknown): Promise<DepartmentCover> {
    if (!roleIs(actor.role, 'Engineer') && !roleIs(actor.role, 'Admin'))
      throw new ServiceError('FORBIDDEN', 'Engineers and Admins only.');
    const { query } = parsePayload(z.object({ query: z.unknown().default({}) }).loose(), data);
    return this.onCall.cover(actor, parsePayload(departmentCoverQuerySchema, query));
  }

  @MessagePattern(SUBJECTS.notifications.setCoveringEngineers)
  setCovering(@Acting() actor: Actor, @Command() data: unknown): Promise<DepartmentCover> {
    if (!roleIs(actor.role, 'Admin')) throw new ServiceError('FORBIDDEN', ADMINS_ONLY);
    const { data: body } = parsePayload(z.object({ data: z.unknown() }).loose(), data);
    return this.onCall.setCovering(actor, parsePayload(setCoveringEngineersSchema, body));
  }

  @MessagePattern(SUBJECTS.notifications.addOnCallShift)
  addShift(@Acting() actor: Actor, @Command() data: unknown): Promise<OnCallShift> {
    if (!roleIs(actor.role, 'Admin')) throw new ServiceError('FORBIDDEN', ADMINS_ONLY);
    const { data: body } = parsePayload(z.object({ data: z.unknown() }).loose(), data);
    return this.onCall.addShift(actor, parsePayload(addOnCallShiftSchema, body));
  }

  @MessagePattern(SUBJECTS.notifications.removeOnCallShift)
  async removeShift(@Acting() actor: Actor, @Command() data: unknown): Promise<RemovedRecord> {
    if (!roleIs(actor.role, 'Admin')) throw new ServiceError('FORBIDDEN', ADMINS_ONLY);
    const { id } = parsePayload(z.object({ id: z.string() }).loose(), data);
    if (!ID_PATTERN.test(id)) throw new ServiceError('NOT_FOUND', 'No such on-call shift.');
    await this.onCall.removeShift(actor, id.toLowerCase());
    return { _id: id.toLowerCase() };
  }
}
