import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  appearanceSettingsSchema,
  ID_PATTERN,
  NOTIFICATION_TOPICS,
  notificationSettingsSchema,
  reportDefaultsSchema,
  SUBJECTS,
  updateProfileSchema,
  type Actor,
  type MeResponse,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { OwnSettingsService } from './own-settings.service';

/** NATS handlers for the Settings screen's saves: a person changes their own account only. */
@Controller()
export class OwnSettingsController {
  constructor(private readonly settings: OwnSettingsService) {}

  /** An e-mail's one-click unsubscribe, from the notifying service (the only sender allowed). */
  @MessagePattern(SUBJECTS.identity.turnOffNotifications)
  async turnOffNotifications(@Command() data: unknown): Promise<{ ok: true }> {
    const command = parsePayload(
      z.object({ userId: z.string().regex(ID_PATTERN), topic: z.enum(NOTIFICATION_TOPICS) }),
      data,
    );
    await this.settings.turnOffNotifications(command);
    return { ok: true };
  }

  @MessagePattern(SUBJECTS.identity.updateProfile)
  async updateProfile(@Acting() actor: Actor, @Command() data: unknown): Promise<MeResponse> {
    const command = parsePayload(z.object({ profile: updateProfileSchema }), data);
    return { user: await this.settings.updateProfile(actor, command) };
  }

  @MessagePattern(SUBJECTS.identity.updateNotifications)
  async updateNotifications(@Acting() actor: Actor, @Command() data: unknown): Promise<MeResponse> {
    const command = parsePayload(z.object({ notifications: notificationSettingsSchema }), data);
    return { user: await this.settings.updateNotifications(actor, command.notifications) };
  }

  @MessagePattern(SUBJECTS.identity.updateReportDefaults)
  async updateReportDefaults(@Acting() actor: Actor, @Command() data: unknown): Promise<MeResponse> {
    const command = parsePayload(z.object({ reportDefaults: reportDefaultsSchema }), data);
    return { user: await this.settings.updateReportDefaults(actor, command.reportDefaults) };
  }

  @MessagePattern(SUBJECTS.identity.updateAppearance)
  async updateAppearance(@Acting() actor: Actor, @Command() data: unknown): Promise<MeResponse> {
    const command = parsePayload(z.object({ appearance: appearanceSettingsSchema }), data);
    return { user: await this.settings.updateAppearance(actor, command.appearance) };
  }
}
