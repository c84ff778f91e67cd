import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  sessionEndedMessage,
  type Actor,
  type CheckSessionResult,
  type SessionEndReason,
  type SessionGrantClaims,
  type SignInVoucherClaims,
} from '@caliber/contracts';
import { ServiceError, StatementSigner, writeAudit } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { LOGGER } from '../tokens';
import { UserEntity } from '../users/user.entity';
import { toUserDto } from '../users/user.mapper';
import { SessionEntity } from './session.entity';

/** The PostgreSQL channel on which ended sessions are announced (the trigger uses it too). */
export const SESSIONS_ENDED_CHANNEL = 'identity_sessions_ended';

/** A grant answers one question; a minute covers any queueing. */
const GRANT_SECONDS = 60;

/** The gateway turns a voucher into a session token at once; a minute covers any queueing. */
const SIGN_IN_VOUCHER_SECONDS = 60;

/** What a single sign-on session keeps of its provider's answer. */
export interface ProviderSessionInput {
  provider: string;
  idToken: string;
  /** Sealed; null when the provider gave none. */
  refreshToken: string | null;
}

/** Session ids per notice. */
const NOTICE_IDS = 100;

/** A session's idle clock is moved at most this often: a busy person costs a write per replica per cache period, at most two a minute. */
const TOUCH_EVERY_MS = 30_000;
/** How often forgotten sessions are looked for and ended. */
const SWEEP_EVERY_MS = 30_000;

/** Announces ended sessions once the caller's transaction commits (nothing if it rolls back). */
export async function announceEndedSessions(
  manager: EntityManager,
  sessionIds: string[],
  reason: SessionEndReason,
): Promise<void> {
  // A notice must stay under PostgreSQL's 8000-byte limit: a hundred ids at a time.
  for (let start = 0; start < sessionIds.length; start += NOTICE_IDS) {
    await manager.query(`SELECT pg_notify($1, $2)`, [
      SESSIONS_ENDED_CHANNEL,
      JSON.stringify({ sessionIds: sessionIds.slice(start, start + NOTICE_IDS), reason }),
    ]);
  }
}

/**
 * Sessions: sign-in opens one; the gateway asks whether it still holds (at most once a cache
 * period per replica, which also moves its idle clock); sign-out, the idle timeout, the time limit
 * and account changes (the trigger of the `users` table) end it, and every ending is announced.
 */
@Injectable()
export class SessionsService implements OnModuleInit, OnModuleDestroy {
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly signer: StatementSigner,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      this.endIdleSessions().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'idle sessions could not be ended this time'),
      );
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /**
   * Opens a session inside the sign-in's transaction. A single sign-on session without a refresh
   * token cannot be checked with its provider again, so it ends at the next re-check instead.
   */
  async open(
    manager: EntityManager,
    userId: string,
    clientAddress: string,
    provider?: ProviderSessionInput,
  ): Promise<SessionEntity> {
    const now = Date.now();
    const lifetimeMs = this.config.sessions.lifetimeHours * 3600_000;
    const uncheckedMs =
      provider && !provider.refreshToken ? this.config.sso.recheckMinutes * 60_000 : Infinity;
    const session = manager.create(SessionEntity, {
      userId,
      expiresAt: new Date(now + Math.min(lifetimeMs, uncheckedMs)),
      clientAddress: clientAddress.slice(0, 64),
      ...(provider
        ? {
            method: 'single-sign-on' as const,
            provider: provider.provider,
            providerIdToken: provider.idToken,
            providerRefreshToken: provider.refreshToken,
            providerCheckedAt: new Date(now),
          }
        : {}),
    });
    return manager.save(session);
  }

  /**
   * A sign-in, inside its transaction, however it was proven (a code, single sign-on): the
   * person's last sign-in (and registration, the first time) recorded and audited, and their
   * session opened. Answers the person as they are now and the session.
   */
  async signIn(
    manager: EntityManager,
    user: UserEntity,
    clientAddress: string,
    provider?: ProviderSessionInput,
  ): Promise<{ user: UserEntity; session: SessionEntity }> {
    const now = new Date();
    const firstSignIn = user.registeredAt === null;
    await manager.update(UserEntity, user.id, {
      lastLoginAt: now,
      ...(firstSignIn ? { registeredAt: now } : {}),
    });
    await writeAudit(manager, {
      actor: { id: user.id, label: user.serviceNumber },
      entity: 'user',
      entityId: user.id,
      action: firstSignIn ? 'registered' : 'signed-in',
      changes: {
        lastLoginAt: { from: user.lastLoginAt?.toISOString() ?? null, to: now.toISOString() },
        ...(provider
          ? { method: { from: null, to: 'single-sign-on' }, provider: { from: null, to: provider.provider } }
          : {}),
      },
    });
    const fresh = await manager.findOneByOrFail(UserEntity, { id: user.id });
    return { user: fresh, session: await this.open(manager, user.id, clientAddress, provider) };
  }

  /** Identity's signed word that this person just signed in, in this session. */
  voucher(user: UserEntity, session: SessionEntity): string {
    const voucher: Omit<SignInVoucherClaims, 'iss' | 'iat' | 'exp'> = {
      aud: 'gateway:sign-in',
      sub: user.id,
      sid: session.id,
      user: toUserDto(user),
      sxp: Math.floor(session.expiresAt.getTime() / 1000),
    };
    return this.signer.token(voucher, SIGN_IN_VOUCHER_SECONDS);
  }

  /**
   * The session's person, if the session still holds, as a grant signed by identity for this
   * question (`nonce`); otherwise SESSION_ENDED saying why.
   */
  async check(sessionId: string, nonce: string): Promise<CheckSessionResult> {
    const session = await this.dataSource.getRepository(SessionEntity).findOneBy({ id: sessionId });
    // Rows go with their account (ON DELETE CASCADE): a missing one was deleted with it.
    if (!session) throw this.ended('deleted');
    if (session.endedAt) throw this.ended(session.endReason ?? 'signed-out');
    const now = Date.now();
    if (session.expiresAt.getTime() <= now) {
      await this.end([session.id], 'expired');
      throw this.ended('expired');
    }
    if (session.lastSeenAt.getTime() <= now - this.idleMs()) {
      await this.end([session.id], 'idle');
      throw this.ended('idle');
    }
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: session.userId });
    if (!user) throw this.ended('deleted');
    if (!user.isActive) throw this.ended('deactivated');
    if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.dataSource
        .getRepository(SessionEntity)
        .update({ id: session.id, endedAt: IsNull() }, { lastSeenAt: new Date(now) });
    }
    const grant: Omit<SessionGrantClaims, 'iss' | 'iat' | 'exp'> = {
      aud: 'gateway:session',
      sub: user.id,
      sid: session.id,
      nonce,
      user: toUserDto(user),
      sxp: Math.floor(session.expiresAt.getTime() / 1000),
    };
    return { grant: this.signer.token(grant, GRANT_SECONDS) };
  }

  /** Sign-out: the person ends the session they act in (ending an ended one changes nothing). */
  /** When the person's latest session begun before `sessionId` began (ISO), or null. */
  async previousSignIn(userId: string, sessionId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT max(s."created_at") AS "at" FROM "identity"."sessions" s
        WHERE s."user_id" = $1
          AND s."created_at" < (SELECT c."created_at" FROM "identity"."sessions" c
                                 WHERE c."id" = $2 AND c."user_id" = $1)`,
      [userId, sessionId],
    )) as [{ at: Date | null } | undefined];
    return row?.at ? new Date(row.at).toISOString() : null;
  }

  /** Ends the session; answers it as it was when it ended (null when it had ended already). */
  async signOut(actor: Actor, sessionId: string): Promise<SessionEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const session = await manager.findOneBy(SessionEntity, { id: sessionId, userId: actor._id });
      const ended = await this.endIn(manager, [sessionId], 'signed-out', actor._id);
      if (ended.length === 0) return null;
      await writeAudit(manager, {
        actor: { id: actor._id, label: actor.serviceNumber, service: actor.via },
        entity: 'session',
        entityId: sessionId,
        action: 'signed-out',
      });
      return session;
    });
  }

  /** Ends every open session that has seen no call for the idle timeout. */
  async endIdleSessions(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: unknown = await manager.query(
        `UPDATE "identity"."sessions" SET "ended_at" = now(), "end_reason" = 'idle', "provider_refresh_token" = NULL
          WHERE "ended_at" IS NULL AND "last_seen_at" <= now() - make_interval(mins => $1)
          RETURNING "id"`,
        [this.config.sessions.idleMinutes],
      );
      const ids = updatedIds(rows);
      await announceEndedSessions(manager, ids, 'idle');
      if (ids.length > 0) this.logger.info({ sessions: ids.length }, 'idle sessions ended');
      return ids.length;
    });
  }

  end(sessionIds: string[], reason: SessionEndReason): Promise<string[]> {
    return this.dataSource.transaction((manager) => this.endIn(manager, sessionIds, reason));
  }

  private async endIn(
    manager: EntityManager,
    sessionIds: string[],
    reason: SessionEndReason,
    userId?: string,
  ): Promise<string[]> {
    const rows: unknown = await manager.query(
      `UPDATE "identity"."sessions" SET "ended_at" = now(), "end_reason" = $2, "provider_refresh_token" = NULL
        WHERE "id" = ANY($1::uuid[]) AND "ended_at" IS NULL AND ($3::uuid IS NULL OR "user_id" = $3)
        RETURNING "id"`,
      [sessionIds, reason, userId ?? null],
    );
    const ids = updatedIds(rows);
    await announceEndedSessions(manager, ids, reason);
    return ids;
  }

  private idleMs(): number {
    return this.config.sessions.idleMinutes * 60_000;
  }

  private ended(reason: SessionEndReason): ServiceError {
    return new ServiceError('SESSION_ENDED', sessionEndedMessage(reason, this.config.sessions.idleMinutes));
  }
}

/** The ids of an `UPDATE … RETURNING "id"` run through TypeORM's `query` ([rows, count]). */
function updatedIds(result: unknown): string[] {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as { id: string }[]) : [];
  return rows.map((row) => row.id);
}
