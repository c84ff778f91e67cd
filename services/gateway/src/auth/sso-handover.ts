import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { verifyOtpResponseSchema, type VerifyOtpResponse } from '@caliber/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RedisConnection } from '../redis/redis.provider';

/** A hand-over is traded at once by the page the browser lands on; a minute covers a slow phone. */
export const HANDOVER_SECONDS = 60;

/**
 * The session a single sign-on opened, kept for the sign-in page to collect once. The provider's
 * redirect lands on a page, not a script, so the session token is not put in the address (where
 * history and logs would keep it): the address holds a random one-time hand-over instead, which
 * the page trades for the token (`POST /api/auth/sso/exchange`). Kept in Redis, so any replica
 * answers; taken with GETDEL, so it works once.
 */
@Injectable()
export class SsoHandovers {
  private readonly prefix: string;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly redis: RedisConnection,
  ) {
    this.prefix = `${config.redisKeyPrefix}:sso-handover`;
  }

  /** Keeps the signed-in answer; answers the hand-over, or null when Redis cannot keep it. */
  async keep(signedIn: VerifyOtpResponse): Promise<string | null> {
    const handover = randomBytes(32).toString('base64url');
    try {
      await this.redis.client.set(
        `${this.prefix}:${handover}`,
        JSON.stringify(signedIn),
        'EX',
        HANDOVER_SECONDS,
      );
      return handover;
    } catch {
      return null;
    }
  }

  /** The signed-in answer for a hand-over, once; null when unknown, used or expired. */
  async take(handover: string): Promise<VerifyOtpResponse | null> {
    const kept = await this.redis.client.getdel(`${this.prefix}:${handover}`);
    if (!kept) return null;
    const parsed = verifyOtpResponseSchema.safeParse(JSON.parse(kept));
    return parsed.success ? parsed.data : null;
  }
}
