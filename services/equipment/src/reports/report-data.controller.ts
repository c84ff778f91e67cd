import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  COST_OF_SERVICE_REFUSAL,
  readsCosts,
  reportFiguresRequestSchema,
  reportPageRequestSchema,
  SUBJECTS,
  type DeviceDowntimeRow,
  type Actor,
  type DeviceOwnershipRow,
  type DowntimeFigures,
  type EquipmentStatusFigures,
  type ExpiringWarrantyRow,
  type InventoryRiskRow,
  type NotServiceableDeviceRow,
  type ReportRowsPage,
  type ReportScope,
} from '@caliber/contracts';
import { Acting, Command, parsePayload, ServiceError } from '@caliber/service-kit';
import { DowntimeReportService } from './downtime-report.service';
import { InventoryReportService } from './inventory-report.service';
import { OwnershipReportService } from './ownership-report.service';
import { checkedScope, type PageRequest } from '@caliber/service-kit';

function figuresScope(data: unknown): ReportScope {
  return checkedScope(parsePayload(reportFiguresRequestSchema, data).scope);
}

function pageRequest(data: unknown): { scope: ReportScope; page: PageRequest } {
  const { scope, after, limit } = parsePayload(reportPageRequestSchema, data);
  return { scope: checkedScope(scope), page: { after, limit } };
}

/**
 * The inventory's report figures and detail pages, for the reports service only (SUBJECT_SENDERS,
 * made from REPORT_DATA_SUBJECTS, lets no other principal's statement through). The inventory's
 * figures are the same whoever the report is for, so the person named is not read here.
 */
@Controller()
export class ReportDataController {
  constructor(
    private readonly inventory: InventoryReportService,
    private readonly downtime: DowntimeReportService,
    private readonly ownership: OwnershipReportService,
  ) {}

  /** Acquisition and contract costs: for those who read costs only. */
  @MessagePattern(SUBJECTS.equipment.reportOwnership)
  ownershipRows(
    @Acting() actor: Actor,
    @Command() data: unknown,
  ): Promise<ReportRowsPage<DeviceOwnershipRow>> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', COST_OF_SERVICE_REFUSAL);
    const { scope, page } = pageRequest(data);
    return this.ownership.devices(scope, page);
  }

  @MessagePattern(SUBJECTS.equipment.reportStatus)
  status(@Command() data: unknown): Promise<EquipmentStatusFigures> {
    return this.inventory.statusFigures(figuresScope(data));
  }

  @MessagePattern(SUBJECTS.equipment.reportNotServiceable)
  notServiceable(@Command() data: unknown): Promise<ReportRowsPage<NotServiceableDeviceRow>> {
    const { scope, page } = pageRequest(data);
    return this.inventory.notServiceable(scope, page);
  }

  @MessagePattern(SUBJECTS.equipment.reportWarranties)
  warranties(@Command() data: unknown): Promise<ReportRowsPage<ExpiringWarrantyRow>> {
    const { scope, page } = pageRequest(data);
    return this.inventory.warranties(scope, page);
  }

  @MessagePattern(SUBJECTS.equipment.reportInventory)
  inventoryRows(@Command() data: unknown): Promise<ReportRowsPage<InventoryRiskRow>> {
    const { scope, page } = pageRequest(data);
    return this.inventory.inventory(scope, page);
  }

  @MessagePattern(SUBJECTS.equipment.reportDowntime)
  downtimeFigures(@Command() data: unknown): Promise<DowntimeFigures> {
    return this.downtime.figures(figuresScope(data));
  }

  @MessagePattern(SUBJECTS.equipment.reportDowntimeDevices)
  downtimeDevices(@Command() data: unknown): Promise<ReportRowsPage<DeviceDowntimeRow>> {
    const { scope, page } = pageRequest(data);
    return this.downtime.devices(scope, page);
  }
}
