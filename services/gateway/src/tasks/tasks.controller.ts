import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ChangesDashboardFigures } from '../dashboard/drops-dashboard-figures.interceptor';
import {
  certifyTaskSchema,
  changeTaskStatusSchema,
  complianceListQuerySchema,
  complianceQuerySchema,
  createPmPlanSchema,
  listPmPlansQuerySchema,
  retirePmPlanSchema,
  updatePmPlanSchema,
  createTaskSchema,
  deviceHistoryQuerySchema,
  listTasksQuerySchema,
  recordWorkSchema,
  reportIssueSchema,
  updateTaskSchema,
  type DeviceHistoryPage,
  type OverduePmPage,
  type PmComplianceResponse,
  type PmPlanCreatedResponse,
  type PmPlanDto,
  type PmPlanListResponse,
  type TaskCreatedResponse,
  type TaskDetail,
  type TaskDto,
  type TaskListResponse,
  type UnplannedDevicesPage,
} from '@caliber/contracts';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { TasksClient } from './tasks.client';

/**
 * Tasks over HTTP. Bodies and queries are validated here with the contract's schemas (400 with a
 * message); the maintenance service checks them again and enforces the task rules by role.
 */
@Controller('tasks')
export class TasksController {
  constructor(private readonly tasks: TasksClient) {}

  @Get()
  list(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(listTasksQuerySchema)) query: z.output<typeof listTasksQuerySchema>,
  ): Promise<TaskListResponse> {
    return this.tasks.list(session, query);
  }

  @Get(':id')
  get(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<TaskDetail> {
    return this.tasks.get(session, id);
  }

  @ChangesDashboardFigures()
  @Post()
  @HttpCode(201)
  create(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(createTaskSchema)) data: z.output<typeof createTaskSchema>,
  ): Promise<TaskCreatedResponse> {
    return this.tasks.create(session, data);
  }

  @ChangesDashboardFigures()
  @Put(':id')
  update(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(updateTaskSchema)) data: z.input<typeof updateTaskSchema>,
  ): Promise<TaskDto> {
    return this.tasks.update(session, id, data);
  }

  @ChangesDashboardFigures()
  @Put(':id/status')
  changeStatus(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(changeTaskStatusSchema)) data: z.input<typeof changeTaskStatusSchema>,
  ): Promise<TaskDto> {
    return this.tasks.changeStatus(session, id, data);
  }

  @Put(':id/work')
  recordWork(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(recordWorkSchema)) data: z.input<typeof recordWorkSchema>,
  ): Promise<TaskDto> {
    return this.tasks.recordWork(session, id, data);
  }

  /** No body, or `{version}`: the spec's call sends none; the task screens send the version they show. */
  @ChangesDashboardFigures()
  @Put(':id/certify')
  certify(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<TaskDto> {
    const empty = body === undefined || (isPlainObject(body) && Object.keys(body).length === 0);
    const data = empty ? {} : new ZodBodyPipe(certifyTaskSchema).transform(body);
    return this.tasks.certify(session, id, data);
  }

  @ChangesDashboardFigures()
  @Delete(':id')
  delete(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<{ _id: string }> {
    return this.tasks.delete(session, id);
  }
}

/**
 * Report Issue (anyone signed in); PM plans: scheduling, changing and retiring them are for
 * Engineers and Admins, reading them and the PM compliance figures and lists for anyone signed in.
 */
@Controller('maintenance')
export class MaintenanceController {
  constructor(private readonly tasks: TasksClient) {}

  @ChangesDashboardFigures()
  @Post('schedule')
  @HttpCode(201)
  schedule(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(createPmPlanSchema)) data: z.output<typeof createPmPlanSchema>,
  ): Promise<PmPlanCreatedResponse> {
    return this.tasks.createPlan(session, data);
  }

  @ChangesDashboardFigures()
  @Post('report')
  @HttpCode(201)
  reportIssue(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(reportIssueSchema)) data: z.output<typeof reportIssueSchema>,
  ): Promise<TaskCreatedResponse> {
    return this.tasks.reportIssue(session, data);
  }

  @Get('compliance')
  compliance(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(complianceQuerySchema)) query: z.output<typeof complianceQuerySchema>,
  ): Promise<PmComplianceResponse> {
    return this.tasks.compliance(session, query);
  }

  @Get('compliance/overdue')
  complianceOverdue(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(complianceListQuerySchema)) query: z.output<typeof complianceListQuerySchema>,
  ): Promise<OverduePmPage> {
    return this.tasks.complianceOverdue(session, query);
  }

  @Get('compliance/unplanned')
  complianceUnplanned(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(complianceListQuerySchema)) query: z.output<typeof complianceListQuerySchema>,
  ): Promise<UnplannedDevicesPage> {
    return this.tasks.complianceUnplanned(session, query);
  }

  @Get('plans')
  plans(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(listPmPlansQuerySchema)) query: z.output<typeof listPmPlansQuerySchema>,
  ): Promise<PmPlanListResponse> {
    return this.tasks.listPlans(session, query);
  }

  @Get('plans/:id')
  plan(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<PmPlanDto> {
    return this.tasks.getPlan(session, id);
  }

  @ChangesDashboardFigures()
  @Put('plans/:id')
  updatePlan(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(updatePmPlanSchema)) data: z.input<typeof updatePmPlanSchema>,
  ): Promise<PmPlanDto> {
    return this.tasks.updatePlan(session, id, data);
  }

  @ChangesDashboardFigures()
  @Put('plans/:id/retire')
  retirePlan(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(retirePmPlanSchema)) data: z.input<typeof retirePmPlanSchema>,
  ): Promise<PmPlanDto> {
    return this.tasks.retirePlan(session, id, data);
  }
}

/**
 * A device's maintenance history, which the maintenance service keeps: its tasks, newest first,
 * for anyone signed in (read-only). It sits beside the device's other paths.
 */
@Controller('equipment')
export class DeviceMaintenanceController {
  constructor(private readonly tasks: TasksClient) {}

  @Get(':id/maintenance')
  history(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(deviceHistoryQuerySchema)) query: z.output<typeof deviceHistoryQuerySchema>,
  ): Promise<DeviceHistoryPage> {
    return this.tasks.deviceHistory(session, id, query);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
