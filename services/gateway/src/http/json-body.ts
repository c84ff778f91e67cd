import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ASSET_LABELS_MAX, type ApiErrorBody } from '@caliber/contracts';
import { sendError } from './request-id';
import { isStreamedUpload } from './streamed-uploads';
import { requireUtf8Body, textInputMiddleware } from './text-input';

const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * The one-click unsubscribe of a notification e-mail (RFC 8058): a mail client posts
 * `List-Unsubscribe=One-Click` as a form to the address in the e-mail's header, whose query holds
 * the token. That form is let through unread (nothing in it matters, and an unread body costs no
 * memory); every other route takes JSON only.
 */
const FORM_POSTED_PATHS: ReadonlySet<string> = new Set(['/api/notifications/unsubscribe']);

const refuse = (res: Response, body: ApiErrorBody): void => sendError(res, body);

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Request bodies are JSON objects or nothing. A body of another type, malformed JSON, bytes that
 * are not UTF-8, text that cannot be stored (NUL) and an oversized body are each refused with a
 * 4xx JSON answer before any handler runs; so is an address that is not valid text.
 */
export function jsonBodyMiddleware(limit: string): RequestHandler[] {
  const requireJson: RequestHandler = (req, res, next) => {
    if (hasBody(req) && FORM_POSTED_PATHS.has(req.path) && req.is('application/x-www-form-urlencoded')) {
      next();
      return;
    }
    if (hasBody(req) && !req.is(JSON_TYPES)) {
      refuse(res, {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The request body must be JSON (Content-Type: application/json).',
      });
      return;
    }
    next();
  };
  const parse = express.json({ limit, strict: true, type: JSON_TYPES, verify: requireUtf8Body });
  const explainParseError = (error: unknown, _req: Request, res: Response, next: NextFunction): void => {
    const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
    if (type === 'entity.too.large') {
      refuse(res, {
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: `The request body is larger than ${limit}.`,
      });
      return;
    }
    if (type === 'encoding.invalid') {
      refuse(res, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request body is not valid UTF-8.',
      });
      return;
    }
    if (type === 'entity.parse.failed') {
      refuse(res, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request body is not valid JSON.',
      });
      return;
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      refuse(res, {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message:
          'The request body must be UTF-8 JSON, sent without a Content-Encoding or with gzip, deflate or br.',
      });
      return;
    }
    next(error);
  };
  const text = textInputMiddleware();
  // An upload (a document; an analyser, roster or inventory file) is its file's bytes, which its
  // route streams into the file store: left unread here.
  const unlessUpload =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) => {
      if (isStreamedUpload(req.method, req.path)) next();
      else handler(req, res, next);
    };
  return [
    text.address,
    unlessUpload(requireJson),
    unlessUpload(parse),
    explainParseError as unknown as RequestHandler,
    unlessUpload(text.body),
  ];
}

/** An equipment id in a JSON list: 36 characters, its quotes and the comma after it. */
const ID_IN_JSON_BYTES = 36 + 3;
/** Room for a client that indents its JSON: a line break and a few spaces before each id. */
const INDENT_PER_ID_BYTES = 8;
/** The request's other fields (layout, skip) and its keys and braces, with room to spare. */
const LABELS_OTHER_FIELDS_BYTES = 1024;

/**
 * The body limit of the asset-label route: room for the contract's most ids (ASSET_LABELS_MAX, as
 * JSON, indented or not) and the other fields, so that every request the contract accepts is read
 * and one id too many is the contract's refusal (400, which names the limit), not a 413. Derived
 * from the contract's maximum: raising it there raises this with it.
 */
export const ASSET_LABELS_BODY_LIMIT = `${Math.ceil(
  (ASSET_LABELS_MAX * (ID_IN_JSON_BYTES + INDENT_PER_ID_BYTES) + LABELS_OTHER_FIELDS_BYTES) / 1024,
)}kb`;
