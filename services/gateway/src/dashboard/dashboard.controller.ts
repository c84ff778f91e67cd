import { Controller } from '@nestjs/common';
import type { DashboardResponse } from '@caliber/contracts';
import { Operation } from '../api/operation-routes';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { DASHBOARD_OPERATIONS } from './dashboard.operations';
import { DashboardService } from './dashboard.service';

/** The landing screen's figures for whoever is signed in (see `DashboardService`). */
@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Operation(DASHBOARD_OPERATIONS.getDashboard)
  get(@CurrentSession() session: GatewaySession): Promise<DashboardResponse> {
    return this.dashboard.compose(session);
  }
}
