import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  changeEquipmentStatusSchema,
  createEquipmentSchema,
  listEquipmentQuerySchema,
  statusHistoryQuerySchema,
  SUBJECTS,
  updateEquipmentSchema,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type StatusHistoryPage,
} from '@caliber/contracts';
import { parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { EquipmentService } from './equipment.service';

const actor = z.object({ _id: z.uuid(), name: z.string(), role: z.string() });
/** Any text: an id that is not a UUID names no item, which the service answers with 404. */
const id = z.string().max(64);

/** NATS handlers: each validates its payload with the contract's schema, then calls the service. */
@Controller()
export class EquipmentController {
  constructor(private readonly inventory: EquipmentService) {}

  @MessagePattern(SUBJECTS.equipment.list)
  list(@Payload() data: unknown): Promise<EquipmentListResponse> {
    return this.inventory.list(parsePayload(listEquipmentQuerySchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.get)
  get(@Payload() data: unknown): Promise<EquipmentDetail> {
    return this.inventory.get(parsePayload(z.object({ id }), data).id);
  }

  @MessagePattern(SUBJECTS.equipment.history)
  history(@Payload() data: unknown): Promise<StatusHistoryPage> {
    const query = parsePayload(z.object({ id, query: statusHistoryQuerySchema }), data);
    return this.inventory.history(query.id, query.query);
  }

  @MessagePattern(SUBJECTS.equipment.create)
  create(@Payload() data: unknown): Promise<EquipmentDto> {
    const command = parsePayload(z.object({ actor, data: createEquipmentSchema }), data);
    return this.inventory.create(command.actor, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.update)
  update(@Payload() data: unknown): Promise<EquipmentDto> {
    const command = parsePayload(z.object({ actor, id, data: updateEquipmentSchema }), data);
    return this.inventory.update(command.actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.changeStatus)
  changeStatus(@Payload() data: unknown): Promise<EquipmentDto> {
    const command = parsePayload(z.object({ actor, id, data: changeEquipmentStatusSchema }), data);
    return this.inventory.changeStatus(command.actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.delete)
  delete(@Payload() data: unknown): Promise<{ _id: string }> {
    const command = parsePayload(z.object({ actor, id }), data);
    return this.inventory.delete(command.actor, command.id);
  }
}
