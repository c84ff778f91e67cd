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
 *
 * An answer from identity can be overtaken by an announcement (asked before the session ended,
 * arriving after the news): what was forgotten is remembered as forgotten for two cache periods,
 * and an answer asked before that moment is not kept.
 */
@Injectable()
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** When a session id, a user (`user:<id>`) or everything (`*`) was last forgotten. */
  private readonly forgotten = new Map<string, number>();
  private readonly freshMs: number;
  /** Lookups answered from memory (hits) or not (misses), for the metrics. */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.freshMs = config.sessionCacheSeconds * 1000;
  }

  get(sessionId: string, now = Date.now()): GatewaySession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.freshUntil <= now || entry.session.expiresAt <= now) {
      if (entry) this.entries.delete(sessionId);
      this.lookups.misses += 1;
      return undefined;
    }
    this.lookups.hits += 1;
    return entry.session;
  }

  /**
   * Keeps what identity answered, unless the session was forgotten since it was asked (`askedAt`,
   * ms; a forgetting in the same millisecond counts as later).
   */
  remember(session: GatewaySession, askedAt = Date.now()): void {
    if (this.forgottenSince(session, askedAt)) return;
    this.entries.delete(session.sessionId);
    if (this.entries.size >= SESSION_CACHE_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(session.sessionId, { session, freshUntil: Date.now() + this.freshMs });
  }

  /** Forgets ended sessions: the listed ones, and every session of `userId` if given. */
  forget(sessionIds: readonly string[], userId?: string): void {
    const now = Date.now();
    this.prune(now);
    for (const id of sessionIds) {
      this.entries.delete(id);
      this.forgotten.set(id, now);
    }
    if (userId === undefined) return;
    this.forgotten.set(`user:${userId}`, now);
    for (const [id, entry] of this.entries) if (entry.session.user._id === userId) this.entries.delete(id);
  }

  /**
   * Drops the cached sessions of a person whose account changed, and refuses an answer asked
   * before the change (it would carry the old account).
   */
  refreshUser(userId: string): void {
    this.forget([], userId);
  }

  clear(): void {
    this.entries.clear();
    this.forgotten.set('*', Date.now());
  }

  get size(): number {
    return this.entries.size;
  }

  private forgottenSince(session: GatewaySession, askedAt: number): boolean {
    const times = [
      this.forgotten.get(session.sessionId),
      this.forgotten.get(`user:${session.user._id}`),
      this.forgotten.get('*'),
    ];
    return times.some((at) => at !== undefined && at >= askedAt);
  }

  private prune(now: number): void {
    for (const [key, at] of this.forgotten) if (at < now - 2 * this.freshMs) this.forgotten.delete(key);
  }
}
