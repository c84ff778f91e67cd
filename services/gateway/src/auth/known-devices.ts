import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RedisConnection } from '../redis/redis.provider';

/** The cookie that marks a browser where a person has signed in before. */
export const DEVICE_COOKIE = 'caliber_device';
/** A device stays known this long after its last sign-in. */
export const KNOWN_DEVICE_DAYS = 90;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Browsers where a person has signed in before. A stranger who knows someone's service number
 * can spend that number's sign-in allowance (codes and wrong guesses) and so keep new browsers out
 * for a while; the person's own browsers hold this random HttpOnly cookie, proven by an earlier
 * sign-in, and are counted on their own allowance instead, so the stranger cannot keep the owner
 * out of them. Only the cookie's hash is kept (in Redis, per service number), so the store
 * cannot be replayed as cookies.
 */
@Injectable()
export class KnownDevices {
  private readonly prefix: string;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly redis: RedisConnection,
  ) {
    this.prefix = `${config.redisKeyPrefix}:known-device`;
  }

  /** The device's identifier (a hash) if this browser is known for `serviceNumber`. */
  async knownDevice(request: Request, serviceNumber: string): Promise<string | undefined> {
    const token = deviceToken(request);
    if (!token) return undefined;
    const hash = hashOf(token);
    try {
      return (await this.redis.client.exists(this.key(serviceNumber, hash))) === 1 ? hash : undefined;
    } catch {
      // Redis down: no device is known; the service-number limits (counted in memory) apply.
      return undefined;
    }
  }

  /** After a sign-in: marks this browser known for the person (a new cookie, or the same one renewed). */
  async remember(request: Request, response: Response, serviceNumber: string): Promise<void> {
    const token = deviceToken(request) ?? randomBytes(32).toString('base64url');
    try {
      await this.redis.client.set(
        this.key(serviceNumber, hashOf(token)),
        '1',
        'EX',
        KNOWN_DEVICE_DAYS * 86400,
      );
    } catch {
      return;
    }
    response.cookie(DEVICE_COOKIE, token, cookieOptions(request));
  }

  private key(serviceNumber: string, hash: string): string {
    return `${this.prefix}:${serviceNumber.toUpperCase()}:${hash}`;
  }
}

function deviceToken(request: Request): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const token = parse(header)[DEVICE_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** Never readable by scripts, never sent to other sites. */
function cookieOptions(request: Request): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.secure,
    path: '/',
    maxAge: KNOWN_DEVICE_DAYS * 86400 * 1000,
  };
}
