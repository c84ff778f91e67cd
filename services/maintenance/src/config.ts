import { domainService } from '@caliber/contracts';
import {
  checkCommonEnv,
  commonEnvShape,
  dashboardTrendCacheShape,
  hospitalTimeZoneVariable,
  listsFollowVariable,
  loadConfig,
  natsSettings,
  shutdownSettings,
  positiveIntVariable,
  portVariable,
  trustSettings,
  urlVariable,
  checkFileStoreEnv,
  fileStoreEnvShape,
  fileStoreSettings,
} from '@caliber/service-kit';
import { z } from 'zod';

const maintenanceEnvSchema = z
  .object({
    ...commonEnvShape,
    ...dashboardTrendCacheShape,
    DATABASE_URL: urlVariable(['postgres', 'postgresql']),
    MAINTENANCE_HEALTH_PORT: portVariable(domainService('maintenance').localHealthPort),
    /** Database connections per replica: a list page and its counts run in parallel. */
    MAINTENANCE_DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(20),
    /**
     * How often the relay looks for effects on the inventory still to deliver (it also runs at
     * once after each certification or reported fault); a failed delivery waits 1, 2, 4 … up to
     * 60 s before the next try.
     */
    MAINTENANCE_OUTBOX_POLL_MS: positiveIntVariable(1000),
    /** The hospital's time zone: what "today" is for due dates, overdue work and PM compliance. */
    HOSPITAL_TIME_ZONE: hospitalTimeZoneVariable(),
    REDIS_URL: urlVariable(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    LISTS_FOLLOW_SECONDS: listsFollowVariable(),
    /** The daily PM job creates every occurrence falling due within this many days. */
    PM_LEAD_TIME_DAYS: z.coerce.number().int().min(0).max(366).default(14),
    /** When the daily PM job runs (cron, in the hospital's time zone). */
    PM_JOB_CRON: z
      .string()
      .trim()
      .default('15 2 * * *')
      .refine((pattern) => /^([\d*,/?LW#A-Za-z-]+\s+){4,5}[\d*,/?LW#A-Za-z-]+$/.test(pattern), {
        error: 'PM_JOB_CRON must be a cron pattern of five or six fields, such as 15 2 * * *.',
      }),
    ...fileStoreEnvShape,
    /** Where local files go when no folder is named: the disk store's files under DATA_DIR/files (as the other services' outboxes). */
    DATA_DIR: z.string().trim().min(1).default('.data'),
  })
  .superRefine(checkCommonEnv)
  .superRefine(checkFileStoreEnv)
  .transform((env) => ({
    files: fileStoreSettings(env),
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    nats: natsSettings(env),
    shutdown: shutdownSettings(env),
    trust: trustSettings(env),
    natsRequestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    databaseUrl: env.DATABASE_URL,
    dashboardTrendCacheMs: env.DASHBOARD_TREND_CACHE_SECONDS * 1000,
    healthPort: env.MAINTENANCE_HEALTH_PORT,
    healthHost: env.HEALTH_HOST,
    poolSize: env.MAINTENANCE_DB_POOL_SIZE,
    outboxPollMs: env.MAINTENANCE_OUTBOX_POLL_MS,
    timeZone: env.HOSPITAL_TIME_ZONE,
    redisUrl: env.REDIS_URL,
    pmLeadTimeDays: env.PM_LEAD_TIME_DAYS,
    pmJobCron: env.PM_JOB_CRON,
    listsFollowSeconds: env.LISTS_FOLLOW_SECONDS,
  }));

export type MaintenanceConfig = z.output<typeof maintenanceEnvSchema>;
export const MAINTENANCE_CONFIG = Symbol('MAINTENANCE_CONFIG');

export function loadMaintenanceConfig(env: NodeJS.ProcessEnv = process.env): MaintenanceConfig {
  return loadConfig('maintenance', maintenanceEnvSchema, env);
}
