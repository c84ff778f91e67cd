import type { Actor } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * The signed-in person's own row, locked for a change they make to it: changes of one person take
 * turns, so each decides on what the one before wrote. Gone or deactivated meanwhile: their
 * session has ended.
 */
export async function lockOwnAccount(manager: EntityManager, actor: Actor): Promise<UserEntity> {
  const user = await manager.findOne(UserEntity, {
    where: { id: actor._id },
    lock: { mode: 'pessimistic_write' },
  });
  if (!user || !user.isActive)
    throw new ServiceError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  return user;
}

/** An audit actor for the person acting on their own account, through the service that asked. */
export function ownAuditActor(user: UserEntity, actor: Actor) {
  return { id: user.id, label: user.serviceNumber, service: actor.via };
}
