import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  notificationRecipientsRequestSchema,
  SUBJECTS,
  type NotificationRecipientsPage,
} from '@caliber/contracts';
import { Command, parsePayload } from '@caliber/service-kit';
import { NotificationRecipientsService } from './notification-recipients.service';

/**
 * `identity.users.notification-recipients`, for the notifying service only: SUBJECT_SENDERS (made
 * from SERVICE_CALLS) lets no other principal's statement through, the gateway's included, so no
 * person reads others' addresses through it.
 */
@Controller()
export class NotificationRecipientsController {
  constructor(private readonly recipients: NotificationRecipientsService) {}

  @MessagePattern(SUBJECTS.identity.notificationRecipients)
  find(@Command() data: unknown): Promise<NotificationRecipientsPage> {
    return this.recipients.find(parsePayload(notificationRecipientsRequestSchema, data));
  }
}
