import { Gauge, type Registry } from 'prom-client';

/** The states a queue's depth is reported in (`caliber_queue_jobs{state}`). */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
export type QueueDepth = Record<QueueState, number>;

/** What the gauge asks of a BullMQ queue (its `getJobCounts`), without tying this kit to BullMQ. */
export interface CountableQueue {
  getJobCounts(
    ...types: ('waiting' | 'prioritized' | 'active' | 'delayed' | 'failed')[]
  ): Promise<{ [state: string]: number }>;
}

/** The Redis connection a queue talks through: only its ioredis `status` is read. */
export interface QueueConnection {
  readonly status: string;
}

/**
 * A queue's depth by state. BullMQ keeps a job that has a priority in a `prioritized` list
 * rather than `waiting` (every report has one, for fairness between people): both are jobs
 * waiting for a worker, so they are reported together as `waiting`.
 */
export function depthByState(counts: { [state: string]: number }): QueueDepth {
  const count = (state: string) => counts[state] ?? 0;
  return {
    waiting: count('waiting') + count('prioritized'),
    active: count('active'),
    delayed: count('delayed'),
    failed: count('failed'),
  };
}

/** Reads a queue's depth, or refuses at once while its Redis connection is not ready. */
export async function readQueueDepth(
  queue: CountableQueue,
  connection: QueueConnection,
): Promise<QueueDepth> {
  // With Redis away, BullMQ's commands wait for it to return (its connections retry for ever):
  // a scrape then asks nothing and reports the queue as unreadable.
  if (connection.status !== 'ready') throw new Error(`redis connection is ${connection.status}`);
  return depthByState(await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'));
}

/** `caliber_queue_jobs{queue,state}`: the jobs of each watched queue, read from Redis at scrape time. */
export class QueueDepthGauge {
  private readonly gauge: Gauge<'queue' | 'state'>;

  constructor(registry: Registry) {
    this.gauge = new Gauge({
      name: 'caliber_queue_jobs',
      help: 'Jobs in a BullMQ queue by state (waiting includes prioritized), read from Redis at scrape time',
      labelNames: ['queue', 'state'],
      registers: [registry],
    });
  }

  /** A queue's depth, or its series taken out of the scrape when it could not be read. */
  show(queue: string, depth: QueueDepth | undefined): void {
    for (const state of QUEUE_STATES)
      if (depth) this.gauge.set({ queue, state }, depth[state]);
      else this.gauge.remove({ queue, state });
  }
}
