import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isRecordId,
  hasFullAccess,
  withinWard,
  PAGE_SIZES,
  statusChangeRefusal,
  type Actor,
  type EquipmentChanges,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type EquipmentStatus,
  INVENTORY_EXPORT_PAGE_MAX_BYTES,
  type InventoryExportPage,
  type inventoryExportPageSchema,
  type ListEquipmentQuery,
  type NewEquipment,
  type StatusHistoryPage,
  type StatusHistoryQuery,
} from '@caliber/contracts';
import {
  auditActorOf,
  diffFields,
  removedFields,
  ServiceError,
  violatedIndex,
  writeAudit,
} from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { EquipmentEvents } from './equipment-events';
import { EquipmentEntity } from './equipment.entity';
import { filteredItems, filterOptions, pageOf } from './equipment-list.query';
import { EquipmentListCache } from './equipment-list.cache';
import { toEquipmentDto, toStatusHistoryEntry } from './equipment.mapper';
import { StatusHistoryEntity } from './status-history.entity';
import { PmCoverageReplica } from '../risk/pm-coverage.replica';
import { ListsService } from '../lists/lists.service';
import { NO_UDI, refuseUdiSerialMismatch, udiColumns } from './udi-columns';
import { auditRecalls } from '../recalls/recall-audit';
import { lockRecallMatching, recordMatches } from '../recalls/recall-matching';

/** The fields a recall is matched on (the lot and GTIN come from the UDI). */
const RECALL_MATCHED_FIELDS = ['manufacturer', 'model', 'serialNumber', 'lotNumber', 'gtin'] as const;

/** What clinical staff are told of a device outside their ward: as if it were not there. */
const NOT_IN_WARD = 'This equipment is not in your ward’s inventory.';

/** The unique index on lower(serial_number) among items not deleted. */
const SERIAL_NUMBER_INDEX = 'equipment_serial_number_key';
type DescriptiveField =
  | Exclude<keyof EquipmentChanges, 'version' | 'status'>
  | 'gtin'
  | 'lotNumber'
  | 'expiryDate'
  | 'manufactureDate';

/**
 * The inventory's rules, wherever the request comes from:
 * - any signed-in user may add equipment and edit its descriptive fields;
 * - who may set which status is `statusChangeRefusal` of the contracts (retiring a device,
 *   reviving it, and returning it to Serviceable are for Engineers and Admins); deleting is for
 *   Engineers and Admins;
 * - a change that carries the `version` the screen read is refused (409) when the item changed since;
 * - every status an item takes is a status-history row, from its first insert on;
 * - every create, update, status change and delete is audited with the changed values.
 */
@Injectable()
export class EquipmentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EquipmentEvents,
    private readonly coverage: PmCoverageReplica,
    private readonly lists: ListsService,
    private readonly listCache: EquipmentListCache,
  ) {}

  /**
   * `ward`: clinical staff see the devices of the ward they work in only (`wardLimit`): their list
   * is that ward's whatever department it asks for, and its filters offer no other department.
   */
  async list(asked: ListEquipmentQuery, ward: string | null = null): Promise<EquipmentListResponse> {
    if (ward === '') return emptyList(asked);
    // A former name of a department or category (a bookmarked filter) finds what it became.
    const query = {
      ...asked,
      department: await this.lists.filterValue('department', ward ?? asked.department),
      category: await this.lists.filterValue('category', asked.category),
    };
    // "Without a plan" is maintenance's knowledge: bring the local copy up to date first.
    if (query.pmProgram === 'unplanned') await this.coverage.refresh();
    const manager = this.dataSource.manager;
    // A count changes only with a write the inventory announces, except those that depend on
    // maintenance's plans or on recall actions, which are counted each time.
    const count = () => filteredItems(manager, query).getCount();
    const countKept = query.pmProgram !== 'unplanned' && !query.recall;
    const key = JSON.stringify([query.q, query.department, query.status, query.category, query.riskClass]);
    const [items, total, filters] = await Promise.all([
      pageOf(filteredItems(manager, query), query).getMany(),
      countKept ? this.listCache.get(`total:${key}`, count) : count(),
      // Present values change only with a write: read once, then from the cache until a change.
      this.listCache.get('filters', () => filterOptions(manager)),
    ]);
    return {
      equipment: items.map(toEquipmentDto),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
      filters: ward === null ? filters : { ...filters, departments: [ward] },
    };
  }

  /**
   * One page of an export or a sheet of labels: the inventory as filtered, or the devices chosen,
   * in name order from the cursor on. The total is counted on the first page only.
   */
  async exportPage(request: z.output<typeof inventoryExportPageSchema>): Promise<InventoryExportPage> {
    const manager = this.dataSource.manager;
    const builder = request.filters
      ? filteredItems(manager, {
          ...request.filters,
          department: await this.lists.filterValue('department', request.filters.department),
          category: await this.lists.filterValue('category', request.filters.category),
        })
      : manager
          .createQueryBuilder(EquipmentEntity, 'item')
          .where('item.deletedAt IS NULL')
          .andWhere('item.id = ANY(:ids)', { ids: request.ids ?? [] });
    if (request.filters?.pmProgram === 'unplanned') await this.coverage.refresh();
    const total = request.after === null ? await builder.clone().getCount() : 0;
    if (request.after)
      builder.andWhere('(item.name, item.id) > (:afterName, :afterId)', {
        afterName: request.after.name,
        afterId: request.after.id,
      });
    const items = await builder
      .orderBy('item.name', 'ASC')
      .addOrderBy('item.id', 'ASC')
      .limit(request.limit)
      .getMany();
    const devices = items.map(toEquipmentDto);
    const page = leadingWithin(devices, INVENTORY_EXPORT_PAGE_MAX_BYTES);
    const last = page.at(-1);
    // More may follow when the page was cut at its size, or came back as long as asked.
    const more = page.length < devices.length || items.length === request.limit;
    return {
      equipment: page,
      total,
      next: more && last ? { name: last.name, id: last._id } : null,
    };
  }

  /** The item with the newest page of its status history (never all of it: it grows forever). */
  /** `ward`: a clinical caller's ward (`wardLimit`); a device of another ward is not theirs to see (404). */
  async get(id: string, ward: string | null = null): Promise<EquipmentDetail> {
    const item = await this.findLive(this.dataSource.manager, id);
    if (!withinWard(ward, item.department)) throw new ServiceError('NOT_FOUND', NOT_IN_WARD);
    const history = await this.historyPage(id, { page: 1, limit: PAGE_SIZES.statusHistory });
    return { ...toEquipmentDto(item), statusHistory: history.entries, statusHistoryTotal: history.total };
  }

  async history(id: string, query: StatusHistoryQuery): Promise<StatusHistoryPage> {
    await this.findLive(this.dataSource.manager, id);
    return this.historyPage(id, query);
  }

  private async historyPage(id: string, { page, limit }: StatusHistoryQuery): Promise<StatusHistoryPage> {
    const [rows, total] = await this.dataSource.manager.findAndCount(StatusHistoryEntity, {
      where: { equipmentId: id },
      order: { changedAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return {
      entries: rows.map(toStatusHistoryEntry),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / limit)),
      limit,
    };
  }

  async create(actor: Actor, asked: NewEquipment): Promise<EquipmentDto> {
    this.requireRightForStatus(actor, null, asked.status);
    const item = await this.write(async (manager) => {
      // A new device is matched against the open notices: the matching lock first of all.
      await lockRecallMatching(manager);
      const data = {
        ...asked,
        ...(udiColumns(asked.udi) ?? NO_UDI),
        department: await this.lists.valueFor(manager, 'department', asked.department, null),
        category: await this.lists.valueFor(manager, 'category', asked.category, null),
      };
      refuseUdiSerialMismatch(data.udi, data.serialNumber);
      await this.refuseDuplicateSerial(manager, data.serialNumber, null);
      const created = manager.create(EquipmentEntity, {
        ...data,
        createdById: actor._id,
        createdByName: actor.name,
        updatedById: actor._id,
        updatedByName: actor.name,
        deletedAt: null,
        deletedById: null,
      });
      await manager.save(created);
      await this.recordStatus(manager, created.id, null, data.status, actor, 'Added to the inventory');
      // A device added while a recall of its model is open is affected from the start. Matched
      // before any audit row: the notices are locked before the audit chain's head (the lock order
      // of `recordMatches`).
      const matches = await recordMatches(manager, { equipmentIds: [created.id] });
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'equipment',
        entityId: created.id,
        equipmentId: created.id,
        action: 'created',
        changes: diffFields({}, data),
      });
      await auditRecalls(manager, actor, matches.audit);
      return manager.findOneByOrFail(EquipmentEntity, { id: created.id });
    });
    const dto = toEquipmentDto(item);
    await this.events.created({ equipment: dto });
    return dto;
  }

  async update(actor: Actor, id: string, changes: EquipmentChanges): Promise<EquipmentDto> {
    const { version, status, ...asked } = changes;
    const outcome = await this.write(async (manager) => {
      // A change of a matched field matches the device again: the matching lock before its row.
      if (RECALL_MATCHED_FIELDS.some((field) => field in asked) || 'udi' in asked)
        await lockRecallMatching(manager);
      const item = await this.findLive(manager, id, true);
      refuseStale(item, version);
      // A new department or category must be an active entry of its list; one the item carries
      // already stays, retired or not.
      const { udi, ...plain } = asked;
      const fields = {
        ...plain,
        ...udiColumns(udi),
        ...(asked.department !== undefined && {
          department: await this.lists.valueFor(manager, 'department', asked.department, item.department),
        }),
        ...(asked.category !== undefined && {
          category: await this.lists.valueFor(manager, 'category', asked.category, item.category),
        }),
      };
      const next = { ...item, ...fields, status: status ?? item.status };
      refuseUdiSerialMismatch(next.udi, next.serialNumber);
      if (next.warrantyExpiry && next.warrantyExpiry < next.installationDate) {
        throw ServiceError.validation([
          { path: 'warrantyExpiry', message: 'Warranty expiry cannot be before the installation date.' },
        ]);
      }
      if (fields.serialNumber && fields.serialNumber.toLowerCase() !== item.serialNumber.toLowerCase()) {
        await this.refuseDuplicateSerial(manager, fields.serialNumber, item.id);
      }
      this.requireRightForStatus(actor, item.status, next.status);
      const descriptive = diffFields<Record<DescriptiveField, unknown>>(item, fields);
      const statusChanged = next.status !== item.status;
      if (Object.keys(descriptive).length === 0 && !statusChanged)
        return { item, from: null, changed: false };
      await manager.update(EquipmentEntity, item.id, {
        ...fields,
        status: next.status,
        updatedById: actor._id,
        updatedByName: actor.name,
        updatedAt: () => 'now()',
        version: () => '"version" + 1',
      });
      if (statusChanged) await this.recordStatus(manager, item.id, item.status, next.status, actor, null);
      // A device whose matched fields changed is matched against the open recalls again; one that
      // stops matching keeps its actions (it was affected when found). Before any audit row (the
      // lock order of `recordMatches`).
      const matches = RECALL_MATCHED_FIELDS.some((field) => field in descriptive)
        ? await recordMatches(manager, { equipmentIds: [item.id] })
        : null;
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'equipment',
        entityId: item.id,
        equipmentId: item.id,
        action: 'updated',
        changes: statusChanged
          ? { ...descriptive, status: { from: item.status, to: next.status } }
          : descriptive,
      });
      if (matches) await auditRecalls(manager, actor, matches.audit);
      return {
        item: await manager.findOneByOrFail(EquipmentEntity, { id }),
        from: statusChanged ? item.status : null,
        changed: true,
      };
    });
    const dto = toEquipmentDto(outcome.item);
    // A save that changed nothing is announced to no one: every screen already shows it.
    if (!outcome.changed) return dto;
    await this.events.updated({ equipment: dto });
    if (outcome.from) await this.events.statusChanged({ equipment: dto, from: outcome.from, to: dto.status });
    return dto;
  }

  async changeStatus(
    actor: Actor,
    id: string,
    { status, reason, version }: { status: EquipmentStatus; reason?: string; version?: number },
  ): Promise<EquipmentDto> {
    const outcome = await this.write(async (manager) => {
      const item = await this.findLive(manager, id, true);
      refuseStale(item, version);
      this.requireRightForStatus(actor, item.status, status);
      if (item.status === status) return { item, from: null };
      await manager.update(EquipmentEntity, item.id, {
        status,
        updatedById: actor._id,
        updatedByName: actor.name,
        updatedAt: () => 'now()',
        version: () => '"version" + 1',
      });
      await this.recordStatus(manager, item.id, item.status, status, actor, reason || null);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'equipment',
        entityId: item.id,
        equipmentId: item.id,
        action: 'status-changed',
        changes: {
          status: { from: item.status, to: status },
          ...(reason ? { reason: { from: null, to: reason } } : {}),
        },
      });
      return { item: await manager.findOneByOrFail(EquipmentEntity, { id }), from: item.status };
    });
    const dto = toEquipmentDto(outcome.item);
    if (outcome.from) {
      await this.events.updated({ equipment: dto });
      await this.events.statusChanged({ equipment: dto, from: outcome.from, to: dto.status });
    }
    return dto;
  }

  async delete(actor: Actor, id: string): Promise<{ _id: string }> {
    if (!hasFullAccess(actor.role))
      throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may delete equipment.');
    await this.write(async (manager) => {
      const item = await this.findLive(manager, id, true);
      await manager.update(EquipmentEntity, item.id, { deletedAt: () => 'now()', deletedById: actor._id });
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'equipment',
        entityId: item.id,
        equipmentId: item.id,
        action: 'deleted',
        changes: removedFields(toEquipmentDto(item)),
      });
    });
    await this.events.deleted({ _id: id });
    return { _id: id };
  }

  private findLive(manager: EntityManager, id: string, lock = false): Promise<EquipmentEntity> {
    return findLiveItem(manager, id, lock);
  }

  private requireRightForStatus(actor: Actor, from: EquipmentStatus | null, to: EquipmentStatus): void {
    const refusal = statusChangeRefusal(actor.role, from, to);
    if (refusal) throw new ServiceError('FORBIDDEN', refusal);
  }

  private async refuseDuplicateSerial(manager: EntityManager, serialNumber: string, exceptId: string | null) {
    const rows: { name: string }[] = await manager.query(
      `SELECT "name" FROM "equipment"."equipment"
        WHERE lower("serial_number") = lower($1) AND "deleted_at" IS NULL AND ($2::uuid IS NULL OR "id" <> $2)`,
      [serialNumber, exceptId],
    );
    if (rows[0]) throw duplicateSerial(serialNumber, rows[0].name);
  }

  private recordStatus(
    manager: EntityManager,
    equipmentId: string,
    from: EquipmentStatus | null,
    to: EquipmentStatus,
    actor: Actor,
    reason: string | null,
  ) {
    return manager.insert(StatusHistoryEntity, {
      equipmentId,
      fromStatus: from,
      toStatus: to,
      changedById: actor._id,
      changedByName: actor.name,
      reason,
      taskId: null,
    });
  }

  /**
   * One transaction; a race on the serial number's unique index (two adds of one serial at once)
   * still ends as a 409. Any other violation is not a duplicate serial and is not reported as one.
   */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (violatedIndex(error) === SERIAL_NUMBER_INDEX)
        throw new ServiceError('CONFLICT', 'This serial number is already in the inventory.');
      throw error;
    }
  }
}

/** The item if it is in the inventory (not deleted), locked for the transaction when `lock`; else 404. */
export async function findLiveItem(
  manager: EntityManager,
  id: string,
  lock = false,
): Promise<EquipmentEntity> {
  if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', 'This equipment is not in the inventory.');
  const item = await manager.findOne(EquipmentEntity, {
    where: { id },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!item || item.deletedAt) throw new ServiceError('NOT_FOUND', 'This equipment is not in the inventory.');
  return item;
}

/** A change made on a view older than the item (`version` read before someone else's change) is 409. */
/** The list of a clinical caller whose roster entry names no ward: no device. */
function emptyList(query: ListEquipmentQuery): EquipmentListResponse {
  return {
    equipment: [],
    total: 0,
    page: query.page,
    pages: 1,
    limit: query.limit,
    filters: { departments: [], statuses: [], categories: [] },
  };
}

export function refuseStale(item: EquipmentEntity, version: number | undefined): void {
  if (version !== undefined && version !== item.version)
    throw new ServiceError(
      'CONFLICT',
      `${item.name} was changed by someone else since you opened it. Reload it and try again.`,
    );
}

function duplicateSerial(serialNumber: string, name: string): ServiceError {
  return new ServiceError('CONFLICT', `Serial number ${serialNumber} is already in the inventory (${name}).`);
}

/**
 * The first items whose JSON together stays within `maxBytes` (at least one), so an answer of them
 * stays under the bus's payload limit however long their texts are.
 */
export function leadingWithin<T>(items: readonly T[], maxBytes: number): T[] {
  // The array's brackets, then each item and the comma before it.
  let bytes = 2;
  let count = 0;
  for (const item of items) {
    bytes += Buffer.byteLength(JSON.stringify(item)) + (count > 0 ? 1 : 0);
    if (count > 0 && bytes > maxBytes) break;
    count += 1;
  }
  return items.slice(0, count);
}
