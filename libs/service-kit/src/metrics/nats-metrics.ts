import { isServiceErrorPayload } from '@caliber/contracts';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { Histogram, type Registry } from 'prom-client';
import { TimeoutError } from 'rxjs';

/**
 * Seconds buckets for a request answered over NATS: most take milliseconds; the deadline
 * (`NATS_REQUEST_TIMEOUT_MS`, 5 s by default) and the longer imports sit in the top buckets.
 */
export const NATS_DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * How a request ended, as its handler (server) or its caller (client) saw it:
 * - `ok`: answered;
 * - `refused`: the service said no for a reason of the request (not found, not allowed, invalid…);
 * - `error`: the service failed (INTERNAL, unavailable, an answer too large to send);
 * - `timeout` (client only): no answer within the deadline;
 * - `no_responder` (client only): no replica of the service was listening.
 */
export type NatsOutcome = 'ok' | 'refused' | 'error' | 'timeout' | 'no_responder';

/** The codes that mean the service failed, rather than refused what it was asked. */
const FAILURE_CODES: readonly string[] = ['INTERNAL', 'SERVICE_UNAVAILABLE', 'REPLY_TOO_LARGE'];

/** The outcome of an error answer (a service's `err`), or of a caller's error. */
export function outcomeOfError(error: unknown): NatsOutcome {
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof EmptyResponseException) return 'no_responder';
  if (isServiceErrorPayload(error)) return FAILURE_CODES.includes(error.code) ? 'error' : 'refused';
  return 'error';
}

/** The two histograms of NATS request/reply, both in one process's registry. */
export class NatsMetrics {
  /** Handler time of the requests this process answers. */
  readonly server: Histogram<'subject' | 'outcome'>;
  /** Round trip of the requests this process sends (the gateway, a service asking another). */
  readonly client: Histogram<'subject' | 'outcome'>;

  constructor(registry: Registry) {
    this.server = new Histogram({
      name: 'caliber_nats_server_request_duration_seconds',
      help: 'Time this process took to answer a NATS request, by subject and outcome',
      labelNames: ['subject', 'outcome'],
      buckets: NATS_DURATION_BUCKETS,
      registers: [registry],
    });
    this.client = new Histogram({
      name: 'caliber_nats_client_request_duration_seconds',
      help: 'Time a NATS request sent by this process took to be answered, by subject and outcome',
      labelNames: ['subject', 'outcome'],
      buckets: NATS_DURATION_BUCKETS,
      registers: [registry],
    });
  }
}

/**
 * The NATS metrics of each process, found by the process's statement signer: every process has
 * exactly one, it is what names the process on the bus, and every request it sends carries it
 * (`ServiceChannel.signer`). A WeakMap, so a process that closes (several run in one test
 * process) leaves nothing behind.
 */
const clientMetrics = new WeakMap<object, NatsMetrics>();

export function measureRequestsOf(signer: object, metrics: NatsMetrics): void {
  clientMetrics.set(signer, metrics);
}

/**
 * Times one request a process sends and counts it under its subject and outcome, then hands back
 * its answer or its error unchanged. A process without metrics (a command-line tool) is not timed.
 */
export async function measureServiceRequest<T>(
  signer: object,
  subject: string,
  request: () => Promise<T>,
): Promise<T> {
  const histogram = clientMetrics.get(signer)?.client;
  if (!histogram) return request();
  const end = histogram.startTimer({ subject });
  try {
    const answer = await request();
    end({ outcome: 'ok' });
    return answer;
  } catch (error) {
    end({ outcome: outcomeOfError(error) });
    throw error;
  }
}
