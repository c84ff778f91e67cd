import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiErrorBody } from '@caliber/contracts';
import { sendError } from './request-id';

/** Nesting deeper than any contract has is refused before anything walks it. */
const DEEPEST = 32;

/** Raised by the JSON parser's `verify` hook; the body middleware answers it 400. */
export class InvalidUtf8Error extends Error {
  readonly type = 'encoding.invalid';
  readonly status = 400;
  constructor() {
    super('The request body is not valid UTF-8.');
  }
}

/**
 * The body parser's `verify` hook: the bytes (after any Content-Encoding) must be UTF-8. The
 * parser would otherwise replace broken bytes with U+FFFD and store text nobody sent.
 */
export function requireUtf8Body(_req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw new InvalidUtf8Error();
}

/** Half of a surrogate pair without its other half: not Unicode text, and refused by jsonb. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL cannot store: a NUL character, or an unpaired surrogate (`"\ud800"` in JSON). */
function unstorable(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/** Where in `value` a string or key holds text that cannot be stored, or too deep a nesting. */
export function unstorableText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path || 'the text' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= DEEPEST) return path || 'the body';
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (unstorable(key)) return at;
    const found = unstorableText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Whether each percent-escape of `raw` decodes to UTF-8 text without a NUL. */
function readableAddress(raw: string): boolean {
  try {
    return !decodeURIComponent(raw.replace(/\+/g, ' ')).includes('\u0000');
  } catch {
    return false;
  }
}

function refuse(res: Response, message: string): void {
  const body: ApiErrorBody = { statusCode: 400, code: 'VALIDATION_FAILED', message };
  sendError(res, body);
}

/**
 * Text that could not be stored or compared as sent is refused with 400 before any handler runs:
 * an address whose percent-escapes are not UTF-8 or hold a NUL (path and query), and a JSON body
 * with a NUL character or an unpaired surrogate (valid JSON, but no text PostgreSQL can store) in
 * any string or key, or nested deeper than any request needs.
 */
export function textInputMiddleware(): { address: RequestHandler; body: RequestHandler } {
  const address = (req: Request, res: Response, next: NextFunction): void => {
    if (!readableAddress(req.originalUrl)) {
      refuse(res, 'The address contains characters that are not valid text (bad UTF-8 or a NUL).');
      return;
    }
    next();
  };
  const body = (req: Request, res: Response, next: NextFunction): void => {
    const found = req.body === undefined ? undefined : unstorableText(req.body);
    if (found) {
      refuse(
        res,
        `${found}: text must not contain NUL characters or broken Unicode (an unpaired surrogate), or nest deeper than ${DEEPEST} levels.`,
      );
      return;
    }
    next();
  };
  return { address, body };
}
