import { domainService } from '@caliber/contracts';
import {
  checkCommonEnv,
  checkMailEnv,
  commonEnvShape,
  hospitalTimeZoneVariable,
  loadConfig,
  mailEnvShape,
  mailSettings,
  natsSettings,
  shutdownSettings,
  portVariable,
  positiveIntVariable,
  trustSettings,
  urlVariable,
} from '@caliber/service-kit';
import { z } from 'zod';

/** A mail domain as DNS spells it: labels of letters, digits and inner hyphens, dot-separated. */
const MAIL_DOMAIN =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * `REPORT_MAIL_DOMAINS`: comma-separated domains (`hospital.example, biomed.hospital.example`)
 * whose addresses may receive reports besides the requester's own roster address. A domain
 * allows its addresses only, not its subdomains': each is named on its own.
 */
const mailDomainList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().regex(MAIL_DOMAIN, {
        error: 'each entry must be a mail domain such as hospital.example (no address, no scheme)',
      }),
    ),
  )
  .transform((domains) => [...new Set(domains)]);

const reportsEnvSchema = z
  .object({
    ...commonEnvShape,
    DATABASE_URL: urlVariable(['postgres', 'postgresql']),
    REPORTS_HEALTH_PORT: portVariable(domainService('reports').localHealthPort),
    /** The worker's own probe port (0: any free port). */
    REPORTS_WORKER_HEALTH_PORT: portVariable(0),
    REPORTS_DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
    REDIS_URL: urlVariable(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    /** What "a day" is for a report's period, as for due dates and PM compliance. */
    HOSPITAL_TIME_ZONE: hospitalTimeZoneVariable(),
    PRODUCT_NAME: z.string().trim().min(1).max(60).default('Caliber'),
    /** Reports one worker process writes at once. */
    REPORT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Tries of a report before it is reported failed (waits of 5 s, 10 s, 20 s … between them). */
    REPORT_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    REPORT_RETRY_DELAY_MS: positiveIntVariable(5000),
    /**
     * How long a worker holds a report before the others think it died and take it over. A worker
     * renews the hold while it works, so this bounds only how soon a killed worker's job resumes.
     */
    REPORT_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    /** Finished files are deleted this many days after they were made. */
    REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(366).default(7),
    /**
     * Reports one person may have queued or being written at once (asked for by hand or made by
     * their schedules): past it, a request is refused until one is done, so no one fills the queue.
     */
    REPORT_MAX_ACTIVE_PER_PERSON: z.coerce.number().int().min(1).max(100).default(3),
    /** Schedules one person may keep live at once (each adds a report at every turn). */
    REPORT_MAX_SCHEDULES_PER_PERSON: z.coerce.number().int().min(1).max(200).default(10),
    /** Domains whose addresses may receive reports; empty: only the requester's own roster address. */
    REPORT_MAIL_DOMAINS: mailDomainList,
    /**
     * ISO 4217 code the reports write amounts in until an Admin sets the hospital currency in
     * Caliber (Labour rates); from then on the hospital's is used.
     */
    REPORT_CURRENCY: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { error: 'REPORT_CURRENCY must be a three-letter currency code such as USD.' })
      .default('USD'),
    /** Mail (`SMTP_URL`, `MAIL_FROM`): the report workers send reports through it (`Mailer`). */
    ...mailEnvShape('Caliber reports <reports@caliber.invalid>'),
    DATA_DIR: z.string().default('.data'),
  })
  .superRefine(checkCommonEnv)
  .superRefine(checkMailEnv)
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    nats: natsSettings(env),
    shutdown: shutdownSettings(env),
    trust: trustSettings(env),
    natsRequestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    databaseUrl: env.DATABASE_URL,
    healthPort: env.REPORTS_HEALTH_PORT,
    workerHealthPort: env.REPORTS_WORKER_HEALTH_PORT,
    healthHost: env.HEALTH_HOST,
    poolSize: env.REPORTS_DB_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    timeZone: env.HOSPITAL_TIME_ZONE,
    productName: env.PRODUCT_NAME,
    concurrency: env.REPORT_WORKER_CONCURRENCY,
    attempts: env.REPORT_ATTEMPTS,
    retryDelayMs: env.REPORT_RETRY_DELAY_MS,
    lockMs: env.REPORT_LOCK_MS,
    retentionDays: env.REPORT_RETENTION_DAYS,
    maxActivePerPerson: env.REPORT_MAX_ACTIVE_PER_PERSON,
    maxSchedulesPerPerson: env.REPORT_MAX_SCHEDULES_PER_PERSON,
    mailDomains: env.REPORT_MAIL_DOMAINS,
    currency: env.REPORT_CURRENCY,
    mail: mailSettings(env, env.DATA_DIR),
    dataDir: env.DATA_DIR,
  }));

export type ReportsConfig = z.output<typeof reportsEnvSchema>;
export const REPORTS_CONFIG = Symbol('REPORTS_CONFIG');

export function loadReportsConfig(env: NodeJS.ProcessEnv = process.env): ReportsConfig {
  return loadConfig('reports', reportsEnvSchema, env);
}
