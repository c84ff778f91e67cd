import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  LIST_KIND_LABELS,
  LIST_LIMITS,
  listNameLengthRefusal,
  listValueRefusal,
  roleIs,
  isRecordId,
  type Actor,
  type ChangeFeedPage,
  type DepartmentEntryDto,
  type HospitalListsDto,
  type ListEntryChange,
  type ListEntryDto,
  type ListEntryUpdate,
  type ListKind,
  type NewListEntry,
} from '@caliber/contracts';
import { auditActorOf, ServiceError, writeAudit } from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { EquipmentEvents } from '../inventory/equipment-events';
import { ListsRepository, type ListEntryRow } from './lists.repository';

export const LIST_CHANGE_REFUSAL = 'Only Admins may change the hospital lists.';

const LIMIT_OF: Readonly<Record<ListKind, number>> = {
  department: LIST_LIMITS.departments,
  ward: LIST_LIMITS.wards,
  category: LIST_LIMITS.categories,
};

export function toListEntryDto(row: ListEntryRow): ListEntryDto {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    parentId: row.parentId,
    retired: row.retiredAt !== null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    formerNames: row.formerNames.map((old) => ({ name: old.name, until: old.until.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The whole lists as every reader gets them: departments with their wards, and categories. */
export function hospitalLists(rows: readonly ListEntryRow[]): HospitalListsDto {
  const wards = new Map<string, ListEntryDto[]>();
  for (const row of rows)
    if (row.kind === 'ward' && row.parentId)
      wards.set(row.parentId, [...(wards.get(row.parentId) ?? []), toListEntryDto(row)]);
  const departments: DepartmentEntryDto[] = rows
    .filter((row) => row.kind === 'department')
    .map((row) => ({ ...toListEntryDto(row), wards: wards.get(row.id) ?? [] }));
  const categories = rows.filter((row) => row.kind === 'category').map(toListEntryDto);
  return { departments, categories };
}

/** What a refused name says: taken by another entry now, or once. */
function nameTaken(kind: ListKind, name: string, holder: ListEntryRow): ServiceError {
  const label = LIST_KIND_LABELS[kind];
  const current = holder.name.toLowerCase() === name.toLowerCase();
  return new ServiceError(
    'CONFLICT',
    current
      ? `${label} "${holder.name}" is already on the list.`
      : `"${name}" was a name of ${holder.name}: a name stays with the ${label.toLowerCase()} that had it. Choose another name.`,
  );
}

/**
 * The rules of the hospital lists:
 * - everyone signed in reads them; only Admins add, rename, retire and restore entries;
 * - a name (compared without case) belongs to one entry of its list, for good: no entry may take a
 *   name another has or had (a ward's within its department), so an old name always finds its entry;
 * - renaming rewrites the devices carrying any of the entry's names (in this transaction, each with
 *   an audit row); identity and maintenance rewrite their own records from the change feed;
 * - retiring keeps the entry on the records that carry it: only new values must be active;
 * - each list is bounded (`LIST_LIMITS`); every change is audited and announced after commit.
 */
@Injectable()
export class ListsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: ListsRepository,
    private readonly events: EquipmentEvents,
  ) {}

  async lists(): Promise<HospitalListsDto> {
    return hospitalLists(await this.repository.all());
  }

  async add(actor: Actor, entry: NewListEntry): Promise<ListEntryDto> {
    this.requireAdmin(actor);
    const parentId = entry.kind === 'ward' ? (entry.parentId ?? null) : null;
    const added = await this.dataSource.transaction(async (manager) => {
      await this.repository.lockLists(manager);
      if (parentId) await this.department(manager, parentId);
      const limit = LIMIT_OF[entry.kind];
      if ((await this.repository.count(manager, entry.kind)) >= limit)
        throw new ServiceError(
          'UNPROCESSABLE',
          `The list of ${entry.kind === 'category' ? 'categories' : `${entry.kind}s`} holds the most it may: ${limit} entries, retired ones included (they stay on the records that carry them).`,
        );
      const holder = await this.repository.findByName(manager, entry.kind, entry.name, parentId);
      if (holder) throw nameTaken(entry.kind, entry.name, holder);
      const id = await this.repository.insert(manager, entry.kind, entry.name, parentId);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'list_entry',
        entityId: id,
        action: 'added',
        changes: {
          kind: { from: null, to: entry.kind },
          name: { from: null, to: entry.name },
          ...(parentId ? { parentId: { from: null, to: parentId } } : {}),
        },
      });
      return this.found(manager, id);
    });
    await this.events.listsChanged({ kind: added.kind });
    return toListEntryDto(added);
  }

  async update(actor: Actor, id: string, change: ListEntryUpdate): Promise<ListEntryDto> {
    this.requireAdmin(actor);
    const outcome = await this.dataSource.transaction(async (manager) => {
      await this.repository.lockLists(manager);
      const entry = await this.found(manager, id, true);
      if (change.version !== entry.version)
        throw new ServiceError(
          'CONFLICT',
          `${entry.name} was changed by someone else since you opened it. Reload the list and try again.`,
        );
      let changed = false;
      if (change.name !== undefined && change.name !== entry.name) {
        await this.rename(manager, actor, entry, change.name);
        changed = true;
      }
      if (change.retired !== undefined && change.retired !== (entry.retiredAt !== null)) {
        await this.repository.setRetired(manager, entry.id, change.retired);
        await writeAudit(manager, {
          actor: auditActorOf(actor),
          entity: 'list_entry',
          entityId: entry.id,
          action: change.retired ? 'retired' : 'restored',
          changes: { retired: { from: !change.retired, to: change.retired } },
        });
        changed = true;
      }
      return { entry: await this.found(manager, entry.id), changed };
    });
    if (outcome.changed) await this.events.listsChanged({ kind: outcome.entry.kind });
    return toListEntryDto(outcome.entry);
  }

  private async rename(
    manager: EntityManager,
    actor: Actor,
    entry: ListEntryRow,
    name: string,
  ): Promise<void> {
    const tooLong = listNameLengthRefusal(entry.kind, name);
    if (tooLong) throw ServiceError.validation([{ path: 'name', message: tooLong }]);
    const holder = await this.repository.findByName(manager, entry.kind, name, entry.parentId, entry.id);
    if (holder) throw nameTaken(entry.kind, name, holder);
    // Each rename keeps a former name, and every reader gets them all: they are bounded together.
    const returning = entry.formerNames.some((old) => old.name === name);
    if (!returning && (await this.repository.formerNameCount(manager)) >= LIST_LIMITS.formerNames)
      throw new ServiceError(
        'UNPROCESSABLE',
        `The lists keep at most ${LIST_LIMITS.formerNames} former names in all, and have that many: ${entry.name} cannot be renamed.`,
      );
    const department = entry.parentId ? (await this.department(manager, entry.parentId, false)).name : null;
    await this.repository.rename(manager, entry, name);
    const oldNames = [entry.name, ...entry.formerNames.map((old) => old.name)];
    const devices = await this.repository.renameOnDevices(
      manager,
      entry.kind,
      oldNames,
      name,
      auditActorOf(actor),
      department,
    );
    await writeAudit(manager, {
      actor: auditActorOf(actor),
      entity: 'list_entry',
      entityId: entry.id,
      action: 'renamed',
      changes: { name: { from: entry.name, to: name }, devicesRenamed: { from: null, to: devices } },
    });
  }

  /**
   * The name a device stores for `name` in a list: the entry's current name. Refused (400, on the
   * field) when the list has no such entry, or when it is retired and the device does not carry it
   * already (`kept`).
   */
  async valueFor(
    manager: EntityManager,
    kind: 'department' | 'category',
    name: string,
    kept: string | null,
  ): Promise<string> {
    await this.repository.lockForReading(manager);
    const entry = await this.repository.findByName(manager, kind, name, null);
    const refusal = listValueRefusal(
      kind,
      name,
      entry ? { ...entry, retired: entry.retiredAt !== null } : undefined,
      kept,
    );
    if (refusal || !entry) throw ServiceError.validation([{ path: kind, message: refusal ?? '' }]);
    return entry.name;
  }

  /** The current name of a list value a filter names (an old name finds its entry), else as given. */
  async filterValue(kind: 'department' | 'category', name: string): Promise<string> {
    if (!name) return name;
    const entry = await this.repository.findByName(this.dataSource.manager, kind, name, null);
    return entry?.name ?? name;
  }

  changes(after: string, limit: number): Promise<ChangeFeedPage<ListEntryChange>> {
    return this.repository.changes(after, limit);
  }

  private requireAdmin(actor: Actor): void {
    if (!roleIs(actor.role, 'Admin')) throw new ServiceError('FORBIDDEN', LIST_CHANGE_REFUSAL);
  }

  private async found(manager: EntityManager, id: string, lock = false): Promise<ListEntryRow> {
    const entry = isRecordId(id) ? await this.repository.find(manager, id, lock) : null;
    if (!entry) throw new ServiceError('NOT_FOUND', 'This entry is not on the hospital lists.');
    return entry;
  }

  /** A ward's department: it must be a department, and an active one to take a new ward. */
  private async department(manager: EntityManager, id: string, active = true): Promise<ListEntryRow> {
    const department = isRecordId(id) ? await this.repository.find(manager, id) : null;
    if (!department || department.kind !== 'department')
      throw ServiceError.validation([
        { path: 'parentId', message: 'parentId must be a department from the list.' },
      ]);
    if (active && department.retiredAt)
      throw ServiceError.validation([
        { path: 'parentId', message: `${department.name} is retired: restore it before adding wards.` },
      ]);
    return department;
  }
}
