import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  isRecordId,
  isClinical,
  roleIs,
  type AssigneeDto,
  type StaffStanding,
  type AssigneeListResponse,
  type AssigneeQuery,
} from '@caliber/contracts';
import { containsPattern, ServiceError } from '@caliber/service-kit';
import type { Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity';

function toAssignee(user: UserEntity): AssigneeDto {
  return { _id: user.id, name: user.name, role: user.role, serviceNumber: user.serviceNumber };
}

/**
 * Who may receive tasks: active people with the roster's pre-approved flag, but not Managers (who
 * read tasks and change none) nor clinical staff (who report faults only).
 * The lists feed the assignee selects; `assignee` is the check maintenance makes before it
 * assigns anyone, so a stale screen cannot assign a person who was deactivated meanwhile.
 */
@Injectable()
export class AssigneesService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async list(query: AssigneeQuery): Promise<AssigneeListResponse> {
    const builder = this.users
      .createQueryBuilder('user')
      .where('user.isActive = true')
      .orderBy('user.name', 'ASC')
      .addOrderBy('user.id', 'ASC')
      .take(query.limit);
    // Managers read tasks and change none, and clinical staff only report faults: a task assigned
    // to either could never be worked.
    if (query.approved === 'true')
      builder.andWhere("user.preApproved = true AND user.role NOT IN ('Manager', 'Clinical')");
    if (query.q) {
      const pattern = containsPattern(query.q);
      builder.andWhere('(user.name ILIKE :pattern OR user.serviceNumber ILIKE :pattern)', { pattern });
    }
    return { technicians: (await builder.getMany()).map(toAssignee) };
  }

  /**
   * The person as they are now, or null when they are not (or no longer) on the roster; with
   * whether they confirmed their address, which alone may receive their reports.
   */
  async standing(id: string): Promise<StaffStanding> {
    const user = isRecordId(id) ? await this.users.findOneBy({ id }) : null;
    return {
      person: user
        ? {
            ...toAssignee(user),
            isActive: user.isActive,
            email: user.email,
            emailConfirmed: user.email !== null && user.emailConfirmedAt !== null,
          }
        : null,
    };
  }

  async assignee(id: string): Promise<AssigneeDto> {
    const user = isRecordId(id) ? await this.users.findOneBy({ id }) : null;
    if (!user) throw new ServiceError('VALIDATION_FAILED', 'The assignee is not on the staff roster.');
    if (!user.isActive)
      throw new ServiceError('VALIDATION_FAILED', `${user.name} is deactivated and cannot receive tasks.`);
    if (roleIs(user.role, 'Manager'))
      throw new ServiceError(
        'VALIDATION_FAILED',
        `${user.name} is a Manager: Managers read tasks but do not work them.`,
      );
    if (isClinical(user.role))
      throw new ServiceError(
        'VALIDATION_FAILED',
        `${user.name} is clinical staff: clinical staff report faults but do not work tasks.`,
      );
    if (!user.preApproved)
      throw new ServiceError(
        'VALIDATION_FAILED',
        `${user.name} is not approved to receive tasks. An Engineer can approve them on the staff roster.`,
      );
    return toAssignee(user);
  }
}
