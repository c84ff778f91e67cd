import { Body, Controller, Req, Res } from '@nestjs/common';
import {
  requestOtpSchema,
  verifyOtpSchema,
  type MeResponse,
  type RequestOtpResponse,
  type SignedOut,
  type VerifyOtpResponse,
} from '@caliber/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { IdentityClient } from '../identity/identity.client';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { clientAddress } from './client-address';
import { CurrentSession } from './current-user.decorator';
import { KnownDevices } from './known-devices';
import { AUTH_OPERATIONS } from './auth.operations';
import { OtpRateLimiter } from './otp-rate-limiter';
import { SessionCache } from './session-cache';
import { SessionChecker } from './session-checker';
import { SessionIssuer } from './session-issuer';
import type { GatewaySession } from './session';

@Controller()
export class AuthController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly limiter: OtpRateLimiter,
    private readonly issuer: SessionIssuer,
    private readonly sessions: SessionChecker,
    private readonly cache: SessionCache,
    private readonly devices: KnownDevices,
  ) {}

  @Operation(AUTH_OPERATIONS.requestOtp)
  async requestOtp(
    @Body(new ZodBodyPipe(requestOtpSchema)) body: z.output<typeof requestOtpSchema>,
    @Req() request: Request,
  ): Promise<RequestOtpResponse> {
    const address = clientAddress(request);
    const device = await this.devices.knownDevice(request, body.serviceNumber);
    await this.limiter.countRequest(body.serviceNumber, address, device);
    return this.identity.requestOtp({ serviceNumber: body.serviceNumber, clientAddress: address });
  }

  /** The code for a session token (identity's voucher, made into the gateway's token). */
  @Operation(AUTH_OPERATIONS.verifyOtp)
  async verifyOtp(
    @Body(new ZodBodyPipe(verifyOtpSchema)) body: z.output<typeof verifyOtpSchema>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VerifyOtpResponse> {
    const address = clientAddress(request);
    const device = await this.devices.knownDevice(request, body.serviceNumber);
    await this.limiter.countVerify(body.serviceNumber, address, device);
    const { voucher } = await this.identity.verifyOtp({ ...body, clientAddress: address });
    const signedIn = await this.issuer.issue(voucher);
    await this.devices.remember(request, response, signedIn.user.serviceNumber);
    return signedIn;
  }

  /** The account as identity has it now (asked afresh: the screen loads it once per visit). */
  @Operation(AUTH_OPERATIONS.getCurrentUser)
  async me(@CurrentSession() current: GatewaySession): Promise<MeResponse> {
    const { user } = await this.sessions.refresh(current);
    return { user };
  }

  /**
   * Ends the session on the server: the token stops working on every replica at once. A session
   * that began at an identity provider answers that provider's sign-out address too.
   */
  @Operation(AUTH_OPERATIONS.logout)
  async logout(@CurrentSession() session: GatewaySession): Promise<SignedOut> {
    const ended = await this.identity.endSession(session);
    this.cache.forget([session.sessionId]);
    return { providerSignOutUrl: ended.providerSignOutUrl ?? null };
  }
}
