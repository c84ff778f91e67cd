import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  hasFullAccess,
  isRecordId,
  recallMatches,
  RECALL_LIMITS,
  RECALL_REPORT_ACTION_ROWS,
  RECALL_REPORT_NOTICE_ROWS,
  wholeModelWarning,
  type Actor,
  type CloseRecall,
  type CloseRecallAction,
  type DeviceRecallsResponse,
  type EquipmentStatus,
  type ListRecallActionsQuery,
  type ListRecallsQuery,
  type RecallActionDto,
  type RecallActionsPage,
  type RecallDto,
  type RecallFigures,
  type RecallListResponse,
  type RecallNotice,
  type RecallNoticeUpdate,
  type RecallPreview,
  type RecallReportFigures,
  type RecallSource,
  type RecallState,
  type RecallSummaryDto,
  type ReportScope,
  type SerialRange,
} from '@caliber/contracts';
import { diffFields, ServiceError, violatedIndex, type FieldChange } from '@caliber/service-kit';
import { DataSource, In, type EntityManager } from 'typeorm';
import { EquipmentEntity } from '../inventory/equipment.entity';
import { EquipmentEvents } from '../inventory/equipment-events';
import { toEquipmentDto } from '../inventory/equipment.mapper';
import { MaintenancePeer } from '../peers/peers.client';
import { RECALL_REFERENCE_INDEX } from '../migrations/1766010000000-recall-reference-once';
import { auditRecalls, type RecallAuditEntry } from './recall-audit';
import {
  lockRecallMatching,
  noticeKeys,
  previewMatches,
  recordMatches,
  type NoticeKeys,
} from './recall-matching';

const NOTICES = '"equipment"."recall_notices"';
const ACTIONS = '"equipment"."recall_actions"';

/** More devices changed at once than this are announced as one reload, not one event each. */
const EVENTS_PER_CHANGE = 50;

interface NoticeRow {
  id: string;
  source: RecallSource;
  sourceReference: string;
  title: string;
  manufacturer: string;
  models: string[];
  serialNumbers: string[];
  serialRanges: SerialRange[];
  lotNumbers: string[];
  udiDi: string | null;
  hazard: string;
  actionRequired: string;
  publishedOn: string;
  state: RecallState;
  affected: number;
  closed: number;
  createdAt: Date;
  closedAt: Date | null;
  closingDecision: string | null;
  duplicateOf: string | null;
  createdById: string | null;
  createdByName: string | null;
  updatedById: string | null;
  updatedByName: string | null;
  version: number;
}

const NOTICE_COLUMNS = `n."id", n."source", n."source_reference" AS "sourceReference", n."title", n."manufacturer",
  n."models", n."serial_numbers" AS "serialNumbers", n."serial_ranges" AS "serialRanges", n."lot_numbers" AS "lotNumbers",
  n."udi_di" AS "udiDi", n."hazard", n."action_required" AS "actionRequired",
  to_char(n."published_on", 'YYYY-MM-DD') AS "publishedOn", n."state", n."affected", n."closed",
  n."created_at" AS "createdAt", n."closed_at" AS "closedAt", n."closing_decision" AS "closingDecision",
  n."duplicate_of" AS "duplicateOf", n."created_by_id" AS "createdById",
  n."created_by_name" AS "createdByName", n."updated_by_id" AS "updatedById", n."updated_by_name" AS "updatedByName",
  n."version"`;

interface ActionRow {
  id: string;
  recallId: string;
  equipmentId: string;
  name: string;
  serialNumber: string;
  manufacturer: string;
  model: string;
  lotNumber: string | null;
  gtin: string | null;
  department: string;
  status: EquipmentStatus;
  deleted: boolean;
  matched: RecallActionDto['matched'];
  foundAt: Date;
  state: RecallState;
  closedWith: 'task' | 'decision' | null;
  taskId: string | null;
  decision: string | null;
  closedAt: Date | null;
  closedById: string | null;
  closedByName: string | null;
  version: number;
}

const ACTION_SELECT = `SELECT a."id", a."recall_id" AS "recallId", a."equipment_id" AS "equipmentId", e."name",
    e."serial_number" AS "serialNumber", e."manufacturer", e."model", e."lot_number" AS "lotNumber", e."gtin",
    e."department", e."status", e."deleted_at" IS NOT NULL AS "deleted", a."matched", a."found_at" AS "foundAt",
    a."state", a."closed_with" AS "closedWith", a."task_id" AS "taskId", a."decision", a."closed_at" AS "closedAt",
    a."closed_by_id" AS "closedById", a."closed_by_name" AS "closedByName", a."version"
  FROM ${ACTIONS} a JOIN "equipment"."equipment" e ON e."id" = a."equipment_id"`;

const userRef = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);

function toSummary(row: NoticeRow): RecallSummaryDto {
  return {
    _id: row.id,
    source: row.source,
    sourceReference: row.sourceReference,
    title: row.title,
    manufacturer: row.manufacturer,
    models: row.models,
    publishedOn: row.publishedOn,
    state: row.state,
    affected: row.affected,
    closed: row.closed,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
  };
}

function toRecall(row: NoticeRow): RecallDto {
  return {
    ...toSummary(row),
    serialNumbers: row.serialNumbers,
    serialRanges: row.serialRanges,
    lotNumbers: row.lotNumbers,
    udiDi: row.udiDi,
    hazard: row.hazard,
    actionRequired: row.actionRequired,
    createdBy: userRef(row.createdById, row.createdByName),
    updatedBy: userRef(row.updatedById, row.updatedByName),
    closingDecision: row.closingDecision,
    duplicateOf: row.duplicateOf,
    version: row.version,
  };
}

function toAction(row: ActionRow, notice: RecallNotice | null): RecallActionDto {
  return {
    _id: row.id,
    recallId: row.recallId,
    device: {
      _id: row.equipmentId,
      name: row.name,
      serialNumber: row.serialNumber,
      model: row.model,
      department: row.department,
      status: row.status,
      present: !row.deleted,
    },
    matched: row.matched,
    stillMatches:
      !row.deleted &&
      (notice === null ||
        recallMatches(notice, {
          manufacturer: row.manufacturer,
          model: row.model,
          serialNumber: row.serialNumber,
          lotNumber: row.lotNumber,
          gtin: row.gtin,
        })),
    foundAt: row.foundAt.toISOString(),
    state: row.state,
    closedWith: row.closedWith,
    taskId: row.taskId,
    decision: row.decision,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    closedBy: userRef(row.closedById, row.closedByName),
    version: row.version,
  };
}

/** The notice's criteria as the matching function takes them. */
function criteriaOf(row: NoticeRow): RecallNotice {
  return {
    source: row.source,
    sourceReference: row.sourceReference,
    title: row.title,
    manufacturer: row.manufacturer,
    models: row.models,
    serialNumbers: row.serialNumbers,
    serialRanges: row.serialRanges,
    lotNumbers: row.lotNumbers,
    udiDi: row.udiDi,
    hazard: row.hazard,
    actionRequired: row.actionRequired,
    publishedOn: row.publishedOn,
  };
}

const notFound = () => new ServiceError('NOT_FOUND', 'This recall is not on record.');

/** The notice that records a source's reference, as a 409 names it. */
interface RecordedNotice {
  id: string;
  source: RecallSource;
  sourceReference: string;
  title: string;
}

/**
 * A second record of a notice already recorded (a retry after an answer that was lost, or the same
 * letter typed in twice): refused, naming the notice on record and carrying its id so the screen
 * can open it.
 */
function alreadyRecorded(existing: RecordedNotice, editing: boolean): ServiceError {
  const message = `${existing.source} ${existing.sourceReference} is already recorded as "${existing.title}" (recall ${existing.id}): ${
    editing
      ? 'a source reference names one notice.'
      : 'open that recall rather than recording the notice again.'
  }`;
  return new ServiceError(
    'CONFLICT',
    message,
    [{ path: 'sourceReference', message }],
    undefined,
    existing.id,
  );
}
const actionNotFound = () =>
  new ServiceError('NOT_FOUND', 'This device is not among the recall’s affected devices.');

function requireFullAccess(actor: Actor, what: string): void {
  if (!hasFullAccess(actor.role))
    throw new ServiceError('FORBIDDEN', `Only Engineers and Admins may ${what}.`);
}

/**
 * Recalls and field safety notices:
 * - everyone signed in reads them; Engineers and Admins record, edit and close (403 otherwise);
 * - a notice is matched against the inventory when it is saved or edited (one statement), and every
 *   device added, imported or changed later is matched against the open notices in its own write's
 *   transaction (`recordMatches`, called by the inventory and the import);
 * - an action closes with a completed task on its device, or a written decision of at least a
 *   sentence; a notice whose actions are all closed is closed;
 * - every write is audited (`auditRecalls`) in its transaction, with old and new values.
 */
/**
 * A notice's stored columns with their matching keys, in the order the INSERT and the UPDATE of a
 * notice list them (source … published on), so the two cannot disagree.
 */
function noticeColumns(notice: RecallNotice, keys: NoticeKeys): unknown[] {
  return [
    notice.source,
    notice.sourceReference,
    notice.title,
    notice.manufacturer,
    keys.manufacturerKey,
    JSON.stringify(notice.models),
    keys.modelKeys,
    JSON.stringify(notice.serialNumbers),
    keys.serialKeys,
    JSON.stringify(notice.serialRanges),
    JSON.stringify(keys.rangeKeys),
    JSON.stringify(notice.lotNumbers),
    keys.lotKeys,
    notice.udiDi,
    notice.hazard,
    notice.actionRequired,
    notice.publishedOn,
  ];
}

@Injectable()
export class RecallsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EquipmentEvents,
    private readonly maintenance: MaintenancePeer,
  ) {}

  async list(query: ListRecallsQuery): Promise<RecallListResponse> {
    const where = query.state ? `WHERE n."state" = $3` : '';
    const params: unknown[] = [
      query.limit,
      (query.page - 1) * query.limit,
      ...(query.state ? [query.state] : []),
    ];
    const [rows, counts] = await Promise.all([
      this.dataSource.query(
        `SELECT ${NOTICE_COLUMNS} FROM ${NOTICES} n ${where}
          ORDER BY (n."state" = 'open') DESC, n."published_on" DESC, n."created_at" DESC, n."id"
          LIMIT $1 OFFSET $2`,
        params,
      ) as Promise<NoticeRow[]>,
      this.dataSource.query(
        `SELECT (SELECT count(*)::int FROM ${NOTICES} n ${where.replace('$3', '$1')}) AS "total",
                (SELECT count(*)::int FROM ${NOTICES} WHERE "state" = 'open') AS "open",
                (SELECT count(*)::int FROM ${ACTIONS} WHERE "state" = 'open') AS "openActions"`,
        query.state ? [query.state] : [],
      ) as Promise<[{ total: number; open: number; openActions: number }]>,
    ]);
    const [{ total, open, openActions }] = counts;
    return {
      recalls: rows.map(toSummary),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
      open,
      openActions,
    };
  }

  /** The notice with its counts; its devices are read a page at a time (`actions`). */
  async get(id: string): Promise<RecallDto> {
    return toRecall(await this.findNotice(this.dataSource.manager, id));
  }

  /**
   * One page of the notice's affected devices with their actions: open ones first, then by device
   * name. A whole-model notice finds thousands of devices; no answer carries them all.
   */
  async actions(id: string, { page, limit }: ListRecallActionsQuery): Promise<RecallActionsPage> {
    const notice = await this.findNotice(this.dataSource.manager, id);
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `${ACTION_SELECT} WHERE a."recall_id" = $1
          ORDER BY (a."state" = 'open') DESC, e."name", a."id" LIMIT $2 OFFSET $3`,
        [notice.id, limit, (page - 1) * limit],
      ) as Promise<ActionRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS "total" FROM ${ACTIONS} WHERE "recall_id" = $1`, [
        notice.id,
      ]) as Promise<[{ total: number }]>,
    ]);
    const criteria = criteriaOf(notice);
    return {
      actions: rows.map((row) => toAction(row, criteria)),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / limit)),
      limit,
    };
  }

  async preview(actor: Actor, notice: RecallNotice): Promise<RecallPreview> {
    requireFullAccess(actor, 'record recalls');
    const found = await previewMatches(
      this.dataSource.manager,
      noticeKeys(notice),
      RECALL_LIMITS.previewDevices,
    );
    return {
      total: found.total,
      devices: found.devices.map(({ id, ...device }) => ({ _id: id, ...device })),
      warning: wholeModelWarning(notice),
    };
  }

  /**
   * Records a notice and matches it against the inventory, in one transaction. A notice of the
   * same source and reference already on record is refused (409, naming it): the database's
   * unique index decides, so a retry racing its first attempt is refused too.
   */
  async create(actor: Actor, notice: RecallNotice): Promise<RecallDto> {
    requireFullAccess(actor, 'record recalls');
    const { id, devices } = await this.once(notice, null, () =>
      this.dataSource.transaction(async (manager) => {
        // It is matched against the inventory: the matching lock first of all.
        await lockRecallMatching(manager);
        const keys = noticeKeys(notice);
        const [created] = (await manager.query(
          `INSERT INTO ${NOTICES} ("source", "source_reference", "title", "manufacturer", "manufacturer_key", "models",
                "model_keys", "serial_numbers", "serial_keys", "serial_ranges", "range_keys", "lot_numbers", "lot_keys",
                "udi_di", "hazard", "action_required", "published_on", "created_by_id", "created_by_name",
                "updated_by_id", "updated_by_name")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $18, $19)
         RETURNING "id"`,
          [...noticeColumns(notice, keys), actor._id || null, actor.name],
        )) as [{ id: string }];
        const matches = await recordMatches(manager, { recallId: created.id });
        // Last, once every row is locked (the lock order of `recordMatches`).
        await auditRecalls(manager, actor, [
          {
            entity: 'recall',
            entityId: created.id,
            action: 'created',
            changes: diffFields({}, { ...notice }),
          },
          ...matches.audit,
        ]);
        return { id: created.id, devices: matches.devices };
      }),
    );
    await this.announce(devices, id);
    return this.get(id);
  }

  /**
   * An edit of the whole notice, with the version read. The new criteria are matched again: devices
   * they find are added; devices found before keep their actions (they were affected when found).
   * A closed notice stays closed unless the edit finds new devices, which open it again.
   */
  async update(actor: Actor, id: string, asked: RecallNoticeUpdate): Promise<RecallDto> {
    requireFullAccess(actor, 'edit recalls');
    const { version, ...notice } = asked;
    const devices = await this.once(notice, id, () =>
      this.dataSource.transaction(async (manager) => {
        // Matched again against the inventory: the matching lock before the notice's row.
        await lockRecallMatching(manager);
        const before = await this.findNotice(manager, id, true);
        if (before.version !== version)
          throw new ServiceError(
            'CONFLICT',
            'This recall was changed by someone else since you opened it. Reload it and try again.',
          );
        const changes = diffFields<Record<string, unknown>>({ ...criteriaOf(before) }, { ...notice });
        if (Object.keys(changes).length === 0) return [];
        const keys = noticeKeys(notice);
        // Open while it is matched again (only open notices find devices); see below.
        await manager.query(
          `UPDATE ${NOTICES} SET "source" = $2, "source_reference" = $3, "title" = $4, "manufacturer" = $5,
                "manufacturer_key" = $6, "models" = $7, "model_keys" = $8, "serial_numbers" = $9, "serial_keys" = $10,
                "serial_ranges" = $11, "range_keys" = $12, "lot_numbers" = $13, "lot_keys" = $14, "udi_di" = $15,
                "hazard" = $16, "action_required" = $17, "published_on" = $18, "updated_by_id" = $19,
                "updated_by_name" = $20, "updated_at" = now(), "version" = "version" + 1, "state" = 'open'
          WHERE "id" = $1`,
          [id, ...noticeColumns(notice, keys), actor._id || null, actor.name],
        );
        const matches = await recordMatches(manager, { recallId: id });
        // A closed notice whose new criteria find no new device stays closed as it was; one that
        // finds some is open again until they are closed.
        const reopened = before.state === 'closed' && matches.devices.length > 0;
        if (before.state === 'closed' && !reopened)
          await manager.query(`UPDATE ${NOTICES} SET "state" = 'closed' WHERE "id" = $1`, [id]);
        if (reopened) await manager.query(`UPDATE ${NOTICES} SET "closed_at" = NULL WHERE "id" = $1`, [id]);
        await auditRecalls(manager, actor, [
          {
            entity: 'recall',
            entityId: id,
            action: 'updated',
            changes: reopened ? { ...changes, state: { from: 'closed', to: 'open' } } : changes,
          },
          ...matches.audit,
        ]);
        return matches.devices;
      }),
    );
    await this.announce(devices, id);
    return this.get(id);
  }

  /**
   * Closes one device's action: with a task (it must be on that device and completed: the action
   * is done when the work is) or with a written decision. The notice closes with its last action.
   */
  async closeAction(actor: Actor, actionId: string, closing: CloseRecallAction): Promise<RecallActionDto> {
    requireFullAccess(actor, 'close recall actions');
    if (!isRecordId(actionId)) throw actionNotFound();
    // The task is read before the transaction: a call on the bus holds no lock meanwhile.
    const task = closing.closeWith === 'task' ? await this.closingTask(closing.taskId) : null;
    const equipmentId = await this.dataSource.transaction(async (manager) => {
      const [action] = (await manager.query(
        `SELECT a."id", a."recall_id" AS "recallId", a."equipment_id" AS "equipmentId", a."state", a."version",
                e."name"
           FROM ${ACTIONS} a JOIN "equipment"."equipment" e ON e."id" = a."equipment_id"
          WHERE a."id" = $1 FOR UPDATE OF a`,
        [actionId],
      )) as {
        id: string;
        recallId: string;
        equipmentId: string;
        state: RecallState;
        version: number;
        name: string;
      }[];
      if (!action) throw actionNotFound();
      if (action.state === 'closed')
        throw new ServiceError('CONFLICT', `The recall action on ${action.name} is already closed.`);
      if (closing.version !== undefined && closing.version !== action.version)
        throw new ServiceError(
          'CONFLICT',
          'This action was changed by someone else since you opened it. Reload it and try again.',
        );
      if (task && task.equipmentId !== action.equipmentId)
        throw new ServiceError(
          'UNPROCESSABLE',
          `Task "${task.title}" is on another device, not on ${action.name}: close the action with a task on this device.`,
        );
      if (task && task.status !== 'Completed')
        throw new ServiceError(
          'UNPROCESSABLE',
          `Task "${task.title}" is ${task.status}, not Completed: close the action once the work is done, or with a decision.`,
        );
      const taskId = task ? task._id : null;
      const decision = closing.closeWith === 'decision' ? closing.decision : null;
      await manager.query(
        `UPDATE ${ACTIONS} SET "state" = 'closed', "closed_with" = $2, "task_id" = $3, "decision" = $4,
                "closed_at" = now(), "closed_by_id" = $5, "closed_by_name" = $6, "version" = "version" + 1
          WHERE "id" = $1`,
        [action.id, closing.closeWith, taskId, decision, actor._id || null, actor.name],
      );
      await manager.query(
        `UPDATE "equipment"."equipment" SET "open_recall_actions" = "open_recall_actions" - 1 WHERE "id" = $1`,
        [action.equipmentId],
      );
      await manager.query(`UPDATE ${NOTICES} SET "closed" = "closed" + 1 WHERE "id" = $1`, [action.recallId]);
      const noticeClosed = await this.closeIfDone(manager, action.recallId);
      const closedWith: Record<string, FieldChange> = task
        ? { taskId: { from: null, to: task._id } }
        : { decision: { from: null, to: decision } };
      // Last, once the action, the device and the notice are locked, in that order (the lock order
      // of `recordMatches`, which a device added meanwhile follows too).
      await auditRecalls(manager, actor, [
        {
          entity: 'recall-device',
          entityId: action.id,
          equipmentId: action.equipmentId,
          action: 'closed',
          changes: {
            state: { from: 'open', to: 'closed' },
            closedWith: { from: null, to: closing.closeWith },
            ...closedWith,
          },
        },
        ...noticeClosed,
      ]);
      return action.equipmentId;
    });
    await this.announce([equipmentId], actionId);
    const [row] = (await this.dataSource.query(`${ACTION_SELECT} WHERE a."id" = $1`, [
      actionId,
    ])) as ActionRow[];
    if (!row) throw actionNotFound();
    return toAction(row, criteriaOf(await this.findNotice(this.dataSource.manager, row.recallId)));
  }

  /**
   * Closes a notice that has no open action (it found no device) with a written decision. One with
   * open actions is closed by closing them (409 says so).
   */
  async close(actor: Actor, id: string, closing: CloseRecall): Promise<RecallDto> {
    requireFullAccess(actor, 'close recalls');
    await this.dataSource.transaction(async (manager) => {
      const notice = await this.findNotice(manager, id, true);
      if (notice.version !== closing.version)
        throw new ServiceError(
          'CONFLICT',
          'This recall was changed by someone else since you opened it. Reload it and try again.',
        );
      if (notice.state === 'closed') throw new ServiceError('CONFLICT', 'This recall is already closed.');
      if (notice.closed < notice.affected)
        throw new ServiceError(
          'CONFLICT',
          `${notice.affected - notice.closed} of its devices still await action: close each of them, and the recall closes with the last.`,
        );
      await manager.query(
        `UPDATE ${NOTICES} SET "state" = 'closed', "closed_at" = now(), "closing_decision" = $2,
                "updated_by_id" = $3, "updated_by_name" = $4, "updated_at" = now(), "version" = "version" + 1
          WHERE "id" = $1`,
        [id, closing.decision, actor._id || null, actor.name],
      );
      await auditRecalls(manager, actor, [
        {
          entity: 'recall',
          entityId: id,
          action: 'closed',
          changes: {
            state: { from: 'open', to: 'closed' },
            closingDecision: { from: null, to: closing.decision },
          },
        },
      ]);
    });
    return this.get(id);
  }

  /** Every recall that found the device, each with its action, open ones first. */
  async forDevice(equipmentId: string): Promise<DeviceRecallsResponse> {
    if (!isRecordId(equipmentId))
      throw new ServiceError('NOT_FOUND', 'This equipment is not in the inventory.');
    const rows: ActionRow[] = await this.dataSource.query(
      `${ACTION_SELECT} WHERE a."equipment_id" = $1 ORDER BY (a."state" = 'open') DESC, a."found_at" DESC`,
      [equipmentId],
    );
    if (rows.length === 0) return { recalls: [] };
    const notices: NoticeRow[] = await this.dataSource.query(
      `SELECT ${NOTICE_COLUMNS} FROM ${NOTICES} n WHERE n."id" = ANY ($1::uuid[])`,
      [[...new Set(rows.map((row) => row.recallId))]],
    );
    const byId = new Map(notices.map((notice) => [notice.id, notice]));
    return {
      recalls: rows.flatMap((row) => {
        const notice = byId.get(row.recallId);
        return notice ? [{ recall: toSummary(notice), action: toAction(row, criteriaOf(notice)) }] : [];
      }),
    };
  }

  /** The dashboard's figures: open notices, and devices whose action is open. */
  async figures(): Promise<RecallFigures> {
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM ${NOTICES} WHERE "state" = 'open') AS "openNotices",
              (SELECT count(*)::int FROM ${ACTIONS} WHERE "state" = 'open') AS "awaitingAction"`,
    )) as [RecallFigures];
    return row;
  }

  /**
   * The compliance report's section: the notices open now and those closed in the period (each
   * with its counts), and the open actions with how many days each has been open.
   */
  async reportFigures(scope: ReportScope): Promise<RecallReportFigures> {
    const [notices, actions, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${NOTICE_COLUMNS}, n."state" = 'closed' AS "closedInPeriod" FROM ${NOTICES} n
          WHERE n."state" = 'open'
             OR (n."closed_at" >= ($1::date::timestamp AT TIME ZONE $3)
                 AND n."closed_at" < (($2::date + 1)::timestamp AT TIME ZONE $3))
          ORDER BY (n."state" = 'open') DESC, n."published_on" DESC, n."id" LIMIT $4`,
        [scope.from, scope.to, scope.timeZone, RECALL_REPORT_NOTICE_ROWS],
      ) as Promise<(NoticeRow & { closedInPeriod: boolean })[]>,
      this.dataSource.query(
        `SELECT n."title" AS "recallTitle", n."source_reference" AS "sourceReference", e."name" AS "deviceName",
                e."serial_number" AS "serialNumber", e."department",
                floor(extract(epoch FROM now() - a."found_at") / 86400)::int AS "daysOpen"
           FROM ${ACTIONS} a JOIN ${NOTICES} n ON n."id" = a."recall_id"
           JOIN "equipment"."equipment" e ON e."id" = a."equipment_id"
          WHERE a."state" = 'open'
          ORDER BY a."found_at", e."name", a."id" LIMIT $1`,
        [RECALL_REPORT_ACTION_ROWS],
      ) as Promise<RecallReportFigures['openActions']>,
      this.dataSource.query(
        `SELECT count(*)::int AS "total" FROM ${ACTIONS} WHERE "state" = 'open'`,
      ) as Promise<[{ total: number }]>,
    ]);
    return {
      notices: notices.map((row) => ({ ...toSummary(row), closedInPeriod: row.closedInPeriod })),
      openActions: actions,
      openActionsTotal: total,
    };
  }

  /** The task named to close an action, as maintenance knows it; a 422 when it names none. */
  private async closingTask(taskId: string) {
    if (!isRecordId(taskId))
      throw new ServiceError(
        'UNPROCESSABLE',
        `"${taskId}" is not a task number: copy it from the task's page.`,
      );
    let task;
    try {
      task = await this.maintenance.taskRef(taskId);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND')
        throw new ServiceError('UNPROCESSABLE', `There is no task ${taskId}.`);
      throw error;
    }
    return task;
  }

  /** Closes the notice when it has devices and none is open; answers its audit row, if it closed. */
  private async closeIfDone(manager: EntityManager, recallId: string): Promise<RecallAuditEntry[]> {
    const closed = (await manager.query(
      `UPDATE ${NOTICES} SET "state" = 'closed', "closed_at" = now()
        WHERE "id" = $1 AND "state" = 'open' AND "affected" > 0 AND "closed" = "affected"
        RETURNING "id"`,
      [recallId],
    )) as [{ id: string }[], number] | { id: string }[];
    const rows = Array.isArray(closed[0]) ? (closed[0] as { id: string }[]) : (closed as { id: string }[]);
    return rows.length > 0
      ? [
          {
            entity: 'recall',
            entityId: recallId,
            action: 'closed',
            changes: { state: { from: 'open', to: 'closed' } },
          },
        ]
      : [];
  }

  /**
   * Runs a write of a notice's source and reference; when the database finds them recorded already
   * (the unique index of `RECALL_REFERENCE_INDEX`), the write is refused with 409 naming that
   * notice. `editing` is the notice being edited (null for a new one).
   */
  private async once<T>(notice: RecallNotice, editing: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (violatedIndex(error) !== RECALL_REFERENCE_INDEX) throw error;
      const [existing] = (await this.dataSource.query(
        `SELECT "id", "source", "source_reference" AS "sourceReference", "title" FROM ${NOTICES}
          WHERE "source" = $1 AND "equipment"."recall_reference_key"("source_reference") = "equipment"."recall_reference_key"($2)
            AND "duplicate_of" IS NULL AND ($3::uuid IS NULL OR "id" <> $3)`,
        [notice.source, notice.sourceReference, editing],
      )) as RecordedNotice[];
      // Gone again meanwhile (a notice is never deleted, so only in theory): the refusal still holds.
      if (!existing)
        throw new ServiceError('CONFLICT', `${notice.source} ${notice.sourceReference} is already recorded.`);
      throw alreadyRecorded(existing, editing !== null);
    }
  }

  private async findNotice(manager: EntityManager, id: string, lock = false): Promise<NoticeRow> {
    if (!isRecordId(id)) throw notFound();
    const [row] = (await manager.query(
      `SELECT ${NOTICE_COLUMNS} FROM ${NOTICES} n WHERE n."id" = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    )) as NoticeRow[];
    if (!row) throw notFound();
    return row;
  }

  /**
   * After the commit: the devices whose recall count changed, each as `equipment:updated` (their
   * cards' badge, the dashboard), or one reload for many.
   */
  async announce(equipmentIds: readonly string[], recallId: string): Promise<void> {
    if (equipmentIds.length === 0) return;
    if (equipmentIds.length > EVENTS_PER_CHANGE) {
      // The event browsers reload their lists on once; `importId` names the recall that changed them.
      await this.events.imported({ importId: recallId, added: 0, updated: equipmentIds.length });
      return;
    }
    const items = await this.dataSource.manager.findBy(EquipmentEntity, { id: In([...equipmentIds]) });
    for (const item of items)
      if (!item.deletedAt) await this.events.updated({ equipment: toEquipmentDto(item) });
  }
}
