import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type Actor, type DashboardTasks } from '@caliber/contracts';
import { Acting, Command } from '@caliber/service-kit';
import { TaskDashboardService } from './dashboard.service';

/** The dashboard's task figures, for the person asking (a Technician's are their own). */
@Controller()
export class TaskDashboardController {
  constructor(private readonly dashboard: TaskDashboardService) {}

  @MessagePattern(SUBJECTS.maintenance.dashboard)
  figures(@Acting() actor: Actor, @Command() _data: unknown): Promise<DashboardTasks> {
    return this.dashboard.figures(actor);
  }
}
