import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  requestOtpSchema,
  verifyOtpSchema,
  type MeResponse,
  type RequestOtpResponse,
  type SessionTokenClaims,
  type SignInVoucherClaims,
  type VerifyOtpResponse,
} from '@caliber/contracts';
import { ServiceError, StatementVerifier } from '@caliber/service-kit';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { GATEWAY_LOGGER } from '../config';
import { IdentityClient } from '../identity/identity.client';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { clientAddress } from './client-address';
import { CurrentSession } from './current-user.decorator';
import { KnownDevices } from './known-devices';
import { AUTH_OPERATIONS } from './auth.operations';
import { OtpRateLimiter } from './otp-rate-limiter';
import { SessionCache } from './session-cache';
import { SessionChecker } from './session-checker';
import type { GatewaySession } from './session';

@Controller()
export class AuthController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly limiter: OtpRateLimiter,
    private readonly jwt: JwtService,
    private readonly verifier: StatementVerifier,
    private readonly sessions: SessionChecker,
    private readonly cache: SessionCache,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
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

  /**
   * A session token is issued only for identity's signed voucher: an answer on the bus that is
   * not signed by identity, or vouches for another person, signs nobody in.
   */
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
    const vouched = this.vouched(voucher);
    const user = vouched.user;
    const claims: SessionTokenClaims = {
      sub: user._id,
      sid: vouched.sid,
      role: user.role,
      sn: user.serviceNumber,
    };
    // The token ends with the session's time limit; identity may end the session sooner.
    const token = await this.jwt.signAsync(claims, {
      expiresIn: Math.max(1, vouched.sxp - Math.floor(Date.now() / 1000)),
    });
    this.cache.remember({ user, sessionId: vouched.sid, expiresAt: vouched.sxp * 1000 });
    await this.devices.remember(request, response, user.serviceNumber);
    return { token, user };
  }

  /** Identity's voucher, checked with identity's public key; anything else signs nobody in. */
  private vouched(voucher: unknown): SignInVoucherClaims {
    let vouched: SignInVoucherClaims | undefined;
    try {
      if (typeof voucher === 'string')
        vouched = this.verifier.verifyToken<SignInVoucherClaims>(voucher, 'gateway:sign-in', 'identity');
    } catch (error) {
      this.logger.warn({ err: error }, 'sign-in answer without a valid voucher');
    }
    if (!vouched || vouched.user._id !== vouched.sub)
      throw new ServiceError('UNAUTHENTICATED', 'The sign-in could not be confirmed. Please try again.');
    return vouched;
  }

  /** The account as identity has it now (asked afresh: the screen loads it once per visit). */
  @Operation(AUTH_OPERATIONS.getCurrentUser)
  async me(@CurrentSession() current: GatewaySession): Promise<MeResponse> {
    const { user } = await this.sessions.refresh(current);
    return { user };
  }

  /** Ends the session on the server: the token stops working on every replica at once. */
  @Operation(AUTH_OPERATIONS.logout)
  async logout(@CurrentSession() session: GatewaySession): Promise<void> {
    await this.identity.endSession(session);
    this.cache.forget([session.sessionId]);
  }
}
