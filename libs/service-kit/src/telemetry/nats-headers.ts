import { NatsRecordBuilder, type NatsRecord } from '@nestjs/microservices';
import { headers, type MsgHdrs } from 'nats';
import { captureCarrier, carrierOf, type TraceCarrier } from './propagation';
import { REQUEST_ID_HEADER } from './request-context';

/** The NATS headers that carry a carrier: the W3C names, and the request id's HTTP name. */
export function natsHeadersOf(carrier: TraceCarrier | undefined): MsgHdrs | undefined {
  if (!carrier) return undefined;
  const result = headers();
  if (carrier.traceparent) result.set('traceparent', carrier.traceparent);
  if (carrier.tracestate) result.set('tracestate', carrier.tracestate);
  if (carrier.requestId) result.set(REQUEST_ID_HEADER, carrier.requestId);
  return result;
}

/** The carrier of a received message; anything malformed in its headers is left out. */
export function carrierOfNatsHeaders(received: MsgHdrs | undefined): TraceCarrier | undefined {
  if (!received) return undefined;
  const value = (name: string) => (received.has(name) ? received.get(name) : undefined);
  return carrierOf({
    traceparent: value('traceparent'),
    tracestate: value('tracestate'),
    requestId: value(REQUEST_ID_HEADER),
  });
}

/**
 * A message for NATS with the headers of the work in progress: its request id and, with tracing
 * on, its trace context, so the receiver's log lines and spans join the caller's.
 */
export function withContextHeaders(data: unknown): NatsRecord {
  const carried = natsHeadersOf(captureCarrier());
  const record = new NatsRecordBuilder(data);
  return (carried ? record.setHeaders(carried) : record).build();
}
