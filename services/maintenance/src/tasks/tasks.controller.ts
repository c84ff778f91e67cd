import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  certifyTaskSchema,
  changeTaskStatusSchema,
  createTaskSchema,
  deviceHistoryQuerySchema,
  listTasksQuerySchema,
  recordWorkSchema,
  reportIssueSchema,
  SUBJECTS,
  updateTaskSchema,
  type Actor,
  type DeviceHistoryPage,
  type TaskCreatedResponse,
  type TaskDetail,
  type TaskDeletedResponse,
  type TaskDto,
  type TaskListResponse,
  type TaskRefAnswer,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { TasksService } from './tasks.service';

/** Any text: an id that is not a UUID names no task, which the service answers with 404. */
const id = z.string().max(64);

/**
 * NATS handlers: each validates its payload with the contract's schema, then calls the service.
 * Who acts comes from the message's signed statement (`@Acting`), never from the payload: the
 * list a Technician gets, and what they may change, follow from it.
 */
@Controller()
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @MessagePattern(SUBJECTS.maintenance.list)
  list(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskListResponse> {
    return this.tasks.list(actor, parsePayload(listTasksQuerySchema, data));
  }

  @MessagePattern(SUBJECTS.maintenance.get)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskDetail> {
    return this.tasks.get(actor, parsePayload(z.object({ id }), data).id);
  }

  /** Anyone signed in: `@Acting` refuses a message that names no person. */
  @MessagePattern(SUBJECTS.maintenance.deviceHistory)
  deviceHistory(@Acting() _actor: Actor, @Command() data: unknown): Promise<DeviceHistoryPage> {
    const command = parsePayload(z.object({ equipmentId: id, query: deviceHistoryQuerySchema }), data);
    return this.tasks.deviceHistory(command.equipmentId, command.query);
  }

  /** For the equipment service only (SUBJECT_SENDERS): a task's device and status, to close a recall action with it. */
  @MessagePattern(SUBJECTS.maintenance.taskRef)
  taskRef(@Command() data: unknown): Promise<TaskRefAnswer> {
    return this.tasks.ref(parsePayload(z.object({ id }), data).id);
  }

  @MessagePattern(SUBJECTS.maintenance.create)
  async create(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskCreatedResponse> {
    const command = parsePayload(z.object({ data: createTaskSchema }), data);
    return { task: await this.tasks.create(actor, command.data) };
  }

  @MessagePattern(SUBJECTS.maintenance.reportIssue)
  async reportIssue(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskCreatedResponse> {
    const command = parsePayload(z.object({ data: reportIssueSchema }), data);
    return { task: await this.tasks.reportIssue(actor, command.data) };
  }

  @MessagePattern(SUBJECTS.maintenance.update)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskDto> {
    const command = parsePayload(z.object({ id, data: updateTaskSchema }), data);
    return this.tasks.update(actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.maintenance.changeStatus)
  changeStatus(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskDto> {
    const command = parsePayload(z.object({ id, data: changeTaskStatusSchema }), data);
    return this.tasks.changeStatus(actor, command.id, command.data.status, command.data.version);
  }

  @MessagePattern(SUBJECTS.maintenance.recordWork)
  recordWork(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskDto> {
    const command = parsePayload(z.object({ id, data: recordWorkSchema }), data);
    return this.tasks.recordWork(actor, command.id, command.data);
  }

  @MessagePattern(SUBJECTS.maintenance.certify)
  certify(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskDto> {
    const command = parsePayload(z.object({ id, data: certifyTaskSchema.default({}) }), data);
    return this.tasks.certify(actor, command.id, command.data.version);
  }

  @MessagePattern(SUBJECTS.maintenance.delete)
  delete(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskDeletedResponse> {
    return this.tasks.delete(actor, parsePayload(z.object({ id }), data).id);
  }
}
