import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  changeFeedRequestSchema,
  riskAssessmentSchema,
  SUBJECTS,
  type Actor,
  type ChangeFeedPage,
  type DeviceRiskChange,
  type EquipmentDto,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { RiskService } from './risk.service';

const assessCommand = z.object({
  id: z.string().max(64),
  data: riskAssessmentSchema,
  version: z.number({ error: 'version must be a number.' }).int().positive().optional(),
});

/**
 * NATS handlers of the risk assessment. `equipment.risk.changes` is for the maintenance service
 * only: SUBJECT_SENDERS (made from SERVICE_CALLS) lets no other principal's statement through,
 * the gateway's included, so no person reaches it over HTTP.
 */
@Controller()
export class RiskController {
  constructor(private readonly risk: RiskService) {}

  @MessagePattern(SUBJECTS.equipment.assessRisk)
  assess(@Acting() actor: Actor, @Command() data: unknown): Promise<EquipmentDto> {
    const command = parsePayload(assessCommand, data);
    return this.risk.assess(actor, command.id, command.data, command.version);
  }

  @MessagePattern(SUBJECTS.equipment.riskChanges)
  changes(@Command() data: unknown): Promise<ChangeFeedPage<DeviceRiskChange>> {
    const request = parsePayload(changeFeedRequestSchema, data);
    return this.risk.changes(request.after, request.limit);
  }
}
