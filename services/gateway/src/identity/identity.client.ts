import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  SUBJECTS,
  type MeResponse,
  type RequestOtpCommand,
  type RequestOtpResponse,
  type UpdateNotificationsCommand,
  type UpdateProfileCommand,
  type UpdateAppearanceCommand,
  type UpdateReportDefaultsCommand,
  type VerifyOtpCommand,
  type VerifyOtpResult,
} from '@caliber/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { DomainServiceClient, SERVICES_CLIENT } from './service-client';

/** The gateway's typed view of the identity service. */
@Injectable()
export class IdentityClient extends DomainServiceClient {
  constructor(@Inject(SERVICES_CLIENT) client: ClientProxy, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super(client, config.natsRequestTimeoutMs, 'sign-in service');
  }

  requestOtp(command: RequestOtpCommand): Promise<RequestOtpResponse> {
    return this.request(SUBJECTS.identity.requestOtp, command);
  }

  verifyOtp(command: VerifyOtpCommand): Promise<VerifyOtpResult> {
    return this.request(SUBJECTS.identity.verifyOtp, command);
  }

  sessionUser(userId: string): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.sessionUser, { userId });
  }

  updateProfile(command: UpdateProfileCommand): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.updateProfile, command);
  }

  updateNotifications(command: UpdateNotificationsCommand): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.updateNotifications, command);
  }

  updateReportDefaults(command: UpdateReportDefaultsCommand): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.updateReportDefaults, command);
  }

  updateAppearance(command: UpdateAppearanceCommand): Promise<MeResponse> {
    return this.request(SUBJECTS.identity.updateAppearance, command);
  }
}
