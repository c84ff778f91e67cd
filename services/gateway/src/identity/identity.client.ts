import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type CheckSessionResult,
  type EndSessionResult,
  type FinishSsoCommand,
  type FinishSsoResult,
  type SsoProvidersResponse,
  type StartSsoCommand,
  type StartSsoResult,
  type MeResponse,
  type RequestOtpCommand,
  type RequestOtpResponse,
  type UpdateAppearanceCommand,
  type UpdateNotificationsCommand,
  type UpdateProfileCommand,
  type UpdateReportDefaultsCommand,
  type VerifyOtpCommand,
  type VerifyOtpResult,
} from '@caliber/contracts';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { SERVICE_CHANNEL } from './service-client';

/**
 * The gateway's typed view of the identity service. Sign-in and session checks are the gateway's
 * own requests; the settings saves are signed for the person who makes them.
 */
@Injectable()
export class IdentityClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'sign-in service');
  }

  requestOtp(command: RequestOtpCommand): Promise<RequestOtpResponse> {
    return this.request(SUBJECTS.identity.requestOtp, command);
  }

  verifyOtp(command: VerifyOtpCommand): Promise<VerifyOtpResult> {
    return this.request(SUBJECTS.identity.verifyOtp, command);
  }

  checkSession(sessionId: string, nonce: string): Promise<CheckSessionResult> {
    return this.request(SUBJECTS.identity.checkSession, { sessionId, nonce });
  }

  ssoProviders(): Promise<SsoProvidersResponse> {
    return this.request(SUBJECTS.identity.ssoProviders, {});
  }

  startSso(command: StartSsoCommand): Promise<StartSsoResult> {
    return this.request(SUBJECTS.identity.ssoStart, command);
  }

  finishSso(command: FinishSsoCommand): Promise<FinishSsoResult> {
    return this.request(SUBJECTS.identity.ssoFinish, command);
  }

  /** An older identity answers `{ended: true}` alone: no provider sign-out then. */
  endSession(session: GatewaySession): Promise<Partial<EndSessionResult>> {
    return this.request(SUBJECTS.identity.endSession, {}, actingUserOf(session));
  }

  updateProfile(session: GatewaySession, command: UpdateProfileCommand): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.updateProfile, command, actingUserOf(session));
  }

  updateNotifications(session: GatewaySession, command: UpdateNotificationsCommand): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.updateNotifications, command, actingUserOf(session));
  }

  updateReportDefaults(session: GatewaySession, command: UpdateReportDefaultsCommand): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.updateReportDefaults, command, actingUserOf(session));
  }

  updateAppearance(session: GatewaySession, command: UpdateAppearanceCommand): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.updateAppearance, command, actingUserOf(session));
  }

  sendEmailConfirmation(session: GatewaySession): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.sendEmailConfirmation, {}, actingUserOf(session));
  }

  cancelEmailChange(session: GatewaySession): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.cancelEmailChange, {}, actingUserOf(session));
  }
}
