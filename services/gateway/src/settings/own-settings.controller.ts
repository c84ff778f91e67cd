import { Body, Controller, Delete, HttpCode, Post, Put } from '@nestjs/common';
import {
  appearanceSettingsSchema,
  notificationSettingsSchema,
  reportDefaultsSchema,
  updateProfileSchema,
  type MeResponse,
} from '@caliber/contracts';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { SessionCache } from '../auth/session-cache';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { IdentityClient } from '../identity/identity.client';

/** The Settings screen's saves. Each answers the updated user, as `/auth/me` would. */
@Controller()
export class OwnSettingsController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly sessions: SessionCache,
  ) {}

  /**
   * The next call of this person on this replica asks identity again and acts for the saved
   * account (identity's `user-updated` event does the same on every other replica). The reply
   * itself is shown, not trusted: only identity's signed grant is cached.
   */
  private async saved(session: GatewaySession, answer: Promise<MeResponse>): Promise<MeResponse> {
    const reply = await answer;
    this.sessions.refreshUser(session.user._id);
    return reply;
  }

  @Put('users/me')
  updateProfile(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(updateProfileSchema)) profile: z.output<typeof updateProfileSchema>,
  ): Promise<MeResponse> {
    return this.saved(session, this.identity.updateProfile(session, { profile }));
  }

  /**
   * A new link for the pending address (or the person's own unconfirmed one); past the person's
   * limit of confirmation mails, 429.
   */
  @Post('users/me/email/confirmation')
  @HttpCode(200)
  sendEmailConfirmation(@CurrentSession() session: GatewaySession): Promise<MeResponse> {
    return this.saved(session, this.identity.sendEmailConfirmation(session));
  }

  /** The pending address goes (its link stops working); the address in force stays. */
  @Delete('users/me/email/pending')
  cancelEmailChange(@CurrentSession() session: GatewaySession): Promise<MeResponse> {
    return this.saved(session, this.identity.cancelEmailChange(session));
  }

  @Put('settings/notifications')
  updateNotifications(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(notificationSettingsSchema))
    notifications: z.output<typeof notificationSettingsSchema>,
  ): Promise<MeResponse> {
    return this.saved(session, this.identity.updateNotifications(session, { notifications }));
  }

  @Put('settings/reports')
  updateReportDefaults(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(reportDefaultsSchema)) reportDefaults: z.output<typeof reportDefaultsSchema>,
  ): Promise<MeResponse> {
    return this.saved(session, this.identity.updateReportDefaults(session, { reportDefaults }));
  }

  @Put('settings/appearance')
  updateAppearance(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(appearanceSettingsSchema)) appearance: z.output<typeof appearanceSettingsSchema>,
  ): Promise<MeResponse> {
    return this.saved(session, this.identity.updateAppearance(session, { appearance }));
  }
}
