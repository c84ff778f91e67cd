import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  changeEquipmentStatusSchema,
  createEquipmentSchema,
  listEquipmentQuerySchema,
  statusHistoryQuerySchema,
  SUBJECTS,
  updateEquipmentSchema,
  wardLimit,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type Actor,
  type StatusHistoryPage,
} from '@caliber/contracts';
import { Acting, Command, MessageSender, parsePayload, type Sender } from '@caliber/service-kit';
import { z } from 'zod';
import { EquipmentService } from './equipment.service';

/** Any text: an id that is not a UUID names no item, which the service answers with 404. */
const id = z.string().max(64);

/**
 * NATS handlers: each validates its payload with the contract's schema, then calls the service.
 * Who acts comes from the message's signed statement (`@Acting`, `@MessageSender`), never from the
 * payload: clinical staff's reads are limited to their ward (`wardLimit`).
 */
@Controller()
export class EquipmentController {
  constructor(private readonly inventory: EquipmentService) {}

  @MessagePattern(SUBJECTS.equipment.list)
  list(@MessageSender() sender: Sender, @Command() data: unknown): Promise<EquipmentListResponse> {
    return this.inventory.list(parsePayload(listEquipmentQuerySchema, data), wardLimit(sender.user));
  }

  @MessagePattern(SUBJECTS.equipment.get)
  get(@MessageSender() sender: Sender, @Command() data: unknown): Promise<EquipmentDetail> {
    return this.inventory.get(parsePayload(z.object({ id }), data).id, wardLimit(sender.user));
  }

  @MessagePattern(SUBJECTS.equipment.history)
  history(@Command() data: unknown): Promise<StatusHistoryPage> {
    const query = parsePayload(z.object({ id, query: statusHistoryQuerySchema }), data);
    return this.inventory.history(query.id, query.query);
  }

  @MessagePattern(SUBJECTS.equipment.create)
  create(@Acting() actor: Actor, @Command() data: unknown): Promise<EquipmentDto> {
    const command = parsePayload(z.object({ data: createEquipmentSchema }), data);
    return this.inventory.create(actor, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.update)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<EquipmentDto> {
    const command = parsePayload(z.object({ id, data: updateEquipmentSchema }), data);
    return this.inventory.update(actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.changeStatus)
  changeStatus(@Acting() actor: Actor, @Command() data: unknown): Promise<EquipmentDto> {
    const command = parsePayload(z.object({ id, data: changeEquipmentStatusSchema }), data);
    return this.inventory.changeStatus(actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.delete)
  delete(@Acting() actor: Actor, @Command() data: unknown): Promise<{ _id: string }> {
    const command = parsePayload(z.object({ id }), data);
    return this.inventory.delete(actor, command.id);
  }
}
