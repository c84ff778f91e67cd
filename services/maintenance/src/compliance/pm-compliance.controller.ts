import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { complianceQuerySchema, SUBJECTS, type Actor, type PmComplianceResponse } from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { TaskRules } from '../tasks/task-rules';
import { PmComplianceService } from './pm-compliance.service';

/**
 * PM compliance: any signed-in person reads the department's figures; a Technician's overdue list
 * holds only their own work (the tasks assigned to them), as their dashboard figures do.
 */
@Controller()
export class PmComplianceController {
  constructor(private readonly compliance: PmComplianceService) {}

  @MessagePattern(SUBJECTS.maintenance.compliance)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<PmComplianceResponse> {
    const { query } = parsePayload(z.object({ query: complianceQuerySchema }), data);
    return this.compliance.compliance(query, TaskRules.seesAll(actor) ? null : actor._id);
  }
}
