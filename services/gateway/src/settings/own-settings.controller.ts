import { Body, Controller } from '@nestjs/common';
import {
  appearanceSettingsSchema,
  notificationSettingsSchema,
  reportDefaultsSchema,
  updateProfileSchema,
  type MeResponse,
} from '@caliber/contracts';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { AUTH_OPERATIONS } from '../auth/auth.operations';
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

  @Operation(AUTH_OPERATIONS.updateOwnProfile)
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
  @Operation(AUTH_OPERATIONS.sendEmailConfirmation)
  sendEmailConfirmation(@CurrentSession() session: GatewaySession): Promise<MeResponse> {
    return this.saved(session, this.identity.sendEmailConfirmation(session));
  }

  /** The pending address goes (its link stops working); the address in force stays. */
  @Operation(AUTH_OPERATIONS.cancelEmailChange)
  cancelEmailChange(@CurrentSession() session: GatewaySession): Promise<MeResponse> {
    return this.saved(session, this.identity.cancelEmailChange(session));
  }

  @Operation(AUTH_OPERATIONS.updateNotificationSettings)
  updateNotifications(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(notificationSettingsSchema))
    notifications: z.output<typeof notificationSettingsSchema>,
  ): Promise<MeResponse> {
    return this.saved(session, this.identity.updateNotifications(session, { notifications }));
  }

  @Operation(AUTH_OPERATIONS.updateReportDefaults)
  updateReportDefaults(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(reportDefaultsSchema)) reportDefaults: z.output<typeof reportDefaultsSchema>,
  ): Promise<MeResponse> {
    return this.saved(session, this.identity.updateReportDefaults(session, { reportDefaults }));
  }

  @Operation(AUTH_OPERATIONS.updateAppearance)
  updateAppearance(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(appearanceSettingsSchema)) appearance: z.output<typeof appearanceSettingsSchema>,
  ): Promise<MeResponse> {
    return this.saved(session, this.identity.updateAppearance(session, { appearance }));
  }
}
