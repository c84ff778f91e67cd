import type { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { SOCKET_SETTINGS, SUBJECTS, type SessionTokenClaims } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import {
  endIdleSessions,
  identityDataSource,
  rosterStaff,
  setRosterActive,
  signIn,
  skipResendPause,
  startGateway,
  startIdentity,
  TEST_ENV,
  type RunningGateway,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';
import { SessionCache } from './session-cache';

/**
 * Server-side sessions through two gateway replicas sharing identity: what ends a session, how
 * fast every replica hears of it, and that a call costs no round trip to identity when nothing
 * changed.
 */
describe('Sessions (identity, two gateway replicas, real PostgreSQL, NATS, Redis)', () => {
  let identity: INestApplication;
  let db: DataSource;
  let nats: NatsConnection;
  let first: RunningGateway;
  let second: RunningGateway;
  /** A replica that re-checks every second, for what no announcement says. */
  let quick: RunningGateway;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await identityDataSource();
    identity = await startIdentity();
    first = await startGateway({ REDIS_KEY_PREFIX: `sessions-a-${Date.now()}` });
    second = await startGateway({ REDIS_KEY_PREFIX: `sessions-b-${Date.now()}` });
    quick = await startGateway({ REDIS_KEY_PREFIX: `sessions-c-${Date.now()}`, SESSION_CACHE_SECONDS: '1' });
    nats = await connect(natsConnectOptions());
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await nats.drain();
    await quick.app.close();
    await second.app.close();
    await first.app.close();
    await identity.close();
    await db.destroy();
  });

  const me = (gateway: RunningGateway, token: string) => call(gateway.url, 'GET', '/api/auth/me', { token });
  /**
   * A call admitted from the session cache when it is fresh (`/auth/me` always asks identity, a
   * settings save makes the next call ask). It answers 503 here, since the equipment service is
   * not started: what matters is that it is admitted, not 401.
   */
  const admitted = async (gateway: RunningGateway, token: string) => {
    const answer = await call(gateway.url, 'GET', '/api/health/details', { token });
    return { ...answer, status: answer.status === 401 ? 401 : 200 };
  };

  /** A socket admitted to `gateway` with `token` (closed after the test). */
  async function liveSocket(gateway: RunningGateway, token: string): Promise<Socket> {
    const socket = io(gateway.url, {
      path: SOCKET_SETTINGS.path,
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('socket:ready', resolve));
    return socket;
  }

  /** Counts identity's session checks while `act` runs. */
  async function sessionChecksDuring(act: () => Promise<void>): Promise<number> {
    let checks = 0;
    const subscription: Subscription = nats.subscribe(SUBJECTS.identity.checkSession, {
      callback: () => (checks += 1),
    });
    await nats.flush();
    try {
      await act();
      await nats.flush();
    } finally {
      subscription.unsubscribe();
    }
    return checks;
  }

  /** Within a second, each replica refuses the token with this reason. */
  async function refusedEverywhere(token: string, message: string): Promise<void> {
    for (const gateway of [first, second]) {
      await until(async () => (await admitted(gateway, token)).status === 401, {
        timeoutMs: 1000,
        what: `${gateway.url} to refuse the ended session`,
      });
      expect((await admitted(gateway, token)).body).toMatchObject({ code: 'SESSION_ENDED', message });
    }
  }

  async function engineer() {
    const staff = await rosterStaff(db, { role: 'Engineer' });
    const token = await signIn(first.url, staff.serviceNumber);
    // Both replicas have checked the session once and remember it.
    for (const gateway of [first, second]) expect((await admitted(gateway, token)).status).toBe(200);
    return { staff, token };
  }

  it('answers calls on a known session from the cache: no round trip to identity', async () => {
    const { token } = await engineer();
    const checks = await sessionChecksDuring(async () => {
      for (let i = 0; i < 5; i += 1) {
        expect((await admitted(first, token)).status).toBe(200);
        expect((await admitted(second, token)).status).toBe(200);
      }
    });
    expect(checks).toBe(0);
  });

  it('signs out on the server: the token stops working on every replica within a second', async () => {
    const { staff, token } = await engineer();
    const out = await call(first.url, 'POST', '/api/auth/logout', { token });
    // A session begun with a code has no provider to sign out of as well.
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ providerSignOutUrl: null });
    await refusedEverywhere(token, 'You were signed out: you signed out.');
    const [audit] = (await db.query(
      `SELECT "actor_label", "service" FROM "identity"."audit_log"
        WHERE "actor_id" = $1 AND "action" = 'signed-out'`,
      [staff.id],
    )) as { actor_label: string; service: string }[];
    expect(audit).toEqual({ actor_label: staff.serviceNumber, service: 'gateway' });
  });

  it('ends every session of a person who is deactivated, on every replica', async () => {
    const { staff, token } = await engineer();
    // A second device: its code is asked for after the resend cool-down.
    await skipResendPause(db, staff.id);
    const other = await signIn(second.url, staff.serviceNumber);
    await setRosterActive(db, staff.serviceNumber, false);
    const message = 'You were signed out: your account has been deactivated. Contact your administrator.';
    await refusedEverywhere(token, message);
    await refusedEverywhere(other, message);
  });

  it('ends every session of a person whose role changes, or who is removed from the roster', async () => {
    const changed = await engineer();
    await db.query(`UPDATE "identity"."users" SET "role" = 'Technician' WHERE "id" = $1`, [changed.staff.id]);
    await refusedEverywhere(
      changed.token,
      'You were signed out: your role changed. Sign in again to continue with your new role.',
    );

    const removed = await engineer();
    await db.query(`DELETE FROM "identity"."users" WHERE "id" = $1`, [removed.staff.id]);
    await refusedEverywhere(removed.token, 'You were signed out: your account was removed from the roster.');
  });

  it('ends every session of a person whose phone number changes (the sign-in factor), not for the same number', async () => {
    const admin = await signIn(first.url, (await rosterStaff(db, { role: 'Admin' })).serviceNumber);
    const { staff, token } = await engineer();
    await skipResendPause(db, staff.id);
    const other = await signIn(second.url, staff.serviceNumber);
    const edit = (phoneNumber: string) =>
      call(first.url, 'PUT', `/api/users/${staff.id}`, { token: admin, body: { phoneNumber } });

    // The same number written another way is the same number: nothing ends.
    expect((await edit('(555) 010-0999')).status).toBe(200);
    for (const gateway of [first, second]) expect((await me(gateway, token)).status).toBe(200);

    expect((await edit('+1 555 010 0998')).status).toBe(200);
    const message =
      'You were signed out: your phone number changed. Sign in again with a code sent to the new number.';
    await refusedEverywhere(token, message);
    await refusedEverywhere(other, message);
    // The administrator who made the change keeps working.
    expect((await me(first, admin)).status).toBe(200);
  });

  it('ends a session left idle for the timeout (60 minutes by default)', async () => {
    const { staff, token } = await engineer();
    await db.query(
      `UPDATE "identity"."sessions" SET "last_seen_at" = now() - interval '61 minutes' WHERE "user_id" = $1`,
      [staff.id],
    );
    expect(await endIdleSessions(identity)).toBeGreaterThanOrEqual(1);
    await refusedEverywhere(token, 'You were signed out: no activity for 60 minutes.');
  });

  it('counts activity against the idle timeout when the cache asks again', async () => {
    const { staff, token } = await engineer();
    await db.query(
      `UPDATE "identity"."sessions" SET "last_seen_at" = now() - interval '50 minutes' WHERE "user_id" = $1`,
      [staff.id],
    );
    expect((await me(first, token)).status).toBe(200);
    const [session] = (await db.query(
      `SELECT extract(epoch FROM now() - "last_seen_at") AS "idle" FROM "identity"."sessions" WHERE "user_id" = $1`,
      [staff.id],
    )) as { idle: string }[];
    expect(Number(session?.idle)).toBeLessThan(60);
  });

  it('closes a live socket when its session ends, saying why', async () => {
    const { token } = await engineer();
    const socket = await liveSocket(second, token);
    const closed = new Promise<unknown>((resolve) => socket.once('session:ended', resolve));
    expect((await call(first.url, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await closed).toEqual({ message: 'You were signed out: you signed out.' });
    await until(() => !socket.connected, { what: 'the socket to close' });
  });

  it('closes a live socket when its token expires', async () => {
    const { staff, token } = await engineer();
    const claims = new JwtService({ secret: TEST_ENV.JWT_SECRET }).decode<SessionTokenClaims>(token);
    const shortLived = await new JwtService({ secret: TEST_ENV.JWT_SECRET }).signAsync(
      { sub: staff.id, sid: claims.sid, role: claims.role, sn: claims.sn },
      { expiresIn: 2 },
    );
    const socket = await liveSocket(first, shortLived);
    const ended = await new Promise<unknown>((resolve) => socket.once('session:ended', resolve));
    expect(ended).toEqual({
      message: 'You were signed out: your session reached its time limit. Please sign in again.',
    });
  });

  it('refuses a token without a server-side session (issued before sessions, or forged with the secret)', async () => {
    const { staff } = await engineer();
    const legacy = await new JwtService({ secret: TEST_ENV.JWT_SECRET }).signAsync(
      { sub: staff.id, role: 'Engineer', sn: staff.serviceNumber },
      { expiresIn: 600 },
    );
    const answer = await admitted(first, legacy);
    expect(answer.status).toBe(401);
    expect(answer.body['message']).toBe('Your session is not valid. Please sign in again.');
  });

  it('closes a live socket within a cache period when its ending was never announced', async () => {
    const { staff, token } = await engineer();
    const socket = await liveSocket(quick, token);
    const ended = new Promise<unknown>((resolve) => socket.once('session:ended', resolve));
    // Ended in the table behind identity's back: no trigger, no notice, no event.
    await db.query(
      `UPDATE "identity"."sessions" SET "ended_at" = now(), "end_reason" = 'signed-out' WHERE "user_id" = $1`,
      [staff.id],
    );
    expect(await ended).toEqual({ message: 'You were signed out: you signed out.' });
  });

  it("drops every replica's cached account when the person changes it, so calls act for the saved one", async () => {
    const { token } = await engineer();
    const { sid } = new JwtService({ secret: TEST_ENV.JWT_SECRET }).decode<SessionTokenClaims>(token);
    const cache = second.app.get(SessionCache);
    expect(cache.get(sid)?.user.name).toBe('Test Person');
    const saved = await call(first.url, 'PUT', '/api/users/me', {
      token,
      body: { name: 'Renamed Person', email: '' },
    });
    expect(saved.status).toBe(200);
    await until(() => cache.get(sid) === undefined, {
      timeoutMs: 1000,
      what: 'the other replica to drop it',
    });
    expect((await admitted(second, token)).status).toBe(200);
    expect(cache.get(sid)?.user.name).toBe('Renamed Person');
  });
});
