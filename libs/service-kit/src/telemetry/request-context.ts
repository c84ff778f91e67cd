import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The header a request id travels in: HTTP in and out, NATS messages between processes. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a caller (a proxy, a load balancer, a person's script) may give its request: 8 to 64
 * characters of letters, digits and `. _ : -`. That covers UUIDs, ULIDs and the usual proxies' ids,
 * and keeps anything that could forge a log line (spaces, quotes, newlines) or fill the log out.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;

export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

/**
 * The id of an incoming request: the caller's own when it is well formed (so a proxy's id and
 * ours are one), otherwise a new one. A header sent twice arrives as a list: its first value.
 */
export function requestIdOf(header: string | readonly string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return isWellFormedRequestId(given) ? given : randomUUID();
}

interface RequestContext {
  requestId: string;
}

/**
 * The request a piece of work is done for, kept across awaits and callbacks in the process
 * (AsyncLocalStorage), so every log line can name it without passing it through every call.
 */
const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` for a request (its log lines carry the id); without an id, outside any request. */
export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? storage.exit(work) : storage.run({ requestId }, work);
}
