import { z } from 'zod';

export const HEALTH_STATES = ['up', 'down'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** One part's health: up or down, how long it took to answer, and why it is down. */
export const dependencyHealthSchema = z.object({
  status: z.enum(HEALTH_STATES),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});
export type DependencyHealth = z.output<typeof dependencyHealthSchema>;

/** `ok` when every part is up (200), `degraded` when one is down (503, with the same body). */
const overallSchema = z.enum(['ok', 'degraded']);

/**
 * `GET /api/health`, answered to anyone (load balancers, uptime monitors): up or down per part and
 * nothing more. Latencies, error texts, the version and the uptime help an attacker map the
 * system, so they are only in the details.
 */
export const publicHealthResponseSchema = z
  .object({
    status: overallSchema,
    checks: z.record(z.string(), z.object({ status: z.enum(HEALTH_STATES) })),
  })
  .meta({
    id: 'Health',
    examples: [
      {
        status: 'ok',
        checks: {
          postgres: { status: 'up' },
          nats: { status: 'up' },
          redis: { status: 'up' },
          identity: { status: 'up' },
          equipment: { status: 'up' },
          maintenance: { status: 'up' },
          reports: { status: 'up' },
        },
      },
    ],
  });
export type PublicHealthResponse = z.output<typeof publicHealthResponseSchema>;

/** `GET /api/health/details`, for signed-in Engineers and Admins: the same checks with their latency and error. */
export const healthResponseSchema = z
  .object({
    status: overallSchema,
    checks: z.record(z.string(), dependencyHealthSchema),
    version: z.string(),
    uptimeSeconds: z.number().int(),
  })
  .meta({
    id: 'HealthDetails',
    examples: [
      {
        status: 'degraded',
        checks: {
          postgres: { status: 'up', latencyMs: 3 },
          nats: { status: 'up', latencyMs: 1 },
          redis: { status: 'up', latencyMs: 1 },
          identity: { status: 'up', latencyMs: 4 },
          equipment: { status: 'up', latencyMs: 5 },
          maintenance: {
            status: 'down',
            latencyMs: 2000,
            error: 'The maintenance service did not answer in time. Please try again.',
          },
          reports: { status: 'up', latencyMs: 4 },
        },
        version: '0.1.0',
        uptimeSeconds: 86_400,
      },
    ],
  });
export type HealthResponse = z.output<typeof healthResponseSchema>;

/** `GET /api/health/ready`: whether this gateway replica reaches NATS (200 `ok`, 503 `unavailable`). */
export const readinessResponseSchema = z
  .object({ status: z.enum(['ok', 'unavailable']) })
  .meta({ id: 'Readiness', examples: [{ status: 'ok' }] });
export type ReadinessResponse = z.output<typeof readinessResponseSchema>;

/** What a service answers on its `<service>.health` subject. */
export interface ServiceHealthReply {
  service: string;
  database: DependencyHealth;
}
