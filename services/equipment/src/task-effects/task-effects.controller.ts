import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  bySerialsSchema,
  ID_PATTERN,
  SUBJECTS,
  TASK_EFFECT_KINDS,
  wardLimit,
  type Actor,
  type EquipmentStatus,
  type TaskEffectResult,
  type TaskEquipmentRef,
} from '@caliber/contracts';
import { Acting, Command, MessageSender, parsePayload, type Sender } from '@caliber/service-kit';
import { z } from 'zod';
import { TaskEffectsService } from './task-effects.service';

const effectSchema = z.object({
  taskId: z.string().regex(ID_PATTERN),
  kind: z.enum(TASK_EFFECT_KINDS),
  equipmentId: z.string().regex(ID_PATTERN),
  taskTitle: z.string().max(400),
  returnToService: z.boolean().default(true),
});

/** NATS handlers for the maintenance service (only it may send these subjects). */
@Controller()
export class TaskEffectsController {
  constructor(private readonly effects: TaskEffectsService) {}

  @MessagePattern(SUBJECTS.equipment.ref)
  ref(
    @MessageSender() sender: Sender,
    @Command() data: unknown,
  ): Promise<TaskEquipmentRef & { status: EquipmentStatus }> {
    // Clinical staff report faults on the devices of their ward only.
    return this.effects.ref(
      parsePayload(z.object({ id: z.string().max(64) }), data).id,
      wardLimit(sender.user),
    );
  }

  @MessagePattern(SUBJECTS.equipment.bySerials)
  bySerials(@Command() data: unknown): Promise<(TaskEquipmentRef & { status: EquipmentStatus })[]> {
    return this.effects.bySerials(parsePayload(bySerialsSchema, data).serialNumbers);
  }

  @MessagePattern(SUBJECTS.equipment.applyTaskEffect)
  apply(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskEffectResult> {
    return this.effects.apply(actor, parsePayload(effectSchema, data));
  }
}
