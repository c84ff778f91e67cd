import { diag, DiagLogLevel, type DiagLogFunction } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { SocketIoInstrumentation } from '@opentelemetry/instrumentation-socket.io';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { RedactingSpanProcessor } from './redaction';
import { tracesIncomingRequest } from './settings';

/**
 * The OpenTelemetry SDK of one process, loaded only when tracing is on (`startTracing`): this
 * file's imports are the whole cost of tracing, and a process without a collector never reads it.
 */
export interface RunningSdk {
  /** Sends the spans still buffered, then stops exporting. */
  shutdown(): Promise<void>;
}

/** The SDK's own trouble (a collector that refuses or cannot be reached), as JSON log lines. */
function reportSdkTrouble(processName: string): void {
  const line =
    (level: 'warn' | 'error'): DiagLogFunction =>
    (message, ...args) =>
      process.stderr.write(
        `${JSON.stringify({
          level,
          time: new Date().toISOString(),
          service: processName,
          component: 'tracing',
          msg: [message, ...args.map((arg) => (arg instanceof Error ? arg.message : String(arg)))].join(' '),
        })}\n`,
      );
  const ignore: DiagLogFunction = () => undefined;
  diag.setLogger(
    { error: line('error'), warn: line('warn'), info: ignore, debug: ignore, verbose: ignore },
    DiagLogLevel.WARN,
  );
}

export function startSdk(processName: string, endpoint: string): RunningSdk {
  reportSdkTrouble(processName);
  // The process's name unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES say otherwise.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: processName }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    // The sampler (OTEL_TRACES_SAMPLER…) and the batch's timing (OTEL_BSP_…) come from the
    // environment, as the SDK reads them.
    // Redaction first: a query string's values (people's search text) never reach the exporter.
    spanProcessors: [
      new RedactingSpanProcessor(),
      new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint })),
    ],
  });
  // The global context manager (AsyncLocalStorage) and the W3C trace-context propagator.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => !tracesIncomingRequest(request.url),
      }),
      // A span per route handler and router, not per middleware (security headers, body
      // parsing…): those take microseconds on every call and would double a trace's length.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new NestInstrumentation(),
      // Statements only, never their parameters: those are hospital records and phone numbers.
      // Only inside a traced piece of work: the relay's polling and the pool's own statements
      // would otherwise each start a trace of their own, many a second.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      // BullMQ polls and blocks on Redis all the time: only commands of a traced job or request.
      // The command's name only: its arguments are keys naming people (a service number in the
      // sign-in limits and known browsers) and values (session data).
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      new SocketIoInstrumentation(),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
