export const HEALTH_STATES = ['up', 'down'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export interface DependencyHealth {
  status: HealthState;
  latencyMs?: number;
  error?: string;
}

/**
 * `GET /api/health`, answered to anyone (load balancers, uptime monitors): up or down per part and
 * nothing more. Latencies, error texts, the version and the uptime help an attacker map the
 * system, so they are only in the details.
 */
export interface PublicHealthResponse {
  status: 'ok' | 'degraded';
  checks: Record<string, { status: HealthState }>;
}

/** `GET /api/health/details`, for signed-in Engineers and Admins: the same checks with their latency and error. */
export interface HealthResponse {
  status: 'ok' | 'degraded';
  checks: Record<string, DependencyHealth>;
  version: string;
  uptimeSeconds: number;
}

/** What a service answers on its `<service>.health` subject. */
export interface ServiceHealthReply {
  service: string;
  database: DependencyHealth;
}
