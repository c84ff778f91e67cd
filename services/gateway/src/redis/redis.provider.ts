import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** The gateway's Redis connection (rate limits now; socket fan-out later). */
@Injectable()
export class RedisConnection implements OnModuleInit, OnApplicationShutdown {
  readonly client: Redis;
  private readonly logger = new Logger('Redis');

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

  /**
   * Waits (briefly) for the connection before the gateway takes calls, so the first sign-ins are
   * counted in Redis rather than in one replica's memory. A Redis that is down does not stop the
   * gateway: health reports it and the limiter falls back.
   */
  async onModuleInit(): Promise<void> {
    if (this.client.status === 'ready') return;
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      this.client.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!ready) this.logger.warn('Redis is not reachable yet; rate limits count per replica until it is');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
