import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  closeRecallActionSchema,
  closeRecallSchema,
  listRecallActionsQuerySchema,
  listRecallsQuerySchema,
  recallNoticeSchema,
  reportFiguresRequestSchema,
  SUBJECTS,
  updateRecallNoticeSchema,
  type Actor,
  type DeviceRecallsResponse,
  type RecallActionDto,
  type RecallActionsPage,
  type RecallDto,
  type RecallListResponse,
  type RecallPreview,
  type RecallReportFigures,
} from '@caliber/contracts';
import { Acting, checkedScope, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { RecallsService } from './recalls.service';

/** Any text: an id that is not a UUID names no record, which the service answers with 404. */
const id = z.string().max(64);

/**
 * NATS handlers of recalls and field safety notices: each validates its payload with the
 * contract's schema; who acts comes from the signed statement, and the service applies the roles.
 * `equipment.report.recalls` is for the reports service only (SUBJECT_SENDERS).
 */
@Controller()
export class RecallsController {
  constructor(private readonly recalls: RecallsService) {}

  /** Reads are for anyone signed in: `@Acting` refuses a message that names no person. */
  @MessagePattern(SUBJECTS.equipment.recallsList)
  list(@Acting() _actor: Actor, @Command() data: unknown): Promise<RecallListResponse> {
    return this.recalls.list(parsePayload(listRecallsQuerySchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.recallsGet)
  get(@Acting() _actor: Actor, @Command() data: unknown): Promise<RecallDto> {
    return this.recalls.get(parsePayload(z.object({ id }), data).id);
  }

  /** A page of the notice's devices: the only answer that carries them, so each stays bounded. */
  @MessagePattern(SUBJECTS.equipment.recallsActions)
  actions(@Acting() _actor: Actor, @Command() data: unknown): Promise<RecallActionsPage> {
    const command = parsePayload(z.object({ id, query: listRecallActionsQuerySchema }), data);
    return this.recalls.actions(command.id, command.query);
  }

  @MessagePattern(SUBJECTS.equipment.recallsPreview)
  preview(@Acting() actor: Actor, @Command() data: unknown): Promise<RecallPreview> {
    return this.recalls.preview(actor, parsePayload(z.object({ data: recallNoticeSchema }), data).data);
  }

  @MessagePattern(SUBJECTS.equipment.recallsCreate)
  create(@Acting() actor: Actor, @Command() data: unknown): Promise<RecallDto> {
    return this.recalls.create(actor, parsePayload(z.object({ data: recallNoticeSchema }), data).data);
  }

  @MessagePattern(SUBJECTS.equipment.recallsUpdate)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<RecallDto> {
    const command = parsePayload(z.object({ id, data: updateRecallNoticeSchema }), data);
    return this.recalls.update(actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.recallsCloseAction)
  closeAction(@Acting() actor: Actor, @Command() data: unknown): Promise<RecallActionDto> {
    const command = parsePayload(z.object({ id, data: closeRecallActionSchema }), data);
    return this.recalls.closeAction(actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.recallsClose)
  close(@Acting() actor: Actor, @Command() data: unknown): Promise<RecallDto> {
    const command = parsePayload(z.object({ id, data: closeRecallSchema }), data);
    return this.recalls.close(actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.equipment.recallsForDevice)
  forDevice(@Acting() _actor: Actor, @Command() data: unknown): Promise<DeviceRecallsResponse> {
    return this.recalls.forDevice(parsePayload(z.object({ id }), data).id);
  }

  @MessagePattern(SUBJECTS.equipment.reportRecalls)
  report(@Command() data: unknown): Promise<RecallReportFigures> {
    return this.recalls.reportFigures(checkedScope(parsePayload(reportFiguresRequestSchema, data).scope));
  }
}
