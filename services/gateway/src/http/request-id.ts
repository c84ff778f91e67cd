import type { RequestHandler, Response } from 'express';
import type { ApiErrorBody } from '@caliber/contracts';
import { REQUEST_ID_HEADER, requestIdOf, runWithRequestId } from '@caliber/service-kit';

/** Where a request's id is kept on its response, for the code that runs outside its context. */
const LOCAL = 'requestId';

/** The id of the request a response answers (set by `assignRequestId`). */
export function requestIdOfResponse(response: Response): string | undefined {
  const id: unknown = response.locals[LOCAL];
  return typeof id === 'string' ? id : undefined;
}

/**
 * The first middleware: gives each request its id (the caller's `X-Request-Id` when well formed,
 * a new one otherwise), answers it in the `X-Request-Id` header of every response, success or
 * error, and runs the rest of the request inside it, so every log line, NATS request and job it
 * causes carries the id.
 */
export function assignRequestId(): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    res.locals[LOCAL] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    runWithRequestId(requestId, next);
  };
}

/**
 * Enters the request's context again. Body parsing continues from the socket's data events,
 * which run outside it, so the middleware after a body parser would lose the id: this one,
 * placed after the body parsers, restores it for the routes.
 */
export function resumeRequestId(): RequestHandler {
  return (_req, res, next) => runWithRequestId(requestIdOfResponse(res), next);
}

/**
 * Sends an error answer with its request's id (`requestId`), so a person can quote it and an
 * administrator find the request's lines in every log. Every error answer of the gateway goes
 * through here.
 */
export function sendError(response: Response, body: ApiErrorBody): void {
  const requestId = requestIdOfResponse(response);
  response.status(body.statusCode).json(requestId ? { ...body, requestId } : body);
}
