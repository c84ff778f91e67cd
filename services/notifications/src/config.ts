import { DEFAULT_PRODUCT_NAME, domainService } from '@caliber/contracts';
import {
  checkCommonEnv,
  checkMailEnv,
  checkSmsEnv,
  commonEnvShape,
  hospitalTimeZoneVariable,
  loadConfig,
  mailEnvShape,
  mailSettings,
  natsSettings,
  portVariable,
  shutdownSettings,
  smsEnvShape,
  smsSettings,
  trustSettings,
  urlVariable,
} from '@caliber/service-kit';
import { z } from 'zod';
import { parseDigestAt, type DigestAt } from './digest/digest-week';

/** Where `npm start` serves Caliber: the links' address when PUBLIC_URL is not set. */
export const DEVELOPMENT_PUBLIC_URL = 'http://localhost:5000';

/** `HH:MM-HH:MM` in the hospital's time zone (it may wrap past midnight), or empty for none. */
const QUIET_HOURS = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

export interface QuietHours {
  /** Minutes after midnight, hospital time. */
  from: number;
  to: number;
}

const quietHoursVariable = z
  .string()
  .trim()
  .default('21:00-07:00')
  .refine((value) => value === '' || QUIET_HOURS.test(value), {
    error: 'NOTIFY_QUIET_HOURS must be HH:MM-HH:MM (e.g. 21:00-07:00), or empty for none.',
  })
  .transform((value): QuietHours | null => {
    const match = QUIET_HOURS.exec(value);
    if (!match) return null;
    const [, fh, fm, th, tm] = match.map(Number);
    const from = (fh ?? 0) * 60 + (fm ?? 0);
    const to = (th ?? 0) * 60 + (tm ?? 0);
    return from === to ? null : { from, to };
  });

const digestAtVariable = z
  .string()
  .trim()
  .default('MON 07:00')
  .transform((value, ctx): DigestAt => {
    const at = parseDigestAt(value);
    if (!at) {
      ctx.addIssue({
        code: 'custom',
        message: 'DIGEST_AT must be a weekday and a 24-hour time in the hospital’s zone (e.g. MON 07:00).',
      });
      return z.NEVER;
    }
    return at;
  });

const notificationsEnvSchema = z
  .object({
    ...commonEnvShape,
    DATABASE_URL: urlVariable(['postgres', 'postgresql']),
    NOTIFICATIONS_HEALTH_PORT: portVariable(domainService('notifications').localHealthPort),
    NOTIFICATIONS_DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
    DATA_DIR: z.string().trim().min(1).default('.data'),
    PRODUCT_NAME: z.string().trim().min(1).max(40).default(DEFAULT_PRODUCT_NAME),
    /** The address people open Caliber at: every message links back to its record there. */
    PUBLIC_URL: z
      .union([
        z.literal(''),
        z.url({ protocol: /^https?$/, error: 'must be an address such as https://cmms.hospital.example' }),
      ])
      .default(''),
    /** The day of the quiet hours is the hospital's. */
    HOSPITAL_TIME_ZONE: hospitalTimeZoneVariable(),
    /**
     * How often the activity of tasks, safety tests and the inventory is read (milliseconds). A
     * change reaches its people's bell within about this.
     */
    NOTIFY_FOLLOW_MS: z.coerce.number().int().min(100).max(60_000).default(250),
    /**
     * When e-mail and SMS wait: a message made in these hours (hospital time) goes at their end.
     * An urgent page goes at once whatever the hour.
     */
    NOTIFY_QUIET_HOURS: quietHoursVariable,
    /** Past this many e-mails to one person in an hour, the rest are gathered into one message. */
    NOTIFY_EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
    /** Past this many text messages to one person in a day, the rest are gathered into one. */
    NOTIFY_SMS_PER_DAY: z.coerce.number().int().min(1).max(500).default(20),
    /** Tries of one e-mail or SMS before its delivery is recorded failed (waits double, to 15 min). */
    NOTIFY_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(12),
    /** The first wait after a failed try (milliseconds). */
    NOTIFY_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** When the weekly digest goes: a weekday and time in the hospital's zone (`MON 07:00`). */
    DIGEST_AT: digestAtVariable,
    /** How often the service looks whether this week's digests are due and not all made (ms). */
    DIGEST_CHECK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
    ...mailEnvShape('Caliber <notifications@caliber.invalid>'),
    ...smsEnvShape,
  })
  .superRefine((env, ctx) => {
    checkCommonEnv(env, ctx);
    checkMailEnv(env, ctx);
    checkSmsEnv(env, ctx);
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production: every message links back to its record in Caliber',
      });
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    nats: natsSettings(env),
    shutdown: shutdownSettings(env),
    trust: trustSettings(env),
    natsRequestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    databaseUrl: env.DATABASE_URL,
    healthPort: env.NOTIFICATIONS_HEALTH_PORT,
    healthHost: env.HEALTH_HOST,
    poolSize: env.NOTIFICATIONS_DB_POOL_SIZE,
    dataDir: env.DATA_DIR,
    productName: env.PRODUCT_NAME,
    publicUrl: (env.PUBLIC_URL || DEVELOPMENT_PUBLIC_URL).replace(/\/+$/, ''),
    timeZone: env.HOSPITAL_TIME_ZONE,
    followMs: env.NOTIFY_FOLLOW_MS,
    quietHours: env.NOTIFY_QUIET_HOURS,
    emailsPerHour: env.NOTIFY_EMAILS_PER_HOUR,
    smsPerDay: env.NOTIFY_SMS_PER_DAY,
    attempts: env.NOTIFY_ATTEMPTS,
    retryMs: env.NOTIFY_RETRY_MS,
    digest: { at: env.DIGEST_AT, checkMs: env.DIGEST_CHECK_MS },
    mail: mailSettings(env, env.DATA_DIR),
    // A page waits for the SMS gateway no longer than a request waits on the bus.
    sms: smsSettings(env, env.NATS_REQUEST_TIMEOUT_MS),
  }));

export type NotificationsConfig = z.output<typeof notificationsEnvSchema>;
export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  return loadConfig('notifications', notificationsEnvSchema, env);
}
