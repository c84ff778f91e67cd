import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AUDIT_READ_REFUSAL,
  auditNamesSchema,
  mayReadAuditTrail,
  SUBJECTS,
  type Actor,
} from '@caliber/contracts';
import { Acting, Command, parsePayload, ServiceError } from '@caliber/service-kit';
import { In, type Repository } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * The names of the people an audit page names (audit rows keep a person's id and service number,
 * not their name, which may change): for the audit viewer's readers only. A person no longer on
 * the roster has no name here; the viewer shows their service number.
 */
@Controller()
export class AuditNamesController {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  @MessagePattern(SUBJECTS.identity.auditNames)
  async names(@Acting() actor: Actor, @Command() data: unknown): Promise<Record<string, string>> {
    if (!mayReadAuditTrail(actor.role)) throw new ServiceError('FORBIDDEN', AUDIT_READ_REFUSAL);
    const { ids } = parsePayload(auditNamesSchema, data);
    if (ids.length === 0) return {};
    const found = await this.users.find({ where: { id: In(ids) }, select: { id: true, name: true } });
    return Object.fromEntries(found.map((user) => [user.id, user.name]));
  }
}
