import { call, type ApiAnswer } from '@caliber/testing/http';
import { latestOtp, rosterStaff, skipResendPause, useSignInStack } from '@caliber/testing/stack';
import { RedisConnection } from '../redis/redis.provider';

/**
 * A stranger who knows a service number spends that number's sign-in allowance; the owner's own
 * browser, known from an earlier sign-in, keeps an allowance of its own. Guessing stays bounded.
 */
describe('Sign-in lock-out: guessing bounded, the owner never kept out of a known browser', () => {
  const stack = useSignInStack('lock-out', {
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_OTP_REQUESTS_PER_NUMBER: '2',
    RATE_LIMIT_OTP_VERIFY_PER_NUMBER: '3',
    RATE_LIMIT_OTP_VERIFY_PER_NUMBER_DAILY: '4',
  });

  const post = (path: string, body: unknown, from: string, cookie?: string) =>
    call(stack.gateway.url, 'POST', `/api/auth/${path}`, {
      body,
      headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
    });

  /** The identity's 30-second resend wait is not what this test is about. */
  const afterCooldown = (userId: string) => skipResendPause(stack.db, userId);

  const deviceCookie = (answer: ApiAnswer) =>
    (answer.headers.get('set-cookie') ?? '').match(/caliber_device=[A-Za-z0-9_-]+/)?.[0];

  it('keeps the stranger to the allowance of the number, and lets the owner in from their browser', async () => {
    const owner = await rosterStaff(stack.db);
    const sn = owner.serviceNumber;

    // The owner signed in on this browser before: it was given the device cookie.
    await post('request-otp', { serviceNumber: sn }, '10.50.0.1');
    const first = await post('verify-otp', { serviceNumber: sn, otp: await latestOtp(sn) }, '10.50.0.1');
    expect(first.status).toBe(200);
    const cookie = deviceCookie(first);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(first.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect(cookie).toBeDefined();

    // A stranger, from addresses of their own, spends the number's codes and guesses.
    await afterCooldown(owner.id);
    expect((await post('request-otp', { serviceNumber: sn }, '10.60.0.1')).status).toBe(200);
    await afterCooldown(owner.id);
    const thirdCode = await post('request-otp', { serviceNumber: sn }, '10.60.0.2');
    expect(thirdCode.body).toMatchObject({ code: 'RATE_LIMITED' });
    const guesses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      guesses.push((await post('verify-otp', { serviceNumber: sn, otp: '000000' }, `10.60.1.${i}`)).status);
    // Three tries per window for the number, one of them the owner's own first sign-in.
    expect(guesses).toEqual([422, 422, 429, 429, 429]);

    // A new browser of the owner's is held to the same spent allowance …
    await afterCooldown(owner.id);
    const fresh = await post('request-otp', { serviceNumber: sn }, '10.50.0.9');
    expect(fresh.body['message']).toMatch(/^Too many code requests for this service number\./);

    // … but the browser the owner signed in on gets a code and signs in.
    const code = await post('request-otp', { serviceNumber: sn }, '10.50.0.1', cookie);
    expect(code.status).toBe(200);
    const again = await post(
      'verify-otp',
      { serviceNumber: sn, otp: await latestOtp(sn) },
      '10.50.0.1',
      cookie,
    );
    expect(again.status).toBe(200);
  });

  it('bounds guessing per number per day, whatever the addresses and the windows', async () => {
    const owner = await rosterStaff(stack.db);
    const sn = owner.serviceNumber;
    await post('request-otp', { serviceNumber: sn }, '10.70.0.1');
    // The 15-minute allowance (3) is reset as a new window would; the day's (4) is not.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      if (i === 3) await resetWindow(sn);
      statuses.push((await post('verify-otp', { serviceNumber: sn, otp: '000000' }, `10.70.1.${i}`)).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
    const last = await post('verify-otp', { serviceNumber: sn, otp: '000000' }, '10.70.2.1');
    expect(last.body['message']).toBe(
      'Too many sign-in attempts for this service number today. A browser you have signed in on before can still sign in. Try again in 24 hours.',
    );
  });

  /** Ends the 15-minute window of a number's tries early, as time would. */
  async function resetWindow(serviceNumber: string): Promise<void> {
    const redis = gatewayRedis();
    const keys = await redis.keys(`*:rl:otp:verify-per-number:${serviceNumber}`);
    if (keys.length > 0) await redis.del(...keys);
  }

  function gatewayRedis() {
    // The gateway's own connection: the same server and key prefix as the limits.
    return stack.gateway.app.get(RedisConnection).client;
  }
});
