import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { MeResponse, RequestOtpResponse, VerifyOtpResponse } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  identityDataSource,
  latestOtp,
  outboxMessages,
  rosterStaff,
  setRosterActive,
  startGateway,
  startIdentity,
  TEST_ENV,
  type RunningGateway,
} from '@caliber/testing/stack';

describe('OTP sign-in through the gateway (real PostgreSQL, NATS, Redis)', () => {
  let identity: INestApplication;
  let gateway: RunningGateway;
  let db: DataSource;

  beforeAll(async () => {
    db = await identityDataSource();
    identity = await startIdentity();
    gateway = await startGateway({ REDIS_KEY_PREFIX: `sign-in-${Date.now()}` });
  });
  afterAll(async () => {
    await gateway.app.close();
    await identity.close();
    await db.destroy();
  });

  const post = <T = Record<string, unknown>>(path: string, body: unknown) =>
    call<T>(gateway.url, 'POST', `/api${path}`, { body });

  /** Moves the person's codes a minute into the past, then asks again: no cool-down in the way. */
  async function freshCodeAnswer(serviceNumber: string) {
    await db.query(
      `UPDATE "identity"."otp_challenges" c SET "created_at" = c."created_at" - interval '1 minute'
         FROM "identity"."users" u WHERE u."id" = c."user_id" AND u."service_number" = $1`,
      [serviceNumber],
    );
    return post('/auth/request-otp', { serviceNumber });
  }

  async function freshCode(serviceNumber: string): Promise<string> {
    expect((await freshCodeAnswer(serviceNumber)).status).toBe(200);
    return latestOtp(serviceNumber);
  }

  it('signs a rostered person in: code by SMS, token, then /auth/me', async () => {
    const staff = await rosterStaff(db, {
      name: 'Kofi Darko',
      phoneNumber: '+15550100105',
      role: 'Engineer',
    });

    const requested = await post<RequestOtpResponse>('/auth/request-otp', {
      serviceNumber: staff.serviceNumber,
    });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({
      message: 'A 5-minute code was sent to your registered phone •••• 0105.',
      phoneHint: '•••• 0105',
      expiresInSeconds: 300,
      resendAfterSeconds: 30,
    });
    const sms = await outboxMessages(staff.serviceNumber);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.to).toBe('+15550100105');
    expect(sms[0]?.body).toMatch(/^Caliber: your sign-in code is \d{6}\. It expires in 5 minutes\./);

    const code = await latestOtp(staff.serviceNumber);
    const verified = await post<VerifyOtpResponse>('/auth/verify-otp', {
      serviceNumber: staff.serviceNumber,
      otp: code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(verified.body.user).toMatchObject({
      _id: staff.id,
      serviceNumber: staff.serviceNumber,
      name: 'Kofi Darko',
      role: 'Engineer',
      isActive: true,
      notifications: { taskUpdates: true, inventory: true, weeklyDigest: false },
      reportDefaults: { includeCharts: true, includeSummary: true, format: 'pdf' },
    });
    expect(verified.body.user.lastLoginAt).not.toBeNull();

    const me = await call<MeResponse>(gateway.url, 'GET', '/api/auth/me', { token: verified.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(staff.id);

    const audit: { action: string }[] = await db.query(
      `SELECT "action" FROM "identity"."audit_log" WHERE "entity_id" = $1 ORDER BY "id"`,
      [staff.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['created', 'registered']);
  });

  it('stores only a keyed hash of the code', async () => {
    const staff = await rosterStaff(db);
    await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    const code = await latestOtp(staff.serviceNumber);
    const rows: { code_hash: string }[] = await db.query(
      `SELECT "code_hash" FROM "identity"."otp_challenges" WHERE "user_id" = $1`,
      [staff.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('matches service numbers without regard to case or spaces', async () => {
    const staff = await rosterStaff(db);
    const answer = await post('/auth/request-otp', {
      serviceNumber: `  ${staff.serviceNumber.toLowerCase()} `,
    });
    expect(answer.status).toBe(200);
    const code = await latestOtp(staff.serviceNumber);
    const verified = await post('/auth/verify-otp', {
      serviceNumber: staff.serviceNumber.toLowerCase(),
      otp: code,
    });
    expect(verified.status).toBe(200);
  });

  it('refuses a second use of the same code', async () => {
    const staff = await rosterStaff(db);
    await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    const code = await latestOtp(staff.serviceNumber);
    expect((await post('/auth/verify-otp', { serviceNumber: staff.serviceNumber, otp: code })).status).toBe(
      200,
    );
    const again = await post('/auth/verify-otp', { serviceNumber: staff.serviceNumber, otp: code });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      code: 'OTP_USED',
      message: 'This code has already been used. Ask for a new code to sign in again.',
    });
  });

  it('lets only one of two simultaneous submissions of a code through', async () => {
    const staff = await rosterStaff(db);
    await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    const code = await latestOtp(staff.serviceNumber);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/auth/verify-otp', { serviceNumber: staff.serviceNumber, otp: code })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
  });

  it('ends the challenge after five wrong codes, even for the right code after', async () => {
    const staff = await rosterStaff(db);
    await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    const code = await latestOtp(staff.serviceNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await post<{ message: string }>('/auth/verify-otp', {
        serviceNumber: staff.serviceNumber,
        otp: wrong,
      });
      expect(answer.status).toBe(422);
      messages.push(answer.body.message);
    }
    expect(messages).toEqual([
      'Incorrect code. 4 tries left.',
      'Incorrect code. 3 tries left.',
      'Incorrect code. 2 tries left.',
      'Incorrect code. 1 try left.',
      'Incorrect code. That was the last try: ask for a new code.',
    ]);
    const sixth = await post('/auth/verify-otp', { serviceNumber: staff.serviceNumber, otp: code });
    expect(sixth.status).toBe(422);
    expect(sixth.body).toMatchObject({
      code: 'OTP_LOCKED',
      message: 'Too many incorrect codes. Ask for a new code.',
    });

    // A new code works again.
    const next = await freshCode(staff.serviceNumber);
    expect((await post('/auth/verify-otp', { serviceNumber: staff.serviceNumber, otp: next })).status).toBe(
      200,
    );
  });

  it('compares at most five codes per challenge, however many guesses arrive at once', async () => {
    const staff = await rosterStaff(db);
    await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    const code = await latestOtp(staff.serviceNumber);
    // Fifteen at once: as many as the gateway's per-number limit lets through, so identity alone
    // must hold the line.
    const guesses = Array.from({ length: 15 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((otp) =>
        post<{ code: string; message: string }>('/auth/verify-otp', {
          serviceNumber: staff.serviceNumber,
          otp,
        }),
      ),
    );
    const compared = answers.filter((answer) => answer.body.message.startsWith('Incorrect code.'));
    const refusedUnread = answers.filter(
      (answer) => answer.body.message === 'Too many incorrect codes. Ask for a new code.',
    );
    expect(compared).toHaveLength(5);
    expect(refusedUnread).toHaveLength(10);
    const [row] = (await db.query(
      `SELECT c."attempts" FROM "identity"."otp_challenges" c JOIN "identity"."users" u ON u."id" = c."user_id"
        WHERE u."service_number" = $1`,
      [staff.serviceNumber],
    )) as { attempts: number }[];
    expect(row?.attempts).toBe(5);
  });

  it('refuses an expired code', async () => {
    const staff = await rosterStaff(db);
    await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    const code = await latestOtp(staff.serviceNumber);
    await db.query(
      `UPDATE "identity"."otp_challenges" SET "expires_at" = now() - interval '1 second' WHERE "user_id" = $1`,
      [staff.id],
    );
    const answer = await post('/auth/verify-otp', { serviceNumber: staff.serviceNumber, otp: code });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      code: 'OTP_EXPIRED',
      message: 'This code has expired. Ask for a new code.',
    });
  });

  it('accepts only the newest code', async () => {
    const staff = await rosterStaff(db);
    await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    const first = await latestOtp(staff.serviceNumber);
    const second = await freshCode(staff.serviceNumber);
    if (first !== second) {
      const old = await post('/auth/verify-otp', { serviceNumber: staff.serviceNumber, otp: first });
      expect(old.status).toBe(422);
    }
    expect((await post('/auth/verify-otp', { serviceNumber: staff.serviceNumber, otp: second })).status).toBe(
      200,
    );
  });

  it('refuses a new code within 30 seconds of the last one', async () => {
    const staff = await rosterStaff(db);
    expect((await post('/auth/request-otp', { serviceNumber: staff.serviceNumber })).status).toBe(200);
    const again = await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    expect(again.status).toBe(429);
    expect(again.body['code']).toBe('OTP_COOLDOWN');
    expect(again.body['message']).toMatch(
      /^A code was sent less than 30 seconds ago\. Wait \d+ seconds? before asking for another\.$/,
    );
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outboxMessages(staff.serviceNumber)).toHaveLength(1);
  });

  it('refuses an unknown service number', async () => {
    const answer = await post('/auth/request-otp', { serviceNumber: 'NOBODY-404' });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      code: 'STAFF_NOT_ROSTERED',
      message:
        "Service number NOBODY-404 is not on the staff roster. Ask your department's administrator to add you.",
    });
    const verify = await post('/auth/verify-otp', { serviceNumber: 'NOBODY-404', otp: '123456' });
    expect(verify.status).toBe(404);
  });

  it('refuses a deactivated person a code, and ends their open session', async () => {
    const staff = await rosterStaff(db);
    await post('/auth/request-otp', { serviceNumber: staff.serviceNumber });
    const verified = await post<VerifyOtpResponse>('/auth/verify-otp', {
      serviceNumber: staff.serviceNumber,
      otp: await latestOtp(staff.serviceNumber),
    });
    const token = verified.body.token;

    await setRosterActive(db, staff.serviceNumber, false);

    const request = await freshCodeAnswer(staff.serviceNumber);
    expect(request.status).toBe(403);
    expect(request.body).toMatchObject({
      code: 'ACCOUNT_INACTIVE',
      message: 'This account has been deactivated. Contact your administrator.',
    });
    const me = await call(gateway.url, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({
      code: 'SESSION_ENDED',
      message: 'You were signed out: your account has been deactivated. Contact your administrator.',
    });
  });

  describe('protected calls', () => {
    it('answers 401 with a message without a token', async () => {
      const answer = await call(gateway.url, 'GET', '/api/auth/me');
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: 'Sign in to continue.',
        // Every error answer names its request (X-Request-Id).
        requestId: expect.any(String),
      });
    });

    it('answers 401 to a forged or expired token', async () => {
      const forged = await call(gateway.url, 'GET', '/api/auth/me', { token: 'abc.def.ghi' });
      expect(forged.status).toBe(401);
      expect(forged.body['message']).toBe('Your session is not valid. Please sign in again.');

      const { sign } = await import('jsonwebtoken');
      const expired = sign({ sub: 'x', role: 'Admin', sn: 'X' }, TEST_ENV.JWT_SECRET, { expiresIn: -10 });
      const answer = await call(gateway.url, 'GET', '/api/auth/me', { token: expired });
      expect(answer.status).toBe(401);
      expect(answer.body['message']).toBe('Your session has expired. Please sign in again.');

      const otherKey = sign(
        { sub: 'x', role: 'Admin', sn: 'X' },
        'another-secret-another-secret-another',
        {},
      );
      expect((await call(gateway.url, 'GET', '/api/auth/me', { token: otherKey })).status).toBe(401);
    });
  });

  describe('bad input', () => {
    it.each([
      [{}, 'Service number is required.'],
      [{ serviceNumber: '' }, 'Service number is required.'],
      [{ serviceNumber: 42 }, 'Service number must be text.'],
      [
        { serviceNumber: 'has spaces inside' },
        'Service number may contain only letters, digits, "-" and "/" (2 to 32 characters).',
      ],
      [{ serviceNumber: 'BME-1', extra: true }, 'Only serviceNumber may be sent.'],
    ])('request-otp %j → 400 %s', async (body, message) => {
      const answer = await post('/auth/request-otp', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    });

    it.each([
      [{ serviceNumber: 'BME-1' }, 'Enter the 6-digit code sent to your phone.'],
      [{ serviceNumber: 'BME-1', otp: '12345' }, 'The code must be 6 digits.'],
      [{ serviceNumber: 'BME-1', otp: '1234567' }, 'The code must be 6 digits.'],
      [{ serviceNumber: 'BME-1', otp: '12a456' }, 'The code must be 6 digits.'],
      [{ serviceNumber: 'BME-1', otp: 123456 }, 'The code must be 6 digits.'],
      [{ otp: '123456' }, 'Service number is required.'],
    ])('verify-otp %j → 400 %s', async (body, message) => {
      const answer = await post('/auth/verify-otp', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    });

    it('refuses a body that is not JSON', async () => {
      const text = await call(gateway.url, 'POST', '/api/auth/request-otp', {
        rawBody: 'serviceNumber=BME-1',
      });
      expect(text.status).toBe(415);
      expect(text.body).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The request body must be JSON (Content-Type: application/json).',
      });

      const broken = await call(gateway.url, 'POST', '/api/auth/request-otp', {
        rawBody: '{"serviceNumber": ',
        contentType: 'application/json',
      });
      expect(broken.status).toBe(400);
      expect(broken.body['message']).toBe('The request body is not valid JSON.');

      const array = await post('/auth/request-otp', ['BME-1']);
      expect(array.status).toBe(400);
      expect(array.body['message']).toBe('The request body must be a JSON object.');

      const empty = await call(gateway.url, 'POST', '/api/auth/request-otp');
      expect(empty.status).toBe(400);
    });

    it('refuses an oversized body with 413', async () => {
      const answer = await post('/auth/request-otp', { serviceNumber: 'X'.repeat(200_000) });
      expect(answer.status).toBe(413);
      expect(answer.body['code']).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers unknown API routes with a JSON 404', async () => {
      const answer = await call(gateway.url, 'GET', '/api/no-such-thing', {});
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'There is no such API route.',
        // Every error answer names its request (X-Request-Id).
        requestId: expect.any(String),
      });
    });
  });

  it('sends security headers', async () => {
    const answer = await call(gateway.url, 'GET', '/api/health');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });
});
