import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  canonicalRole,
  createUserSchema,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_REPORT_DEFAULTS,
  EVENT_SUBJECTS,
  hasFullAccess,
  listValueRefusal,
  parseWith,
  roleIs,
  type Actor,
  type ListIndex,
  type ResolvableEntry,
  type NewUser,
  type RosterFileRow,
  type RosterImportPreview,
  type RosterImportResult,
  type RosterImportRowResult,
  type UserUpdatedEvent,
} from '@caliber/contracts';
import {
  AuditEntryEntity,
  auditActorOf,
  diffFields,
  publishSignedEvent,
  ServiceError,
  StatementSigner,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { DataSource, In, type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IDENTITY_EVENTS_CLIENT } from '../sessions/sessions-ended.relay';
import { LOGGER } from '../tokens';
import { toE164 } from './phone';
import { UserEntity } from './user.entity';
import { departmentIndex } from '../departments/department-copy';
import { DepartmentsFollower } from '../departments/departments.follower';

/** What a row will do once checked: the person to add, or the fields to change on one. */
type Plan =
  | { kind: 'add'; line: number; user: NewUser }
  | { kind: 'change'; line: number; id: string; fields: Partial<NewUser> }
  | { kind: 'none' };

interface Checked {
  result: RosterImportRowResult;
  plan: Plan;
}

const YES = new Set(['yes', 'y', 'true', '1', 'active']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive']);

/** A yes/no cell: empty keeps the default (or what the person has). */
function flag(value: string, label: string, errors: string[]): boolean | undefined {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  errors.push(`${label} must be Yes or No, not "${value.slice(0, 40)}".`);
  return undefined;
}

/** New people are inserted this many to a statement. */
const INSERT_BATCH = 500;

const CHANGEABLE = ['name', 'email', 'phoneNumber', 'role', 'department', 'isActive', 'preApproved'] as const;

/**
 * Roster import. Each row of the file is checked as Add User checks a person (the same schema,
 * E.164 phones, the department list), against the rest of the file (a service number or e-mail
 * twice) and against the roster (an existing service number is a change to that person; an e-mail
 * of someone else is refused). The roster rules hold as on the Users screen: only an Admin grants
 * or removes the Admin role or changes an Admin, and nobody changes their own role or deactivates
 * themselves. An import never demotes or deactivates an active Admin: that is done one person at a
 * time on the Users screen, where the last-Admin rule is checked.
 *
 * The preview writes nothing. Applying checks the file again, in the transaction that writes it,
 * with the roster's rows of the file's people locked, so what is written is what the check saw;
 * every valid row is written and audited (action `imported`), the refused ones are left out.
 */
@Injectable()
export class RosterImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(IDENTITY_EVENTS_CLIENT) private readonly events: ClientProxy,
    private readonly signer: StatementSigner,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly departments: DepartmentsFollower,
  ) {}

  async preview(actor: Actor, rows: RosterFileRow[]): Promise<RosterImportPreview> {
    refuseManager(actor);
    await this.departments.refresh();
    const checked = await this.check(this.dataSource.manager, actor, rows, false);
    return previewOf(checked);
  }

  async apply(actor: Actor, rows: RosterFileRow[]): Promise<RosterImportResult> {
    refuseManager(actor);
    await this.departments.refresh();
    const { checked, added, changed } = await this.dataSource.transaction(async (manager) => {
      const results = await this.check(manager, actor, rows, true);
      const adds = results.flatMap(({ plan }) => (plan.kind === 'add' ? [plan] : []));
      const addedIds: string[] = [];
      // New people go in a few statements, not one each: a 2,000-row file is applied in seconds.
      for (let start = 0; start < adds.length; start += INSERT_BATCH) {
        const batch = adds.slice(start, start + INSERT_BATCH);
        const inserted = await manager.insert(
          UserEntity,
          batch.map((plan) => ({
            ...plan.user,
            avatar: null,
            notifications: { ...DEFAULT_NOTIFICATION_SETTINGS },
            reportDefaults: { ...DEFAULT_REPORT_DEFAULTS },
            lastLoginAt: null,
            registeredAt: null,
          })),
        );
        const ids = inserted.identifiers.map((identifier) => String(identifier['id']));
        await manager.save(
          batch.map((plan, i) =>
            this.auditRow(manager, actor, ids[i] ?? '', diffFields({}, plan.user), plan.line),
          ),
        );
        addedIds.push(...ids);
      }
      const changedIds: string[] = [];
      for (const { plan } of results) {
        if (plan.kind !== 'change') continue;
        const before = await manager.findOneByOrFail(UserEntity, { id: plan.id });
        await manager.update(UserEntity, plan.id, plan.fields);
        const was = Object.fromEntries(
          Object.keys(plan.fields).map((key) => [key, before[key as keyof UserEntity]]),
        );
        await manager.save(
          this.auditRow(
            manager,
            actor,
            plan.id,
            diffFields<Record<string, unknown>>(was, plan.fields),
            plan.line,
          ),
        );
        changedIds.push(plan.id);
      }
      return { checked: results, added: addedIds, changed: changedIds };
    });
    // Gateways forget what they cached of each person changed. Nobody has anything cached of a new
    // person, so one announcement for all of them is enough for the staff lists to reload.
    const announced = [...changed, ...added.slice(0, changed.length === 0 ? 1 : 0)];
    for (const userId of announced) {
      const event: UserUpdatedEvent = { userId };
      await publishSignedEvent(this.events, this.signer, this.logger, EVENT_SUBJECTS.userUpdated, event);
    }
    const preview = previewOf(checked);
    return { ...preview, applied: { added: preview.summary.add, changed: preview.summary.change } };
  }

  private async check(
    manager: EntityManager,
    actor: Actor,
    rows: RosterFileRow[],
    lock: boolean,
  ): Promise<Checked[]> {
    const numbers = rows.map((row) => row.serviceNumber.trim().toUpperCase()).filter(Boolean);
    const existing = numbers.length
      ? await manager.find(UserEntity, {
          where: { serviceNumber: In(numbers) },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : [];
    const bySerial = new Map(existing.map((user) => [user.serviceNumber, user]));
    const emails = rows.map((row) => row.email.trim().toLowerCase()).filter(Boolean);
    const emailOwners = new Map<string, string>(
      emails.length
        ? (
            (await manager.query(
              `SELECT lower("email") AS "email", "service_number" FROM "identity"."users" WHERE lower("email") = ANY($1)`,
              [emails],
            )) as { email: string; service_number: string }[]
          ).map((row) => [row.email, row.service_number])
        : [],
    );
    const linesOf = (values: string[]) => {
      const lines = new Map<string, number[]>();
      rows.forEach((row, i) => {
        const value = values[i];
        if (value) lines.set(value, [...(lines.get(value) ?? []), row.line]);
      });
      return lines;
    };
    const serialLines = linesOf(rows.map((row) => row.serviceNumber.trim().toUpperCase()));
    const emailLines = linesOf(rows.map((row) => row.email.trim().toLowerCase()));
    const departments = await departmentIndex(manager);
    return rows.map((row) =>
      this.checkRow(actor, row, { bySerial, emailOwners, serialLines, emailLines, departments }),
    );
  }

  private checkRow(actor: Actor, row: RosterFileRow, known: KnownToTheFile): Checked {
    const { bySerial, emailOwners, serialLines, emailLines, departments } = known;
    const errors: string[] = [];
    const serial = row.serviceNumber.trim().toUpperCase();
    const current = bySerial.get(serial) ?? null;
    const isActive = flag(row.active, 'Active', errors);
    const preApproved = flag(row.preApproved, 'May Receive Tasks', errors);
    const role = row.role.trim() ? (canonicalRole(row.role) ?? row.role.trim()) : undefined;
    const parsed = parseWith(createUserSchema, {
      serviceNumber: row.serviceNumber,
      name: row.name,
      email: row.email || null,
      phoneNumber: row.phoneNumber,
      role: role ?? current?.role,
      department: row.department || current?.department,
      isActive: isActive ?? current?.isActive ?? true,
      preApproved: preApproved ?? current?.preApproved ?? false,
    });
    if (!parsed.ok) errors.push(...parsed.issues.map((issue) => issue.message));
    // A department the list knows under any of its names becomes its current name; a retired one
    // only for someone already in it.
    let department: string | null = null;
    if (parsed.ok) {
      const entry = departments.find('department', parsed.value.department);
      const refusal = listValueRefusal(
        'department',
        parsed.value.department,
        entry,
        current?.department ?? null,
      );
      if (refusal) errors.push(refusal);
      else department = entry?.name ?? null;
    }
    let phone: string | null = null;
    if (parsed.ok) {
      try {
        phone = toE164(parsed.value.phoneNumber, this.config.phoneDefaultCountry);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : 'The phone number is not valid.');
      }
    }
    const twice = (lines: number[] | undefined, what: string) => {
      if (lines && lines.length > 1)
        errors.push(`The same ${what} is on lines ${lines.join(', ')} of the file.`);
    };
    twice(serial ? serialLines.get(serial) : undefined, 'service number');
    const email = row.email.trim().toLowerCase();
    twice(email ? emailLines.get(email) : undefined, 'e-mail address');
    const owner = email ? emailOwners.get(email) : undefined;
    if (owner && owner !== serial) errors.push(`The e-mail address ${row.email.trim()} belongs to ${owner}.`);
    const base = { line: row.line, serviceNumber: serial || row.serviceNumber, name: row.name.trim() };
    if (!parsed.ok || phone === null || department === null || errors.length > 0)
      return { result: { ...base, action: 'refused', changes: [], errors }, plan: { kind: 'none' } };
    const user: NewUser = { ...parsed.value, phoneNumber: phone, department };
    const isAdmin = roleIs(actor.role, 'Admin');
    if (!current) {
      if (user.role === 'Admin' && !isAdmin) errors.push('Only an Admin may grant the Admin role.');
      if (errors.length > 0)
        return { result: { ...base, action: 'refused', changes: [], errors }, plan: { kind: 'none' } };
      return {
        result: { ...base, action: 'add', changes: [], errors: [] },
        plan: { kind: 'add', line: row.line, user },
      };
    }
    const fields: Partial<NewUser> = {};
    for (const key of CHANGEABLE) if (user[key] !== current[key]) Object.assign(fields, { [key]: user[key] });
    const changes = Object.keys(fields);
    if (changes.length === 0)
      return { result: { ...base, action: 'unchanged', changes: [], errors: [] }, plan: { kind: 'none' } };
    if ((current.role === 'Admin' || fields.role === 'Admin') && !isAdmin)
      errors.push("Only an Admin may grant or remove the Admin role, or change an Admin's account.");
    if (current.id === actor._id && (fields.role !== undefined || fields.isActive === false))
      errors.push('Nobody changes their own role or deactivates themselves.');
    if (
      current.role === 'Admin' &&
      current.isActive &&
      (fields.role !== undefined || fields.isActive === false)
    )
      errors.push('An Admin is demoted or deactivated on the Users screen, one at a time.');
    if (errors.length > 0)
      return { result: { ...base, action: 'refused', changes, errors }, plan: { kind: 'none' } };
    return {
      result: { ...base, action: 'change', changes, errors: [] },
      plan: { kind: 'change', line: row.line, id: current.id, fields },
    };
  }

  private auditRow(
    manager: EntityManager,
    actor: Actor,
    userId: string,
    changes: Record<string, { from: unknown; to: unknown }>,
    line: number,
  ) {
    const who = auditActorOf(actor);
    return manager.create(AuditEntryEntity, {
      actorId: who.id,
      actorLabel: who.label,
      service: who.service ?? null,
      entity: 'user',
      entityId: userId,
      action: 'imported',
      changes: { ...changes, importLine: { from: null, to: line } },
    });
  }
}

/** What each row is checked against: the roster, the rest of the file, and the department list. */
interface KnownToTheFile {
  bySerial: Map<string, UserEntity>;
  emailOwners: Map<string, string>;
  serialLines: Map<string, number[]>;
  emailLines: Map<string, number[]>;
  departments: ListIndex<ResolvableEntry>;
}

function refuseManager(actor: Actor): void {
  if (!hasFullAccess(actor.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may manage the staff roster.');
}

function previewOf(checked: Checked[]): RosterImportPreview {
  const summary = { add: 0, change: 0, unchanged: 0, refused: 0 };
  for (const { result } of checked) summary[result.action] += 1;
  return { rows: checked.map(({ result }) => result), summary };
}
