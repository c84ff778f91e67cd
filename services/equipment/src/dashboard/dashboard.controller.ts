import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type DashboardEquipment } from '@caliber/contracts';
import { Command } from '@caliber/service-kit';
import { EquipmentDashboardService } from './dashboard.service';

/** The dashboard's inventory figures, the same for everyone who may see the inventory. */
@Controller()
export class EquipmentDashboardController {
  constructor(private readonly dashboard: EquipmentDashboardService) {}

  @MessagePattern(SUBJECTS.equipment.dashboard)
  figures(@Command() _data: unknown): Promise<DashboardEquipment> {
    return this.dashboard.figures();
  }
}
