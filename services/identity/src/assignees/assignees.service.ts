import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AssigneeDto, AssigneeListResponse, AssigneeQuery } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAssignee(user: UserEntity): AssigneeDto {
  return { _id: user.id, name: user.name, role: user.role, serviceNumber: user.serviceNumber };
}

/**
 * Who may receive tasks: active people with the roster's pre-approved flag, whatever their role.
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
    if (query.approved === 'true') builder.andWhere('user.preApproved = true');
    if (query.q) {
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      builder.andWhere('(user.name ILIKE :pattern OR user.serviceNumber ILIKE :pattern)', { pattern });
    }
    return { technicians: (await builder.getMany()).map(toAssignee) };
  }

  async assignee(id: string): Promise<AssigneeDto> {
    const user = UUID.test(id) ? await this.users.findOneBy({ id }) : null;
    if (!user) throw new ServiceError('VALIDATION_FAILED', 'The assignee is not on the staff roster.');
    if (!user.isActive)
      throw new ServiceError('VALIDATION_FAILED', `${user.name} is deactivated and cannot receive tasks.`);
    if (!user.preApproved)
      throw new ServiceError(
        'VALIDATION_FAILED',
        `${user.name} is not approved to receive tasks. An Engineer can approve them on the staff roster.`,
      );
    return toAssignee(user);
  }
}
