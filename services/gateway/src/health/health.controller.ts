import { Controller, ForbiddenException, Res } from '@nestjs/common';
import {
  hasFullAccess,
  type HealthResponse,
  type PublicHealthResponse,
  type ReadinessResponse,
  type UserDto,
} from '@caliber/contracts';
import type { Response } from 'express';
import { Operation } from '../api/operation-routes';
import { CurrentUser } from '../auth/current-user.decorator';
import { HealthChecks } from './health-checks';
import { HEALTH_OPERATIONS } from './health.operations';

const startedAt = Date.now();
const VERSION = process.env['npm_package_version'] ?? '0.1.0';

/**
 * `GET /api/health`: every part's health (`HealthChecks`). 200 when all are up, 503 (same body)
 * when any is down. Anyone may ask, so the answer is up or down per part only; the latencies and
 * error texts (`/api/health/details`) are for signed-in Engineers and Admins.
 */
@Controller()
export class HealthController {
  constructor(private readonly checks: HealthChecks) {}

  @Operation(HEALTH_OPERATIONS.getHealth)
  async health(@Res({ passthrough: true }) response: Response): Promise<PublicHealthResponse> {
    const { status, checks } = await this.details(response);
    return {
      status,
      checks: Object.fromEntries(
        Object.entries(checks).map(([name, check]) => [name, { status: check.status }]),
      ),
    };
  }

  /**
   * Whether this replica can take requests: it reaches NATS, through which every answer comes.
   * What a load balancer's readiness probe asks. Unlike `GET /api/health` it does not follow the
   * domain services: one service down leaves the others' screens working (a part of the
   * dashboard says what is missing), so it must not take every gateway replica out of service.
   */
  @Operation(HEALTH_OPERATIONS.getHealthReady)
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessResponse> {
    const nats = await this.checks.nats();
    response.status(nats.status === 'up' ? 200 : 503);
    return { status: nats.status === 'up' ? 'ok' : 'unavailable' };
  }

  @Operation(HEALTH_OPERATIONS.getHealthDetails)
  async healthDetails(
    @CurrentUser() user: UserDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthResponse> {
    if (!hasFullAccess(user.role)) throw new ForbiddenException('Engineers and Admins only.');
    return this.details(response);
  }

  private async details(response: Response): Promise<HealthResponse> {
    const checks = await this.checks.run();
    const allUp = Object.values(checks).every((check) => check.status === 'up');
    response.status(allUp ? 200 : 503);
    return {
      status: allUp ? 'ok' : 'degraded',
      checks,
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  }
}
