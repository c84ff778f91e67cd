import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { DependencyHealth, HealthResponse, ServiceHealthReply } from '@caliber/contracts';
import { probe } from '@caliber/service-kit';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator';
import { EquipmentClient } from '../equipment/equipment.client';
import { IdentityClient } from '../identity/identity.client';
import { SERVICES_CLIENT } from '../identity/service-client';
import { RedisConnection } from '../redis/redis.provider';

interface NatsConnectionLike {
  flush(): Promise<void>;
}

const startedAt = Date.now();
const VERSION = process.env['npm_package_version'] ?? '0.1.0';
const SERVICE_DEADLINE_MS = 3000;

/**
 * PostgreSQL as the services see it: the gateway owns no schema and holds no database connection,
 * so it asks the services, which each report their own pool. Up when a service reaches it; down
 * when every service that answered says so, or when none answered.
 */
export function databaseHealth(replies: (ServiceHealthReply | null)[]): DependencyHealth {
  const answered = replies.filter((reply): reply is ServiceHealthReply => reply !== null);
  const reached = answered.map((reply) => reply.database).filter((database) => database.status === 'up');
  if (reached.length > 0)
    return { status: 'up', latencyMs: Math.min(...reached.map((d) => d.latencyMs ?? 0)) };
  if (answered.length === 0) return { status: 'down', error: 'no service answered to report it' };
  return { status: 'down', error: answered[0]?.database.error ?? 'the services cannot reach it' };
}

/**
 * `GET /api/health`: NATS, Redis, each domain service (and, through them, PostgreSQL), probed in
 * parallel with a deadline. 200 when all are up, 503 (same body) when any is down.
 */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SERVICES_CLIENT) private readonly natsClient: ClientProxy,
    private readonly identity: IdentityClient,
    private readonly equipment: EquipmentClient,
    private readonly redis: RedisConnection,
  ) {}

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    const services = { identity: this.identity, equipment: this.equipment };
    const replies: Record<string, ServiceHealthReply | null> = {};
    const serviceUp = (name: keyof typeof services) => async () => {
      const reply = await services[name].health();
      replies[name] = reply;
      if (reply.database.status !== 'up') throw new Error(`database ${reply.database.error ?? 'down'}`);
    };
    const [nats, redis, identity, equipment] = await Promise.all([
      probe(async () => {
        await this.natsClient.connect();
        await this.natsClient.unwrap<NatsConnectionLike>().flush();
      }),
      probe(() => this.redis.client.ping()),
      probe(serviceUp('identity'), SERVICE_DEADLINE_MS),
      probe(serviceUp('equipment'), SERVICE_DEADLINE_MS),
    ]);
    const postgres = databaseHealth([replies['identity'] ?? null, replies['equipment'] ?? null]);
    const checks = { postgres, nats, redis, identity, equipment };
    const allUp = Object.values(checks).every((check) => check.status === 'up');
    response.status(allUp ? 200 : 503);
    return {
      status: allUp ? 'ok' : 'degraded',
      checks,
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  }
}
