import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  SUBJECTS,
  type MeResponse,
  type RequestOtpCommand,
  type RequestOtpResponse,
  type ServiceHealthReply,
  type UpdateNotificationsCommand,
  type UpdateProfileCommand,
  type UpdateReportDefaultsCommand,
  type VerifyOtpCommand,
  type VerifyOtpResult,
} from '@caliber/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { requestFromService } from './service-client';

export const IDENTITY_CLIENT = 'IDENTITY_CLIENT';

/** The gateway's typed view of the identity service. */
@Injectable()
export class IdentityClient {
  constructor(
    @Inject(IDENTITY_CLIENT) private readonly client: ClientProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  private request<T>(subject: string, payload: unknown): Promise<T> {
    return requestFromService<T>(
      this.client,
      'sign-in service',
      subject,
      payload,
      this.config.natsRequestTimeoutMs,
    );
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

  health(): Promise<ServiceHealthReply> {
    return this.request(SUBJECTS.identity.health, {});
  }
}
