import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { headers } from 'nats';
import { carrierOfNatsHeaders, natsHeadersOf } from './nats-headers';
import {
  captureCarrier,
  carrierOf,
  continueFrom,
  detached,
  logContext,
  runContinued,
  tracer,
} from './propagation';
import { runWithRequestId } from './request-context';
import { runTracedJob, tracedJobData } from './jobs';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('with tracing off (no SDK)', () => {
  it('carries the request id alone', () => {
    expect(captureCarrier()).toBeUndefined();
    expect(runWithRequestId('request-abc', captureCarrier)).toEqual({ requestId: 'request-abc' });
  });

  it('logs the request id and no trace', () => {
    expect(runWithRequestId('request-abc', logContext)).toEqual({ requestId: 'request-abc' });
    expect(logContext()).toEqual({});
  });

  it('continues the request id of a carrier', async () => {
    const seen = await runContinued(
      { requestId: 'from-the-bus' },
      { name: 'x', kind: SpanKind.SERVER },
      async () => logContext(),
    );
    expect(seen).toEqual({ requestId: 'from-the-bus' });
  });
});

describe('a carrier read from outside', () => {
  it('keeps only well-formed fields', () => {
    expect(
      carrierOf({ traceparent: '00-abc', tracestate: 'a=b', requestId: 'bad id\n', extra: 'x' }),
    ).toEqual({ traceparent: '00-abc', tracestate: 'a=b' });
    expect(carrierOf({ traceparent: 'x'.repeat(2000), requestId: 42 })).toBeUndefined();
    expect(carrierOf(null)).toBeUndefined();
    expect(carrierOf('00-abc')).toBeUndefined();
  });

  it('travels in NATS headers and back', () => {
    const carrier = {
      traceparent: '00-0123456789abcdef0123456789abcdef-0123456789abcdef-01',
      requestId: 'req-12345',
    };
    const sent = natsHeadersOf(carrier);
    expect(sent?.get('traceparent')).toBe(carrier.traceparent);
    expect(sent?.get('x-request-id')).toBe('req-12345');
    expect(carrierOfNatsHeaders(sent)).toEqual(carrier);
    expect(natsHeadersOf(undefined)).toBeUndefined();
  });

  it('drops a forged request id from NATS headers', () => {
    const forged = headers();
    forged.set('x-request-id', 'a b');
    expect(carrierOfNatsHeaders(forged)).toBeUndefined();
    expect(carrierOfNatsHeaders(undefined)).toBeUndefined();
  });
});

describe('with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

  beforeAll(() => provider.register());
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });
  beforeEach(() => exporter.reset());

  it('carries the active span’s context and the request id', () => {
    const span = tracer().startSpan('caller', { kind: SpanKind.CLIENT });
    const carrier = runWithRequestId('req-12345', () =>
      context.with(trace.setSpan(context.active(), span), captureCarrier),
    );
    span.end();
    const [, traceId, spanId] = TRACEPARENT.exec(carrier?.traceparent ?? '') ?? [];
    expect(traceId).toBe(span.spanContext().traceId);
    expect(spanId).toBe(span.spanContext().spanId);
    expect(carrier?.requestId).toBe('req-12345');
  });

  it('continues a carrier as a child span of the caller, in its request, through NATS headers', async () => {
    const caller = tracer().startSpan('send maintenance.certify', { kind: SpanKind.CLIENT });
    const sent = runWithRequestId('req-12345', () =>
      context.with(trace.setSpan(context.active(), caller), () => natsHeadersOf(captureCarrier())),
    );
    const logged = await runContinued(
      carrierOfNatsHeaders(sent),
      { name: 'process maintenance.certify', kind: SpanKind.SERVER },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return logContext();
      },
    );
    caller.end();
    const server = exporter.getFinishedSpans().find((span) => span.name === 'process maintenance.certify');
    expect(server?.kind).toBe(SpanKind.SERVER);
    expect(server?.spanContext().traceId).toBe(caller.spanContext().traceId);
    expect(server?.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
    expect(logged).toEqual({
      requestId: 'req-12345',
      traceId: caller.spanContext().traceId,
      spanId: server?.spanContext().spanId,
    });
  });

  it('starts a trace of its own without a carrier, and fails the span with the error', async () => {
    await expect(
      runContinued(undefined, { name: 'lonely', kind: SpanKind.INTERNAL }, () =>
        Promise.reject(new Error('broke')),
      ),
    ).rejects.toThrow('broke');
    const [span] = exporter.getFinishedSpans();
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.status).toEqual({ code: 2, message: 'broke' });
  });

  it('queues a job with the context and the worker continues it', async () => {
    const queuing = tracer().startSpan('queue a report');
    const data = runWithRequestId('req-report', () =>
      context.with(trace.setSpan(context.active(), queuing), () =>
        tracedJobData({ kind: 'report', jobId: 'j1' }),
      ),
    );
    queuing.end();
    // As BullMQ stores it: JSON.
    const stored = JSON.parse(JSON.stringify(data)) as unknown;
    const logged = await runTracedJob('report-jobs', { name: 'write-report', data: stored }, async () =>
      logContext(),
    );
    const job = exporter.getFinishedSpans().find((span) => span.name === 'process report-jobs write-report');
    expect(job?.kind).toBe(SpanKind.CONSUMER);
    expect(job?.parentSpanContext?.spanId).toBe(queuing.spanContext().spanId);
    expect(logged.requestId).toBe('req-report');
  });

  it('a detached pass is outside the request and trace that woke it', () => {
    const span = tracer().startSpan('request');
    const inside = runWithRequestId('req-12345', () =>
      context.with(trace.setSpan(context.active(), span), () => detached(logContext)),
    );
    span.end();
    expect(inside).toEqual({});
  });

  it('a continued work’s span is the caller’s to end', () => {
    const continued = continueFrom(undefined, { name: 'answer later', kind: SpanKind.SERVER });
    continued.run(() => undefined);
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    continued.span.end();
    expect(exporter.getFinishedSpans()).toHaveLength(1);
  });
});
