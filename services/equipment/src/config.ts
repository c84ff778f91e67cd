import { domainService } from '@caliber/contracts';
import {
  checkCommonEnv,
  commonEnvShape,
  loadConfig,
  natsSettings,
  trustSettings,
  portVariable,
  urlVariable,
} from '@caliber/service-kit';
import { z } from 'zod';

const equipmentEnvSchema = z
  .object({
    ...commonEnvShape,
    DATABASE_URL: urlVariable(['postgres', 'postgresql']),
    EQUIPMENT_HEALTH_PORT: portVariable(domainService('equipment').localHealthPort),
    /** Database connections per replica: list pages, counts and filter options run in parallel. */
    EQUIPMENT_DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(20),
  })
  .superRefine(checkCommonEnv)
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    nats: natsSettings(env),
    trust: trustSettings(env),
    databaseUrl: env.DATABASE_URL,
    healthPort: env.EQUIPMENT_HEALTH_PORT,
    healthHost: env.HEALTH_HOST,
    poolSize: env.EQUIPMENT_DB_POOL_SIZE,
  }));

export type EquipmentConfig = z.output<typeof equipmentEnvSchema>;
export const EQUIPMENT_CONFIG = Symbol('EQUIPMENT_CONFIG');

export function loadEquipmentConfig(env: NodeJS.ProcessEnv = process.env): EquipmentConfig {
  return loadConfig('equipment', equipmentEnvSchema, env);
}
