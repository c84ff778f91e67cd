import { isIP } from 'node:net';
import type { Request } from 'express';

/** The caller's address as Express sees it (honours TRUST_PROXY). */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/**
 * What the per-address limits count: an IPv4 address as it is, an IPv6 address by its /64. One
 * IPv6 subscriber or host usually holds a whole /64 and may pick any address in it, so counting
 * single IPv6 addresses would give one person billions of fresh allowances. IPv4 addresses mapped
 * into IPv6 (`::ffff:10.0.0.1`) count as the IPv4 address.
 */
export function rateLimitBlock(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (`2001:db8:0:0:0:0:0:1`). */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const parts = (text: string) => (text ? text.split(':') : []);
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) =>
    (parseInt(group, 16) || 0).toString(16),
  );
}
