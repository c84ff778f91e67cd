import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  DOMAIN_SERVICE_NAMES,
  healthSubject,
  type DependencyHealth,
  type DomainServiceName,
  type ServiceHealthReply,
} from '@caliber/contracts';
import { probe, requestFromService, type ServiceChannel } from '@caliber/service-kit';
import { SERVICE_CHANNEL, SERVICES_CLIENT } from '../identity/service-client';
import { RedisConnection } from '../redis/redis.provider';

interface NatsConnectionLike {
  flush(): Promise<void>;
}

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

/** Every part's health by name: `postgres`, `nats`, `redis` and each domain service. */
export type HealthChecksResult = Record<string, DependencyHealth>;

/**
 * NATS, Redis, each domain service of the registry (and, through them, PostgreSQL), probed in
 * parallel with a deadline: what `GET /api/health` and the dashboard's System Status report.
 */
@Injectable()
export class HealthChecks {
  constructor(
    @Inject(SERVICES_CLIENT) private readonly natsClient: ClientProxy,
    @Inject(SERVICE_CHANNEL) private readonly channel: ServiceChannel,
    private readonly redis: RedisConnection,
  ) {}

  /** NATS alone: what this gateway needs to answer at all (see `GET /api/health/ready`). */
  nats(): Promise<DependencyHealth> {
    return probe(async () => {
      await this.natsClient.connect();
      await this.natsClient.unwrap<NatsConnectionLike>().flush();
    });
  }

  async run(): Promise<HealthChecksResult> {
    const [nats, redis, services] = await Promise.all([
      this.nats(),
      probe(() => this.redis.client.ping()),
      Promise.all(DOMAIN_SERVICE_NAMES.map((name) => this.service(name))),
    ]);
    return {
      postgres: databaseHealth(services.map((service) => service.reply)),
      nats,
      redis,
      ...Object.fromEntries(services.map((service) => [service.name, service.health])),
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
