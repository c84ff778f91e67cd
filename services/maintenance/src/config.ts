import { domainService } from '@caliber/contracts';
import {
  checkCommonEnv,
  commonEnvShape,
  loadConfig,
  natsSettings,
  positiveIntVariable,
  portVariable,
  trustSettings,
  urlVariable,
} from '@caliber/service-kit';
import { z } from 'zod';

const maintenanceEnvSchema = z
  .object({
    ...commonEnvShape,
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
  })
  .superRefine(checkCommonEnv)
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    nats: natsSettings(env),
    trust: trustSettings(env),
    natsRequestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    databaseUrl: env.DATABASE_URL,
    healthPort: env.MAINTENANCE_HEALTH_PORT,
    healthHost: env.HEALTH_HOST,
    poolSize: env.MAINTENANCE_DB_POOL_SIZE,
    outboxPollMs: env.MAINTENANCE_OUTBOX_POLL_MS,
  }));

export type MaintenanceConfig = z.output<typeof maintenanceEnvSchema>;
export const MAINTENANCE_CONFIG = Symbol('MAINTENANCE_CONFIG');

export function loadMaintenanceConfig(env: NodeJS.ProcessEnv = process.env): MaintenanceConfig {
  return loadConfig('maintenance', maintenanceEnvSchema, env);
}
