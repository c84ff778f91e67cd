import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  SSO_CALLBACK_PATH,
  ssoRefusalMessage,
  type FinishSsoCommand,
  type FinishSsoResult,
  type Role,
  type SsoProvidersResponse,
  type SsoRefusal,
  type StartSsoCommand,
  type StartSsoResult,
} from '@caliber/contracts';
import { ServiceError, writeAudit } from '@caliber/service-kit';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import type { SessionEntity } from '../sessions/session.entity';
import { LOGGER } from '../tokens';
import { UserEntity } from '../users/user.entity';
import { claimText, groupsOf, roleFromGroups, type Claims } from './directory-person';
import { OidcProviders, ProviderUnavailable } from './oidc-providers';
import { Sealer } from './sealed';
import type { SsoProviderConfig } from './sso-config';
import { SsoFlowEntity } from './sso-flow.entity';

/** A sign-in begun must be finished within this: the provider's own page plus a forgotten password. */
export const FLOW_MINUTES = 10;

/**
 * Sign-ins in progress at once, across everybody: beyond it a new one is refused for a minute,
 * so a flood of begun sign-ins cannot fill the table. A hospital's morning peak is far below it.
 */
export const MAX_OPEN_FLOWS = 10_000;

class Refused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The SHA-256 (hex) the gateway sends of the browser's cookie value. */
export function bindingOf(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('hex');
}

/**
 * Single sign-on (OpenID Connect, authorization code flow with PKCE, state and nonce), with the
 * certified `openid-client` doing every check of the provider's answer: the `iss` answer
 * parameter and the ID token's issuer, audience, signature (the provider's published keys, the
 * configured algorithm only), expiry within a minute's clock tolerance, and nonce.
 *
 * Who the person is: the provider's configured claim finds one roster entry; their role comes from
 * their groups through the provider's mapping, and the roster follows it (a change is audited and,
 * like any role change, ends their other sessions). Nobody is created: a person not on the roster,
 * on it twice, deactivated, or in no mapped group is refused, and the refusal of a rostered person
 * is audited.
 */
@Injectable()
export class SsoService {
  private readonly sealer: Sealer;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly providers: OidcProviders,
    private readonly sessions: SessionsService,
  ) {
    this.sealer = new Sealer(config.otpPepper);
  }

  list(): SsoProvidersResponse {
    return { providers: this.providers.list().map(({ id, label }) => ({ id, label })) };
  }

  /** Where the callback is: the one redirect URI every provider has registered. */
  redirectUri(): string {
    return `${this.config.publicUrl}${SSO_CALLBACK_PATH}`;
  }

  async start(command: StartSsoCommand): Promise<StartSsoResult> {
    const provider = this.providers.find(command.provider);
    if (!provider)
      throw new ServiceError('NOT_FOUND', `No sign-in provider "${command.provider}" is configured.`);
    const configuration = await this.configurationOrUnavailable(provider);
    const repository = this.dataSource.getRepository(SsoFlowEntity);
    await this.sweepFlows();
    if ((await repository.count()) >= MAX_OPEN_FLOWS)
      throw new ServiceError(
        'SERVICE_UNAVAILABLE',
        'Too many sign-ins are in progress right now. Please try again in a minute.',
        undefined,
        60,
      );
    const flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    await repository.insert({
      ...flow,
      provider: provider.id,
      browserBinding: command.browserBinding,
      expiresAt: new Date(Date.now() + FLOW_MINUTES * 60_000),
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(),
      response_type: 'code',
      scope: provider.scopes.join(' '),
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl: url.href };
  }

  async finish(command: FinishSsoCommand): Promise<FinishSsoResult> {
    const params = new URLSearchParams(command.query);
    let provider: SsoProviderConfig | undefined;
    try {
      const flow = await this.takeFlow(params.get('state'), command.browserBinding);
      provider = this.providers.find(flow.provider);
      if (!provider) throw new Refused('failed', `provider ${flow.provider} is no longer configured`);
      const error = params.get('error');
      if (error)
        throw new Refused(
          'cancelled',
          `the provider answered ${error}: ${params.get('error_description') ?? ''}`,
        );
      const configuration = await this.configurationOrUnavailable(provider);
      const tokens = await this.redeem(configuration, params, flow);
      const claims = tokens.claims();
      if (!claims || !tokens.id_token)
        throw new Refused('failed', 'the provider answered without an ID token');
      const refreshToken = tokens.refresh_token ? this.sealer.seal(tokens.refresh_token) : null;
      return await this.signIn(provider, claims, command.clientAddress, {
        provider: provider.id,
        idToken: tokens.id_token,
        refreshToken,
      });
    } catch (error) {
      if (error instanceof Refused) {
        this.logger.warn(
          { provider: provider?.id, reason: error.reason, detail: error.detail, from: command.clientAddress },
          'single sign-on refused',
        );
        return { outcome: 'refused', reason: error.reason };
      }
      if (error instanceof ServiceError && error.code === 'SERVICE_UNAVAILABLE')
        return { outcome: 'refused', reason: 'unavailable' };
      throw error;
    }
  }

  /** The provider's sign-out address for a session that began there, when it has one and it is wanted. */
  async providerSignOutUrl(session: SessionEntity | null): Promise<string | null> {
    if (session?.method !== 'single-sign-on' || !session.provider) return null;
    const provider = this.providers.find(session.provider);
    if (!provider?.endProviderSession) return null;
    try {
      const configuration = await this.providers.configuration(provider);
      if (!configuration.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(configuration, {
        post_logout_redirect_uri: `${this.config.publicUrl}/login`,
        ...(session.providerIdToken ? { id_token_hint: session.providerIdToken } : {}),
      }).href;
    } catch (error) {
      this.logger.warn(
        { err: error, provider: provider.id },
        'the provider sign-out address could not be made',
      );
      return null;
    }
  }

  /** Deletes begun sign-ins past their time. */
  async sweepFlows(): Promise<void> {
    await this.dataSource.query(`DELETE FROM "identity"."sso_flows" WHERE "expires_at" <= now()`);
  }

  /**
   * Takes the sign-in the answer's `state` names: deleted in the same statement, so an answer
   * replayed (or raced) finds nothing. It must have been begun in this browser, within its time.
   */
  private async takeFlow(state: string | null, browserBinding: string): Promise<SsoFlowEntity> {
    if (!state || state.length > 64) throw new Refused('failed', 'the answer names no sign-in (state)');
    const rows: unknown = await this.dataSource.query(
      `DELETE FROM "identity"."sso_flows" WHERE "state" = $1
        RETURNING "state", "provider", "nonce", "code_verifier" AS "codeVerifier",
                  "browser_binding" AS "browserBinding", "expires_at" AS "expiresAt"`,
      [state],
    );
    const taken = Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0] as SsoFlowEntity[]) : [];
    const flow = taken[0];
    if (!flow)
      throw new Refused(
        'failed',
        'the answer names a sign-in that is unknown or was finished already (state)',
      );
    const expected = Buffer.from(flow.browserBinding, 'utf8');
    const given = Buffer.from(browserBinding, 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new Refused('expired', 'the answer came to another browser than the one that began the sign-in');
    if (new Date(flow.expiresAt).getTime() <= Date.now())
      throw new Refused('expired', `the sign-in was begun more than ${FLOW_MINUTES} minutes ago`);
    return flow;
  }

  /** The code exchanged for tokens, every check of `openid-client` passed; otherwise refused. */
  private async redeem(
    configuration: oidc.Configuration,
    params: URLSearchParams,
    flow: SsoFlowEntity,
  ): Promise<Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>> {
    const callback = new URL(this.redirectUri());
    callback.search = params.toString();
    try {
      return await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (isUnreachable(error)) {
        this.logger.error({ err: error }, 'the identity provider could not be reached for the code exchange');
        throw new Refused('unavailable', 'the token endpoint could not be reached');
      }
      throw new Refused('failed', describe(error));
    }
  }

  private async signIn(
    provider: SsoProviderConfig,
    claims: Claims,
    clientAddress: string,
    providerSession: { provider: string; idToken: string; refreshToken: string | null },
  ): Promise<FinishSsoResult> {
    const named = claimText(claims, provider.personClaim);
    if (!named) throw new Refused('not-rostered', `the ID token has no "${provider.personClaim}" claim`);
    const role = roleFromGroups(groupsOf(claims, provider.groupsClaim), provider.roles);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const user = await this.rosterEntry(manager, provider, named);
      if (!user.isActive) return this.refuseRostered(manager, user, provider, 'deactivated');
      if (!role) return this.refuseRostered(manager, user, provider, 'no-role');
      await this.followDirectoryRole(manager, user, role, provider);
      return this.sessions.signIn(manager, user, clientAddress, providerSession);
    });
    if (outcome instanceof Refused) throw outcome;
    this.logger.info(
      { serviceNumber: outcome.user.serviceNumber, provider: provider.id, from: clientAddress },
      'signed in by single sign-on',
    );
    return { outcome: 'signed-in', voucher: this.sessions.voucher(outcome.user, outcome.session) };
  }

  /** The one roster entry the claim names (row-locked for the sign-in), or refused. */
  private async rosterEntry(
    manager: EntityManager,
    provider: SsoProviderConfig,
    named: string,
  ): Promise<UserEntity> {
    const where =
      provider.rosterField === 'email' ? `lower(u."email") = lower($1)` : `u."service_number" = upper($1)`;
    const ids = (await manager.query(`SELECT u."id" FROM "identity"."users" u WHERE ${where} LIMIT 2`, [
      named,
    ])) as {
      id: string;
    }[];
    if (ids.length === 0)
      throw new Refused('not-rostered', `no roster entry has ${provider.rosterField} ${named}`);
    if (ids.length > 1)
      throw new Refused('ambiguous', `more than one roster entry has ${provider.rosterField} ${named}`);
    const [{ id }] = ids as [{ id: string }];
    return manager.findOneOrFail(UserEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Audits the refusal of a rostered person (who tried, when, why) and refuses. */
  private async refuseRostered(
    manager: EntityManager,
    user: UserEntity,
    provider: SsoProviderConfig,
    reason: SsoRefusal,
  ): Promise<Refused> {
    await writeAudit(manager, {
      actor: { id: user.id, label: user.serviceNumber },
      entity: 'user',
      entityId: user.id,
      action: 'sign-in-refused',
      changes: { reason: { from: null, to: reason }, provider: { from: null, to: provider.id } },
    });
    return new Refused(reason, `${user.serviceNumber}: ${ssoRefusalMessage(reason)}`);
  }

  /**
   * The roster takes the role the directory gives. A change is audited as the directory's, and
   * the users trigger ends the person's other sessions and waiting codes, as any role change does.
   */
  async followDirectoryRole(
    manager: EntityManager,
    user: UserEntity,
    role: Role,
    provider: SsoProviderConfig,
  ): Promise<void> {
    if (user.role === role) return;
    await manager.update(UserEntity, user.id, { role });
    await writeAudit(manager, {
      actor: { id: null, label: `directory:${provider.id}`.slice(0, 64) },
      entity: 'user',
      entityId: user.id,
      action: 'role-from-directory',
      changes: { role: { from: user.role, to: role } },
    });
  }

  private async configurationOrUnavailable(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    try {
      return await this.providers.configuration(provider);
    } catch (error) {
      if (error instanceof ProviderUnavailable)
        throw new ServiceError('SERVICE_UNAVAILABLE', ssoRefusalMessage('unavailable'), undefined, 60);
      throw error;
    }
  }
}

/** A failure to reach the provider at all (as against an answer that failed a check). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/** What the log says of a refused answer: the library's reason, and the provider's error code. */
function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return `${error.error}: ${error.error_description ?? error.message}`;
  if (error instanceof oidc.AuthorizationResponseError)
    return `${error.error}: ${error.error_description ?? ''}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
