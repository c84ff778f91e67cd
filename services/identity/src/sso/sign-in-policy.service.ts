import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isClinical,
  roleIs,
  ssoRequiredMessage,
  SSO_POLICY_ROLES,
  type Actor,
  type Role,
  type SignInPolicy,
  type SsoPolicyRole,
} from '@caliber/contracts';
import { ServiceError, writeAudit } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { announceEndedSessions } from '../sessions/sessions.service';
import { LOGGER } from '../tokens';

interface PolicyRow {
  roles: string[];
  updatedAt: Date | null;
}

/**
 * Which roles must sign in by single sign-on. An Admin chooses among Technicians, Engineers and
 * Managers (never Admins, whose code is the way in when the provider fails); a person of a chosen
 * role is refused the code, with the reason, and their sessions begun with a code end when their
 * role is chosen, so the rule holds from that moment, not from their next sign-in.
 */
@Injectable()
export class SignInPolicyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async read(actor: Actor): Promise<SignInPolicy> {
    this.adminOnly(actor);
    return this.answer(await this.row(this.dataSource.manager));
  }

  async update(actor: Actor, roles: readonly SsoPolicyRole[]): Promise<SignInPolicy> {
    this.adminOnly(actor);
    if (roles.length > 0 && this.config.sso.providers.length === 0)
      throw new ServiceError(
        'CONFLICT',
        'No identity provider is configured (SSO_PROVIDERS): single sign-on cannot be required yet.',
      );
    const saved = await this.dataSource.transaction(async (manager) => {
      const before = await this.row(manager, true);
      await manager.query(
        `UPDATE "identity"."sign_in_policy" SET "sso_required_roles" = $1, "updated_at" = now(), "updated_by" = $2`,
        [roles, actor._id],
      );
      const added = roles.filter((role) => !before.roles.includes(role));
      if (added.length > 0) {
        const ended = (await manager.query(
          `UPDATE "identity"."sessions" s SET "ended_at" = now(), "end_reason" = 'sign-in-policy'
             FROM "identity"."users" u
            WHERE u."id" = s."user_id" AND s."ended_at" IS NULL AND s."method" = 'code' AND u."role" = ANY($1)
            RETURNING s."id"`,
          [added],
        )) as [{ id: string }[], number];
        await announceEndedSessions(
          manager,
          ended[0].map((row) => row.id),
          'sign-in-policy',
        );
        if (ended[0].length > 0)
          this.logger.info(
            { sessions: ended[0].length, roles: added },
            'code sessions ended by the sign-in policy',
          );
      }
      if (added.length > 0 || before.roles.some((role) => !roles.includes(role as SsoPolicyRole)))
        await writeAudit(manager, {
          actor: { id: actor._id, label: actor.serviceNumber, service: actor.via },
          entity: 'sign-in-policy',
          entityId: 'sso-required-roles',
          action: 'updated',
          changes: { ssoRequiredRoles: { from: before.roles, to: [...roles] } },
        });
      return this.row(manager);
    });
    return this.answer(saved);
  }

  /**
   * Refuses the code to a person whose role must sign in by single sign-on: the roles the Admins
   * chose, and clinical staff always (their ward's directory account is their only way in, so a
   * nurse's phone number on the roster never becomes a second one).
   */
  async refuseCodeFor(manager: EntityManager, role: Role): Promise<void> {
    if (isClinical(role)) throw new ServiceError('SSO_REQUIRED', ssoRequiredMessage(role));
    const { roles } = await this.row(manager);
    if (roles.some((required) => roleIs(role, required as Role)))
      throw new ServiceError('SSO_REQUIRED', ssoRequiredMessage(role));
  }

  private adminOnly(actor: Actor): void {
    if (!roleIs(actor.role, 'Admin'))
      throw new ServiceError('FORBIDDEN', 'Only Admins manage the sign-in policy.');
  }

  private async row(manager: EntityManager, lock = false): Promise<PolicyRow> {
    const rows = (await manager.query(
      `SELECT "sso_required_roles" AS "roles", "updated_at" AS "updatedAt" FROM "identity"."sign_in_policy"${lock ? ' FOR UPDATE' : ''}`,
    )) as PolicyRow[];
    return rows[0] ?? { roles: [], updatedAt: null };
  }

  private answer(row: PolicyRow): SignInPolicy {
    return {
      ssoRequiredRoles: SSO_POLICY_ROLES.filter((role) => row.roles.includes(role)),
      providers: this.config.sso.providers.length,
      updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null,
    };
  }
}
