import type { Request } from 'express';

/** The caller's address as Express sees it (honours TRUST_PROXY). */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
