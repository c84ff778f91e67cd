import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CompactSign, decodeJwt, decodeProtectedHeader, type CryptoKey, type JWK } from 'jose';
import Provider, { type ClientMetadata, type Context, type Next } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { DEMO_PASSWORD, personChangeSchema, type IdentityProviderConfig } from './config';
import type { Directory } from './directory';
import { errorPage, logoutPage, signedOutPage, signInPage } from './pages';

/** The scopes the provider knows, and the claims each one releases. */
const CLAIMS: Record<string, string[]> = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username', 'employee_id'],
  groups: ['groups'],
};

/** oidc-provider's default tolerance of the clients' clocks (their assertions' dates). */
const CLOCK_TOLERANCE_SECONDS = 15;

export interface SigningKey {
  /** The private JWK given to oidc-provider (with `kid`, `alg` and `use`). */
  jwk: JWK;
  /** The same key, for re-signing ID tokens with another audience. */
  privateKey: CryptoKey;
}

function clientMetadata(client: IdentityProviderConfig['clients'][number]): ClientMetadata {
  return {
    client_id: client.clientId,
    // openid-client sends a secret in the body unless told otherwise; Entra ID and Keycloak take
    // it there too, so that is the method registered.
    ...(client.clientSecret
      ? { client_secret: client.clientSecret, token_endpoint_auth_method: 'client_secret_post' as const }
      : { token_endpoint_auth_method: 'none' as const }),
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A real OpenID provider (oidc-provider does the protocol) over the given directory: the
 * authorization code flow with PKCE only, refresh tokens for the registered clients, grants
 * approved without a consent screen, its own sign-in and sign-out pages, and RP-initiated logout.
 */
export function createIdentityProvider(
  config: IdentityProviderConfig,
  directory: Directory,
  signingKey: SigningKey,
  log: (line: string) => void,
): Provider {
  const provider = new Provider(config.issuer, {
    // In memory, on purpose: a restart signs everyone out of the demo directory, and nothing else
    // shares its state. Given explicitly, as oidc-provider otherwise warns on every start.
    adapter: createMemoryAdapter(CLOCK_TOLERANCE_SECONDS),
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    clients: config.clients.map(clientMetadata),
    jwks: { keys: [signingKey.jwk] },
    cookies: {
      // Cookies on localhost are shared by every port: these names keep clear of Caliber's
      // (prefixed `caliber`). Plain http on localhost, so not `secure`.
      keys: [randomBytes(32).toString('hex')],
      names: { session: 'demo_idp_session', interaction: 'demo_idp_interaction', resume: 'demo_idp_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: Object.keys(CLAIMS).concat('offline_access'),
    claims: CLAIMS,
    // Entra ID and Keycloak put the groups and the person's details in the ID token itself, and the
    // relying party reads them there: so does this provider.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Read afresh for every token, a refresh included: changed groups show in the next ID token,
    // and a disabled person is no one (their refresh is refused with invalid_grant).
    findAccount: (_ctx, sub) => {
      const person = directory.active(sub);
      if (!person) return Promise.resolve(undefined);
      return Promise.resolve({
        accountId: sub,
        claims: () => {
          const current = directory.active(sub) ?? person;
          return Promise.resolve({
            sub,
            email: current.email,
            email_verified: true,
            name: current.name,
            preferred_username: current.login,
            employee_id: current.employeeId,
            groups: [...current.groups],
          });
        },
      });
    },
    // No consent screen: the registered clients are the hospital's own applications, so what they
    // ask for is granted (the recipe oidc-provider documents for first-party clients).
    loadExistingGrant: async (ctx) => {
      const { client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const grant =
        (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      const scope = typeof params?.['scope'] === 'string' ? params['scope'] : 'openid';
      grant.addOIDCScope(scope);
      await grant.save();
      return grant;
    },
    // Every registered client may refresh, whether or not `offline_access` survived the request
    // (oidc-provider drops it when `prompt` lacks `consent`).
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    interactions: { url: (_ctx, interaction) => Promise.resolve(`/interaction/${interaction.uid}`) },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
          return Promise.resolve();
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
          return Promise.resolve();
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        'Sign-in could not continue',
        [out['error'], out['error_description']].filter(Boolean).join(': '),
      );
      return Promise.resolve();
    },
    // With a clock set back (a test's), an interaction must still outlive its own cookie's expiry.
    ttl: { Interaction: 3600 + Math.max(0, -(config.clockOffsetSeconds ?? 0)) },
  });
  provider.proxy = false;

  provider.use(requestLog(log));
  if (config.testControls) provider.use(testControls(directory));
  provider.use(interactions(provider, directory, config));
  if (config.idTokenAudience) provider.use(reSignIdTokens(config.idTokenAudience, signingKey.privateKey));
  return provider;
}

/** One line per request: method, path (never the query, which carries codes) and status. */
function requestLog(log: (line: string) => void) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } finally {
      log(`${ctx.method} ${ctx.path} ${ctx.status}`);
    }
  };
}

/** `POST /_test/people/<id>` with `{ groups?, disabled? }`: changes a person while the provider runs. */
function testControls(directory: Directory) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = /^\/_test\/people\/([^/]+)$/.exec(ctx.path);
    if (!match) return next();
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.body = { message: 'Use POST.' };
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(await readBody(ctx.req));
    } catch {
      ctx.status = 400;
      ctx.body = { message: 'The body must be JSON: { "groups"?: string[], "disabled"?: boolean }.' };
      return;
    }
    const change = personChangeSchema.safeParse(json);
    if (!change.success) {
      ctx.status = 400;
      ctx.body = { message: change.error.issues.map((issue) => issue.message).join('; ') };
      return;
    }
    if (!directory.change(decodeURIComponent(match[1] ?? ''), change.data)) {
      ctx.status = 404;
      ctx.body = { message: 'No such person in the directory.' };
      return;
    }
    ctx.status = 204;
  };
}

/**
 * The sign-in pages of an interaction (`/interaction/<uid>`): the form, and its check of a login
 * and the demo password. A consent prompt (which the grants above make rare) is approved at once.
 */
function interactions(provider: Provider, directory: Directory, config: IdentityProviderConfig) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    if (!match) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'POST') {
      ctx.status = 405;
      return;
    }
    let details;
    try {
      details = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage(
        'This sign-in has expired',
        'Go back to Caliber and choose its single sign-on again.',
      );
      return;
    }
    if (details.uid !== match[1]) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage(
        'This sign-in has expired',
        'Go back to Caliber and choose its single sign-on again.',
      );
      return;
    }
    const clientId = typeof details.params['client_id'] === 'string' ? details.params['client_id'] : '';
    const clientName = config.clients.some((client) => client.clientId === clientId) ? 'Caliber' : clientId;
    const finish = async (result: Parameters<Provider['interactionResult']>[2]) => {
      const to = await provider.interactionResult(ctx.req, ctx.res, result, {
        mergeWithLastSubmission: false,
      });
      ctx.status = 303;
      ctx.redirect(to);
    };

    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('a consent prompt without a signed-in person');
      const grant = new provider.Grant({ clientId, accountId });
      grant.addOIDCScope(typeof details.params['scope'] === 'string' ? details.params['scope'] : 'openid');
      return finish({ consent: { grantId: await grant.save() } });
    }

    const action = `/interaction/${details.uid}`;
    if (ctx.method === 'GET') {
      const hint = typeof details.params['login_hint'] === 'string' ? details.params['login_hint'] : '';
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = signInPage(action, clientName, hint);
      return;
    }
    const form = new URLSearchParams(await readBody(ctx.req));
    const login = form.get('login') ?? '';
    const person = directory.activeByLogin(login);
    if (!person || form.get('password') !== DEMO_PASSWORD) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = signInPage(action, clientName, login, true);
      return;
    }
    return finish({ login: { accountId: person.id } });
  };
}

/**
 * Test only: every ID token of a token answer signed again, by the provider's own key, with
 * another audience: a well-signed token that is not for the relying party.
 */
function reSignIdTokens(audience: string, privateKey: CryptoKey) {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.path !== '/token' || ctx.status !== 200) return;
    const answer = ctx.body as Record<string, unknown> | undefined;
    const idToken = answer?.['id_token'];
    if (!answer || typeof idToken !== 'string') return;
    const claims = decodeJwt(idToken);
    const header = decodeProtectedHeader(idToken);
    answer['id_token'] = await new CompactSign(
      new TextEncoder().encode(JSON.stringify({ ...claims, aud: audience })),
    )
      .setProtectedHeader({ ...header, alg: header.alg ?? 'RS256' })
      .sign(privateKey);
  };
}
