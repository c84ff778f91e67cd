import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { SessionTokenClaims, SignInVoucherClaims, VerifyOtpResponse } from '@caliber/contracts';
import { ServiceError, StatementVerifier } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { GATEWAY_LOGGER } from '../config';
import { SessionCache } from './session-cache';

/**
 * Turns identity's sign-in voucher into the gateway's session token, however the person signed in
 * (a code, single sign-on). A session token is issued only for identity's signed voucher: an answer
 * on the bus that is not signed by identity, or vouches for another person, signs nobody in.
 */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly jwt: JwtService,
    private readonly verifier: StatementVerifier,
    private readonly cache: SessionCache,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  async issue(voucher: unknown): Promise<VerifyOtpResponse> {
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
}
