import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type CertifyTaskRequest,
  type ChangeTaskStatusRequest,
  type ComplianceListQuery,
  type ComplianceQuery,
  type DeviceHistoryPage,
  type DeviceHistoryQuery,
  type IssueReport,
  type ListPmPlansQuery,
  type ListTasksQuery,
  type NewPmPlan,
  type NewTask,
  type OverduePmPage,
  type PmComplianceResponse,
  type PmPlanCreatedResponse,
  type PmPlanDto,
  type PmPlanListResponse,
  type RecordWorkRequest,
  type RetirePmPlanRequest,
  type UpdatePmPlanRequest,
  type TaskCreatedResponse,
  type TaskDetail,
  type TaskDto,
  type TaskListResponse,
  type UnplannedDevicesPage,
  type UpdateTaskRequest,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/** The gateway's typed view of the maintenance service; every request is signed for who asks. */
@Injectable()
export class TasksClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'maintenance service');
  }

  list(session: GatewaySession, query: ListTasksQuery): Promise<TaskListResponse> {
    return this.request(SUBJECTS.maintenance.list, query, actingUserOf(session));
  }

  get(session: GatewaySession, id: string): Promise<TaskDetail> {
    return this.request(SUBJECTS.maintenance.get, { id }, actingUserOf(session));
  }

  deviceHistory(
    session: GatewaySession,
    equipmentId: string,
    query: DeviceHistoryQuery,
  ): Promise<DeviceHistoryPage> {
    return this.request(SUBJECTS.maintenance.deviceHistory, { equipmentId, query }, actingUserOf(session));
  }

  create(session: GatewaySession, data: NewTask): Promise<TaskCreatedResponse> {
    return this.request(SUBJECTS.maintenance.create, { data }, actingUserOf(session));
  }

  createPlan(session: GatewaySession, data: NewPmPlan): Promise<PmPlanCreatedResponse> {
    return this.request(SUBJECTS.maintenance.createPlan, { data }, actingUserOf(session));
  }

  compliance(session: GatewaySession, query: ComplianceQuery): Promise<PmComplianceResponse> {
    return this.request(SUBJECTS.maintenance.compliance, { query }, actingUserOf(session));
  }

  complianceOverdue(session: GatewaySession, query: ComplianceListQuery): Promise<OverduePmPage> {
    return this.request(SUBJECTS.maintenance.complianceOverdue, { query }, actingUserOf(session));
  }

  complianceUnplanned(session: GatewaySession, query: ComplianceListQuery): Promise<UnplannedDevicesPage> {
    return this.request(SUBJECTS.maintenance.complianceUnplanned, { query }, actingUserOf(session));
  }

  listPlans(session: GatewaySession, query: ListPmPlansQuery): Promise<PmPlanListResponse> {
    return this.request(SUBJECTS.maintenance.listPlans, { query }, actingUserOf(session));
  }

  getPlan(session: GatewaySession, id: string): Promise<PmPlanDto> {
    return this.request(SUBJECTS.maintenance.getPlan, { id }, actingUserOf(session));
  }

  updatePlan(session: GatewaySession, id: string, data: UpdatePmPlanRequest): Promise<PmPlanDto> {
    return this.request(SUBJECTS.maintenance.updatePlan, { id, data }, actingUserOf(session));
  }

  retirePlan(session: GatewaySession, id: string, data: RetirePmPlanRequest): Promise<PmPlanDto> {
    return this.request(SUBJECTS.maintenance.retirePlan, { id, data }, actingUserOf(session));
  }

  reportIssue(session: GatewaySession, data: IssueReport): Promise<TaskCreatedResponse> {
    return this.request(SUBJECTS.maintenance.reportIssue, { data }, actingUserOf(session));
  }

  update(session: GatewaySession, id: string, data: UpdateTaskRequest): Promise<TaskDto> {
    return this.request(SUBJECTS.maintenance.update, { id, data }, actingUserOf(session));
  }

  changeStatus(session: GatewaySession, id: string, data: ChangeTaskStatusRequest): Promise<TaskDto> {
    return this.request(SUBJECTS.maintenance.changeStatus, { id, data }, actingUserOf(session));
  }

  recordWork(session: GatewaySession, id: string, data: RecordWorkRequest): Promise<TaskDto> {
    return this.request(SUBJECTS.maintenance.recordWork, { id, data }, actingUserOf(session));
  }

  certify(session: GatewaySession, id: string, data: CertifyTaskRequest): Promise<TaskDto> {
    return this.request(SUBJECTS.maintenance.certify, { id, data }, actingUserOf(session));
  }

  delete(session: GatewaySession, id: string): Promise<{ _id: string }> {
    return this.request(SUBJECTS.maintenance.delete, { id }, actingUserOf(session));
  }
}
