import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  digestTasksRequestSchema,
  pmBecameOverdueRequestSchema,
  SUBJECTS,
  type DigestTasksAnswer,
  type PmBecameOverduePage,
} from '@caliber/contracts';
import { Command, parsePayload } from '@caliber/service-kit';
import { DigestTasksService } from './digest-tasks.service';
import { PmOverdueService } from './pm-overdue.service';

/**
 * `maintenance.digest.tasks`, for the notifying service only (SUBJECT_SENDERS, made from
 * SERVICE_CALLS, lets no other principal's statement through): one person's tasks for their
 * weekly digest, bounded; and `maintenance.pm.became-overdue`, the PM occurrences that fell
 * overdue on a date, paged (the same senders).
 */
@Controller()
export class DigestTasksController {
  constructor(
    private readonly digest: DigestTasksService,
    private readonly pmOverdue: PmOverdueService,
  ) {}

  @MessagePattern(SUBJECTS.maintenance.digestTasks)
  tasks(@Command() data: unknown): Promise<DigestTasksAnswer> {
    return this.digest.digest(parsePayload(digestTasksRequestSchema, data));
  }

  @MessagePattern(SUBJECTS.maintenance.pmBecameOverdue)
  becameOverdue(@Command() data: unknown): Promise<PmBecameOverduePage> {
    return this.pmOverdue.becameOverdue(parsePayload(pmBecameOverdueRequestSchema, data));
  }
}
