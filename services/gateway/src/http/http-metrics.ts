import type { ProcessMetrics } from '@caliber/service-kit';
import type { Request, RequestHandler } from 'express';
import { Histogram } from 'prom-client';

/** The route label of a request no route took (a refused body, an unknown address, a page file). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The status label of a request whose client left before the answer was sent. */
export const ABORTED = 'aborted';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: the API answers in milliseconds; imports and exports take seconds. */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The route of a request as its TEMPLATE (`/api/equipment/:id`), never its path: a path holds
 * ids, so one series per device or person would grow without end. A request that reached no route
 * is counted under one label, `unmatched`, whatever its path.
 */
export function routeLabel(req: Pick<Request, 'baseUrl'> & { route?: unknown }): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : UNMATCHED_ROUTE;
}

/** `GET`, `POST`, …; any other method (made up by a client) is `OTHER`. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/** `2xx`, `4xx`, `5xx`, …: the class of an HTTP status. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/**
 * Counts and times every HTTP request the gateway answers, by method, route template and status
 * class (`caliber_http_request_duration_seconds`; its `_count` is the request rate). Registered
 * first, so the time includes every middleware; measured when the connection is done with the
 * answer, so a request whose client left is counted too (status class `aborted`).
 */
export function httpMetrics(metrics: ProcessMetrics): RequestHandler {
  const histogram = new Histogram({
    name: 'caliber_http_request_duration_seconds',
    help: 'Time the gateway took to answer an HTTP request, by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: HTTP_DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      histogram.observe(
        {
          method: methodLabel(req.method),
          route: routeLabel(req),
          status_class: res.writableFinished ? statusClass(res.statusCode) : ABORTED,
        },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
