import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { digestDepartmentRequestSchema, SUBJECTS, type DigestDepartmentAnswer } from '@caliber/contracts';
import { Command, parsePayload } from '@caliber/service-kit';
import { DigestDepartmentService } from './digest-department.service';

/**
 * `equipment.digest.department`, for the notifying service only (SUBJECT_SENDERS, made from
 * SERVICE_CALLS, lets no other principal's statement through): a department's devices out of
 * service and open recall actions for its people's weekly digest, bounded.
 */
@Controller()
export class DigestDepartmentController {
  constructor(private readonly digest: DigestDepartmentService) {}

  @MessagePattern(SUBJECTS.equipment.digestDepartment)
  department(@Command() data: unknown): Promise<DigestDepartmentAnswer> {
    return this.digest.digest(parsePayload(digestDepartmentRequestSchema, data));
  }
}
