import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { REDACTED, RedactingSpanProcessor, redactedAttribute, redactQuery, redactUrl } from './redaction';

const PHONE = '+15550100777';

describe('a URL in a span', () => {
  it('keeps the query names and loses every value', () => {
    expect(redactQuery(`q=${encodeURIComponent(PHONE)}&page=2`)).toBe(`q=${REDACTED}&page=${REDACTED}`);
    expect(redactUrl(`http://gateway/api/users?q=Jane%20Doe&limit=9#top`)).toBe(
      `http://gateway/api/users?q=${REDACTED}&limit=${REDACTED}`,
    );
    expect(redactUrl('/api/users?')).toBe('/api/users');
  });

  it('is left alone without a query, and other attributes are not touched', () => {
    expect(redactedAttribute('url.full', '/api/equipment/123')).toBeUndefined();
    expect(redactedAttribute('url.path', '/api/users?q=x')).toBeUndefined();
    expect(redactedAttribute('db.statement', 'SELECT 1')).toBeUndefined();
  });
});

describe('the redacting span processor', () => {
  it('sends no query value to the exporter, whether set when the span starts or later', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({
      spanProcessors: [new RedactingSpanProcessor(), new SimpleSpanProcessor(exporter)],
    });
    const tracer = provider.getTracer('test');
    const span = tracer.startSpan('GET /api/users', {
      attributes: {
        'url.full': `http://gateway/api/users?q=${PHONE}`,
        'url.query': `q=${PHONE}`,
        'url.path': '/api/users',
      },
    });
    span.setAttribute('http.target', `/api/users?q=${PHONE}`);
    span.end();
    await provider.forceFlush();
    const [sent] = exporter.getFinishedSpans();
    expect(sent?.attributes).toEqual({
      'url.full': `http://gateway/api/users?q=${REDACTED}`,
      'url.query': `q=${REDACTED}`,
      'url.path': '/api/users',
      'http.target': `/api/users?q=${REDACTED}`,
    });
    expect(JSON.stringify(sent?.attributes)).not.toContain('5550100777');
    await provider.shutdown();
  });
});
