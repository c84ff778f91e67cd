import { Controller, ForbiddenException, Get, Inject, Res } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  DOMAIN_SERVICE_NAMES,
  hasFullAccess,
  healthSubject,
  type DomainServiceName,
  type DependencyHealth,
  type HealthResponse,
  type PublicHealthResponse,
  type ServiceHealthReply,
  type UserDto,
} from '@caliber/contracts';
import { probe, requestFromService, type ServiceChannel } from '@caliber/service-kit';
import type { Response } from 'express';
import { CurrentUser } from '../auth/current-user.decorator';
import { Public } from '../auth/public.decorator';
import { SERVICE_CHANNEL, SERVICES_CLIENT } from '../identity/service-client';
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
 * `GET /api/health`: NATS, Redis, each domain service of the registry (and, through them,
 * PostgreSQL), probed in parallel with a deadline. 200 when all are up, 503 (same body) when any
 * is down. Anyone may ask, so the answer is up or down per part only; the latencies and error
 * texts (`/api/health/details`) are for signed-in Engineers and Admins.
 */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SERVICES_CLIENT) private readonly natsClient: ClientProxy,
    @Inject(SERVICE_CHANNEL) private readonly channel: ServiceChannel,
    private readonly redis: RedisConnection,
  ) {}

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) response: Response): Promise<PublicHealthResponse> {
    const { status, checks } = await this.details(response);
    return {
      status,
      checks: Object.fromEntries(
        Object.entries(checks).map(([name, check]) => [name, { status: check.status }]),
      ),
    };
  }

  @Get('details')
  async healthDetails(
    @CurrentUser() user: UserDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthResponse> {
    if (!hasFullAccess(user.role)) throw new ForbiddenException('Engineers and Admins only.');
    return this.details(response);
  }

  private async details(response: Response): Promise<HealthResponse> {
    const [nats, redis, services] = await Promise.all([
      probe(async () => {
        await this.natsClient.connect();
        await this.natsClient.unwrap<NatsConnectionLike>().flush();
      }),
      probe(() => this.redis.client.ping()),
      Promise.all(DOMAIN_SERVICE_NAMES.map((name) => this.service(name))),
    ]);
    const checks: Record<string, DependencyHealth> = {
      postgres: databaseHealth(services.map((service) => service.reply)),
      nats,
      redis,
      ...Object.fromEntries(services.map((service) => [service.name, service.health])),
    };
    const allUp = Object.values(checks).every((check) => check.status === 'up');
    response.status(allUp ? 200 : 503);
    return {
      status: allUp ? 'ok' : 'degraded',
      checks,
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  }

  /** One service's answer on its health subject: up when it answers and reaches its database. */
  private async service(name: DomainServiceName) {
    let reply: ServiceHealthReply | null = null;
    const health = await probe(async () => {
      reply = await requestFromService<ServiceHealthReply>(
        { ...this.channel, timeoutMs: SERVICE_DEADLINE_MS },
        `${name} service`,
        healthSubject(name),
        {},
      );
      if (reply.database.status !== 'up') throw new Error(`database ${reply.database.error ?? 'down'}`);
    }, SERVICE_DEADLINE_MS);
    return { name, health, reply: reply as ServiceHealthReply | null };
  }
}
