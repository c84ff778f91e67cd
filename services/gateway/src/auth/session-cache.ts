import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import type { GatewaySession } from './session';

interface Entry {
  session: GatewaySession;
  /** Until when this replica answers from memory without asking identity (ms since the epoch). */
  freshUntil: number;
}

/** Sessions remembered at most (the oldest go first): bounded memory whatever the traffic. */
export const SESSION_CACHE_ENTRIES = 20_000;

/**
 * The sessions this gateway replica has checked with identity recently. A call whose session is
 * here and fresh costs no round trip; a fresh entry is forgotten at once when identity announces
 * its session ended (`events.identity.sessions-ended`, received by every replica), and the whole
 * cache is forgotten when the NATS connection was lost (announcements may have been missed).
 * An entry goes stale after `SESSION_CACHE_SECONDS`, so even a lost announcement holds for at
 * most that long, and identity hears of the session's activity at least that often (its idle
 * clock).
 */
@Injectable()
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly freshMs: number;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.freshMs = config.sessionCacheSeconds * 1000;
  }

  get(sessionId: string, now = Date.now()): GatewaySession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || entry.session.expiresAt <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.session;
  }

  remember(session: GatewaySession, now = Date.now()): void {
    this.entries.delete(session.sessionId);
    if (this.entries.size >= SESSION_CACHE_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(session.sessionId, { session, freshUntil: now + this.freshMs });
  }

  /** Forgets ended sessions: the listed ones, and every session of `userId` if given. */
  forget(sessionIds: readonly string[], userId?: string): void {
    for (const id of sessionIds) this.entries.delete(id);
    if (userId === undefined) return;
    for (const [id, entry] of this.entries) if (entry.session.user._id === userId) this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
