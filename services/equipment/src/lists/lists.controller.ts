import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  addListEntrySchema,
  changeFeedRequestSchema,
  SUBJECTS,
  updateListEntrySchema,
  type Actor,
  type ChangeFeedPage,
  type HospitalListsDto,
  type ListEntryChange,
  type ListEntryDto,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { ListsService } from './lists.service';

/**
 * NATS handlers of the hospital lists. `equipment.lists.changes` is for the services that follow
 * the lists (SUBJECT_SENDERS, made from SERVICE_CALLS, lets no person's statement through).
 */
@Controller()
export class ListsController {
  constructor(private readonly lists: ListsService) {}

  @MessagePattern(SUBJECTS.equipment.lists)
  all(): Promise<HospitalListsDto> {
    return this.lists.lists();
  }

  @MessagePattern(SUBJECTS.equipment.addListEntry)
  add(@Acting() actor: Actor, @Command() data: unknown): Promise<ListEntryDto> {
    return this.lists.add(actor, parsePayload(z.object({ data: addListEntrySchema }), data).data);
  }

  @MessagePattern(SUBJECTS.equipment.updateListEntry)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<ListEntryDto> {
    const command = parsePayload(z.object({ id: z.string().max(64), data: updateListEntrySchema }), data);
    return this.lists.update(actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.listChanges)
  changes(@Command() data: unknown): Promise<ChangeFeedPage<ListEntryChange>> {
    const request = parsePayload(changeFeedRequestSchema, data);
    return this.lists.changes(request.after, request.limit);
  }
}
