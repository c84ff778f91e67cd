import {
  DEFAULT_PM_PROGRAM_THRESHOLD,
  DEFAULT_PRODUCT_NAME,
  domainService,
  RISK_TOTAL_RANGE,
} from '@caliber/contracts';
import {
  checkCommonEnv,
  commonEnvShape,
  dashboardTrendCacheShape,
  loadConfig,
  natsSettings,
  shutdownSettings,
  trustSettings,
  portVariable,
  urlVariable,
  checkFileStoreEnv,
  fileStoreEnvShape,
  fileStoreSettings,
  hospitalTimeZoneVariable,
} from '@caliber/service-kit';
import { z } from 'zod';

/**
 * The EM number from which a device belongs in the PM program (Fennigkoh and Smith chose 12).
 * Any number the four scales can add up to; applied to each assessment when it is saved.
 */
const THRESHOLD_RULE = `must be a whole number from ${RISK_TOTAL_RANGE.min} to ${RISK_TOTAL_RANGE.max}`;
const pmProgramThreshold = z.coerce
  .number({ error: THRESHOLD_RULE })
  .int({ error: THRESHOLD_RULE })
  .min(RISK_TOTAL_RANGE.min, { error: THRESHOLD_RULE })
  .max(RISK_TOTAL_RANGE.max, { error: THRESHOLD_RULE })
  .default(DEFAULT_PM_PROGRAM_THRESHOLD);

/** The threshold alone, for the command line (the demo seed) that loads no other setting. */
export function pmProgramThresholdOf(env: NodeJS.ProcessEnv = process.env): number {
  return loadConfig('equipment', z.object({ PM_PROGRAM_THRESHOLD: pmProgramThreshold }), env)
    .PM_PROGRAM_THRESHOLD;
}

const equipmentEnvSchema = z
  .object({
    ...commonEnvShape,
    ...dashboardTrendCacheShape,
    DATABASE_URL: urlVariable(['postgres', 'postgresql']),
    EQUIPMENT_HEALTH_PORT: portVariable(domainService('equipment').localHealthPort),
    /** Database connections per replica: list pages, counts and filter options run in parallel. */
    EQUIPMENT_DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(20),
    PM_PROGRAM_THRESHOLD: pmProgramThreshold,
    /** The export's dates and file names, and the day a sheet of labels is named after. */
    HOSPITAL_TIME_ZONE: hospitalTimeZoneVariable(),
    /** The department that is the biomedical department itself is printed on labels as the product's name. */
    PRODUCT_NAME: z.string().trim().min(1).max(60).default(DEFAULT_PRODUCT_NAME),
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
    healthPort: env.EQUIPMENT_HEALTH_PORT,
    healthHost: env.HEALTH_HOST,
    poolSize: env.EQUIPMENT_DB_POOL_SIZE,
    pmProgramThreshold: env.PM_PROGRAM_THRESHOLD,
    timeZone: env.HOSPITAL_TIME_ZONE,
    productName: env.PRODUCT_NAME,
  }));

export type EquipmentConfig = z.output<typeof equipmentEnvSchema>;
export const EQUIPMENT_CONFIG = Symbol('EQUIPMENT_CONFIG');

export function loadEquipmentConfig(env: NodeJS.ProcessEnv = process.env): EquipmentConfig {
  return loadConfig('equipment', equipmentEnvSchema, env);
}
