export const HEALTH_STATES = ['up', 'down'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export interface DependencyHealth {
  status: HealthState;
  latencyMs?: number;
  error?: string;
}

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
