import { carrierOf, captureCarrier, runContinued, SpanKind, type TraceCarrier } from './propagation';

/** A BullMQ job's data with the request and trace that queued it (`trace`, when there is one). */
export type TracedJobData<T extends object> = T & { trace?: TraceCarrier };

/**
 * A job's data as queued from the work in progress: the worker that takes it continues its trace
 * and logs under its request id. A job scheduler's repeated jobs are not queued through this: a
 * weekly turn is no part of the request that created the schedule months ago.
 */
export function tracedJobData<T extends object>(data: T): TracedJobData<T> {
  const trace = captureCarrier();
  return trace ? { ...data, trace } : data;
}

/**
 * Runs a taken job as a CONSUMER span, a child of the work that queued it when its data says
 * (`tracedJobData`), a trace of its own otherwise.
 */
export function runTracedJob<T>(
  queue: string,
  job: { name: string; data: unknown },
  work: () => Promise<T>,
): Promise<T> {
  const data = job.data;
  const trace = typeof data === 'object' && data !== null ? (data as { trace?: unknown }).trace : undefined;
  return runContinued(
    carrierOf(trace),
    {
      name: `process ${queue} ${job.name}`,
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.destination.name': queue,
        'messaging.operation.type': 'process',
      },
    },
    work,
  );
}
