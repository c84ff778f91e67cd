/**
 * When tracing is on, read from the standard OpenTelemetry variables only, so any collector
 * (an OpenTelemetry Collector, Jaeger, Tempo…) is configured the way its documentation says.
 * Tracing is off unless an OTLP endpoint is given: a deployment that has no collector pays
 * nothing (no SDK loaded, no library patched). `OTEL_SDK_DISABLED=true` and
 * `OTEL_TRACES_EXPORTER=none` turn it off even with an endpoint.
 */
export function tracingEndpoint(env: NodeJS.ProcessEnv): string | null {
  if (env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return null;
  if (env['OTEL_TRACES_EXPORTER']?.trim().toLowerCase() === 'none') return null;
  const traces = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim();
  if (traces) return traces;
  const base = env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : null;
}

/** The API's own prefix (`DEFAULT_API_BASE_PATH`), repeated here so this file needs no import. */
const API_PREFIX = '/api/';
/** Probes, and the API documentation's page and files. */
const UNTRACED = /^\/api\/(health|docs)(\/|$)/;

/**
 * Whether an incoming HTTP request starts (or continues) a trace: API calls do; the health and
 * readiness probes, metrics scrapes, the app's pages, the API documentation and static files do not. Probes arrive every
 * few seconds from every orchestrator and would bury the calls people make; files say nothing
 * about the system's health. A service's own listener serves probes only, so it traces nothing.
 */
export function tracesIncomingRequest(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return path.startsWith(API_PREFIX) && !UNTRACED.test(path);
}
