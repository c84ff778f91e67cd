import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { browser, visitProvider, type Browser } from '@caliber/testing/provider-browser';
import { DEMO_PEOPLE } from './demo-people';
import { DEMO_PASSWORD, startIdentityProvider, type RunningIdentityProvider } from './identity-provider';

// The local identity provider as a relying party meets it: its real process, driven through the
// authorization code flow with PKCE by plain HTTP, redirects followed and cookies kept by hand.

const CLIENT = {
  clientId: 'caliber',
  clientSecret: randomBytes(16).toString('hex'),
  redirectUris: ['http://localhost:5999/login/sso'],
  postLogoutRedirectUris: ['http://localhost:5999/login'],
};
const REDIRECT_URI = CLIENT.redirectUris[0] as string;
const SCOPE = 'openid profile email groups offline_access';

function person(email: string) {
  const found = DEMO_PEOPLE.find((candidate) => candidate.email === email);
  if (!found) throw new Error(`${email} is not in the demo directory`);
  return found;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

interface SignInAttempt {
  /** Where the provider finally sent the browser (the redirect URI with the code), if it did. */
  callback?: URL;
  /** The last page shown, when it stopped at one. */
  page?: string;
  state: string;
  codeVerifier: string;
}

/** The authorization request, the provider's sign-in page and its answer, redirects followed. */
async function signIn(
  idp: RunningIdentityProvider,
  login: string,
  password: string,
  tab: Browser = browser(),
): Promise<SignInAttempt> {
  const state = base64url(randomBytes(16));
  const codeVerifier = base64url(randomBytes(32));
  const authorize = new URL(`${idp.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: SCOPE,
    state,
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(createHash('sha256').update(codeVerifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  return {
    ...(await visitProvider(tab, authorize.href, REDIRECT_URI, login, password)),
    state,
    codeVerifier,
  };
}

interface TokenAnswer {
  id_token?: string;
  refresh_token?: string;
  access_token?: string;
  error?: string;
}

async function token(
  idp: RunningIdentityProvider,
  grant: Record<string, string>,
): Promise<{ status: number; body: TokenAnswer }> {
  const answer = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...grant,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    }).toString(),
  });
  return { status: answer.status, body: (await answer.json()) as TokenAnswer };
}

async function exchange(idp: RunningIdentityProvider, attempt: SignInAttempt) {
  const code = attempt.callback?.searchParams.get('code');
  if (!code) throw new Error(`No code: ${attempt.page ?? 'no page'}`);
  return token(idp, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: attempt.codeVerifier,
  });
}

function refresh(idp: RunningIdentityProvider, refreshToken: string) {
  return token(idp, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

describe('the local identity provider', () => {
  const engineer = person('kwame.boateng@caliber.example');
  const leaver = person('efua.owusu@caliber.example');
  let idp: RunningIdentityProvider;
  let skewed: RunningIdentityProvider;
  let foreign: RunningIdentityProvider;

  beforeAll(async () => {
    [idp, skewed, foreign] = await Promise.all([
      startIdentityProvider({ clients: [CLIENT], people: [...DEMO_PEOPLE], testControls: true }),
      startIdentityProvider({ clients: [CLIENT], people: [...DEMO_PEOPLE], clockOffsetSeconds: -7200 }),
      startIdentityProvider({ clients: [CLIENT], people: [...DEMO_PEOPLE], idTokenAudience: 'someone-else' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([idp, skewed, foreign].map((running) => running?.stop()));
  });

  it('publishes its discovery document: the code flow with PKCE, its issuer and keys', async () => {
    const answer = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(answer.status).toBe(200);
    const discovery = (await answer.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: idp.issuer,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      end_session_endpoint: `${idp.issuer}/session/end`,
    });
    expect(discovery['scopes_supported']).toEqual(
      expect.arrayContaining(['openid', 'groups', 'offline_access']),
    );
  });

  it('signs a person in with the demo password and issues an ID token with their directory claims', async () => {
    const attempt = await signIn(idp, engineer.login, DEMO_PASSWORD);
    expect(attempt.callback?.searchParams.get('state')).toBe(attempt.state);
    expect(attempt.callback?.searchParams.get('iss')).toBe(idp.issuer);

    const { status, body } = await exchange(idp, attempt);
    expect(status).toBe(200);
    expect(body.refresh_token).toEqual(expect.any(String));
    const claims = decodeJwt(body.id_token ?? '');
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: CLIENT.clientId,
      sub: engineer.id,
      email: engineer.email,
      email_verified: true,
      name: engineer.name,
      preferred_username: engineer.login,
      employee_id: engineer.employeeId,
      groups: ['caliber-engineers'],
    });
  });

  it('refuses a code exchange without the PKCE verifier', async () => {
    const attempt = await signIn(idp, engineer.login, DEMO_PASSWORD);
    const { status, body } = await exchange(idp, { ...attempt, codeVerifier: base64url(randomBytes(32)) });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('reads the directory afresh on refresh: a person who leaves their groups has none in the next ID token', async () => {
    const { body } = await exchange(idp, await signIn(idp, engineer.login, DEMO_PASSWORD));
    const first = await refresh(idp, body.refresh_token ?? '');
    expect(first.status).toBe(200);
    expect(decodeJwt(first.body.id_token ?? '')).toMatchObject({ groups: ['caliber-engineers'] });

    await idp.setPerson(engineer.id, { groups: [] });
    try {
      const second = await refresh(idp, first.body.refresh_token ?? body.refresh_token ?? '');
      expect(second.status).toBe(200);
      expect(decodeJwt(second.body.id_token ?? '')['groups']).toEqual([]);
    } finally {
      await idp.setPerson(engineer.id, { groups: engineer.groups });
    }
  });

  it('refuses the refresh of a person disabled in the directory, and their next sign-in', async () => {
    const { body } = await exchange(idp, await signIn(idp, leaver.login, DEMO_PASSWORD));
    await idp.setPerson(leaver.id, { disabled: true });
    try {
      const refused = await refresh(idp, body.refresh_token ?? '');
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_grant');
      const again = await signIn(idp, leaver.login, DEMO_PASSWORD);
      expect(again.callback).toBeUndefined();
      expect(again.page).toContain('Unknown login or wrong password.');
    } finally {
      await idp.setPerson(leaver.id, { disabled: false });
    }
  });

  it('shows the sign-in page again with the refusal for a wrong password or an unknown login', async () => {
    for (const [login, password] of [
      [engineer.login, 'not-the-password'],
      ['nobody@caliber.example', DEMO_PASSWORD],
    ] as const) {
      const attempt = await signIn(idp, login, password);
      expect(attempt.callback).toBeUndefined();
      expect(attempt.page).toContain('Caliber demo identity provider');
      expect(attempt.page).toContain('Unknown login or wrong password.');
    }
  });

  it('answers a test change of an unknown person with 404 and a bad change with 400', async () => {
    await expect(idp.setPerson('no-such-person', { groups: [] })).rejects.toThrow(/404/);
    await expect(idp.setPerson(engineer.id, { groups: 'caliber-admins' } as never)).rejects.toThrow(/400/);
  });

  it('ends its session on an RP-initiated logout and returns to the registered post-logout URI', async () => {
    const tab = browser();
    const { body } = await exchange(idp, await signIn(idp, engineer.login, DEMO_PASSWORD, tab));
    const logout = new URL(`${idp.issuer}/session/end`);
    logout.search = new URLSearchParams({
      id_token_hint: body.id_token ?? '',
      post_logout_redirect_uri: CLIENT.postLogoutRedirectUris[0] as string,
      state: 'after-logout',
    }).toString();
    const confirm = await tab.go(logout.href);
    expect(confirm.status).toBe(200);
    const page = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    expect(page).toContain('Sign out');
    const done = await tab.go(new URL(action ?? '', idp.issuer).href, {
      form: { xsrf: xsrf ?? '', logout: 'yes' },
    });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location') ?? '');
    expect(back.href).toBe(`${CLIENT.postLogoutRedirectUris[0]}?state=after-logout`);

    // Signed out at the provider: the next authorization asks for the password again.
    const next = await signIn(idp, engineer.login, 'wrong', tab);
    expect(next.page).toContain('Unknown login or wrong password.');
  });

  it('with its clock set back two hours, issues ID tokens that have already expired', async () => {
    const { status, body } = await exchange(skewed, await signIn(skewed, engineer.login, DEMO_PASSWORD));
    expect(status).toBe(200);
    const { exp, iat } = decodeJwt(body.id_token ?? '');
    const now = Date.now() / 1000;
    expect(exp).toBeLessThan(now);
    expect(iat).toBeLessThan(now - 7000);
  });

  it('with a foreign audience, issues ID tokens for someone else that its own keys still verify', async () => {
    const { status, body } = await exchange(foreign, await signIn(foreign, engineer.login, DEMO_PASSWORD));
    expect(status).toBe(200);
    const keys = createRemoteJWKSet(new URL(`${foreign.issuer}/jwks`));
    const { payload } = await jwtVerify(body.id_token ?? '', keys, {
      issuer: foreign.issuer,
      audience: 'someone-else',
    });
    expect(payload).toMatchObject({ aud: 'someone-else', email: engineer.email });
    await expect(jwtVerify(body.id_token ?? '', keys, { audience: CLIENT.clientId })).rejects.toThrow(/aud/);
  });
});
