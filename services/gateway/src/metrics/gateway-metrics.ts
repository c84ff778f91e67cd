import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ProcessMetrics } from '@caliber/service-kit';
import { Counter, Gauge } from 'prom-client';
import { SessionCache } from '../auth/session-cache';
import { LiveGateway } from '../live/live.gateway';

/**
 * The gateway's own gauges, read from memory at scrape time: the browsers connected live to this
 * replica (`caliber_live_sockets`), and how often a session was answered from this replica's cache
 * rather than by asking identity (`caliber_session_cache_lookups_total{result}`).
 */
@Injectable()
export class GatewayMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: ProcessMetrics,
    private readonly live: LiveGateway,
    private readonly sessions: SessionCache,
  ) {}

  onModuleInit(): void {
    const { live, sessions } = this;
    const registers = [this.metrics.registry];
    new Gauge({
      name: 'caliber_live_sockets',
      help: 'Browsers connected to this gateway replica over the live connection (socket.io), signed in',
      registers,
      collect() {
        this.set(live.connectedSockets);
      },
    });
    new Counter({
      name: 'caliber_session_cache_lookups_total',
      help: "Session checks answered from this gateway's cache (hit) or by asking identity (miss)",
      labelNames: ['result'],
      registers,
      collect() {
        // The cache counts for itself (a lookup is on every API call): copied here at scrape time.
        this.reset();
        this.inc({ result: 'hit' }, sessions.lookups.hits);
        this.inc({ result: 'miss' }, sessions.lookups.misses);
      },
    });
  }
}
