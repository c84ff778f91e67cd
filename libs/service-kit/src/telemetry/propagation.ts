import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { currentRequestId, isWellFormedRequestId, runWithRequestId } from './request-context';

/** The tracer of Caliber's own spans (bus requests, the outbox relay, queued jobs). */
export const tracer = () => trace.getTracer('caliber');

/**
 * What a piece of work hands to the work it causes elsewhere (a NATS message, an outbox row, a
 * queued job): the W3C trace context (`traceparent`, `tracestate`) and the request id. Each field
 * is there only when there is one: with tracing off a carrier holds the request id alone.
 */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
  requestId?: string;
}

/** W3C allows 512 list members of 256 characters at most; longer is not a header we sent. */
const MAX_TRACE_HEADER = 1024;

const isTraceHeader = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TRACE_HEADER;

/** The carrier of the work in progress; undefined when there is neither a trace nor a request. */
export function captureCarrier(): TraceCarrier | undefined {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return carrierOf({ ...headers, requestId: currentRequestId() });
}

/**
 * A carrier read back from outside the process (a message header, a stored row, a job): only its
 * well-formed fields are kept, so a malformed or hostile value cannot reach a log line or a span.
 */
export function carrierOf(value: unknown): TraceCarrier | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { traceparent, tracestate, requestId } = value as Record<string, unknown>;
  const carrier: TraceCarrier = {};
  if (isTraceHeader(traceparent)) carrier.traceparent = traceparent;
  if (isTraceHeader(tracestate)) carrier.tracestate = tracestate;
  if (isWellFormedRequestId(requestId)) carrier.requestId = requestId;
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

export interface SpanOptions {
  name: string;
  kind: SpanKind;
  attributes?: Attributes;
}

export interface ContinuedWork {
  span: Span;
  /** Runs `work` inside the span and the carrier's request. */
  run<T>(work: () => T): T;
}

/**
 * Starts a span for work caused elsewhere: a child of the carrier's trace when it has one (a
 * new trace otherwise), and the carrier's request id for the log lines written inside. The span
 * is the caller's to end (a reply may be sent after the handler returns).
 */
export function continueFrom(carrier: TraceCarrier | undefined, options: SpanOptions): ContinuedWork {
  const parent = carrier?.traceparent ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  const span = tracer().startSpan(
    options.name,
    { kind: options.kind, ...(options.attributes ? { attributes: options.attributes } : {}) },
    parent,
  );
  const active = trace.setSpan(parent, span);
  return {
    span,
    run: (work) => runWithRequestId(carrier?.requestId, () => context.with(active, work)),
  };
}

/**
 * Error codes that mean the service failed (its fault, or it could not answer), not that it
 * refused the caller's request: only these mark a span failed, in the service and in its caller,
 * so a search for failed traces finds faults, not people's 404s and 422s.
 */
export const SERVICE_FAULT_CODES: ReadonlySet<string> = new Set([
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'REPLY_TOO_LARGE',
]);

/** Marks a span failed with the error's message (never its details: they may hold a person's data). */
export function failSpan(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** `continueFrom` for work that ends when its promise settles; the span ends with it. */
export async function runContinued<T>(
  carrier: TraceCarrier | undefined,
  options: SpanOptions,
  work: () => Promise<T>,
): Promise<T> {
  const continued = continueFrom(carrier, options);
  try {
    return await continued.run(work);
  } catch (error) {
    failSpan(continued.span, error);
    throw error;
  } finally {
    continued.span.end();
  }
}

/**
 * Runs `work` outside whatever request started it: a background pass (the outbox relay draining
 * every pending row) that one request merely woke up must not be logged or traced as that
 * request's.
 */
export function detached<T>(work: () => T): T {
  return runWithRequestId(undefined, () => context.with(ROOT_CONTEXT, work));
}

/**
 * The request and trace of the work in progress, for each log line (pino's `mixin`): the request
 * id always when there is one, the trace and span ids when tracing is on.
 */
export function logContext(): { requestId?: string; traceId?: string; spanId?: string } {
  const fields: { requestId?: string; traceId?: string; spanId?: string } = {};
  const requestId = currentRequestId();
  if (requestId) fields.requestId = requestId;
  const span = trace.getSpan(context.active())?.spanContext();
  if (span && isSpanContextValid(span)) {
    fields.traceId = span.traceId;
    fields.spanId = span.spanId;
  }
  return fields;
}

export { SpanKind };
