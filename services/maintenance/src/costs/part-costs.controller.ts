import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { recordPartCostsSchema, SUBJECTS, type Actor, type TaskDto } from '@caliber/contracts';
import { Acting, Command, idBodyCommand, parsePayload } from '@caliber/service-kit';
import { TasksService } from '../tasks/tasks.service';

/** NATS handler of a task's part costs and suppliers (who may record them: the service). */
@Controller()
export class PartCostsController {
  constructor(private readonly tasks: TasksService) {}

  @MessagePattern(SUBJECTS.maintenance.recordPartCosts)
  record(@Acting() actor: Actor, @Command() data: unknown): Promise<TaskDto> {
    const { id, data: body } = parsePayload(idBodyCommand, data);
    return this.tasks.recordPartCosts(actor, id, parsePayload(recordPartCostsSchema, body));
  }
}
