import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { digestTasksRequestSchema, SUBJECTS, type DigestTasksAnswer } from '@caliber/contracts';
import { Command, parsePayload } from '@caliber/service-kit';
import { DigestTasksService } from './digest-tasks.service';

/**
 * `maintenance.digest.tasks`, for the notifying service only (SUBJECT_SENDERS, made from
 * SERVICE_CALLS, lets no other principal's statement through): one person's tasks for their
 * weekly digest, bounded.
 */
@Controller()
export class DigestTasksController {
  constructor(private readonly digest: DigestTasksService) {}

  @MessagePattern(SUBJECTS.maintenance.digestTasks)
  tasks(@Command() data: unknown): Promise<DigestTasksAnswer> {
    return this.digest.digest(parsePayload(digestTasksRequestSchema, data));
  }
}
