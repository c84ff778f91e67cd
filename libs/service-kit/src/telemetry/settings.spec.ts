import { tracesIncomingRequest, tracingEndpoint } from './settings';

describe('whether tracing is on', () => {
  it('is off without an endpoint', () => {
    expect(tracingEndpoint({})).toBeNull();
    expect(tracingEndpoint({ OTEL_SERVICE_NAME: 'gateway', OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeNull();
  });

  it('sends to /v1/traces under the general endpoint', () => {
    expect(tracingEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(tracingEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
  });

  it('takes the traces endpoint as it is, before the general one', () => {
    expect(
      tracingEndpoint({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp',
      }),
    ).toBe('https://traces.example/otlp');
  });

  it('is off when the SDK is disabled or the traces exporter is none, endpoint or not', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingEndpoint({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(tracingEndpoint({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBeNull();
    expect(tracingEndpoint({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
    expect(tracingEndpoint({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).not.toBeNull();
  });
});

describe('which incoming requests are traced', () => {
  it.each(['/api/tasks', '/api/tasks/123/certify?x=1', '/api/auth/verify-otp', '/api/healthy-things'])(
    'an API call: %s',
    (url) => expect(tracesIncomingRequest(url)).toBe(true),
  );

  it.each([
    '/api/health',
    '/api/health/ready',
    '/api/health/details',
    '/health/live',
    '/health/ready',
    '/metrics',
    '/api/docs',
    '/api/docs/swagger-ui.css',
    '/',
    '/tasks',
    '/remotes/tasks/remoteEntry.js',
    '/assets/app.js',
    undefined,
  ])('not a probe, a page or a file: %s', (url) => expect(tracesIncomingRequest(url)).toBe(false));
});
