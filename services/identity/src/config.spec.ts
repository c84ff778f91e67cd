import { ConfigError, generateStatementKeyPair, trustedKeysValue } from '@caliber/service-kit';
import { loadIdentityConfig } from './config';

const keys = generateStatementKeyPair('identity');
const base = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/caliber',
  OTP_PEPPER: 'x'.repeat(32),
  SIGNING_KEY: keys.privateKey,
  TRUSTED_KEYS: trustedKeysValue([keys]),
};
/** Production also needs the process's NATS user. */
const production = { ...base, NODE_ENV: 'production', NATS_USER: 'identity', NATS_PASSWORD: 'p'.repeat(32) };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadIdentityConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('identity configuration', () => {
  it('defaults to the console SMS adapter outside production', () => {
    const config = loadIdentityConfig(base);
    expect(config.sms.adapter).toBe('console');
    expect(config.productName).toBe('Caliber');
    expect(config.nats).toEqual({ servers: ['nats://127.0.0.1:4222'] });
    // The probe port answers the orchestrator on every interface unless HEALTH_HOST narrows it.
    expect(config.healthHost).toBe('0.0.0.0');
    expect(loadIdentityConfig({ ...base, HEALTH_HOST: '127.0.0.1' }).healthHost).toBe('127.0.0.1');
  });

  it('names each missing or wrong variable', () => {
    expect(problemsOf({ OTP_PEPPER: 'short', NATS_URL: 'http://x' })).toEqual([
      'NATS_URL: must be a URL starting with nats:// or tls://',
      'DATABASE_URL: is required',
      'OTP_PEPPER: must be at least 32 characters long',
    ]);
  });

  it('refuses the console SMS adapter in production', () => {
    expect(problemsOf({ ...production, SMS_ADAPTER: 'console' })).toEqual([
      'SMS_ADAPTER: the console SMS adapter writes codes to disk and is refused when NODE_ENV=production; use http',
    ]);
  });

  it('requires the SMS gateway address and sender in production', () => {
    expect(problemsOf(production)).toEqual([
      'SMS_HTTP_URL: is required when SMS_ADAPTER=http',
      'SMS_SENDER_ID: is required when SMS_ADAPTER=http',
    ]);
    const config = loadIdentityConfig({
      ...production,
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_SENDER_ID: 'HOSPITAL',
    });
    expect(config.sms).toMatchObject({
      adapter: 'http',
      httpUrl: 'https://sms.example/send',
      senderId: 'HOSPITAL',
    });
  });

  it('waits for the SMS gateway less long than the gateway waits for identity', () => {
    expect(loadIdentityConfig(base).sms.httpTimeoutMs).toBe(4000);
    expect(loadIdentityConfig({ ...base, NATS_REQUEST_TIMEOUT_MS: '1500' }).sms.httpTimeoutMs).toBe(750);
    expect(problemsOf({ ...base, SMS_HTTP_TIMEOUT_MS: '10000' })).toEqual([
      'SMS_HTTP_TIMEOUT_MS: must be at most 4000 (shorter than NATS_REQUEST_TIMEOUT_MS, 5000): otherwise the gateway gives up and says the code was not sent while it may still go out',
    ]);
  });
});
