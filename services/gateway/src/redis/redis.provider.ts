import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** The gateway's Redis connection (rate limits now; socket fan-out later). */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectionName: 'caliber-gateway',
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Errors are reported by the health check and the limiter's fallback; don't crash on them.
    this.client.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
