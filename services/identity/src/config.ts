import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_COUNTRY } from './users/phone';
import {
  checkCommonEnv,
  checkFileStoreEnv,
  fileStoreEnvShape,
  fileStoreSettings,
  checkMailEnv,
  checkSmsEnv,
  commonEnvShape,
  listsFollowVariable,
  loadConfig,
  mailEnvShape,
  mailSettings,
  natsSettings,
  shutdownSettings,
  trustSettings,
  portVariable,
  secretVariable,
  smsEnvShape,
  smsSettings,
  urlVariable,
} from '@caliber/service-kit';
import { DEFAULT_PRODUCT_NAME, domainService } from '@caliber/contracts';
import { z } from 'zod';
import { issuerIsSecure, ssoProvidersVariable } from './sso/sso-config';

/** Where `npm start` serves Caliber: the confirmation links' address when PUBLIC_URL is not set. */
export const DEVELOPMENT_PUBLIC_URL = 'http://localhost:5000';

/**
 * How long identity may wait for the SMS gateway: shorter than the gateway waits for identity
 * (NATS_REQUEST_TIMEOUT_MS, the same variable for every process), with a margin for the rest of
 * the request. A slow SMS gateway then gives the person "not sent, try again" from identity, never
 * the gateway's 503 for a code that goes out after all.
 */
export function longestSmsWait(requestTimeoutMs: number): number {
  return requestTimeoutMs - Math.min(1000, Math.floor(requestTimeoutMs / 2));
}

const identityEnvSchema = z
  .object({
    ...commonEnvShape,
    DATABASE_URL: urlVariable(['postgres', 'postgresql']),
    IDENTITY_HEALTH_PORT: portVariable(domainService('identity').localHealthPort),
    /**
     * Where local files go when no folder is named: the development outboxes, and the disk
     * store's files under DATA_DIR/files (the roster files the gateway hands over, the exports).
     */
    DATA_DIR: z.string().trim().min(1).default('.data'),
    ...fileStoreEnvShape,
    PRODUCT_NAME: z.string().trim().min(1).max(40).default(DEFAULT_PRODUCT_NAME),
    /** Secret mixed into every code's hash, so a leaked table cannot be brute-forced offline. */
    OTP_PEPPER: secretVariable(),
    ...smsEnvShape,
    /**
     * A session with no call for this long ends (a forgotten sign-in on a shared ward computer).
     * At least 5: the gateways report activity up to a cache period (at most two minutes) late.
     */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    /** A session ends this long after sign-in, however busy: the person signs in again. */
    SESSION_LIFETIME_HOURS: z.coerce.number().int().min(1).max(72).default(12),
    LISTS_FOLLOW_SECONDS: listsFollowVariable(),
    /** The country of phone numbers written without their country code (ISO 3166 code). */
    PHONE_DEFAULT_COUNTRY: z
      .string()
      .trim()
      .toUpperCase()
      .default(DEFAULT_PHONE_COUNTRY)
      .refine(isSupportedCountry, { error: 'PHONE_DEFAULT_COUNTRY must be a country code such as GH or US.' })
      .transform((code) => code as CountryCode),
    /** Mail (`SMTP_URL`, `MAIL_FROM`): identity mails the confirmation link of an e-mail change. */
    ...mailEnvShape('Caliber <accounts@caliber.invalid>'),
    /**
     * The address people open Caliber at (`https://cmms.hospital.example`, the gateway's own
     * variable): a confirmation link opens its /confirm-email page. Required in production; empty
     * elsewhere is `npm start`'s address, http://localhost:5000.
     */
    PUBLIC_URL: z
      .union([
        z.literal(''),
        z.url({ protocol: /^https?$/, error: 'must be an address such as https://cmms.hospital.example' }),
      ])
      .default(''),
    /**
     * The hospital's identity providers for single sign-on (OpenID Connect), a JSON array; empty
     * offers only the code by SMS. Holds client secrets: set it from a Secret.
     */
    SSO_PROVIDERS: ssoProvidersVariable,
    /**
     * How often a single sign-on session is checked again with its provider (a refresh): a person
     * removed from the directory or from every mapped group loses access within this time.
     */
    SSO_RECHECK_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  })
  .superRefine((env, ctx) => {
    checkCommonEnv(env, ctx);
    checkFileStoreEnv(env, ctx);
    checkMailEnv(env, ctx);
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production: the confirmation link of an e-mail change opens Caliber there',
      });
    if (env.NODE_ENV === 'production')
      for (const provider of env.SSO_PROVIDERS)
        if (!issuerIsSecure(provider.issuer))
          ctx.addIssue({
            code: 'custom',
            path: ['SSO_PROVIDERS'],
            message: `provider "${provider.id}": the issuer must be an https address in production`,
          });
    checkSmsEnv(env, ctx);
    const limit = longestSmsWait(env.NATS_REQUEST_TIMEOUT_MS);
    if (env.SMS_HTTP_TIMEOUT_MS !== undefined && env.SMS_HTTP_TIMEOUT_MS > limit)
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_HTTP_TIMEOUT_MS'],
        message: `must be at most ${limit} (shorter than NATS_REQUEST_TIMEOUT_MS, ${env.NATS_REQUEST_TIMEOUT_MS}): otherwise the gateway gives up and says the code was not sent while it may still go out`,
      });
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    nats: natsSettings(env),
    shutdown: shutdownSettings(env),
    natsRequestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    trust: trustSettings(env),
    databaseUrl: env.DATABASE_URL,
    healthPort: env.IDENTITY_HEALTH_PORT,
    healthHost: env.HEALTH_HOST,
    dataDir: env.DATA_DIR,
    files: fileStoreSettings(env),
    productName: env.PRODUCT_NAME,
    otpPepper: env.OTP_PEPPER,
    sessions: { idleMinutes: env.SESSION_IDLE_MINUTES, lifetimeHours: env.SESSION_LIFETIME_HOURS },
    phoneDefaultCountry: env.PHONE_DEFAULT_COUNTRY,
    listsFollowSeconds: env.LISTS_FOLLOW_SECONDS,
    mail: mailSettings(env, env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL || DEVELOPMENT_PUBLIC_URL).replace(/\/+$/, ''),
    sso: {
      providers: env.SSO_PROVIDERS,
      recheckMinutes: env.SSO_RECHECK_MINUTES,
      /** Plain-http providers are accepted outside production only (the local identity provider). */
      allowHttp: env.NODE_ENV !== 'production',
      /** The provider must answer within this, so identity answers before the gateway gives up. */
      providerTimeoutMs: longestSmsWait(env.NATS_REQUEST_TIMEOUT_MS),
    },
    sms: smsSettings(env, longestSmsWait(env.NATS_REQUEST_TIMEOUT_MS)),
  }));

export type IdentityConfig = z.output<typeof identityEnvSchema>;
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return loadConfig('identity', identityEnvSchema, env);
}
