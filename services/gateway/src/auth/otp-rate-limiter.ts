import { Inject, Injectable } from '@nestjs/common';
import { ServiceError } from '@caliber/service-kit';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RedisConnection } from '../redis/redis.provider';
import { rateLimitBlock } from './client-address';

type LimitName =
  | 'request-per-number'
  | 'request-per-address'
  | 'request-per-device'
  | 'verify-per-number'
  | 'verify-per-number-daily'
  | 'verify-per-address'
  | 'verify-per-device'
  | 'verify-per-device-daily'
  | 'sso-start-per-address';

const DAY_SECONDS = 86400;

/**
 * Sign-in rate limits, counted in Redis so they hold across gateway replicas. If Redis is
 * unreachable each replica falls back to counting in its own memory rather than refusing
 * every sign-in in the hospital.
 *
 * Two aims pull against each other: guessing a person's code must stay bounded, and a stranger
 * who knows the service number must not keep its owner out. So a service number's allowance
 * (codes per window, tries per window, tries per day) is spent only by browsers not known for
 * it; a browser where the person signed in before (`KnownDevices`) has an allowance of its own,
 * which a stranger elsewhere cannot spend. Each code also takes five tries at most (identity).
 */
@Injectable()
export class OtpRateLimiter {
  private readonly limiters: Record<LimitName, RateLimiterRedis>;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, redis: RedisConnection) {
    const make = (name: LimitName, points: number, duration = config.rateLimits.windowSeconds) =>
      new RateLimiterRedis({
        storeClient: redis.client,
        keyPrefix: `${config.redisKeyPrefix}:rl:otp:${name}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration }),
      });
    const limits = config.rateLimits;
    this.limiters = {
      'request-per-number': make('request-per-number', limits.otpRequestsPerNumber),
      'request-per-address': make('request-per-address', limits.otpRequestsPerAddress),
      'request-per-device': make('request-per-device', limits.otpRequestsPerNumber),
      'verify-per-number': make('verify-per-number', limits.otpVerifyPerNumber),
      'verify-per-number-daily': make('verify-per-number-daily', limits.otpVerifyPerNumberDaily, DAY_SECONDS),
      'verify-per-address': make('verify-per-address', limits.otpVerifyPerAddress),
      'verify-per-device': make('verify-per-device', limits.otpVerifyPerNumber),
      'verify-per-device-daily': make('verify-per-device-daily', limits.otpVerifyPerNumberDaily, DAY_SECONDS),
      // Single sign-ons begun from one address count like codes asked for: each keeps a row a while.
      'sso-start-per-address': make('sso-start-per-address', limits.otpRequestsPerAddress),
    };
  }

  /**
   * Counts one code request; refuses with 429 once a limit is spent. `device`: the browser is
   * known for this service number (its allowance is counted instead of the number's).
   */
  async countRequest(serviceNumber: string, address: string, device?: string): Promise<void> {
    await this.consume(
      'request-per-address',
      rateLimitBlock(address),
      'Too many code requests from this network address.',
    );
    if (device)
      await this.consume(
        'request-per-device',
        `${serviceNumber}:${device}`,
        'Too many code requests from this browser.',
      );
    else
      await this.consume(
        'request-per-number',
        serviceNumber,
        'Too many code requests for this service number.',
      );
  }

  /** Counts one single sign-on begun from an address; refuses with 429 once the allowance is spent. */
  async countSsoStart(address: string): Promise<void> {
    await this.consume(
      'sso-start-per-address',
      rateLimitBlock(address),
      'Too many sign-ins begun from this network address.',
    );
  }

  /** Counts one verification attempt, as `countRequest` does. */
  async countVerify(serviceNumber: string, address: string, device?: string): Promise<void> {
    await this.consume(
      'verify-per-address',
      rateLimitBlock(address),
      'Too many sign-in attempts from this network address.',
    );
    // The day's allowance first: once it is spent, that is the reason to give.
    if (device) {
      const key = `${serviceNumber}:${device}`;
      await this.consume(
        'verify-per-device-daily',
        key,
        'Too many sign-in attempts from this browser today.',
      );
      await this.consume('verify-per-device', key, 'Too many sign-in attempts from this browser.');
    } else {
      await this.consume(
        'verify-per-number-daily',
        serviceNumber,
        'Too many sign-in attempts for this service number today. A browser you have signed in on before can still sign in.',
      );
      await this.consume(
        'verify-per-number',
        serviceNumber,
        'Too many sign-in attempts for this service number.',
      );
    }
  }

  private async consume(name: LimitName, key: string, reason: string): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        const wait =
          seconds >= 7200
            ? `${Math.ceil(seconds / 3600)} hours`
            : seconds >= 120
              ? `${Math.ceil(seconds / 60)} minutes`
              : `${seconds} seconds`;
        throw new ServiceError('RATE_LIMITED', `${reason} Try again in ${wait}.`, undefined, seconds);
      }
      throw rejection;
    }
  }
}
