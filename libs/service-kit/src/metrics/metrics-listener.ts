import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProcessMetrics } from './process-metrics';

/**
 * A listener of its own that serves only `GET /metrics`, for a process whose probes share its
 * public port (the gateway): the metrics stay off the port the Ingress routes to, so nobody
 * outside the cluster can read them, and a scrape never competes with people's requests for the
 * public listener's limits.
 */
export class MetricsListener {
  private server: Server | undefined;

  constructor(
    private readonly metrics: ProcessMetrics,
    private readonly port: number,
    private readonly host: string,
  ) {}

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics here.\n');
        return;
      }
      this.metrics.exposition().then(
        ({ contentType, body }) => {
          res.writeHead(200, { 'content-type': contentType });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        (error: unknown) => {
          this.metrics.logger.error({ err: error }, 'metrics could not be gathered');
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable.\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, this.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.metrics.logger.info({ port: this.boundPort }, 'metrics served on their own port');
  }

  /** The port it listens on (the one picked when configured as 0). */
  get boundPort(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
