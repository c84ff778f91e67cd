import type { JwtService } from '@nestjs/jwt';
import type { RequestHandler } from 'express';
import { sendError } from './request-id';

/**
 * Before an upload route reads its body (a file of megabytes, as base64 JSON): the request must
 * carry a session token with a valid signature and expiry, or it is answered 401 unread. Without
 * this, anyone could make the gateway parse many 11 MB bodies before the session guard ran. The
 * guard still checks the session itself (signed out, idle, deactivated) once the body is read.
 * CORS preflights carry no token and no body, and pass.
 */
export function signedInBeforeUpload(jwt: JwtService): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return next();
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    let message = 'Sign in to continue.';
    if (scheme?.toLowerCase() === 'bearer' && token)
      try {
        jwt.verify(token);
        return next();
      } catch (error) {
        message =
          error instanceof Error && error.name === 'TokenExpiredError'
            ? 'Your session has expired. Please sign in again.'
            : 'Your session is not valid. Please sign in again.';
      }
    // The body is not read: the connection closes after the answer rather than drain megabytes.
    res.setHeader('Connection', 'close');
    sendError(res, { statusCode: 401, code: 'UNAUTHENTICATED', message });
  };
}
