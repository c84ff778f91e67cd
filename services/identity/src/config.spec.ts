import { join } from 'node:path';
import { ConfigError, generateStatementKeyPair, trustedKeysValue } from '@caliber/service-kit';
import { loadIdentityConfig } from './config';

const keys = generateStatementKeyPair('identity');
const base = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/caliber',
  OTP_PEPPER: 'x'.repeat(32),
  SIGNING_KEY: keys.privateKey,
  TRUSTED_KEYS: trustedKeysValue([keys]),
};
/** Production also needs the process's NATS user, a mail server and the address people open. */
const production = {
  ...base,
  NODE_ENV: 'production',
  NATS_USER: 'identity',
  NATS_PASSWORD: 'p'.repeat(32),
  SMTP_URL: 'smtp://u:p@mail.hospital.example:587',
  PUBLIC_URL: 'https://cmms.hospital.example',
};

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
  it('keeps roster files in the store the gateway writes them to: DATA_DIR/files, or the bucket named', () => {
    expect(loadIdentityConfig({ ...base, DATA_DIR: '/var/lib/caliber' }).files).toEqual({
      kind: 'disk',
      dir: join('/var/lib/caliber', 'files'),
    });
    expect(
      loadIdentityConfig({
        ...base,
        FILE_STORE: 's3',
        S3_BUCKET: 'caliber-files',
        S3_ENDPOINT: 'https://minio.example',
      }).files,
    ).toMatchObject({ kind: 's3', s3: { bucket: 'caliber-files', endpoint: 'https://minio.example' } });
    // A cluster that forgot FILE_STORE=s3 would read each upload from the disk of another pod.
    expect(problemsOf({ ...base, S3_BUCKET: 'caliber-files' })).toEqual([
      'S3_BUCKET: is set but FILE_STORE is disk: set FILE_STORE=s3 to keep files in the bucket, or remove it',
    ]);
    expect(problemsOf({ ...base, FILE_STORE: 's3' })).toEqual(['S3_BUCKET: is required with FILE_STORE=s3']);
  });

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
      'SMS_ADAPTER: the console SMS adapter writes messages to disk and is refused when NODE_ENV=production; use http',
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

  it('mails confirmation links through SMTP_URL, from MAIL_FROM, pointing at PUBLIC_URL; outside production to the outbox', () => {
    expect(loadIdentityConfig(base)).toMatchObject({
      mail: {
        smtpUrl: null,
        from: 'Caliber <accounts@caliber.invalid>',
        outboxDir: join('.data', 'outbox', 'mail'),
      },
      publicUrl: 'http://localhost:5000',
    });
    expect(
      loadIdentityConfig({
        ...base,
        SMTP_URL: 'smtps://u:p@mail.hospital.example:465',
        MAIL_FROM: 'Caliber <caliber@hospital.example>',
        PUBLIC_URL: 'https://cmms.hospital.example/',
      }),
    ).toMatchObject({
      mail: { smtpUrl: 'smtps://u:p@mail.hospital.example:465', from: 'Caliber <caliber@hospital.example>' },
      publicUrl: 'https://cmms.hospital.example',
    });
  });

  it('refuses production without a mail server or the address people open, and a wrong one', () => {
    const withoutMail = {
      ...production,
      SMTP_URL: undefined,
      PUBLIC_URL: undefined,
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_SENDER_ID: 'HOSPITAL',
    };
    expect(problemsOf(withoutMail)).toEqual([
      'SMTP_URL: SMTP_URL is required in production: the mail outbox folder is for development and tests.',
      'PUBLIC_URL: is required in production: the confirmation link of an e-mail change opens Caliber there',
    ]);
    expect(problemsOf({ ...base, PUBLIC_URL: 'cmms.hospital.example' })).toEqual([
      'PUBLIC_URL: must be an address such as https://cmms.hospital.example',
    ]);
  });

  it('waits for the SMS gateway less long than the gateway waits for identity', () => {
    expect(loadIdentityConfig(base).sms.httpTimeoutMs).toBe(4000);
    expect(loadIdentityConfig({ ...base, NATS_REQUEST_TIMEOUT_MS: '1500' }).sms.httpTimeoutMs).toBe(750);
    expect(problemsOf({ ...base, SMS_HTTP_TIMEOUT_MS: '10000' })).toEqual([
      'SMS_HTTP_TIMEOUT_MS: must be at most 4000 (shorter than NATS_REQUEST_TIMEOUT_MS, 5000): otherwise the gateway gives up and says the code was not sent while it may still go out',
    ]);
  });

  describe('single sign-on providers (SSO_PROVIDERS)', () => {
    const provider = {
      id: 'hospital',
      label: 'Hospital account',
      issuer: 'https://login.microsoftonline.com/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/v2.0',
      clientId: 'caliber',
      personClaim: 'email',
      rosterField: 'email',
      roles: { engineers: 'engineer' },
    };
    const withProviders = (providers: unknown, env: NodeJS.ProcessEnv = base) => ({
      ...env,
      SSO_PROVIDERS: JSON.stringify(providers),
    });

    it('offers none by default, and reads a provider with its defaults and roles in their canonical spelling', () => {
      expect(loadIdentityConfig(base).sso.providers).toEqual([]);
      const [read] = loadIdentityConfig(withProviders([provider])).sso.providers;
      expect(read).toMatchObject({
        roles: { engineers: 'Engineer' },
        scopes: ['openid', 'profile', 'email', 'offline_access'],
        groupsClaim: 'groups',
        endProviderSession: true,
        signingAlgorithm: 'RS256',
      });
      expect(loadIdentityConfig(base).sso.recheckMinutes).toBe(15);
    });

    it("refuses Entra ID's shared endpoints, a role that is none, no mapping, no openid scope, twice the same id, and text that is not JSON", () => {
      const problems = (providers: unknown) => problemsOf(withProviders(providers)).join('\n');
      expect(problems([{ ...provider, issuer: 'https://login.microsoftonline.com/common/v2.0' }])).toMatch(
        /own Entra ID tenant/,
      );
      expect(problems([{ ...provider, roles: { nurses: 'Surgeon' } }])).toMatch(
        /"Surgeon", which is not a role/,
      );
      expect(problems([{ ...provider, roles: {} }])).toMatch(/at least one group/);
      expect(problems([{ ...provider, scopes: ['email'] }])).toMatch(/must include openid/);
      expect(problems([provider, provider])).toMatch(/its own id/);
      expect(problemsOf({ ...base, SSO_PROVIDERS: '[{' }).join('\n')).toMatch(/JSON array/);
    });

    it('refuses a plain-http issuer in production only', () => {
      const local = { ...provider, issuer: 'http://localhost:15090' };
      expect(problemsOf(withProviders([local]))).toEqual([]);
      expect(problemsOf(withProviders([local], production)).join('\n')).toMatch(
        /https address in production/,
      );
      expect(problemsOf(withProviders([provider], production)).join('\n')).not.toMatch(/SSO_PROVIDERS/);
    });
  });
});
