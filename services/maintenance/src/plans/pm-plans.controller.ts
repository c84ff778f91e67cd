import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { createPmPlanSchema, SUBJECTS, type Actor, type PmPlanCreatedResponse } from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { PmPlansService } from './pm-plans.service';

/** NATS handlers of PM plans: who acts comes from the signed statement. */
@Controller()
export class PmPlansController {
  constructor(private readonly plans: PmPlansService) {}

  @MessagePattern(SUBJECTS.maintenance.createPlan)
  create(@Acting() actor: Actor, @Command() data: unknown): Promise<PmPlanCreatedResponse> {
    return this.plans.create(actor, parsePayload(z.object({ data: createPmPlanSchema }), data).data);
  }
}
