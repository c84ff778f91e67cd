import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SessionGrantClaims, SessionTokenClaims } from '@caliber/contracts';
import { ServiceError, StatementVerifier } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { GATEWAY_LOGGER } from '../config';
import { IdentityClient } from '../identity/identity.client';
import { SessionCache } from './session-cache';
import type { GatewaySession } from './session';

const notValid = () =>
  new ServiceError('UNAUTHENTICATED', 'Your session is not valid. Please sign in again.');
const unconfirmed = () =>
  new ServiceError(
    'SERVICE_UNAVAILABLE',
    'The sign-in service could not confirm your session. Please try again.',
  );

/**
 * Whether a session token's session still holds: from this replica's cache when it checked it
 * recently and heard of no ending since, otherwise by asking identity (which also tells
 * identity the person is active). Identity's answer counts only as a grant signed by identity
 * for this very question. An ended session answers SESSION_ENDED with the reason.
 */
@Injectable()
export class SessionChecker {
  constructor(
    private readonly identity: IdentityClient,
    private readonly cache: SessionCache,
    private readonly verifier: StatementVerifier,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  async session(claims: SessionTokenClaims): Promise<GatewaySession> {
    // A token from before sessions were kept server-side cannot be ended, so it is refused.
    if (typeof claims.sid !== 'string' || !claims.sid) throw notValid();
    const cached = this.cache.get(claims.sid);
    if (cached) {
      if (cached.user._id !== claims.sub) throw notValid();
      return cached;
    }
    return this.ask(claims.sub, claims.sid);
  }

  /** The same session asked of identity afresh (the account as it is now). */
  refresh(session: GatewaySession): Promise<GatewaySession> {
    return this.ask(session.user._id, session.sessionId);
  }

  private async ask(userId: string, sessionId: string): Promise<GatewaySession> {
    const asked = Date.now();
    const nonce = randomUUID();
    const { grant } = await this.identity.checkSession(sessionId, nonce);
    let claims: SessionGrantClaims;
    try {
      claims = this.verifier.verifyToken<SessionGrantClaims>(grant, 'gateway:session', 'identity');
    } catch (error) {
      this.logger.warn({ err: error, sessionId }, 'session answer without a valid grant');
      throw unconfirmed();
    }
    if (claims.sid !== sessionId || claims.nonce !== nonce) {
      this.logger.warn({ sessionId }, 'session grant for another question');
      throw unconfirmed();
    }
    if (claims.sub !== userId || claims.user._id !== userId) throw notValid();
    const session: GatewaySession = { user: claims.user, sessionId, expiresAt: claims.sxp * 1000 };
    this.cache.remember(session, asked);
    return session;
  }
}
