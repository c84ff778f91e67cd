import { Controller, Get } from '@nestjs/common';
import type { DashboardResponse } from '@caliber/contracts';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { DashboardService } from './dashboard.service';

/** The landing screen's figures for whoever is signed in (see `DashboardService`). */
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  get(@CurrentSession() session: GatewaySession): Promise<DashboardResponse> {
    return this.dashboard.compose(session);
  }
}
