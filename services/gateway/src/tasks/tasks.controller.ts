import { Body, Controller, Param } from '@nestjs/common';
import { certifyTaskSchema, type TaskDto } from '@caliber/contracts';
import { Operation } from '../api/operation-routes';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { TasksClient } from './tasks.client';
import { TASKS_OPERATIONS } from './tasks.operations';

/**
 * Certifying a task over HTTP, the one task operation with a handler of its own: it takes no body
 * (the spec's call sends none) or `{version}` (the task screens send the version they show), which
 * the body pipe of a forwarded operation, made for bodies that must be there, cannot express. The
 * others are forwarded as declared (`TASKS_OPERATIONS`).
 */
@Controller()
export class TasksController {
  constructor(private readonly tasks: TasksClient) {}

  @Operation(TASKS_OPERATIONS.certifyTask)
  certify(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<TaskDto> {
    const empty = body === undefined || (isPlainObject(body) && Object.keys(body).length === 0);
    const data = empty ? {} : new ZodBodyPipe(certifyTaskSchema).transform(body);
    return this.tasks.certify(session, id, data);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
