import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  changeFeedRequestSchema,
  SUBJECTS,
  type ActivityChange,
  type ChangeFeedPage,
} from '@caliber/contracts';
import { Command, parsePayload } from '@caliber/service-kit';
import { TaskActivityService } from './task-activity.service';

/**
 * `maintenance.activity.changes`, for the notifying service only: SUBJECT_SENDERS (made from
 * SERVICE_CALLS) lets no other principal's statement through, the gateway's included, so no person
 * reads the audit trail through it.
 */
@Controller()
export class TaskActivityController {
  constructor(private readonly activity: TaskActivityService) {}

  @MessagePattern(SUBJECTS.maintenance.activity)
  changes(@Command() data: unknown): Promise<ChangeFeedPage<ActivityChange>> {
    const request = parsePayload(changeFeedRequestSchema, data);
    return this.activity.changes(request.after, request.limit);
  }
}
