import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENT_SUBJECTS,
  hasFullAccess,
  isRecordId,
  roleIs,
  type Actor,
  type ListUsersQuery,
  type NewUser,
  type UserChanges,
  type UserDto,
  type UserListResponse,
  type UserUpdatedEvent,
} from '@caliber/contracts';
import {
  containsPattern,
  auditActorOf,
  diffFields,
  publishSignedEvent,
  ServiceError,
  StatementSigner,
  violatedIndex,
  writeAudit,
  removedFields,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { addStaff } from '../roster/roster';
import { IDENTITY_EVENTS_CLIENT } from '../sessions/sessions-ended.relay';
import { LOGGER } from '../tokens';
import { toE164 } from './phone';
import { UserEntity } from './user.entity';
import { toUserDto } from './user.mapper';
import { departmentIn, departmentIndex } from '../departments/department-copy';
import { DepartmentsFollower } from '../departments/departments.follower';

const NOT_FOUND = 'This person is not on the roster.';
const SORT_COLUMNS: Record<string, string> = {
  name: 'user.name',
  serviceNumber: 'user.serviceNumber',
  role: 'user.role',
  department: 'user.department',
  createdAt: 'user.createdAt',
  lastLoginAt: 'user.lastLoginAt',
};

/** The fields of a person a roster change may touch, as audited. */
const ROSTER_FIELDS = [
  'serviceNumber',
  'name',
  'email',
  'phoneNumber',
  'role',
  'department',
  'isActive',
  'preApproved',
] as const;
type RosterFields = Pick<UserEntity, (typeof ROSTER_FIELDS)[number]>;
const rosterFieldsOf = (user: UserEntity): RosterFields =>
  Object.fromEntries(ROSTER_FIELDS.map((field) => [field, user[field]])) as RosterFields;

/**
 * The staff roster, managed by Engineers and Admins (Managers read it). The rules, all enforced
 * here whatever a screen offers:
 * - nobody changes their own role, or deactivates or deletes themselves (an account locked out by
 *   its own hand would need another manager anyway, and a role is granted, not taken);
 * - only an Admin grants or removes the Admin role, or changes or deletes an Admin's account;
 * - the last active Admin cannot be demoted, deactivated or deleted (the active Admins' rows are
 *   locked while this is checked, so two changes at once cannot both pass);
 * - service numbers and e-mail addresses are unique without regard to case; phones are stored in
 *   E.164 (`toE164`);
 * - deactivating, deleting or changing someone's role ends their sessions at once (a trigger of
 *   the users table does it in the same transaction, and announces it to every gateway);
 * - every change is audited with old and new values, and announced so staff lists reload.
 * Deleting takes the person off the roster and sign-in for good; their name stays on the work
 * they did, which the other services keep by name.
 */
@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(IDENTITY_EVENTS_CLIENT) private readonly events: ClientProxy,
    private readonly signer: StatementSigner,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly departments: DepartmentsFollower,
  ) {}

  async list(actor: Actor, query: ListUsersQuery): Promise<UserListResponse> {
    refuseReader(actor);
    const builder = this.dataSource.manager.createQueryBuilder(UserEntity, 'user');
    if (query.q) {
      const pattern = containsPattern(query.q);
      // A phone is searched by its digits, when the search is written as a phone number.
      const digits = /^[\d\s+().-]+$/.test(query.q) ? query.q.replace(/[^\d]/g, '') : '';
      builder.andWhere(
        `(lower(user.name) LIKE :pattern OR lower(user.serviceNumber) LIKE :pattern
          OR lower(coalesce(user.email, '')) LIKE :pattern
          ${digits.length >= 3 ? 'OR user.phoneNumber LIKE :digits' : ''})`,
        { pattern, digits: `%${digits}%` },
      );
    }
    if (query.role) builder.andWhere('user.role = :role', { role: query.role });
    if (query.department) builder.andWhere('user.department = :department', { department: query.department });
    if (query.active !== null) builder.andWhere('user.isActive = :active', { active: query.active });
    const column = SORT_COLUMNS[query.sort.replace(/^-/, '')] ?? 'user.name';
    builder.orderBy(column, query.sort.startsWith('-') ? 'DESC' : 'ASC', 'NULLS LAST');
    // Ties go by name, then id. TypeORM keeps one direction per column, so a tie-break on the
    // sorted column itself would replace its direction: sorting by name needs no name tie-break.
    if (column !== 'user.name') builder.addOrderBy('user.name', 'ASC');
    const [users, total] = await builder
      .addOrderBy('user.id', 'ASC')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getManyAndCount();
    const dtos = users.map(toUserDto);
    return {
      users: dtos,
      data: dtos,
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  async get(actor: Actor, id: string): Promise<UserDto> {
    refuseReader(actor);
    return toUserDto(await this.find(this.dataSource.manager, id));
  }

  async create(actor: Actor, data: NewUser): Promise<UserDto> {
    refuseManager(actor);
    if (data.role === 'Admin' && !roleIs(actor.role, 'Admin')) throw adminOnly();
    // The department is checked against the list as it stands now.
    await this.departments.refresh();
    const user = await this.guardUnique(() =>
      this.dataSource.transaction((manager) =>
        addStaff(manager, data, auditActorOf(actor), this.config.phoneDefaultCountry),
      ),
    );
    await this.announce(user.id);
    return toUserDto(user);
  }

  async update(actor: Actor, id: string, changes: UserChanges): Promise<UserDto> {
    refuseManager(actor);
    const { version, ...sent } = changes;
    const fields = Object.fromEntries(
      Object.entries(sent).filter(([, value]) => value !== undefined),
    ) as Partial<Omit<UserChanges, 'version'>>;
    if (fields.phoneNumber) fields.phoneNumber = toE164(fields.phoneNumber, this.config.phoneDefaultCountry);
    if (fields.department !== undefined) await this.departments.refresh();
    const { user, changed } = await this.guardUnique(() =>
      this.dataSource.transaction(async (manager) => {
        const target = await this.lockTarget(
          manager,
          id,
          (found) =>
            found.role === 'Admin' &&
            ((fields.role !== undefined && fields.role !== 'Admin') || fields.isActive === false),
        );
        if (version !== undefined && version !== target.version)
          throw new ServiceError(
            'CONFLICT',
            'This person was changed by someone else. Reload and try again.',
          );
        const roleChanges = fields.role !== undefined && fields.role !== target.role;
        const deactivates = fields.isActive === false && target.isActive;
        if (target.id === actor._id) {
          if (roleChanges) throw new ServiceError('FORBIDDEN', 'You cannot change your own role.');
          if (deactivates) throw new ServiceError('FORBIDDEN', 'You cannot deactivate yourself.');
        }
        if (
          roleChanges &&
          (target.role === 'Admin' || fields.role === 'Admin') &&
          !roleIs(actor.role, 'Admin')
        )
          throw adminOnly();
        if (target.role === 'Admin' && !roleIs(actor.role, 'Admin'))
          throw new ServiceError('FORBIDDEN', "Only an Admin may change an Admin's account.");
        if (target.role === 'Admin' && target.isActive && (roleChanges || deactivates))
          refuseLastAdmin(await activeAdmins(manager), 'demoted or deactivated');
        // A new department must be an active one of the list; the person's own stays, retired or not.
        if (fields.department !== undefined)
          fields.department = departmentIn(
            await departmentIndex(manager),
            fields.department,
            target.department,
          );
        await refuseTaken(manager, target.id, fields);
        const before = rosterFieldsOf(target);
        const after = { ...before, ...fields };
        const diff = diffFields<RosterFields>(before, after);
        if (Object.keys(diff).length === 0) return { user: target, changed: false };
        await manager.update(UserEntity, target.id, fields);
        await writeAudit(manager, {
          actor: auditActorOf(actor),
          entity: 'user',
          entityId: target.id,
          action: 'updated',
          changes: diff,
        });
        return { user: await manager.findOneByOrFail(UserEntity, { id: target.id }), changed: true };
      }),
    );
    if (changed) await this.announce(user.id);
    return toUserDto(user);
  }

  async delete(actor: Actor, id: string): Promise<{ _id: string }> {
    refuseManager(actor);
    const removed = await this.dataSource.transaction(async (manager) => {
      const target = await this.lockTarget(manager, id, (found) => found.role === 'Admin');
      if (target.id === actor._id) throw new ServiceError('FORBIDDEN', 'You cannot delete yourself.');
      if (target.role === 'Admin' && !roleIs(actor.role, 'Admin'))
        throw new ServiceError('FORBIDDEN', "Only an Admin may delete an Admin's account.");
      if (target.role === 'Admin' && target.isActive) refuseLastAdmin(await activeAdmins(manager), 'deleted');
      // The trigger of the users table ends the person's sessions in this transaction.
      await manager.delete(UserEntity, target.id);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'user',
        entityId: target.id,
        action: 'deleted',
        changes: removedFields(rosterFieldsOf(target)),
      });
      return target.id;
    });
    await this.announce(removed);
    return { _id: removed };
  }

  /**
   * The person to change, locked. A change that may take away an active Admin first locks every
   * active Admin's row, in one order, and only then the person: two Admins demoting each other at
   * once then take turns (the second finds the first's change) instead of deadlocking.
   */
  private async lockTarget(
    manager: EntityManager,
    id: string,
    mayRemoveAdmin: (found: UserEntity) => boolean,
  ): Promise<UserEntity> {
    const found = await this.find(manager, id);
    if (mayRemoveAdmin(found)) await activeAdmins(manager);
    return this.find(manager, id, true);
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<UserEntity> {
    const user = isRecordId(id)
      ? await manager.findOne(UserEntity, {
          where: { id },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!user) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    return user;
  }

  /** A check made before the write can lose a race with another request; the indexes decide then. */
  private async guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const index = violatedIndex(error);
      if (index === 'users_email_key')
        throw new ServiceError('CONFLICT', 'This e-mail address is already in use.');
      if (index) throw new ServiceError('CONFLICT', 'This service number is already on the roster.');
      throw error;
    }
  }

  /** Every gateway drops what it cached of the person, and staff lists reload. */
  private async announce(userId: string): Promise<void> {
    const event: UserUpdatedEvent = { userId };
    await publishSignedEvent(this.events, this.signer, this.logger, EVENT_SUBJECTS.userUpdated, event);
  }
}

function refuseReader(actor: Actor): void {
  if (!hasFullAccess(actor.role) && !roleIs(actor.role, 'Manager'))
    throw new ServiceError('FORBIDDEN', 'Only Engineers, Admins and Managers may see the staff roster.');
}

function refuseManager(actor: Actor): void {
  if (!hasFullAccess(actor.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may manage the staff roster.');
}

function adminOnly(): ServiceError {
  return new ServiceError('FORBIDDEN', 'Only an Admin may grant or remove the Admin role.');
}

/** Locks the active Admins' rows, in id order, and answers how many there are. */
async function activeAdmins(manager: EntityManager): Promise<number> {
  const admins: unknown[] = await manager.query(
    `SELECT "id" FROM "identity"."users" WHERE "role" = 'Admin' AND "is_active" ORDER BY "id" FOR UPDATE`,
  );
  return admins.length;
}

function refuseLastAdmin(count: number, what: string): void {
  if (count <= 1)
    throw new ServiceError('CONFLICT', `The last active Admin cannot be ${what}: make another Admin first.`);
}

/** Service numbers and e-mail addresses belong to one person each, whatever their case. */
async function refuseTaken(
  manager: EntityManager,
  id: string,
  fields: { serviceNumber?: string; email?: string | null },
): Promise<void> {
  if (fields.serviceNumber) {
    const taken: unknown[] = await manager.query(
      `SELECT 1 FROM "identity"."users" WHERE upper("service_number") = upper($1) AND "id" <> $2`,
      [fields.serviceNumber, id],
    );
    if (taken.length > 0)
      throw new ServiceError('CONFLICT', `Service number ${fields.serviceNumber} is already on the roster.`);
  }
  if (fields.email) {
    const taken: unknown[] = await manager.query(
      `SELECT 1 FROM "identity"."users" WHERE lower("email") = lower($1) AND "id" <> $2`,
      [fields.email, id],
    );
    if (taken.length > 0)
      throw new ServiceError('CONFLICT', `The e-mail address ${fields.email} is already in use.`);
  }
}
