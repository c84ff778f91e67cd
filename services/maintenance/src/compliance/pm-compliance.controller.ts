import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { complianceQuerySchema, SUBJECTS, type Actor, type PmComplianceResponse } from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { PmComplianceService } from './pm-compliance.service';

/** PM compliance: any signed-in person may read the department's figures. */
@Controller()
export class PmComplianceController {
  constructor(private readonly compliance: PmComplianceService) {}

  @MessagePattern(SUBJECTS.maintenance.compliance)
  get(@Acting() _actor: Actor, @Command() data: unknown): Promise<PmComplianceResponse> {
    return this.compliance.compliance(parsePayload(z.object({ query: complianceQuerySchema }), data).query);
  }
}
