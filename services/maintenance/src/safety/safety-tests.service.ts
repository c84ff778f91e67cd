import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  evaluateSafetyTest,
  RETIRED_STATUSES,
  hasFullAccess,
  isRecordId,
  parseWith,
  safetyRepairTitle,
  safetyTestBodySchema,
  SAFETY_TESTS_LISTED,
  type Actor,
  type DeviceSafetyTests,
  type AnalyserFileRead,
  type SafetyImportApplied,
  type SafetyImportPreview,
  type SafetyImportRow,
  type SafetyEvaluation,
  type SafetyResult,
  type SafetyTestDto,
  type SafetyTestDue,
  type SafetyTestMeasurements,
  type SafetyTestSource,
  type TaskDto,
  type TaskEquipmentRef,
} from '@caliber/contracts';
import { actingUserOfActor, auditActorOf, diffFields, ServiceError, writeAudit } from '@caliber/service-kit';
import { DataSource, In, type EntityManager } from 'typeorm';
import { addDays, hospitalToday } from '../hospital-clock';
import { earliestOpenOccurrenceSql, planDueSql } from './safety-due.sql';
import { EquipmentPeer } from '../peers/peers.client';
import { deviceColumns, deviceRefOf } from '../tasks/device-snapshot';
import { TaskEvents } from '../tasks/task-events';
import { toTaskDto } from '../tasks/task.mapper';
import { TaskEntity } from '../tasks/task.entity';
import {
  DEVICE_LOCK_SQL,
  deviceLockKey,
  enqueueTaskEffect,
  lockDevice,
  TaskEffectsRelay,
} from '../outbox/task-effects.relay';
import { insertTask } from '../tasks/task-writes';
import { SafetyTestEntity } from './safety-test.entity';

const NOT_FOUND = 'This safety test is not on record.';

/**
 * Every audit row of a safety test, in one place: recorded by the form, imported from an analyser
 * file. Written in the transaction of the test, with the test's values as the new ones.
 */
function auditSafetyTest(
  manager: EntityManager,
  actor: Actor,
  test: SafetyTestEntity,
  action: 'recorded' | 'imported',
  extra: Record<string, { from: unknown; to: unknown }> = {},
) {
  return writeAudit(manager, {
    actor: auditActorOf(actor),
    entity: 'safety-test',
    entityId: test.id,
    equipmentId: test.equipmentId,
    action,
    changes: { ...diffFields({}, auditedFields(test)), ...extra },
  });
}

/** What was measured and found: the same fields in the audit row and in the answer. */
function testFields(test: SafetyTestEntity) {
  return {
    testedOn: test.testedOn,
    testerName: test.testerName,
    instrument: test.instrument,
    instrumentCalibratedOn: test.instrumentCalibratedOn,
    protectionClass: test.protectionClass,
    leakageMethod: test.leakageMethod,
    appliedPartMethod: test.appliedPartMethod,
    peWithCord: test.peWithCord,
    protectiveEarthOhm: test.protectiveEarthOhm,
    insulationMegaohm: test.insulationMegaohm,
    equipmentLeakageMicroamp: test.equipmentLeakageMicroamp,
    appliedParts: test.appliedParts,
    visualInspection: test.visualInspection,
    notes: test.notes,
    result: test.result,
  };
}

function auditedFields(test: SafetyTestEntity) {
  return {
    equipmentId: test.equipmentId,
    equipmentName: test.equipmentName,
    equipmentSerial: test.equipmentSerial,
    ...testFields(test),
    failed: test.failed,
    source: test.source,
    analyserResult: test.analyserResult,
    repairTaskId: test.repairTaskId,
  };
}

/** "0.45 Ω, over the limit of 0.3 Ω (IEC 62353:2014, …)": what a Repair task's description says of each failure. */
function failureLines(evaluation: SafetyEvaluation, visualInspection: string): string {
  const lines = evaluation.measurements
    .filter((item) => item.verdict === 'Fail' && item.limit)
    .map((item) => {
      const bound =
        item.limit?.max !== undefined ? `at most ${item.limit.max}` : `at least ${item.limit?.min ?? ''}`;
      // A reading past the analyser's range keeps its bound: "more than 50 µA".
      const value = `${item.bound === '>' ? 'more than ' : item.bound === '<' ? 'less than ' : ''}${item.value ?? ''}`;
      return `- ${item.label}: ${value} ${item.unit}; the limit is ${bound} ${item.unit} (${item.limit?.source ?? ''}).`;
    });
  if (visualInspection === 'Fail') lines.unshift('- Visual inspection failed.');
  return lines.join('\n');
}

/** The advisory lock that serialises the import of one analyser test of one device. */
function sourceKeyLock(deviceId: string, source: SafetyTestSource, sourceKey: string) {
  return {
    key: `safety-test:${deviceId}:${source}:${sourceKey}`,
    sql: `SELECT pg_advisory_xact_lock(hashtext($1))`,
  };
}

/**
 * Every advisory lock an import's rows take, each once, sorted by its key text: the source key of
 * each test (a second apply of the file waits for the first) and each device (whose Repair task a
 * failed test may open; the same lock as lockDevice). Two imports, or an import and a reported
 * fault, then take their common locks in the same order and cannot wait on each other in a cycle.
 */
export function importLocks(
  source: SafetyTestSource,
  rows: readonly { deviceId: string; sourceKey: string }[],
): { key: string; sql: string }[] {
  const locks = new Map<string, string>();
  for (const row of rows) {
    const lock = sourceKeyLock(row.deviceId, source, row.sourceKey);
    locks.set(lock.key, lock.sql);
    locks.set(deviceLockKey(row.deviceId), DEVICE_LOCK_SQL);
  }
  return [...locks.keys()].sort().map((key) => ({ key, sql: locks.get(key) ?? '' }));
}

/** An analyser file as read in a file worker, and whether its failed tests open Repair tasks. */
export type AnalyserImport = AnalyserFileRead & { openRepairTasks: boolean };

interface Resolved {
  device: TaskEquipmentRef | null;
  reason: string | null;
}

/**
 * Electrical-safety tests (IEC 62353): recorded by Engineers and Admins, read by everyone signed
 * in. The result is always computed here from the measurements (`evaluateSafetyTest`), never taken
 * from the sender; an analyser's own verdict is kept beside it. A failed test may open a Repair task
 * in the same transaction, through the task-creation path every task takes; every test writes its
 * audit row in its transaction.
 */
@Injectable()
export class SafetyTestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly equipment: EquipmentPeer,
    private readonly events: TaskEvents,
    private readonly relay: TaskEffectsRelay,
  ) {}

  /** A device's tests, newest first, and when its next test is due (its Safety Testing plan). */
  async ofDevice(equipmentId: string): Promise<DeviceSafetyTests> {
    if (!isRecordId(equipmentId))
      throw new ServiceError('NOT_FOUND', 'This equipment is not in the inventory.');
    const manager = this.dataSource.manager;
    const [[tests, total], due] = await Promise.all([
      manager.findAndCount(SafetyTestEntity, {
        where: { equipmentId },
        order: { testedOn: 'DESC', recordedAt: 'DESC' },
        take: SAFETY_TESTS_LISTED,
      }),
      this.dueOf(manager, equipmentId),
    ]);
    return { tests: await this.dtos(manager, tests), total, due };
  }

  async get(id: string): Promise<SafetyTestDto> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    const manager = this.dataSource.manager;
    const test = await manager.findOneBy(SafetyTestEntity, { id });
    if (!test) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    const [dto] = await this.dtos(manager, [test]);
    if (!dto) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    return dto;
  }

  /**
   * The next test's due date: the device's active plan of PM type Safety Testing, at its earliest
   * open occurrence's due date, else the plan's next due date. The earliest of several plans.
   * A test taken on or after the day that occurrence was opened (on the hospital's calendar) is
   * the occurrence's test: recording it does not complete the PM task, so the section names the
   * task to complete. A test entered late but taken before the occurrence was opened is not.
   */
  private async dueOf(manager: EntityManager, equipmentId: string): Promise<SafetyTestDue | null> {
    const rows: {
      id: string;
      title: string;
      due: string;
      task_id: string | null;
      task_title: string | null;
      tested_since: boolean;
    }[] = await manager.query(
      `SELECT p."id", p."title", to_char(${planDueSql('p')}, 'YYYY-MM-DD') AS "due",
              o."id" AS "task_id", o."title" AS "task_title",
              EXISTS (SELECT 1 FROM "maintenance"."safety_tests" s
                       WHERE s."equipment_id" = p."equipment_id"
                         AND s."tested_on" >= (o."created_at" AT TIME ZONE $2)::date)
                AS "tested_since"
         FROM "maintenance"."pm_plans" p
         LEFT JOIN LATERAL ${earliestOpenOccurrenceSql('p')} o ON true
        WHERE p."equipment_id" = $1 AND p."retired_at" IS NULL AND p."pm_type" = 'Safety Testing'
        ORDER BY 3, p."id"
        LIMIT 1`,
      [equipmentId, process.env['HOSPITAL_TIME_ZONE'] || 'UTC'],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      planId: row.id,
      planTitle: row.title,
      dueDate: row.due,
      overdue: row.due < hospitalToday(),
      taskToComplete:
        row.task_id && row.tested_since ? { _id: row.task_id, title: row.task_title ?? '' } : null,
    };
  }

  /** Records a test from the form: the device is checked with the inventory first. */
  async record(
    actor: Actor,
    equipmentId: string,
    test: SafetyTestMeasurements,
    openRepairTask: boolean,
  ): Promise<SafetyTestDto> {
    refuseRecording(actor);
    const future = futureDateIssue(test.testedOn);
    if (future) throw ServiceError.validation([{ path: 'test.testedOn', message: future }]);
    const device = await this.equipment.ref(actor, equipmentId);
    if (RETIRED_STATUSES.includes(device.status))
      throw new ServiceError(
        'CONFLICT',
        `${device.name} is ${device.status.toLowerCase()}: a retired device is not tested.`,
      );
    const { entity, task } = await this.dataSource.transaction((manager) =>
      this.write(manager, actor, device, test, {
        source: 'form',
        sourceKey: null,
        analyserResult: null,
        openRepairTask,
      }),
    );
    if (task) {
      this.relay.kick();
      await this.events.created({ task });
    }
    if (!entity) throw new ServiceError('CONFLICT', 'This test is already recorded.');
    const [dto] = await this.dtos(this.dataSource.manager, [entity]);
    if (!dto) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    return dto;
  }

  /** What an analyser file would import: each row matched, checked, and its result computed. */
  async importPreview(actor: Actor, command: AnalyserImport): Promise<SafetyImportPreview> {
    refuseRecording(actor);
    const devices = await this.resolveDevices(actor, command.records);
    const rows = await this.checkRows(this.dataSource.manager, command, devices);
    return summary(command, rows);
  }

  /**
   * Writes every importable row in one transaction. The rows are checked again in it (a test
   * recorded since is a duplicate now), and the unique index on (device, format, the analyser's
   * date and time) makes a second apply of the same file, even at the same moment, import nothing.
   */
  async importApply(actor: Actor, command: AnalyserImport): Promise<SafetyImportApplied> {
    refuseRecording(actor);
    const devices = await this.resolveDevices(actor, command.records);
    const { rows, tasks } = await this.dataSource.transaction(async (manager) => {
      const checked = await this.checkRows(manager, command, devices);
      const created: TaskDto[] = [];
      const writes = checked.flatMap((row) => {
        const record = command.records.find((candidate) => candidate.line === row.line);
        if (row.outcome !== 'import' || !row.equipment || !record) return [];
        return [{ row, device: row.equipment, record, test: safetyTestBodySchema.parse(record.test) }];
      });
      // Every lock the rows need, taken before the first row is written and in one order (see
      // importLocks): a row's audit row holds the audit chain's head until commit, and a reported
      // fault or a certification locks its device before the head, so a device locked after the
      // head would deadlock with them.
      for (const lock of importLocks(
        command.format,
        writes.map(({ device, record }) => ({ deviceId: device._id, sourceKey: record.testedAt })),
      ))
        await manager.query(lock.sql, [lock.key]);
      const audits: (() => Promise<unknown>)[] = [];
      for (const { row, device, record, test } of writes) {
        const written = await this.write(manager, actor, device, test, {
          source: command.format,
          sourceKey: record.testedAt,
          analyserResult: record.analyserResult ?? null,
          openRepairTask: command.openRepairTasks ?? false,
          audits,
        });
        if (!written.entity) {
          Object.assign(row, {
            outcome: 'refused',
            reason: 'A duplicate: this test of this device is already recorded.',
          });
          continue;
        }
        row.testId = written.entity.id;
        row.repairTaskId = written.entity.repairTaskId;
        if (written.task) created.push(written.task);
      }
      // The tests' audit rows last, in the file's order.
      for (const audit of audits) await audit();
      return { rows: checked, tasks: created };
    });
    if (tasks.length) this.relay.kick();
    for (const task of tasks) await this.events.created({ task });
    const preview = summary(command, rows);
    return {
      ...preview,
      imported: rows.filter((row) => row.testId).length,
      repairTasks: tasks.length,
    };
  }

  /**
   * One test with its audit row, and its Repair task when asked for and the test failed. An
   * imported test already on record (same device, format, date and time) writes nothing and
   * answers an entity without an id.
   */
  private async write(
    manager: EntityManager,
    actor: Actor,
    device: TaskEquipmentRef,
    test: SafetyTestMeasurements,
    options: {
      source: SafetyTestSource;
      sourceKey: string | null;
      analyserResult: SafetyResult | null;
      openRepairTask: boolean;
      /** Where an import collects the tests' audit rows, to write them after every test. */
      audits?: (() => Promise<unknown>)[];
    },
  ): Promise<{ entity: SafetyTestEntity | null; task: TaskDto | null }> {
    const evaluation = evaluateSafetyTest(test);
    const fields = {
      ...deviceColumns(device),
      ...test,
      result: evaluation.result,
      failed: evaluation.failed,
      evaluation,
      source: options.source,
      sourceKey: options.sourceKey,
      analyserResult: options.analyserResult,
      repairTaskId: null as string | null,
      recordedById: actor._id || null,
      recordedByName: actor.name,
    };
    if (options.sourceKey !== null) {
      // Taken first, so a second apply running at the same moment waits here and then finds the
      // row (an import has taken it already, with its other locks: taking it again is a no-op).
      const lock = sourceKeyLock(device._id, options.source, options.sourceKey);
      await manager.query(lock.sql, [lock.key]);
      const existing = await manager.findOneBy(SafetyTestEntity, {
        equipmentId: device._id,
        source: options.source,
        sourceKey: options.sourceKey,
      });
      if (existing) return { entity: null, task: null };
    }
    let task: TaskDto | null = null;
    if (evaluation.result === 'Fail' && options.openRepairTask) {
      // A device that failed its electrical-safety test must not be used on a patient until it is
      // repaired: its Repair task takes it out of use (Unserviceable) through the outbox, as a
      // reported fault does, and the engineer's certification of the repair returns it to service.
      await lockDevice(manager, device._id);
      const created = await insertTask(manager, actor, {
        title: safetyRepairTitle(evaluation.failed, device.name),
        description: `The electrical safety test of ${test.testedOn} (IEC 62353) failed:\n${failureLines(
          evaluation,
          test.visualInspection,
        )}`,
        taskType: 'Repair',
        pmType: null,
        pmInterval: null,
        priority: 'High',
        status: 'Pending',
        assignedToId: null,
        assignedToName: null,
        dueDate: null,
        comments: null,
        ...deviceColumns(device),
      });
      await enqueueTaskEffect(manager, {
        taskId: created.id,
        kind: 'reported',
        equipmentId: device._id,
        taskTitle: created.title,
        user: actingUserOfActor(actor),
      });
      fields.repairTaskId = created.id;
      task = toTaskDto(created, []);
    }
    const saved = await manager.save(manager.create(SafetyTestEntity, fields));
    const entity = await manager.findOneByOrFail(SafetyTestEntity, { id: saved.id });
    const audit = () =>
      auditSafetyTest(manager, actor, entity, options.source === 'form' ? 'recorded' : 'imported');
    if (options.audits) options.audits.push(audit);
    else await audit();
    return { entity, task };
  }

  /**
   * Each distinct serial number of the file, looked up in the inventory at once: the device whose
   * serial is the same, in any case (serial numbers are unique among live devices). None: the row
   * is refused; a retired device: refused, naming its status.
   */
  private async resolveDevices(actor: Actor, records: readonly { serialNumber: string }[]) {
    const written = new Map<string, string>();
    for (const record of records) {
      const serial = record.serialNumber.trim();
      if (serial && !written.has(serial.toLowerCase())) written.set(serial.toLowerCase(), serial);
    }
    const items = written.size > 0 ? await this.equipment.bySerials(actor, [...written.values()]) : [];
    const byLower = new Map(items.map((item) => [item.serialNumber.toLowerCase(), item]));
    const found = new Map<string, Resolved>();
    for (const [lower, serial] of written) {
      const item = byLower.get(lower);
      if (!item)
        found.set(lower, {
          device: null,
          reason: `No device in the inventory has the serial number "${serial}".`,
        });
      else if (RETIRED_STATUSES.includes(item.status))
        found.set(lower, {
          device: null,
          reason: `${item.name} (${item.serialNumber}) is ${item.status.toLowerCase()}.`,
        });
      else
        found.set(lower, {
          device: {
            _id: item._id,
            name: item.name,
            serialNumber: item.serialNumber,
            department: item.department,
            category: item.category,
          },
          reason: null,
        });
    }
    return found;
  }

  /** Each row's outcome: refused by the parser, no such device, unreadable, a duplicate, or to import. */
  private async checkRows(
    manager: EntityManager,
    command: AnalyserImport,
    devices: Map<string, Resolved>,
  ): Promise<SafetyImportRow[]> {
    const recorded = await this.recordedKeys(manager, command, devices);
    const seen = new Map<string, number>();
    const rows: SafetyImportRow[] = command.refusals.map((refusal) => ({
      ...emptyRow(refusal.line, refusal.serialNumber),
      reason: refusal.reason,
    }));
    for (const record of command.records) {
      const row = emptyRow(record.line, record.serialNumber);
      row.analyserResult = record.analyserResult ?? null;
      rows.push(row);
      const resolved = devices.get(record.serialNumber.trim().toLowerCase());
      if (!resolved?.device) {
        row.reason = resolved?.reason ?? 'The row names no serial number.';
        continue;
      }
      row.equipment = resolved.device;
      const parsed = parseWith(safetyTestBodySchema, record.test);
      if (!parsed.ok) {
        row.reason = `Unreadable: ${parsed.issues.map((issue) => issue.message).join(' ')}`;
        continue;
      }
      const future = futureDateIssue(parsed.value.testedOn);
      if (future) {
        row.reason = `Unreadable: ${future}`;
        continue;
      }
      const evaluation = evaluateSafetyTest(parsed.value);
      row.testedOn = parsed.value.testedOn;
      row.result = evaluation.result;
      row.failed = evaluation.failed;
      row.disagrees = row.analyserResult !== null && row.analyserResult !== evaluation.result;
      const key = `${resolved.device._id}|${record.testedAt}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        row.reason = `A duplicate of line ${earlier}: the same device tested at the same time.`;
        continue;
      }
      seen.set(key, record.line);
      if (recorded.has(key)) {
        row.reason = 'A duplicate: this test of this device is already recorded.';
        continue;
      }
      row.outcome = 'import';
    }
    return rows.sort((a, b) => a.line - b.line);
  }

  /** The (device, analyser date and time) pairs of this format already on record. */
  private async recordedKeys(
    manager: EntityManager,
    command: AnalyserImport,
    devices: Map<string, Resolved>,
  ): Promise<Set<string>> {
    const ids = [
      ...new Set([...devices.values()].flatMap((resolved) => (resolved.device ? [resolved.device._id] : []))),
    ];
    if (ids.length === 0) return new Set();
    const rows = await manager.find(SafetyTestEntity, {
      where: { equipmentId: In(ids), source: command.format },
      select: { equipmentId: true, sourceKey: true },
    });
    return new Set(rows.map((row) => `${row.equipmentId}|${row.sourceKey ?? ''}`));
  }

  private async dtos(manager: EntityManager, tests: SafetyTestEntity[]): Promise<SafetyTestDto[]> {
    const taskIds = tests.flatMap((test) => (test.repairTaskId ? [test.repairTaskId] : []));
    const tasks =
      taskIds.length > 0
        ? await manager.find(TaskEntity, { where: { id: In(taskIds) }, select: { id: true, title: true } })
        : [];
    const titles = new Map(tasks.map((task) => [task.id, task.title]));
    return tests.map((test) => toSafetyTestDto(test, titles));
  }
}

/**
 * A test is recorded once it is taken: a date in the future is a typing mistake. A day of slack
 * lets a form filled in where the calendar is already tomorrow (another time zone) through.
 */
function futureDateIssue(testedOn: string): string | null {
  const today = hospitalToday();
  return testedOn > addDays(today, 1)
    ? `The test date ${testedOn} is in the future (today is ${today}).`
    : null;
}

function refuseRecording(actor: Actor): void {
  if (!hasFullAccess(actor.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may record safety tests.');
}

function emptyRow(line: number, serialNumber: string | null): SafetyImportRow {
  return {
    line,
    serialNumber,
    outcome: 'refused',
    reason: null,
    equipment: null,
    testedOn: null,
    result: null,
    analyserResult: null,
    disagrees: false,
    failed: [],
  };
}

function summary(command: AnalyserImport, rows: SafetyImportRow[]): SafetyImportPreview {
  const importable = rows.filter((row) => row.outcome === 'import');
  return {
    format: command.format,
    formatName: command.formatName,
    rows,
    importable: importable.length,
    refused: rows.length - importable.length,
    failing: importable.filter((row) => row.result === 'Fail').length,
  };
}

export function toSafetyTestDto(test: SafetyTestEntity, taskTitles: Map<string, string>): SafetyTestDto {
  return {
    _id: test.id,
    equipment: deviceRefOf(test),
    ...testFields(test),
    evaluation: test.evaluation,
    source: test.source,
    analyserResult: test.analyserResult,
    repairTask: test.repairTaskId
      ? { _id: test.repairTaskId, title: taskTitles.get(test.repairTaskId) ?? 'Repair task' }
      : null,
    recordedBy: { _id: test.recordedById, name: test.recordedByName },
    recordedAt: test.recordedAt.toISOString(),
  };
}
