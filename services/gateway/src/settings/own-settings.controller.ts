import { Body, Controller, Put } from '@nestjs/common';
import {
  appearanceSettingsSchema,
  notificationSettingsSchema,
  reportDefaultsSchema,
  updateProfileSchema,
  type MeResponse,
  type UserDto,
} from '@caliber/contracts';
import type { z } from 'zod';
import { CurrentUser } from '../auth/current-user.decorator';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { IdentityClient } from '../identity/identity.client';

/** The Settings screen's saves. Each answers the updated user, as `/auth/me` would. */
@Controller()
export class OwnSettingsController {
  constructor(private readonly identity: IdentityClient) {}

  @Put('users/me')
  updateProfile(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(updateProfileSchema)) profile: z.output<typeof updateProfileSchema>,
  ): Promise<MeResponse> {
    return this.identity.updateProfile({ userId: user._id, profile });
  }

  @Put('settings/notifications')
  updateNotifications(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(notificationSettingsSchema))
    notifications: z.output<typeof notificationSettingsSchema>,
  ): Promise<MeResponse> {
    return this.identity.updateNotifications({ userId: user._id, notifications });
  }

  @Put('settings/reports')
  updateReportDefaults(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(reportDefaultsSchema)) reportDefaults: z.output<typeof reportDefaultsSchema>,
  ): Promise<MeResponse> {
    return this.identity.updateReportDefaults({ userId: user._id, reportDefaults });
  }

  @Put('settings/appearance')
  updateAppearance(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(appearanceSettingsSchema)) appearance: z.output<typeof appearanceSettingsSchema>,
  ): Promise<MeResponse> {
    return this.identity.updateAppearance({ userId: user._id, appearance });
  }
}
