import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A BullMQ queue's key prefix names the database too: every replica of one deployment shares the
 * database and so the queue, while two deployments (or two test suites) sharing a Redis server
 * never run each other's jobs.
 */
export function queuePrefix(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
  return `caliber:${name}`;
}

/**
 * A Redis connection for BullMQ: its blocking commands need unlimited retries per request, and a
 * Redis that is down must not end the process (it reconnects every few seconds and logs once).
 */
export function bullConnection(redisUrl: string, name: string, logger?: Logger): Redis {
  const connection = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    connectionName: name,
    retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
  });
  let reported = false;
  connection.on('error', (error: Error) => {
    if (!reported) logger?.warn({ err: error, connection: name }, 'redis connection failed; retrying');
    reported = true;
  });
  connection.on('ready', () => (reported = false));
  return connection;
}
