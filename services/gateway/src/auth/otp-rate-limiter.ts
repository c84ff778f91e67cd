import { Inject, Injectable } from '@nestjs/common';
import { ServiceError } from '@caliber/service-kit';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RedisConnection } from '../redis/redis.provider';
import { rateLimitBlock } from './client-address';

type LimitName = 'request-per-number' | 'request-per-address' | 'verify-per-number' | 'verify-per-address';

/**
 * Sign-in rate limits, counted in Redis so they hold across gateway replicas. If Redis is
 * unreachable each replica falls back to counting in its own memory rather than refusing
 * every sign-in in the hospital.
 */
@Injectable()
export class OtpRateLimiter {
  private readonly limiters: Record<LimitName, RateLimiterRedis>;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, redis: RedisConnection) {
    const make = (name: LimitName, points: number) =>
      new RateLimiterRedis({
        storeClient: redis.client,
        keyPrefix: `${config.redisKeyPrefix}:rl:otp:${name}`,
        points,
        duration: config.rateLimits.windowSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration: config.rateLimits.windowSeconds }),
      });
    const limits = config.rateLimits;
    this.limiters = {
      'request-per-number': make('request-per-number', limits.otpRequestsPerNumber),
      'request-per-address': make('request-per-address', limits.otpRequestsPerAddress),
      'verify-per-number': make('verify-per-number', limits.otpVerifyPerNumber),
      'verify-per-address': make('verify-per-address', limits.otpVerifyPerAddress),
    };
  }

  /** Counts one code request; refuses with 429 once either limit is spent. */
  async countRequest(serviceNumber: string, address: string): Promise<void> {
    await this.consume(
      'request-per-address',
      rateLimitBlock(address),
      'Too many code requests from this network address.',
    );
    await this.consume(
      'request-per-number',
      serviceNumber,
      'Too many code requests for this service number.',
    );
  }

  /** Counts one verification attempt. */
  async countVerify(serviceNumber: string, address: string): Promise<void> {
    await this.consume(
      'verify-per-address',
      rateLimitBlock(address),
      'Too many sign-in attempts from this network address.',
    );
    await this.consume(
      'verify-per-number',
      serviceNumber,
      'Too many sign-in attempts for this service number.',
    );
  }

  private async consume(name: LimitName, key: string, reason: string): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
        throw new ServiceError('RATE_LIMITED', `${reason} Try again in ${wait}.`, undefined, seconds);
      }
      throw rejection;
    }
  }
}
