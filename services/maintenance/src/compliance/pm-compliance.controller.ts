import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  complianceListQuerySchema,
  complianceQuerySchema,
  SUBJECTS,
  type Actor,
  type OverduePmPage,
  type PmComplianceResponse,
  type UnplannedDevicesPage,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { TaskRules } from '../tasks/task-rules';
import { PmComplianceService } from './pm-compliance.service';

const listPayload = z.object({ query: complianceListQuerySchema });

/**
 * PM compliance: any signed-in person reads the department's figures and its devices without a
 * plan; a Technician's overdue work (its total and its list) is only their own (the tasks assigned
 * to them), as their dashboard figures are. The lists answer a page at a time.
 */
@Controller()
export class PmComplianceController {
  constructor(private readonly compliance: PmComplianceService) {}

  @MessagePattern(SUBJECTS.maintenance.compliance)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<PmComplianceResponse> {
    const { query } = parsePayload(z.object({ query: complianceQuerySchema }), data);
    return this.compliance.compliance(query, assigneeOf(actor));
  }

  @MessagePattern(SUBJECTS.maintenance.complianceOverdue)
  overdue(@Acting() actor: Actor, @Command() data: unknown): Promise<OverduePmPage> {
    const { query } = parsePayload(listPayload, data);
    return this.compliance.overduePage(query, assigneeOf(actor));
  }

  @MessagePattern(SUBJECTS.maintenance.complianceUnplanned)
  unplanned(@Acting() _actor: Actor, @Command() data: unknown): Promise<UnplannedDevicesPage> {
    const { query } = parsePayload(listPayload, data);
    return this.compliance.unplannedPage(query);
  }
}

/** Whose overdue work a person sees: everyone's (null), or a Technician's own. */
function assigneeOf(actor: Actor): string | null {
  return TaskRules.seesAll(actor) ? null : actor._id;
}
