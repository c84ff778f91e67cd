import { Controller, Get, Inject, type OnApplicationShutdown, Res } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { HealthResponse, ServiceHealthReply } from '@caliber/contracts';
import { probe } from '@caliber/service-kit';
import type { Response } from 'express';
import { Pool } from 'pg';
import { Public } from '../auth/public.decorator';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { EquipmentClient } from '../equipment/equipment.client';
import { IdentityClient } from '../identity/identity.client';
import { SERVICES_CLIENT } from '../identity/service-client';
import { RedisConnection } from '../redis/redis.provider';

interface NatsConnectionLike {
  flush(): Promise<void>;
}

const startedAt = Date.now();
const VERSION = process.env['npm_package_version'] ?? '0.1.0';

/**
 * `GET /api/health`: PostgreSQL, NATS, Redis and each domain service, probed in parallel with a
 * deadline. 200 when all are up, 503 (same body) when any is down.
 */
@Controller('health')
export class HealthController implements OnApplicationShutdown {
  private readonly pool: Pool;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(SERVICES_CLIENT) private readonly natsClient: ClientProxy,
    private readonly identity: IdentityClient,
    private readonly equipment: EquipmentClient,
    private readonly redis: RedisConnection,
  ) {
    this.pool = new Pool({ connectionString: config.databaseUrl, max: 1, connectionTimeoutMillis: 2000 });
    this.pool.on('error', () => undefined);
  }

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    const serviceUp = (ask: () => Promise<ServiceHealthReply>) => async () => {
      const reply = await ask();
      if (reply.database.status !== 'up') throw new Error(`database ${reply.database.error ?? 'down'}`);
    };
    const [postgres, nats, redis, identity, equipment] = await Promise.all([
      probe(() => this.pool.query('SELECT 1')),
      probe(async () => {
        await this.natsClient.connect();
        await this.natsClient.unwrap<NatsConnectionLike>().flush();
      }),
      probe(() => this.redis.client.ping()),
      probe(
        serviceUp(() => this.identity.health()),
        3000,
      ),
      probe(
        serviceUp(() => this.equipment.health()),
        3000,
      ),
    ]);
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

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
