import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { recordVendorChargesSchema, SUBJECTS, type Actor, type TaskVendorCharges } from '@caliber/contracts';
import { Acting, Command, idBodyCommand, parsePayload } from '@caliber/service-kit';
import { VendorChargesService } from './vendor-charges.service';

/** NATS handler of a task's vendor charges (read with the task; who may record them: the service). */
@Controller()
export class VendorChargesController {
  constructor(private readonly charges: VendorChargesService) {}

  @MessagePattern(SUBJECTS.maintenance.recordVendorCharges)
  record(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskVendorCharges> {
    const { id, data: body } = parsePayload(idBodyCommand, data);
    return this.charges.record(actor, id, parsePayload(recordVendorChargesSchema, body));
  }
}
