import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { setDeviceAcquisitionSchema, SUBJECTS, type Actor, type DeviceAcquisition } from '@caliber/contracts';
import { Acting, Command, idBodyCommand, idCommand, parsePayload } from '@caliber/service-kit';
import { AcquisitionService } from './acquisition.service';

/** NATS handlers of a device's acquisition figures (who may read and set them: the service). */
@Controller()
export class AcquisitionController {
  constructor(private readonly acquisitions: AcquisitionService) {}

  @MessagePattern(SUBJECTS.equipment.acquisition)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<DeviceAcquisition> {
    return this.acquisitions.get(actor, parsePayload(idCommand, data).id);
  }

  @MessagePattern(SUBJECTS.equipment.setAcquisition)
  set(@Acting() actor: Actor, @Command() data: unknown): Promise<DeviceAcquisition> {
    const { id, data: body } = parsePayload(idBodyCommand, data);
    return this.acquisitions.set(actor, id, parsePayload(setDeviceAcquisitionSchema, body));
  }
}
