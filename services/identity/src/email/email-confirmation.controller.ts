import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  confirmEmailSchema,
  SUBJECTS,
  type Actor,
  type ConfirmEmailResponse,
  type MeResponse,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { EmailConfirmationService } from './email-confirmation.service';

/**
 * NATS handlers of a person's e-mail confirmation: the Settings card's "Send again" and "Cancel
 * change" (the person, from the signed statement), and a link opened (the token alone: the page
 * works signed in or not).
 */
@Controller()
export class EmailConfirmationController {
  constructor(private readonly emails: EmailConfirmationService) {}

  @MessagePattern(SUBJECTS.identity.sendEmailConfirmation)
  async sendAgain(@Acting() actor: Actor, @Command() data: unknown): Promise<MeResponse> {
    parsePayload(z.object({}), data);
    return { user: await this.emails.sendAgain(actor) };
  }

  @MessagePattern(SUBJECTS.identity.cancelEmailChange)
  async cancel(@Acting() actor: Actor, @Command() data: unknown): Promise<MeResponse> {
    parsePayload(z.object({}), data);
    return { user: await this.emails.cancel(actor) };
  }

  @MessagePattern(SUBJECTS.identity.confirmEmail)
  confirm(@Command() data: unknown): Promise<ConfirmEmailResponse> {
    return this.emails.confirm(parsePayload(confirmEmailSchema, data).token);
  }
}
