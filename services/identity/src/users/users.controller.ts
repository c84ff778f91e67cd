import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  createUserSchema,
  listUsersQuerySchema,
  ROSTER_IMPORT_MAX_ROWS,
  SUBJECTS,
  updateUserSchema,
  type Actor,
  type RosterImportPreview,
  type RosterImportResult,
  type UserDto,
  type UserListResponse,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { RosterImportService } from './roster-import.service';
import { UsersService } from './users.service';

const byId = z.object({ id: z.string().max(64) });
const cell = z.string().max(300);
const rosterRows = z.object({
  rows: z
    .array(
      z.object({
        line: z.number().int().min(1),
        serviceNumber: cell,
        name: cell,
        email: cell,
        phoneNumber: cell,
        role: cell,
        department: cell,
        active: cell,
        preApproved: cell,
      }),
    )
    .max(ROSTER_IMPORT_MAX_ROWS),
});

/** NATS handlers of the staff roster: who acts comes from the signed statement. */
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly imports: RosterImportService,
  ) {}

  @MessagePattern(SUBJECTS.identity.previewImport)
  previewImport(@Acting() actor: Actor, @Command() data: unknown): Promise<RosterImportPreview> {
    return this.imports.preview(actor, parsePayload(rosterRows, data).rows);
  }

  @MessagePattern(SUBJECTS.identity.applyImport)
  applyImport(@Acting() actor: Actor, @Command() data: unknown): Promise<RosterImportResult> {
    return this.imports.apply(actor, parsePayload(rosterRows, data).rows);
  }

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
