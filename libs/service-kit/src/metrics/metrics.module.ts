import {
  Controller,
  Get,
  Global,
  Injectable,
  Module,
  Res,
  type DynamicModule,
  type INestApplicationContext,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
  type Provider,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { StatementSigner } from '../trust/statements';
import { MetricsListener } from './metrics-listener';
import { measureRequestsOf } from './nats-metrics';
import { ProcessMetrics } from './process-metrics';

export interface MetricsModuleOptions {
  /** The `service` label of every series: gateway, identity, …, reports-worker. */
  service: string;
  logger: Logger;
  /**
   * Where `/metrics` is served. Absent: on the process's own HTTP port, beside its probes (a
   * domain service's or a worker's probe port, which only the cluster reaches). Given: on a
   * listener of its own, for a process whose HTTP port is public (the gateway).
   */
  ownListener?: { port: number; host: string };
}

/** `GET /metrics` on the process's probe port. */
@Controller()
class MetricsController {
  constructor(private readonly metrics: ProcessMetrics) {}

  @Get('metrics')
  async scrape(@Res() res: Response): Promise<void> {
    const { contentType, body } = await this.metrics.exposition();
    res.type(contentType).send(body);
  }
}

/** Times the requests this process sends, under its signer (see `measureServiceRequest`). */
@Injectable()
class ClientRequestsMeasure implements OnModuleInit {
  constructor(
    private readonly metrics: ProcessMetrics,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    // A process that signs nothing sends no requests, and has nothing to time.
    const signer = this.signerOfProcess();
    if (signer) measureRequestsOf(signer, this.metrics.nats);
  }

  private signerOfProcess(): StatementSigner | undefined {
    try {
      return this.moduleRef.get(StatementSigner, { strict: false });
    } catch {
      return undefined;
    }
  }
}

/** Starts and stops the own listener with the application. */
@Injectable()
class OwnListenerLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly listener: MetricsListener) {}

  onApplicationBootstrap(): Promise<void> {
    return this.listener.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.listener.stop();
  }
}

/**
 * A process's metrics: its `ProcessMetrics` for every part of it to register on (global), the
 * timing of the NATS requests it sends, and `/metrics`.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsModuleOptions): DynamicModule {
    const metrics = new ProcessMetrics(options.service, options.logger);
    const providers: Provider[] = [{ provide: ProcessMetrics, useValue: metrics }, ClientRequestsMeasure];
    if (options.ownListener) {
      const { port, host } = options.ownListener;
      providers.push(
        { provide: MetricsListener, useValue: new MetricsListener(metrics, port, host) },
        OwnListenerLifecycle,
      );
    }
    return {
      module: MetricsModule,
      controllers: options.ownListener ? [] : [MetricsController],
      providers,
      exports: [ProcessMetrics, ...(options.ownListener ? [MetricsListener] : [])],
    };
  }
}

/** The process's metrics, when its module imports MetricsModule. */
export function processMetricsOf(app: INestApplicationContext): ProcessMetrics | undefined {
  try {
    return app.get(ProcessMetrics, { strict: false });
  } catch {
    return undefined;
  }
}
