import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DEFAULT_API_BASE_PATH } from '@caliber/contracts';
import { requestIdOfResponse } from './request-id';

/**
 * The health probes' paths. An orchestrator asks them every few seconds of every replica, and a
 * proxy more often still: a healthy answer is logged at debug level so it does not bury the calls
 * people make; an unhealthy one keeps its level (it is news).
 */
const PROBE_PATH = new RegExp(`^${DEFAULT_API_BASE_PATH}/health(/ready)?$`);

/**
 * One JSON line per API call: method, path (no query string, no body), status, duration, and the
 * request's id (named here: the response ends outside the request's context).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      const path = req.originalUrl.split('?')[0] ?? '';
      const level =
        res.statusCode >= 500
          ? 'error'
          : res.statusCode >= 400
            ? 'warn'
            : PROBE_PATH.test(path)
              ? 'debug'
              : 'info';
      logger[level]({
        requestId: requestIdOfResponse(res),
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    next();
  };
}
