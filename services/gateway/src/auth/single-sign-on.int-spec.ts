import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { ssoRefusalMessage, ssoRequiredMessage, type VerifyOtpResponse } from '@caliber/contracts';
import {
  DEMO_PASSWORD,
  recheckSsoSessions,
  startIdentityProvider,
  type DirectoryPerson,
  type RunningIdentityProvider,
} from '@caliber/testing/identity-provider';
import { call } from '@caliber/testing/http';
import {
  browser,
  finishSingleSignOn,
  startSingleSignOn,
  visitProvider,
  type Browser,
} from '@caliber/testing/provider-browser';
import {
  identityDataSource,
  rosterStaff,
  setRosterActive,
  signIn,
  startGateway,
  startIdentity,
  type RunningGateway,
} from '@caliber/testing/stack';
import type { DataSource } from 'typeorm';

// Single sign-on end to end against real identity providers (oidc-provider in their own
// processes): the browser's part is played by hand (cookies kept, redirects followed), so every
// check of the provider's answer is seen refusing what it should.

/** Where the providers send the browser back: Caliber's callback page, as identity names it. */
const PUBLIC_URL = 'http://localhost:5999';
const CALLBACK = `${PUBLIC_URL}/login/sso`;
const run = randomBytes(3).toString('hex');
const CLIENT = {
  clientId: 'caliber',
  clientSecret: randomBytes(16).toString('hex'),
  redirectUris: [CALLBACK],
  postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
};

const person = (name: string, groups: string[]): DirectoryPerson => ({
  id: `${name}-${run}`,
  login: `${name}-${run}@hospital.example`,
  name: `SSO ${name}`,
  email: `${name}-${run}@hospital.example`,
  employeeId: `${name}-${run}`,
  groups,
});
const engineer = person('engineer', ['caliber-engineers', 'ward-clerks']);
const leaver = person('leaver', ['caliber-technicians']);
const clerk = person('clerk', ['ward-clerks']);
const inactive = person('inactive', ['caliber-engineers']);
const stranger = person('stranger', ['caliber-engineers']);
const nurse = person('nurse', ['clinical-staff']);
const PEOPLE = [engineer, leaver, clerk, inactive, stranger, nurse];

const provider = (id: string, idp: RunningIdentityProvider) => ({
  id,
  label: `Directory ${id}`,
  issuer: idp.issuer,
  clientId: CLIENT.clientId,
  clientSecret: CLIENT.clientSecret,
  scopes: ['openid', 'profile', 'email', 'groups', 'offline_access'],
  personClaim: 'email',
  rosterField: 'email',
  groupsClaim: 'groups',
  roles: {
    'caliber-engineers': 'Engineer',
    'caliber-technicians': 'Technician',
    'clinical-staff': 'Clinical',
  },
});

describe('Single sign-on through the hospital identity provider (real OpenID providers)', () => {
  let hospital: RunningIdentityProvider;
  let other: RunningIdentityProvider;
  let skewed: RunningIdentityProvider;
  let foreign: RunningIdentityProvider;
  let identity: INestApplication;
  let gateway: RunningGateway;
  let db: DataSource;

  beforeAll(async () => {
    const options = { clients: [CLIENT], people: PEOPLE };
    [hospital, other, skewed, foreign] = await Promise.all([
      startIdentityProvider({ ...options, testControls: true }),
      startIdentityProvider(options),
      // A provider whose clock is two hours behind: its tokens are expired when they arrive.
      startIdentityProvider({ ...options, clockOffsetSeconds: -7200 }),
      // A provider whose ID tokens are meant for another application.
      startIdentityProvider({ ...options, idTokenAudience: 'another-application' }),
    ]);
    db = await identityDataSource();
    identity = await startIdentity({
      PUBLIC_URL,
      SSO_PROVIDERS: JSON.stringify([
        provider('hospital', hospital),
        provider('other', other),
        provider('skewed', skewed),
        provider('foreign', foreign),
      ]),
    });
    gateway = await startGateway({ REDIS_KEY_PREFIX: `sso-${Date.now()}` });
    await rosterStaff(db, { email: engineer.email, role: 'Technician', name: 'SSO Engineer' });
    await rosterStaff(db, { email: leaver.email, role: 'Technician', name: 'SSO Leaver' });
    await rosterStaff(db, { email: clerk.email, role: 'Technician', name: 'SSO Clerk' });
    await rosterStaff(db, { email: nurse.email, role: 'Clinical', name: 'SSO Nurse', department: 'ICU' });
    const gone = await rosterStaff(db, { email: inactive.email, role: 'Engineer', name: 'SSO Inactive' });
    await setRosterActive(db, gone.serviceNumber, false);
  }, 60_000);

  afterAll(async () => {
    await gateway?.app.close();
    await identity?.close();
    await db?.destroy();
    await Promise.all([hospital, other, skewed, foreign].map((running) => running?.stop()));
  });

  /** Begins a sign-in in this browser; answers the provider's address. */
  const start = (tab: Browser, providerId: string) => startSingleSignOn(tab, gateway.url, providerId);

  /** Hands the provider's answer to the gateway from this browser. */
  async function finish(tab: Browser, query: string) {
    const answer = await finishSingleSignOn(tab, gateway.url, query);
    return {
      status: answer.status,
      body: answer.body as VerifyOtpResponse & { message?: string; code?: string },
    };
  }

  /** A whole sign-in as `who`, begun with `providerId`: the provider's answer as it came back. */
  async function signInAt(
    tab: Browser,
    providerId: string,
    who: DirectoryPerson,
    address?: (url: string) => string,
  ) {
    const authorization = await start(tab, providerId);
    const visit = await visitProvider(
      tab,
      address ? address(authorization) : authorization,
      CALLBACK,
      who.login,
      DEMO_PASSWORD,
    );
    if (!visit.callback) throw new Error(`The provider did not send the browser back: ${visit.page ?? ''}`);
    return visit.callback;
  }

  const auditOf = async (email: string) =>
    (await db.query(
      `SELECT a."action", a."actor_label" AS "actor", a."changes" FROM "identity"."audit_log" a
         JOIN "identity"."users" u ON u."id"::text = a."entity_id"
        WHERE lower(u."email") = lower($1) ORDER BY a."id"`,
      [email],
    )) as { action: string; actor: string; changes: Record<string, { to: unknown }> }[];

  it('offers the configured providers on the sign-in page', async () => {
    const answer = await call(gateway.url, 'GET', '/api/auth/sso');
    expect(answer.status).toBe(200);
    expect(answer.body['providers']).toEqual([
      { id: 'hospital', label: 'Directory hospital' },
      { id: 'other', label: 'Directory other' },
      { id: 'skewed', label: 'Directory skewed' },
      { id: 'foreign', label: 'Directory foreign' },
    ]);
  });

  it('signs a rostered person in with the role their groups give, audited with the method and provider', async () => {
    const tab = browser();
    const callback = await signInAt(tab, 'hospital', engineer);
    expect(callback.searchParams.get('iss')).toBe(hospital.issuer);
    const signedIn = await finish(tab, callback.search);
    expect(signedIn.status).toBe(200);
    // The roster said Technician; the directory's group says Engineer, and the roster follows it.
    expect(signedIn.body.user).toMatchObject({ email: engineer.email, role: 'Engineer' });
    const me = await call(gateway.url, 'GET', '/api/auth/me', { token: signedIn.body.token });
    expect(me.status).toBe(200);
    const audit = await auditOf(engineer.email);
    expect(audit.find((row) => row.action === 'role-from-directory')?.changes['role']).toEqual({
      from: 'Technician',
      to: 'Engineer',
    });
    const signIn = audit.find((row) => row.action === 'registered' || row.action === 'signed-in');
    expect(signIn?.changes['method']?.to).toBe('single-sign-on');
    expect(signIn?.changes['provider']?.to).toBe('hospital');

    // The provider's answer works once: handed on again (even from a browser that has begun
    // another sign-in since), it signs nobody in.
    await start(tab, 'hospital');
    const replayed = await finish(tab, callback.search);
    expect(replayed.status).toBe(403);
    expect(replayed.body.message).toBe(ssoRefusalMessage('failed'));

    // Signing out answers the provider's sign-out address, with the ID token as its hint.
    const out = await call(gateway.url, 'POST', '/api/auth/logout', { token: signedIn.body.token });
    expect(out.status).toBe(200);
    const signOut = new URL(String(out.body['providerSignOutUrl']));
    expect(signOut.origin + signOut.pathname).toBe(`${hospital.issuer}/session/end`);
    expect(signOut.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(signOut.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await call(gateway.url, 'GET', '/api/auth/me', { token: signedIn.body.token })).status).toBe(401);
  });

  it.each([
    ['in no group that gives a role', clerk, 'no-role'],
    ['deactivated on the roster', inactive, 'deactivated'],
    ['not on the roster', stranger, 'not-rostered'],
  ] as const)('refuses a person %s, says why, and creates nothing', async (_case, who, reason) => {
    const before = (await db.query(`SELECT count(*)::int AS "n" FROM "identity"."users"`)) as [{ n: number }];
    const tab = browser();
    const refused = await finish(tab, (await signInAt(tab, 'hospital', who)).search);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SSO_REFUSED', message: ssoRefusalMessage(reason) });
    const after = (await db.query(`SELECT count(*)::int AS "n" FROM "identity"."users"`)) as [{ n: number }];
    expect(after[0].n).toBe(before[0].n);
    if (reason !== 'not-rostered')
      expect((await auditOf(who.email)).some((row) => row.action === 'sign-in-refused')).toBe(true);
  });

  it('refuses an answer that names no sign-in begun here (a bad state)', async () => {
    const tab = browser();
    const callback = await signInAt(tab, 'hospital', engineer);
    callback.searchParams.set('state', 'a-state-nobody-was-given');
    const refused = await finish(tab, callback.search);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoRefusalMessage('failed'));
  });

  it('refuses a replayed code under a fresh sign-in (the provider refuses it)', async () => {
    const tab = browser();
    const first = await signInAt(tab, 'hospital', engineer);
    expect((await finish(tab, first.search)).status).toBe(200);
    // A new sign-in's state, with the code already spent.
    const fresh = new URL(await start(tab, 'hospital'));
    const replay = new URLSearchParams({
      code: first.searchParams.get('code') ?? '',
      state: fresh.searchParams.get('state') ?? '',
      iss: hospital.issuer,
    });
    const refused = await finish(tab, `?${replay.toString()}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoRefusalMessage('failed'));
  });

  it("refuses an answer from another issuer than the sign-in's (a mix-up)", async () => {
    const tab = browser();
    // Begun with the hospital's provider, answered by another one.
    const callback = await signInAt(tab, 'hospital', engineer, (url) =>
      url.replace(hospital.issuer, other.issuer),
    );
    expect(callback.searchParams.get('iss')).toBe(other.issuer);
    const refused = await finish(tab, callback.search);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoRefusalMessage('failed'));
  });

  it('refuses an ID token meant for another application (wrong audience)', async () => {
    const tab = browser();
    const refused = await finish(tab, (await signInAt(tab, 'foreign', engineer)).search);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoRefusalMessage('failed'));
  });

  it('refuses an expired ID token (a provider clock far beyond the tolerated skew)', async () => {
    const tab = browser();
    const refused = await finish(tab, (await signInAt(tab, 'skewed', engineer)).search);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoRefusalMessage('failed'));
  });

  it('refuses an answer handed on by another browser than the one that began the sign-in', async () => {
    const callback = await signInAt(browser(), 'hospital', engineer);
    const elsewhere = browser();
    await start(elsewhere, 'hospital');
    const refused = await finish(elsewhere, callback.search);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoRefusalMessage('expired'));
    // And with no sign-in cookie at all.
    const bare = await finish(browser(), callback.search);
    expect(bare.body.message).toBe(ssoRefusalMessage('expired'));
  });

  it('says a sign-in cancelled at the provider was cancelled', async () => {
    const tab = browser();
    const state = new URL(await start(tab, 'hospital')).searchParams.get('state') ?? '';
    const refused = await finish(
      tab,
      `?error=access_denied&state=${state}&iss=${encodeURIComponent(hospital.issuer)}`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoRefusalMessage('cancelled'));
  });

  it('answers 404 for a provider that is not configured and 400 for one that cannot be', async () => {
    expect((await call(gateway.url, 'POST', '/api/auth/sso/nowhere/start')).status).toBe(404);
    const bad = await call(gateway.url, 'POST', '/api/auth/sso/Not_One/start');
    expect(bad.status).toBe(400);
    expect(typeof bad.body['message']).toBe('string');
  });

  it('ends the session of a person taken out of the mapped group, or disabled, at the next re-check', async () => {
    const tab = browser();
    const signedIn = await finish(tab, (await signInAt(tab, 'hospital', leaver)).search);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token;
    const recheck = { sweep: () => recheckSsoSessions(identity) };
    const due = () =>
      db.query(
        `UPDATE "identity"."sessions" SET "provider_checked_at" = now() - interval '1 day'
          WHERE "user_id" = $1 AND "ended_at" IS NULL`,
        [signedIn.body.user._id],
      );
    // Still in the group: the re-check keeps the session.
    await due();
    await recheck.sweep();
    expect((await call(gateway.url, 'GET', '/api/auth/me', { token })).status).toBe(200);
    // Out of the group: ended, and the person is told why.
    await hospital.setPerson(leaver.id, { groups: ['ward-clerks'] });
    await due();
    expect(await recheck.sweep()).toBeGreaterThanOrEqual(1);
    const ended = await call(gateway.url, 'GET', '/api/auth/me', { token });
    expect(ended.status).toBe(401);
    expect(ended.body['message']).toMatch(/no longer gives you access/);
    // Back in the group and signed in again, then disabled at the provider: the refresh is refused.
    await hospital.setPerson(leaver.id, { groups: ['caliber-technicians'] });
    const again = browser();
    const second = await finish(again, (await signInAt(again, 'hospital', leaver)).search);
    expect(second.status).toBe(200);
    await hospital.setPerson(leaver.id, { disabled: true });
    await db.query(
      `UPDATE "identity"."sessions" SET "provider_checked_at" = now() - interval '1 day'
        WHERE "user_id" = $1 AND "ended_at" IS NULL`,
      [second.body.user._id],
    );
    await recheck.sweep();
    expect((await call(gateway.url, 'GET', '/api/auth/me', { token: second.body.token })).status).toBe(401);
    const [row] = (await db.query(
      `SELECT "end_reason", "provider_refresh_token" FROM "identity"."sessions" WHERE "user_id" = $1 ORDER BY "created_at" DESC LIMIT 1`,
      [second.body.user._id],
    )) as [{ end_reason: string; provider_refresh_token: string | null }];
    expect(row).toEqual({ end_reason: 'directory-changed', provider_refresh_token: null });
  });

  it('lets an Admin require single sign-on of a role: its code is refused and its code sessions end', async () => {
    const admin = await rosterStaff(db, { role: 'Admin', name: 'SSO Policy Admin', preApproved: true });
    const coded = await rosterStaff(db, { role: 'Engineer', name: 'SSO Coded Engineer', preApproved: true });
    const adminToken = await signIn(gateway.url, admin.serviceNumber);
    const engineerToken = await signIn(gateway.url, coded.serviceNumber);
    try {
      const read = await call(gateway.url, 'GET', '/api/sign-in-policy', { token: adminToken });
      expect(read.body).toMatchObject({ ssoRequiredRoles: [], providers: 4 });
      // Admins keep the code: it is the way in when the provider fails.
      const adminsToo = await call(gateway.url, 'PUT', '/api/sign-in-policy', {
        token: adminToken,
        body: { ssoRequiredRoles: ['Admin'] },
      });
      expect(adminsToo.status).toBe(400);
      const saved = await call(gateway.url, 'PUT', '/api/sign-in-policy', {
        token: adminToken,
        body: { ssoRequiredRoles: ['Manager', 'Engineer'] },
      });
      expect(saved.status).toBe(200);
      expect(saved.body['ssoRequiredRoles']).toEqual(['Engineer', 'Manager']);
      // The Engineer's session begun with a code ends at once, saying why.
      const ended = await call(gateway.url, 'GET', '/api/auth/me', { token: engineerToken });
      expect(ended.status).toBe(401);
      expect(ended.body['message']).toMatch(/your role now signs in with the hospital account/);
      // A new code is refused to them, with the reason; the Admin's session goes on.
      const refused = await call(gateway.url, 'POST', '/api/auth/request-otp', {
        body: { serviceNumber: coded.serviceNumber },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'SSO_REQUIRED', message: ssoRequiredMessage('Engineer') });
      expect((await call(gateway.url, 'GET', '/api/auth/me', { token: adminToken })).status).toBe(200);
      // Single sign-on still signs an Engineer in.
      const tab = browser();
      expect((await finish(tab, (await signInAt(tab, 'hospital', engineer)).search)).status).toBe(200);
      const audit = (await db.query(
        `SELECT "changes" FROM "identity"."audit_log" WHERE "entity" = 'sign-in-policy' ORDER BY "id" DESC LIMIT 1`,
      )) as [{ changes: Record<string, { to: unknown }> }];
      expect(audit[0].changes['ssoRequiredRoles']?.to).toEqual(['Engineer', 'Manager']);
    } finally {
      await db.query(`UPDATE "identity"."sign_in_policy" SET "sso_required_roles" = '{}'`);
    }
  });

  it('signs clinical staff in only with the hospital account: their code is always refused', async () => {
    const tab = browser();
    const signedIn = await finish(tab, (await signInAt(tab, 'hospital', nurse)).search);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ role: 'Clinical', department: 'ICU' });
    const refused = await call(gateway.url, 'POST', '/api/auth/request-otp', {
      body: { serviceNumber: signedIn.body.user.serviceNumber },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SSO_REQUIRED', message: ssoRequiredMessage('Clinical') });
    expect(refused.body['message']).toMatch(/^Clinical staff sign in with their hospital account/);
  });
});
