import { Injectable } from '@nestjs/common';
import type { SessionTokenClaims } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { IdentityClient } from '../identity/identity.client';
import { SessionCache } from './session-cache';
import type { GatewaySession } from './session';

/**
 * Whether a session token's session still holds: from this replica's cache when it checked it
 * recently and heard of no ending since, otherwise by asking identity (which also tells
 * identity the person is active). An ended session answers SESSION_ENDED with the reason.
 */
@Injectable()
export class SessionChecker {
  constructor(
    private readonly identity: IdentityClient,
    private readonly cache: SessionCache,
  ) {}

  async session(claims: SessionTokenClaims): Promise<GatewaySession> {
    if (typeof claims.sid !== 'string' || !claims.sid)
      // A token from before sessions were kept server-side: it cannot be ended, so it is refused.
      throw new ServiceError('UNAUTHENTICATED', 'Your session is not valid. Please sign in again.');
    return this.cache.get(claims.sid) ?? this.ask(claims.sub, claims.sid);
  }

  /** The same session asked of identity afresh (the account as it is now). */
  refresh(session: GatewaySession): Promise<GatewaySession> {
    return this.ask(session.user._id, session.sessionId);
  }

  private async ask(userId: string, sessionId: string): Promise<GatewaySession> {
    const checked = await this.identity.checkSession(sessionId);
    if (checked.user._id !== userId)
      throw new ServiceError('UNAUTHENTICATED', 'Your session is not valid. Please sign in again.');
    const session: GatewaySession = {
      user: checked.user,
      sessionId: checked.sessionId,
      expiresAt: Date.parse(checked.expiresAt),
    };
    this.cache.remember(session);
    return session;
  }
}
