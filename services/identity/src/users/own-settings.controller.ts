import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  appearanceSettingsSchema,
  notificationSettingsSchema,
  reportDefaultsSchema,
  SUBJECTS,
  updateProfileSchema,
  type MeResponse,
} from '@caliber/contracts';
import { parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { OwnSettingsService } from './own-settings.service';

const userId = z.uuid({ error: 'userId must be a UUID' });

/** NATS handlers for the Settings screen's saves; the gateway sends the signed-in user's id. */
@Controller()
export class OwnSettingsController {
  constructor(private readonly settings: OwnSettingsService) {}

  @MessagePattern(SUBJECTS.identity.updateProfile)
  async updateProfile(@Payload() data: unknown): Promise<MeResponse> {
    const command = parsePayload(z.object({ userId, profile: updateProfileSchema }), data);
    return { user: await this.settings.updateProfile(command) };
  }

  @MessagePattern(SUBJECTS.identity.updateNotifications)
  async updateNotifications(@Payload() data: unknown): Promise<MeResponse> {
    const command = parsePayload(z.object({ userId, notifications: notificationSettingsSchema }), data);
    return { user: await this.settings.updateNotifications(command.userId, command.notifications) };
  }

  @MessagePattern(SUBJECTS.identity.updateReportDefaults)
  async updateReportDefaults(@Payload() data: unknown): Promise<MeResponse> {
    const command = parsePayload(z.object({ userId, reportDefaults: reportDefaultsSchema }), data);
    return { user: await this.settings.updateReportDefaults(command.userId, command.reportDefaults) };
  }

  @MessagePattern(SUBJECTS.identity.updateAppearance)
  async updateAppearance(@Payload() data: unknown): Promise<MeResponse> {
    const command = parsePayload(z.object({ userId, appearance: appearanceSettingsSchema }), data);
    return { user: await this.settings.updateAppearance(command.userId, command.appearance) };
  }
}
