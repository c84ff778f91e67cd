import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type Actor, type DashboardCostOfService } from '@caliber/contracts';
import { Acting } from '@caliber/service-kit';
import { DashboardCostOfServiceService } from './dashboard-cost-of-service.service';

/** The dashboard's cost of service figure, for the gateway's dashboard (for one who reads costs). */
@Controller()
export class DashboardCostOfServiceController {
  constructor(private readonly figures: DashboardCostOfServiceService) {}

  @MessagePattern(SUBJECTS.reports.dashboardCostOfService)
  forDashboard(@Acting() actor: Actor): Promise<DashboardCostOfService> {
    return this.figures.forDashboard(actor);
  }
}
