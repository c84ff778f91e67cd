import type { ReportType } from '@caliber/contracts';
import type { ReportSection } from '../document/report-document';
import type { BuildContext, ReportBuilder } from './build-context';
import { buildComplianceAudit } from './compliance-audit.builder';
import { buildCostOfService } from './cost-of-service.builder';
import { buildDowntime } from './downtime.builder';
import { buildEquipmentStatus } from './equipment-status.builder';
import { buildFinancialCost } from './financial-cost.builder';
import { buildPreventiveVsCorrective } from './preventive-corrective.builder';
import { buildSpareParts } from './spare-parts.builder';
import { buildStaffPerformance } from './staff-performance.builder';
import { buildTaskManagement } from './task-management.builder';

/** One builder per report type; a new type does not compile until it has one. */
const BUILDERS: Record<ReportType, ReportBuilder> = {
  equipmentStatus: buildEquipmentStatus,
  taskManagement: buildTaskManagement,
  preventiveVsCorrective: buildPreventiveVsCorrective,
  staffPerformance: buildStaffPerformance,
  inventorySpareParts: buildSpareParts,
  downtimeAnalysis: buildDowntime,
  financialCost: buildFinancialCost,
  complianceAudit: buildComplianceAudit,
  costOfService: buildCostOfService,
};

export function buildReportSection(type: ReportType, context: BuildContext): Promise<ReportSection> {
  return BUILDERS[type](context);
}
