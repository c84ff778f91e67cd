import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  createUserSchema,
  listUsersQuerySchema,
  SUBJECTS,
  updateUserSchema,
  type Actor,
  type UserDto,
  type UserListResponse,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { UsersService } from './users.service';

const byId = z.object({ id: z.string().max(64) });

/** NATS handlers of the staff roster: who acts comes from the signed statement. */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(SUBJECTS.identity.listUsers)
  list(@Acting() actor: Actor, @Command() data: unknown): Promise<UserListResponse> {
    return this.users.list(actor, parsePayload(z.object({ query: listUsersQuerySchema }), data).query);
  }

  @MessagePattern(SUBJECTS.identity.getUser)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<UserDto> {
    return this.users.get(actor, parsePayload(byId, data).id);
  }

  @MessagePattern(SUBJECTS.identity.createUser)
  create(@Acting() actor: Actor, @Command() data: unknown): Promise<UserDto> {
    return this.users.create(actor, parsePayload(z.object({ data: createUserSchema }), data).data);
  }

  @MessagePattern(SUBJECTS.identity.updateUser)
  update(@Acting() actor: Actor, @Command() data: unknown): Promise<UserDto> {
    const { id, data: changes } = parsePayload(byId.extend({ data: updateUserSchema }), data);
    return this.users.update(actor, id, changes);
  }

  @MessagePattern(SUBJECTS.identity.deleteUser)
  delete(@Acting() actor: Actor, @Command() data: unknown): Promise<{ _id: string }> {
    return this.users.delete(actor, parsePayload(byId, data).id);
  }
}
