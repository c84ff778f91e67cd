import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  changeFeedRequestSchema,
  CHANGE_FEED_PAGE_LIMIT,
  createPmPlanSchema,
  listPmPlansQuerySchema,
  retirePmPlanSchema,
  SUBJECTS,
  updatePmPlanSchema,
  type Actor,
  type ChangeFeedPage,
  type PmCoverageChange,
  type PmPlanCreatedResponse,
  type PmPlanDto,
  type PmPlanListResponse,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { PmPlansService } from './pm-plans.service';

const byId = z.object({ id: z.string().max(64) });

/** NATS handlers of PM plans: who acts comes from the signed statement. */
@Controller()
export class PmPlansController {
  constructor(private readonly plans: PmPlansService) {}

  @MessagePattern(SUBJECTS.maintenance.createPlan)
  create(@Acting() actor: Actor, @Command() data: unknown): Promise<PmPlanCreatedResponse> {
    return this.plans.create(actor, parsePayload(z.object({ data: createPmPlanSchema }), data).data);
  }

  @MessagePattern(SUBJECTS.maintenance.listPlans)
  list(@Acting() _actor: Actor, @Command() data: unknown): Promise<PmPlanListResponse> {
    return this.plans.list(parsePayload(z.object({ query: listPmPlansQuerySchema }), data).query);
  }

  @MessagePattern(SUBJECTS.maintenance.getPlan)
  get(@Acting() _actor: Actor, @Command() data: unknown): Promise<PmPlanDto> {
    return this.plans.get(parsePayload(byId, data).id);
  }

  @MessagePattern(SUBJECTS.maintenance.updatePlan)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<PmPlanDto> {
    const { id, data: changes } = parsePayload(byId.extend({ data: updatePmPlanSchema }), data);
    return this.plans.update(actor, id, changes);
  }

  @MessagePattern(SUBJECTS.maintenance.retirePlan)
  retire(@Acting() actor: Actor, @Command() data: unknown): Promise<PmPlanDto> {
    const { id, data: body } = parsePayload(byId.extend({ data: retirePmPlanSchema }), data);
    return this.plans.retire(actor, id, body.reason, body.version);
  }

  /** Only the equipment service may read this feed (SERVICE_CALLS). */
  @MessagePattern(SUBJECTS.maintenance.pmCoverage)
  coverage(@Command() data: unknown): Promise<ChangeFeedPage<PmCoverageChange>> {
    const request = parsePayload(changeFeedRequestSchema, data);
    return this.plans.coverageChanges(request.after, Math.min(request.limit, CHANGE_FEED_PAGE_LIMIT));
  }
}
