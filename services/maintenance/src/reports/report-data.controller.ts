import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  COST_OF_SERVICE_REFUSAL,
  deviceServiceCostsRequestSchema,
  readsCosts,
  reportFiguresRequestSchema,
  reportPageRequestSchema,
  SUBJECTS,
  type Actor,
  type AwaitingCertificationRow,
  type CertificationFigures,
  type CostFigures,
  type FailedSafetyTestRow,
  type DeviceCostRow,
  type DeviceServiceCosts,
  type OverdueTaskRow,
  type ReportRowsPage,
  type ReportScope,
  type SafetyTestFigures,
  type SparePartRow,
  type SparePartsFigures,
  type StaffPerformanceRow,
  type TaskFigures,
  type WorkMixFigures,
} from '@caliber/contracts';
import { Acting, Command, parsePayload, ServiceError } from '@caliber/service-kit';
import { TaskRules } from '../tasks/task-rules';
import { CostReportService } from './cost-report.service';
import { checkedScope, type PageRequest } from '@caliber/service-kit';
import { StaffReportService } from './staff-report.service';
import type { TaskOwner } from './task-filter';
import { TaskReportService } from './task-report.service';
import { ListsCaughtUp } from '../lists/list-renames.follower';
import { SafetyReportService } from '../safety/safety-report.service';

function figuresScope(data: unknown): ReportScope {
  return checkedScope(parsePayload(reportFiguresRequestSchema, data).scope);
}

function pageRequest(data: unknown): { scope: ReportScope; page: PageRequest } {
  const { scope, after, limit } = parsePayload(reportPageRequestSchema, data);
  return { scope: checkedScope(scope), page: { after, limit } };
}

/** A Technician's report reads their own work only: the tasks assigned to them. */
function ownerFor(actor: Actor): TaskOwner {
  return TaskRules.seesAll(actor) ? null : actor._id;
}

/**
 * Maintenance's report figures and detail pages, for the reports service only (SUBJECT_SENDERS,
 * made from REPORT_DATA_SUBJECTS, lets no other principal's statement through). Each statement
 * names the person the report is for, whose role decides whose tasks are read.
 */
@Controller()
@UseInterceptors(ListsCaughtUp)
export class ReportDataController {
  constructor(
    private readonly tasks: TaskReportService,
    private readonly staff: StaffReportService,
    private readonly costs: CostReportService,
    private readonly safety: SafetyReportService,
  ) {}

  @MessagePattern(SUBJECTS.maintenance.reportTasks)
  taskFigures(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskFigures> {
    return this.tasks.figures(figuresScope(data), ownerFor(actor));
  }

  @MessagePattern(SUBJECTS.maintenance.reportOverdue)
  overdue(@Acting() actor: Actor, @Command() data: unknown): Promise<ReportRowsPage<OverdueTaskRow>> {
    const { scope, page } = pageRequest(data);
    return this.tasks.overdue(scope, ownerFor(actor), page);
  }

  @MessagePattern(SUBJECTS.maintenance.reportWorkMix)
  workMix(@Acting() actor: Actor, @Command() data: unknown): Promise<WorkMixFigures> {
    return this.tasks.workMix(figuresScope(data), ownerFor(actor));
  }

  @MessagePattern(SUBJECTS.maintenance.reportStaff)
  staffRows(@Acting() actor: Actor, @Command() data: unknown): Promise<ReportRowsPage<StaffPerformanceRow>> {
    const { scope, page } = pageRequest(data);
    return this.staff.staff(scope, ownerFor(actor), page);
  }

  @MessagePattern(SUBJECTS.maintenance.reportParts)
  parts(@Acting() actor: Actor, @Command() data: unknown): Promise<SparePartsFigures> {
    return this.costs.parts(figuresScope(data), ownerFor(actor));
  }

  @MessagePattern(SUBJECTS.maintenance.reportPartRows)
  partRows(@Acting() actor: Actor, @Command() data: unknown): Promise<ReportRowsPage<SparePartRow>> {
    const { scope, page } = pageRequest(data);
    return this.costs.partRows(scope, ownerFor(actor), page);
  }

  @MessagePattern(SUBJECTS.maintenance.reportCosts)
  costFigures(@Acting() actor: Actor, @Command() data: unknown): Promise<CostFigures> {
    return this.costs.costs(figuresScope(data), ownerFor(actor), readsCosts(actor.role));
  }

  /** Costs, whole: for those who read costs only (the cost of service ratio is not a Technician's). */
  @MessagePattern(SUBJECTS.maintenance.reportDeviceServiceCosts)
  deviceServiceCosts(@Acting() actor: Actor, @Command() data: unknown): Promise<DeviceServiceCosts> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', COST_OF_SERVICE_REFUSAL);
    const { scope, ids } = parsePayload(deviceServiceCostsRequestSchema, data);
    return this.costs.deviceServiceCosts(checkedScope(scope), ids);
  }

  @MessagePattern(SUBJECTS.maintenance.reportDeviceCosts)
  deviceCosts(@Acting() actor: Actor, @Command() data: unknown): Promise<ReportRowsPage<DeviceCostRow>> {
    const { scope, page } = pageRequest(data);
    return this.costs.deviceCosts(scope, ownerFor(actor), readsCosts(actor.role), page);
  }

  @MessagePattern(SUBJECTS.maintenance.reportCertification)
  certification(@Acting() actor: Actor, @Command() data: unknown): Promise<CertificationFigures> {
    return this.staff.certification(figuresScope(data), ownerFor(actor));
  }

  @MessagePattern(SUBJECTS.maintenance.reportAwaitingCertification)
  awaitingCertification(
    @Acting() actor: Actor,
    @Command() data: unknown,
  ): Promise<ReportRowsPage<AwaitingCertificationRow>> {
    const { scope, page } = pageRequest(data);
    return this.staff.awaiting(scope, ownerFor(actor), page);
  }

  /** Everyone reads safety tests: the figures are the same whoever the report is for. */
  @MessagePattern(SUBJECTS.maintenance.reportSafetyTests)
  safetyTests(@Acting() _actor: Actor, @Command() data: unknown): Promise<SafetyTestFigures> {
    return this.safety.figures(figuresScope(data));
  }

  @MessagePattern(SUBJECTS.maintenance.reportFailedSafetyTests)
  failedSafetyTests(
    @Acting() _actor: Actor,
    @Command() data: unknown,
  ): Promise<ReportRowsPage<FailedSafetyTestRow>> {
    const { scope, page } = pageRequest(data);
    return this.safety.failed(scope, page);
  }
}
