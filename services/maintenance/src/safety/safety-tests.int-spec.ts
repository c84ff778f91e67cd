import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  SAFETY_IMPORT_MAX_BYTES,
  SAFETY_IMPORT_MAX_ROWS,
  type DeviceSafetyTests,
  type EquipmentDetail,
  type EquipmentDto,
  type RecordSafetyTestResponse,
  type Role,
  type SafetyImportApplied,
  type SafetyImportPreview,
  type SafetyTestInput,
  type TaskDetail,
} from '@caliber/contracts';
import { testFileStore } from '@caliber/testing/file-stores';
import { call } from '@caliber/testing/http';
import { until } from '@caliber/testing/wait';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { addDays, hospitalToday } from '../hospital-clock';
import { SafetyReportService } from './safety-report.service';

const SAMPLES = join(__dirname, 'analysers/samples');

/**
 * Electrical-safety tests through the gateway, against the real servers and services: recording
 * (the result computed on the server), the Repair task a failed test opens in the same
 * transaction, the audit row, who may record, the due date from a Safety Testing plan, and an
 * analyser file's preview, apply (idempotent) and refusals.
 */
/** An analyser file to send: its name, its text, and whether failed tests open Repair tasks. */
interface AnalyserFile {
  fileName: string;
  text: string;
  openRepairTasks?: boolean;
}

/** Sends an analyser file to an import route: the file's bytes as the body, streamed. */
function sendFile<T>(gatewayUrl: string, path: string, file: AnalyserFile, token?: string) {
  const query = new URLSearchParams({
    fileName: file.fileName,
    ...(file.openRepairTasks === undefined ? {} : { openRepairTasks: String(file.openRepairTasks) }),
  });
  return call<T>(gatewayUrl, 'POST', `/api${path}?${query.toString()}`, {
    token,
    rawBody: file.text,
    contentType: 'application/octet-stream',
  });
}

describe('electrical-safety tests (real stack)', () => {
  const stack = useSignInStack('safety');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<string, string>();
  const prefix = `ST${Date.now().toString(36).toUpperCase()}`;
  let serial = 0;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    for (const [key, role] of [
      ['tech', 'Technician'],
      ['engineer', 'Engineer'],
      ['manager', 'Manager'],
      ['admin', 'Admin'],
    ] as [string, Role][]) {
      const staff = await rosterStaff(stack.db, { role, name: `${key} Safety`, preApproved: true });
      tokens.set(key, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(async () => {
    await rows.destroy();
    await maintenance.close();
    await equipment.close();
  });

  const as = (who: string) => ({
    get: <T>(path: string) => call<T>(stack.gateway.url, 'GET', `/api${path}`, { token: tokens.get(who) }),
    post: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: tokens.get(who), body }),
    /** An analyser file sent as the browser sends it: its bytes the body, its name in the query. */
    send: <T = Record<string, unknown>>(path: string, file: AnalyserFile) =>
      sendFile<T>(stack.gateway.url, path, file, tokens.get(who)),
  });

  async function aDevice(serialNumber?: string, name = 'IntelliVue MX450'): Promise<EquipmentDto> {
    serial += 1;
    const created = await as('engineer').post<EquipmentDto>('/equipment', {
      name,
      serialNumber: serialNumber ?? `${prefix}-DEV-${serial}`,
      manufacturer: 'Philips',
      model: 'MX450',
      department: 'ICU',
      location: 'Bed 4',
      installationDate: '2021-04-01',
      status: 'Serviceable',
      category: 'Monitor',
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const failing: SafetyTestInput = {
    testedOn: '2026-03-02',
    testerName: 'Dana Okoye',
    instrument: 'Fluke ESA615 s/n 4410021',
    instrumentCalibratedOn: '2025-11-20',
    protectionClass: 'I',
    leakageMethod: 'direct',
    protectiveEarthOhm: 0.45,
    insulationMegaohm: 120,
    equipmentLeakageMicroamp: 320,
    appliedParts: [{ name: 'ECG', type: 'CF', leakageMicroamp: 12 }],
    visualInspection: 'Pass',
  };

  it('records a failing test, computing the result, with its Repair task and audit row in one transaction', async () => {
    const device = await aDevice();
    const recorded = await as('engineer').post<RecordSafetyTestResponse>(
      `/equipment/${device._id}/safety-tests`,
      {
        test: failing,
        openRepairTask: true,
      },
    );
    expect(recorded.status).toBe(201);
    const { test } = recorded.body;
    expect(test).toMatchObject({
      result: 'Fail',
      source: 'form',
      equipment: { _id: device._id, serialNumber: device.serialNumber },
      evaluation: { result: 'Fail', failed: ['Protective earth resistance'] },
    });
    expect(test.evaluation.measurements[0]).toMatchObject({
      verdict: 'Fail',
      limit: { max: 0.3, source: 'IEC 62353:2014, 5.3.2 (measurement of protective earth resistance)' },
    });
    expect(test.repairTask).not.toBeNull();
    const task = await as('engineer').get<TaskDetail>(`/tasks/${test.repairTask?._id ?? ''}`);
    expect(task.body).toMatchObject({
      taskType: 'Repair',
      priority: 'High',
      status: 'Pending',
      title: `Failed electrical safety test (Protective earth resistance): ${device.name}`,
      equipment: { _id: device._id },
    });
    expect(task.body.description).toContain(
      'Protective earth resistance: 0.45 Ω; the limit is at most 0.3 Ω',
    );
    // The device that failed is taken out of use by its Repair task, as a reported fault is.
    const statusOf = async () => (await as('engineer').get<EquipmentDetail>(`/equipment/${device._id}`)).body;
    await until(async () => (await statusOf()).status === 'Unserviceable', {
      what: 'the failed device out of use',
    });
    expect((await statusOf()).statusHistory[0]).toMatchObject({
      to: 'Unserviceable',
      taskId: test.repairTask?._id,
    });
    const audit = (await rows.query(
      `SELECT "action", "changes" FROM "maintenance"."audit_log" WHERE "entity" = 'safety-test' AND "entity_id" = $1`,
      [test._id],
    )) as { action: string; changes: Record<string, { from: unknown; to: unknown }> }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('recorded');
    expect(audit[0]?.changes['result']).toEqual({ from: null, to: 'Fail' });
    expect(audit[0]?.changes['repairTaskId']).toEqual({ from: null, to: test.repairTask?._id });

    // Everyone reads; the list links the Repair task.
    const listed = await as('tech').get<DeviceSafetyTests>(`/equipment/${device._id}/safety-tests`);
    expect(listed.status).toBe(200);
    expect(listed.body.tests.map((item) => [item._id, item.repairTask?.title])).toEqual([
      [test._id, task.body.title],
    ]);
    expect((await as('manager').get(`/safety-tests/${test._id}`)).status).toBe(200);

    // The record is evidence: the database refuses to change its result or delete it.
    await expect(
      rows.query(`UPDATE "maintenance"."safety_tests" SET "result" = 'Pass' WHERE "id" = $1`, [test._id]),
    ).rejects.toThrow('A safety test record is never changed');
    await expect(
      rows.query(`DELETE FROM "maintenance"."safety_tests" WHERE "id" = $1`, [test._id]),
    ).rejects.toThrow('A safety test record is never deleted');
  });

  it('keeps a test record as written: the database refuses a changed measurement, result or recorder, and follows a renamed department', async () => {
    const device = await aDevice();
    const recorded = await as('engineer').post<RecordSafetyTestResponse>(
      `/equipment/${device._id}/safety-tests`,
      {
        test: failing,
      },
    );
    expect(recorded.status).toBe(201);
    const id = recorded.body.test._id;
    for (const change of [
      `"protective_earth_ohm" = 0.1`,
      `"applied_parts" = '[]'`,
      `"notes" = 'edited'`,
      `"recorded_by_name" = 'Someone else'`,
      `"analyser_result" = 'Pass'`,
    ])
      await expect(
        rows.query(`UPDATE "maintenance"."safety_tests" SET ${change} WHERE "id" = $1`, [id]),
      ).rejects.toThrow('A safety test record is never changed');
    await expect(
      rows.query(`DELETE FROM "maintenance"."safety_tests" WHERE "id" = $1`, [id]),
    ).rejects.toThrow('A safety test record is never deleted');
    await rows.query(
      `UPDATE "maintenance"."safety_tests" SET "equipment_department" = 'Theatres' WHERE "id" = $1`,
      [id],
    );
    const [kept] = (await rows.query(
      `SELECT "equipment_department", "protective_earth_ohm" FROM "maintenance"."safety_tests" WHERE "id" = $1`,
      [id],
    )) as [{ equipment_department: string; protective_earth_ohm: number }];
    expect(kept).toEqual({ equipment_department: 'Theatres', protective_earth_ohm: 0.45 });
  });

  it('records a failing test without a Repair task when not asked, and a passing one never opens one', async () => {
    const device = await aDevice();
    const quiet = await as('engineer').post<RecordSafetyTestResponse>(
      `/equipment/${device._id}/safety-tests`,
      {
        test: failing,
      },
    );
    expect([quiet.status, quiet.body.test.result, quiet.body.test.repairTask]).toEqual([201, 'Fail', null]);
    const passing = await as('engineer').post<RecordSafetyTestResponse>(
      `/equipment/${device._id}/safety-tests`,
      {
        test: { ...failing, protectiveEarthOhm: 0.1 },
        openRepairTask: true,
      },
    );
    expect([passing.body.test.result, passing.body.test.repairTask]).toEqual(['Pass', null]);
  });

  it('lets only Engineers and Admins record, takes no result from the client, and refuses bad measurements', async () => {
    const device = await aDevice();
    const path = `/equipment/${device._id}/safety-tests`;
    const tech = await as('tech').post(path, { test: failing });
    expect([tech.status, tech.body['message']]).toEqual([
      403,
      'Only Engineers and Admins may record safety tests.',
    ]);
    expect((await as('manager').post(path, { test: failing })).status).toBe(403);
    const withResult = await as('engineer').post(path, { test: { ...failing, result: 'Pass' } });
    expect(withResult.status).toBe(400);
    const classII = await as('engineer').post(path, { test: { ...failing, protectionClass: 'II' } });
    expect([classII.status, classII.body['message']]).toEqual([
      400,
      'A Class II device has no protective earth to measure: leave it empty.',
    ]);
    const future = await as('engineer').post(path, {
      test: { ...failing, testedOn: addDays(hospitalToday(), 2) },
    });
    expect([future.status, future.body['message']]).toEqual([
      400,
      `The test date ${addDays(hospitalToday(), 2)} is in the future (today is ${hospitalToday()}).`,
    ]);
    const missing = await as('engineer').post(
      `/equipment/00000000-0000-4000-8000-000000000000/safety-tests`,
      {
        test: failing,
      },
    );
    expect(missing.status).toBe(404);
    const count = (await rows.query(
      `SELECT count(*)::int AS n FROM "maintenance"."safety_tests" WHERE "equipment_id" = $1`,
      [device._id],
    )) as [{ n: number }];
    expect(count[0].n).toBe(0);
  });

  it("takes the due date from the device's Safety Testing plan, and says when there is none", async () => {
    const device = await aDevice();
    const before = await as('tech').get<DeviceSafetyTests>(`/equipment/${device._id}/safety-tests`);
    expect(before.body).toEqual({ tests: [], total: 0, due: null });
    const plan = await as('engineer').post('/maintenance/schedule', {
      equipmentId: device._id,
      title: 'Annual electrical safety test',
      description: 'IEC 62353 recurrent test',
      pmType: 'Safety Testing',
      interval: 'Annually',
      estimatedHours: 0.5,
      priority: 'Medium',
      firstDueDate: '2027-02-15',
    });
    expect(plan.status).toBe(201);
    const after = await as('tech').get<DeviceSafetyTests>(`/equipment/${device._id}/safety-tests`);
    expect(after.body.due).toMatchObject({
      dueDate: '2027-02-15',
      overdue: false,
      planTitle: 'Annual electrical safety test',
    });

    // A plan whose first occurrence is ten days past due: overdue, by that occurrence's due date.
    const late = await aDevice();
    const tenDaysAgo = addDays(hospitalToday(), -10);
    const latePlan = await as('engineer').post('/maintenance/schedule', {
      equipmentId: late._id,
      title: 'Annual electrical safety test',
      description: 'IEC 62353 recurrent test',
      pmType: 'Safety Testing',
      interval: 'Annually',
      estimatedHours: 0.5,
      priority: 'Medium',
      firstDueDate: tenDaysAgo,
    });
    expect(latePlan.status).toBe(201);
    const overdue = await as('tech').get<DeviceSafetyTests>(`/equipment/${late._id}/safety-tests`);
    expect(overdue.body.due).toMatchObject({ dueDate: tenDaysAgo, overdue: true, taskToComplete: null });

    // A test entered now but taken before the occurrence was opened is not that occurrence's test.
    const entered = await as('engineer').post(`/equipment/${late._id}/safety-tests`, {
      test: { ...failing, protectiveEarthOhm: 0.1, testedOn: addDays(hospitalToday(), -40) },
    });
    expect(entered.status).toBe(201);
    const earlier = await as('tech').get<DeviceSafetyTests>(`/equipment/${late._id}/safety-tests`);
    expect(earlier.body.due).toMatchObject({ overdue: true, taskToComplete: null });

    // A test taken since the occurrence was opened does not complete it: the section says which
    // PM task to complete to move the due date.
    const tested = await as('engineer').post(`/equipment/${late._id}/safety-tests`, {
      test: { ...failing, protectiveEarthOhm: 0.1, testedOn: hospitalToday() },
    });
    expect(tested.status).toBe(201);
    const pending = await as('tech').get<DeviceSafetyTests>(`/equipment/${late._id}/safety-tests`);
    expect(pending.body.due).toMatchObject({
      dueDate: tenDaysAgo,
      overdue: true,
      taskToComplete: { _id: expect.any(String), title: 'Annual electrical safety test' },
    });
    const occurrence = await as('engineer').get<TaskDetail>(
      `/tasks/${pending.body.due?.taskToComplete?._id ?? ''}`,
    );
    expect(occurrence.body).toMatchObject({ taskType: 'Preventive', equipment: { _id: late._id } });
  });

  it('previews an analyser file row by row, applies it once, and a second apply imports nothing', async () => {
    const imported = `${prefix}IMP`;
    const text = readFileSync(join(SAMPLES, 'caliber-safety-tests.csv'), 'utf8').replaceAll(
      'SAFE-',
      `${imported}-`,
    );
    await aDevice(`${imported}-MON-001`, 'Patient monitor');
    await aDevice(`${imported}-PUMP-002`, 'Infusion pump');
    await aDevice(`${imported}-DEFIB-003`, 'Defibrillator');
    await aDevice(`${imported}-SCALE-004`, 'Scale');
    const file = { fileName: 'caliber-safety-tests.csv', text };

    const preview = await as('engineer').send<SafetyImportPreview>('/safety-tests/imports/preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body.format).toBe('caliber-csv');
    expect(
      preview.body.rows.map((row) => [row.line, row.outcome, row.result, row.disagrees, row.reason]),
    ).toEqual([
      [2, 'import', 'Pass', false, null],
      [3, 'import', 'Fail', true, null],
      [4, 'import', 'Fail', false, null],
      [5, 'refused', 'Pass', false, 'A duplicate of line 2: the same device tested at the same time.'],
      [6, 'refused', null, false, `No device in the inventory has the serial number "NOT-IN-INVENTORY-9".`],
      [7, 'refused', null, false, 'Unreadable: Protective earth "zero point one" is not a number.'],
    ]);
    expect([preview.body.importable, preview.body.refused, preview.body.failing]).toEqual([3, 3, 2]);
    // A preview writes nothing.
    const none = (await rows.query(
      `SELECT count(*)::int AS n FROM "maintenance"."safety_tests" WHERE "equipment_serial" LIKE $1`,
      [`${imported}-%`],
    )) as [{ n: number }];
    expect(none[0].n).toBe(0);

    const applied = await as('engineer').send<SafetyImportApplied>('/safety-tests/imports/apply', {
      ...file,
      openRepairTasks: true,
    });
    expect(applied.status).toBe(200);
    expect([applied.body.imported, applied.body.repairTasks]).toEqual([3, 2]);
    const written = (await rows.query(
      `SELECT s."equipment_serial" AS serial, s."result", s."analyser_result" AS analyser, s."source",
              t."priority", (SELECT count(*)::int FROM "maintenance"."audit_log" a
                              WHERE a."entity" = 'safety-test' AND a."entity_id" = s."id"::text AND a."action" = 'imported') AS audits
         FROM "maintenance"."safety_tests" s LEFT JOIN "maintenance"."tasks" t ON t."id" = s."repair_task_id"
        WHERE s."equipment_serial" LIKE $1 ORDER BY 1`,
      [`${imported}-%`],
    )) as unknown[];
    expect(written).toEqual([
      {
        serial: `${imported}-DEFIB-003`,
        result: 'Fail',
        analyser: 'Fail',
        source: 'caliber-csv',
        priority: 'High',
        audits: 1,
      },
      {
        serial: `${imported}-MON-001`,
        result: 'Pass',
        analyser: 'Pass',
        source: 'caliber-csv',
        priority: null,
        audits: 1,
      },
      {
        serial: `${imported}-PUMP-002`,
        result: 'Fail',
        analyser: 'Pass',
        source: 'caliber-csv',
        priority: 'High',
        audits: 1,
      },
    ]);

    const again = await as('engineer').send<SafetyImportApplied>('/safety-tests/imports/apply', {
      ...file,
      openRepairTasks: true,
    });
    expect([again.status, again.body.imported, again.body.repairTasks]).toEqual([200, 0, 0]);
    expect(again.body.rows.filter((row) => row.line <= 4).map((row) => row.reason)).toEqual([
      'A duplicate: this test of this device is already recorded.',
      'A duplicate: this test of this device is already recorded.',
      'A duplicate: this test of this device is already recorded.',
    ]);

    // The compliance audit's figures count them in their period.
    const figures = await maintenance.get(SafetyReportService).figures({
      from: '2026-03-01',
      to: '2026-03-31',
      timeZone: 'UTC',
      departments: [],
      categories: [],
      staffId: null,
    });
    expect(figures.tests).toBeGreaterThanOrEqual(3);
    expect(figures.failed).toBeGreaterThanOrEqual(2);
  });

  it('imports a file once when two applies of it run at the same moment', async () => {
    const twice = `${prefix}TWO`;
    const text = readFileSync(join(SAMPLES, 'rigel-288-complete-result.csv'), 'utf8').replaceAll(
      'SAFE-',
      `${twice}-`,
    );
    await aDevice(`${twice}-PUMP-002`, 'Infusion pump');
    await aDevice(`${twice}-DEFIB-003`, 'Defibrillator');
    const file = { fileName: 'rigel.csv', text };
    // One person has one file read at a time (429 for the second), so two people apply it.
    const [first, second] = await Promise.all([
      as('engineer').send<SafetyImportApplied>('/safety-tests/imports/apply', file),
      as('admin').send<SafetyImportApplied>('/safety-tests/imports/apply', file),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.imported + second.body.imported).toBe(2);
    const count = (await rows.query(
      `SELECT count(*)::int AS n FROM "maintenance"."safety_tests" WHERE "equipment_serial" LIKE $1`,
      [`${twice}-%`],
    )) as [{ n: number }];
    expect(count[0].n).toBe(2);
  });

  /** A Caliber CSV of one failing Class I test per serial, at the given minute of the day. */
  const failingFile = (serials: readonly string[], minute: number) => {
    const header =
      'Serial Number,Test Date,Tester,Instrument,Protection Class,Protective Earth (Ω),Equipment Leakage (µA),Visual Inspection';
    const lines = serials.map(
      (serialNumber, index) =>
        `${serialNumber},2026-03-02 ${String(8 + index).padStart(2, '0')}:${String(minute).padStart(2, '0')},Dana Okoye,ESA615,I,0.45,300,Pass`,
    );
    return {
      fileName: 'tests.csv',
      text: [header, ...lines].join('\n'),
      openRepairTasks: true,
    };
  };

  // Devices used to be found by the inventory's text search, 20 results at most: a serial that
  // 21 other serials contain, sorted before it, was refused though one device has exactly it.
  it('finds a device by its exact serial number however many other serials contain it', async () => {
    const exact = `${prefix}EXACT`;
    for (let index = 0; index < 21; index += 1) await aDevice(`A${index}-${exact}`);
    const device = await aDevice(exact.toLowerCase());
    const preview = await as('engineer').send<SafetyImportPreview>(
      '/safety-tests/imports/preview',
      failingFile([exact, `${exact}-NONE`], 0),
    );
    expect(preview.status).toBe(200);
    expect(preview.body.rows.map((row) => [row.outcome, row.equipment?._id ?? null, row.reason])).toEqual([
      ['import', device._id, null],
      ['refused', null, `No device in the inventory has the serial number "${exact}-NONE".`],
    ]);
  });

  it('fails an imported ">50" µA on a CF applied part, and its Repair task says "more than 50 µA"', async () => {
    const device = await aDevice();
    const file = {
      fileName: 'tests.csv',
      text:
        'Serial Number,Test Date,Tester,Instrument,Protection Class,Protective Earth (Ω),Equipment Leakage (µA),Applied Parts,Visual Inspection\n' +
        `${device.serialNumber},2026-03-02 09:00,Dana Okoye,ESA615,I,85 mOhm,0.2 mA,ECG:CF:>50,Pass\n`,
      openRepairTasks: true,
    };
    const applied = await as('engineer').send<SafetyImportApplied>('/safety-tests/imports/apply', file);
    expect(applied.status).toBe(200);
    expect(applied.body.rows[0]).toMatchObject({
      outcome: 'import',
      result: 'Fail',
      failed: ['Applied part leakage, ECG (CF)'],
    });
    const tests = await as('tech').get<DeviceSafetyTests>(`/equipment/${device._id}/safety-tests`);
    expect(tests.body.tests[0]).toMatchObject({ protectiveEarthOhm: 0.085, equipmentLeakageMicroamp: 200 });
    expect(
      tests.body.tests[0]?.evaluation.measurements.find((item) => item.key === 'appliedPart:ECG'),
    ).toMatchObject({
      value: 50,
      bound: '>',
      verdict: 'Fail',
    });
    const task = await as('engineer').get<TaskDetail>(`/tasks/${applied.body.rows[0]?.repairTaskId ?? ''}`);
    expect(task.body.description).toContain(
      'Applied part leakage, ECG (CF): more than 50 µA; the limit is at most 50 µA',
    );
  });

  // An apply used to lock each device (to open its Repair task) after the file's first audit row
  // held the audit chain's head, while a reported fault locks the device and then the head: run
  // together, each waited for the other and PostgreSQL aborted one with a deadlock.
  it('applies an import while faults are reported on its devices, and two imports in opposite order, without a deadlock', async () => {
    const tag = `${prefix}LCK`;
    const serials = Array.from({ length: 6 }, (_, index) => `${tag}-${index}`);
    const devices = [];
    for (const serialNumber of serials) devices.push(await aDevice(serialNumber));
    for (let round = 0; round < 3; round += 1) {
      const [applied, ...reported] = await Promise.all([
        as('engineer').send<SafetyImportApplied>('/safety-tests/imports/apply', failingFile(serials, round)),
        ...devices.slice(1).map((device) =>
          as('tech').post('/maintenance/report', {
            equipment: device._id,
            title: `Alarm fails self-test ${round}`,
            description: 'The alarm does not sound.',
            severity: 'High',
            location: 'ICU Bed 4',
            reportedBy: 'Ward nurse',
          }),
        ),
      ]);
      expect(applied.status).toBe(200);
      expect(applied.body.imported).toBe(serials.length);
      expect(
        reported.map((answer) => [answer.status, answer.status === 201 ? '' : JSON.stringify(answer.body)]),
      ).toEqual(devices.slice(1).map(() => [201, '']));
    }
    for (let round = 10; round < 13; round += 1) {
      const [forward, backward] = await Promise.all([
        as('engineer').send<SafetyImportApplied>('/safety-tests/imports/apply', failingFile(serials, round)),
        as('admin').send<SafetyImportApplied>(
          '/safety-tests/imports/apply',
          failingFile([...serials].reverse(), round + 20),
        ),
      ]);
      expect([forward.status, backward.status]).toEqual([200, 200]);
      expect([forward.body.imported, backward.body.imported]).toEqual([serials.length, serials.length]);
    }
  });

  it('refuses bad files with a clear 4xx, and imports for Engineers and Admins only', async () => {
    const send = (who: string, file: AnalyserFile) => as(who).send('/safety-tests/imports/preview', file);
    const csv = (text: string) => ({ fileName: 'tests.csv', text });
    const tech = await send(
      'tech',
      csv('Serial Number,Test Date,Protection Class,Visual Inspection\nX,2026-01-01,I,Pass\n'),
    );
    expect([tech.status, tech.body['message']]).toEqual([
      403,
      'Only Engineers and Admins may import safety tests.',
    ]);
    const workbook = await send('engineer', { fileName: 'tests.xlsx', text: 'PK' });
    expect([workbook.status, workbook.body['message']]).toEqual([
      400,
      'Send the analyser export as a .csv file.',
    ]);
    const unknown = await send('engineer', csv('Name,Model\nMonitor,MX450\n'));
    expect(unknown.status).toBe(400);
    expect(unknown.body['message']).toMatch(/^This file is not an export Caliber reads\./);
    const empty = await send('engineer', csv(''));
    expect([empty.status, empty.body['message']]).toEqual([400, 'The file is empty.']);
    const pdf = await send('engineer', csv('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n'));
    expect([pdf.status, pdf.body['message']]).toEqual([
      400,
      'The analyser file is a PDF document, not a spreadsheet: send the .xlsx or .csv file itself.',
    ]);
    // 2 MB is the most an analyser file may be: one byte more is cut off as it arrives.
    const large = await send('engineer', csv('a'.repeat(SAFETY_IMPORT_MAX_BYTES + 1)));
    expect([large.status, large.body['message']]).toEqual([
      413,
      'The file is larger than 2 MB, the most its purpose takes.',
    ]);
    // More than 1,000 tests (each row refused or not) is refused as a whole.
    const header = 'Serial Number,Test Date,Protection Class,Visual Inspection';
    const many = Array.from({ length: SAFETY_IMPORT_MAX_ROWS + 1 }, (_, i) => `SN-${i},2026-01-01,I,Pass`);
    const tooMany = await send('engineer', csv([header, ...many].join('\n')));
    expect([tooMany.status, tooMany.body['message']]).toEqual([
      400,
      'An analyser file may hold at most 1,000 tests; this one has 1,001. Split it and import each part.',
    ]);
    // The old shape (the file as base64 in JSON) is no longer read as a file.
    const json = await as('engineer').post('/safety-tests/imports/preview?fileName=tests.csv', {
      fileName: 'tests.csv',
      content: Buffer.from('x').toString('base64'),
    });
    expect(json.status).toBe(400);
    const signedOut = await sendFile(stack.gateway.url, '/safety-tests/imports/preview', csv('x'));
    expect(signedOut.status).toBe(401);
    // Nothing is left of any of them in the file store.
    expect(await testFileStore({}).list('incoming/')).toEqual([]);
  });

  it("reads one analyser file of a person's at a time: a second one meanwhile is 429 with a message", async () => {
    const serials = Array.from({ length: 3 }, (_, index) => `${prefix}ONE-${index}`);
    // Both arrive while the first is read in a worker thread and checked (hundreds of milliseconds).
    const answers = await Promise.all([
      as('engineer').send('/safety-tests/imports/preview', failingFile(serials, 30)),
      as('engineer').send('/safety-tests/imports/preview', failingFile(serials, 31)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body['message']).toBe(
      'Your previous analyser file is still being read and checked. Wait for its answer, then send the next.',
    );
    // Someone else meanwhile is not held up, and the same person's next file is read.
    expect(
      (await as('engineer').send('/safety-tests/imports/preview', failingFile(serials, 32))).status,
    ).toBe(200);
  });
});
