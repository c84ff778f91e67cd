import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  ID_PATTERN,
  listDeliveriesQuerySchema,
  listNotificationsQuerySchema,
  roleIs,
  SUBJECTS,
  unsubscribeRequestSchema,
  type Actor,
  type DeliveryRecordPage,
  type NotificationPage,
  type NotificationUnread,
  type UnsubscribeAnswer,
} from '@caliber/contracts';
import { Acting, Command, parsePayload, ServiceError } from '@caliber/service-kit';
import { z } from 'zod';
import { NotificationsService } from './notifications.service';

function idOf(data: unknown): string {
  const { id } = parsePayload(z.object({ id: z.string() }).loose(), data);
  if (!ID_PATTERN.test(id)) throw new ServiceError('NOT_FOUND', 'No such notification.');
  return id.toLowerCase();
}

/**
 * The notifying service's requests. A person reads and marks their own notifications only: who
 * they are comes from the signed statement, never from the payload.
 */
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern(SUBJECTS.notifications.list)
  list(@Acting() actor: Actor, @Command() data: unknown): Promise<NotificationPage> {
    const { query } = parsePayload(z.object({ query: z.unknown().default({}) }).loose(), data);
    return this.notifications.list(actor, parsePayload(listNotificationsQuerySchema, query));
  }

  @MessagePattern(SUBJECTS.notifications.markRead)
  markRead(@Acting() actor: Actor, @Command() data: unknown): Promise<NotificationUnread> {
    return this.notifications.markRead(actor, idOf(data));
  }

  @MessagePattern(SUBJECTS.notifications.markAllRead)
  markAllRead(@Acting() actor: Actor): Promise<NotificationUnread> {
    return this.notifications.markAllRead(actor);
  }

  @MessagePattern(SUBJECTS.notifications.deliveries)
  deliveries(@Acting() actor: Actor, @Command() data: unknown): Promise<DeliveryRecordPage> {
    if (!roleIs(actor.role, 'Admin')) throw new ServiceError('FORBIDDEN', 'Admins only.');
    const { query } = parsePayload(z.object({ query: z.unknown().default({}) }).loose(), data);
    return this.notifications.deliveries(parsePayload(listDeliveriesQuerySchema, query));
  }

  @MessagePattern(SUBJECTS.notifications.unsubscribe)
  unsubscribe(@Command() data: unknown): Promise<UnsubscribeAnswer> {
    const { data: body } = parsePayload(z.object({ data: z.unknown() }).loose(), data);
    return this.notifications.unsubscribe(parsePayload(unsubscribeRequestSchema, body));
  }
}
