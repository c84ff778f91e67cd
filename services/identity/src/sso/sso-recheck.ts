import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import { LOGGER } from '../tokens';
import { UserEntity } from '../users/user.entity';
import { groupsOf, roleFromGroups } from './directory-person';
import { OidcProviders } from './oidc-providers';
import { Sealer } from './sealed';
import { isUnreachable, SsoService } from './sso.service';

/** How often due sessions are looked for. */
const SWEEP_EVERY_MS = 60_000;
/** Sessions re-checked per sweep and replica: each costs a call to the provider. */
const SESSIONS_PER_SWEEP = 50;

interface DueSession {
  id: string;
  userId: string;
  provider: string;
  refreshToken: string;
}

/**
 * Keeps a single sign-on session true to the directory: every SSO_RECHECK_MINUTES identity asks
 * the provider again with the session's refresh token. A refused refresh (the account disabled or
 * removed, the grant revoked) or groups that map to no role any more end the session
 * ('directory-changed'); groups that map to another role change the roster's role, which ends the
 * session as any role change does. So a person taken out of the mapped group loses access within
 * SSO_RECHECK_MINUTES plus a sweep (a minute). A session without a refresh token was given that
 * time as its limit when it opened. While the provider cannot be reached, sessions go on (until
 * their own time limit) and the log says so at each attempt.
 *
 * Each replica claims due sessions with `SKIP LOCKED` and moves their clock before asking, so
 * replicas never ask twice about one session.
 */
@Injectable()
export class SsoRecheck implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private readonly sealer: Sealer;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly providers: OidcProviders,
    private readonly sessions: SessionsService,
    private readonly sso: SsoService,
  ) {
    this.sealer = new Sealer(config.otpPepper);
  }

  onModuleInit(): void {
    if (this.config.sso.providers.length === 0) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'single sign-on sessions could not be re-checked this time'),
      );
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Re-checks the sessions that are due; answers how many were ended or changed. */
  async sweep(): Promise<number> {
    await this.sso.sweepFlows();
    await this.dataSource.query(
      `UPDATE "identity"."sessions" SET "provider_refresh_token" = NULL
        WHERE "provider_refresh_token" IS NOT NULL AND "ended_at" IS NOT NULL`,
    );
    let changed = 0;
    for (const session of await this.claimDue()) if (await this.recheck(session)) changed += 1;
    return changed;
  }

  private async claimDue(): Promise<DueSession[]> {
    const rows: unknown = await this.dataSource.query(
      `UPDATE "identity"."sessions" s SET "provider_checked_at" = now()
        WHERE s."id" IN (
          SELECT d."id" FROM "identity"."sessions" d
           WHERE d."ended_at" IS NULL AND d."method" = 'single-sign-on'
             AND d."provider_refresh_token" IS NOT NULL
             AND d."provider_checked_at" <= now() - make_interval(mins => $1)
           ORDER BY d."provider_checked_at" LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING s."id", s."user_id" AS "userId", s."provider", s."provider_refresh_token" AS "refreshToken"`,
      [this.config.sso.recheckMinutes, SESSIONS_PER_SWEEP],
    );
    return Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0] as DueSession[]) : [];
  }

  /** Asks the provider about one session; true when it ended or its person's role changed. */
  private async recheck(session: DueSession): Promise<boolean> {
    const provider = this.providers.find(session.provider);
    const refreshToken = this.sealer.open(session.refreshToken);
    if (!provider || !refreshToken) {
      // The provider was taken out of the configuration, or the service's secret changed.
      await this.sessions.end([session.id], 'directory-changed');
      return true;
    }
    let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
    try {
      tokens = await oidc.refreshTokenGrant(await this.providers.configuration(provider), refreshToken);
    } catch (error) {
      if (isUnreachable(error) || !(error instanceof oidc.ResponseBodyError)) {
        this.logger.warn(
          { err: error, provider: provider.id },
          'the identity provider could not re-check a session',
        );
        return false;
      }
      this.logger.info(
        { provider: provider.id, session: session.id, error: error.error },
        'the identity provider refused the session: ended',
      );
      await this.sessions.end([session.id], 'directory-changed');
      return true;
    }
    const claims = tokens.claims();
    // A refresh without a new ID token still proves the account is enabled; the role stays.
    const role = claims ? roleFromGroups(groupsOf(claims, provider.groupsClaim), provider.roles) : undefined;
    if (role === null) {
      await this.sessions.end([session.id], 'directory-changed');
      return true;
    }
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE "identity"."sessions" SET "provider_refresh_token" = $2,
                "provider_id_token" = COALESCE($3, "provider_id_token")
          WHERE "id" = $1 AND "ended_at" IS NULL`,
        [
          session.id,
          tokens.refresh_token ? this.sealer.seal(tokens.refresh_token) : session.refreshToken,
          tokens.id_token ?? null,
        ],
      );
      if (!role) return false;
      const user = await manager.findOne(UserEntity, {
        where: { id: session.userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user || user.role === role) return false;
      await this.sso.followDirectoryRole(manager, user, role, provider);
      return true;
    });
  }
}
