import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-node';

/**
 * What a trace must never carry: the values of a URL's query string. The API takes people's
 * search text there (`GET /api/users?q=` finds a person by name, service number or phone number;
 * equipment and tasks take `q` too), and an outgoing call's URL may hold a token. The HTTP
 * instrumentation records `url.query` and Nest's records the whole `url.full`; a span keeps the
 * query's parameter NAMES (enough to tell a search from a page turn) and loses their values.
 */
export const REDACTED = 'REDACTED';

/** Attributes holding a whole URL or target: their query string is redacted. */
const URL_ATTRIBUTES = ['url.full', 'http.url', 'http.target', 'url.original'] as const;
/** Attributes holding a query string alone. */
const QUERY_ATTRIBUTES = ['url.query'] as const;

/** `a=1&q=Jane` → `a=REDACTED&q=REDACTED`: the names stay, every value goes. */
export function redactQuery(query: string): string {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0] ?? ''}=${REDACTED}`)
    .join('&');
}

/** A URL (absolute or a path) with its query's values redacted and any fragment dropped. */
export function redactUrl(url: string): string {
  const withoutFragment = url.split('#')[0] ?? '';
  const mark = withoutFragment.indexOf('?');
  if (mark < 0) return withoutFragment;
  const query = redactQuery(withoutFragment.slice(mark + 1));
  return query ? `${withoutFragment.slice(0, mark)}?${query}` : withoutFragment.slice(0, mark);
}

/** The redacted value of one attribute, or undefined when it needs none. */
export function redactedAttribute(key: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if ((QUERY_ATTRIBUTES as readonly string[]).includes(key)) {
    const redacted = redactQuery(value);
    return redacted === value ? undefined : redacted;
  }
  if ((URL_ATTRIBUTES as readonly string[]).includes(key)) {
    const redacted = redactUrl(value);
    return redacted === value ? undefined : redacted;
  }
  return undefined;
}

function redactSpan(span: Span): void {
  for (const [key, value] of Object.entries(span.attributes)) {
    const redacted = redactedAttribute(key, value);
    if (redacted !== undefined) span.setAttribute(key, redacted);
  }
}

/**
 * Runs before the exporting processor: redacts a span's URL attributes when it starts (the
 * instrumentations set them then) and again just before it ends (in case one was set later), so
 * no query value ever reaches the collector.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  onStart(span: Span, _parentContext: Context): void {
    redactSpan(span);
  }
  onEnding(span: Span): void {
    redactSpan(span);
  }
  onEnd(_span: ReadableSpan): void {
    // Nothing to do: the span was redacted before it became read-only.
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
