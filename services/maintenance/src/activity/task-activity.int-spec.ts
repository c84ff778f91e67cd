import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import type { DataSource } from 'typeorm';
import {
  SUBJECTS,
  type ActivityChange,
  type ChangeFeedPage,
  type ChangeFeedRequest,
  type EquipmentDto,
  type PmPlanCreatedResponse,
  type Principal,
  type RecordSafetyTestResponse,
  type Role,
  type TaskCreatedResponse,
  type TaskDto,
} from '@caliber/contracts';
import { natsConnectionOptions } from '@caliber/service-kit';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import { testSigner } from '@caliber/testing/statement-keys';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { DeviceRiskReplica } from '../compliance/device-risk.replica';

const harnessNats = () => ({
  servers: [process.env['NATS_URL'] ?? ''],
  user: process.env['NATS_USER'] ?? '',
  pass: process.env['NATS_PASSWORD'] ?? '',
});

/**
 * Maintenance's activity feed for the notifying service, against real PostgreSQL, NATS and the
 * identity, equipment and maintenance services: the audited changes of tasks and safety tests in
 * chain order with each task or test as it stands, pages that miss and repeat nothing, the rows
 * nobody is told of passed over, and nobody but the notifying service let in.
 */
describe('maintenance.activity.changes (real stack)', () => {
  const stack = useSignInStack('task-activity');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  let bus: ClientProxy;
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();
  const marker = `TA${Date.now().toString(36).toUpperCase()}`;
  let serial = 0;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await serviceDataSource('maintenance');
    bus = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsConnectionOptions(harnessNats(), 'task-activity-harness'),
    });
    await bus.connect();
    const people: [string, Role][] = [
      ['tech', 'Technician'],
      ['tech2', 'Technician'],
      ['engineer', 'Engineer'],
    ];
    for (const [key, role] of people) {
      const staff = await rosterStaff(stack.db, { role, name: `${key} Activity`, preApproved: true });
      ids.set(key, staff.id);
      tokens.set(key, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(async () => {
    await bus.close();
    await rows.destroy();
    await maintenance.close();
    await equipment.close();
  });

  const as = (who: string) => ({
    post: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: tokens.get(who), body }),
    put: <T = Record<string, unknown>>(path: string, body?: unknown) =>
      call<T>(stack.gateway.url, 'PUT', `/api${path}`, { token: tokens.get(who), ...(body ? { body } : {}) }),
    delete: <T = Record<string, unknown>>(path: string) =>
      call<T>(stack.gateway.url, 'DELETE', `/api${path}`, { token: tokens.get(who) }),
  });

  /** Sends a feed request on the bus as `principal` would sign it. */
  function activity(request: ChangeFeedRequest, principal: Principal = 'notifications') {
    const subject = SUBJECTS.maintenance.activity;
    return firstValueFrom(
      bus.send<ChangeFeedPage<ActivityChange>>(subject, testSigner(principal).sign(subject, request)),
    );
  }

  /** Every page from `after` to the end, `limit` rows at a time. */
  async function allPages(after: string, limit: number): Promise<ChangeFeedPage<ActivityChange>[]> {
    const pages: ChangeFeedPage<ActivityChange>[] = [];
    let position = after;
    for (;;) {
      const page = await activity({ after: position, limit });
      pages.push(page);
      if (!page.more) return pages;
      expect(BigInt(page.last) > BigInt(position)).toBe(true);
      position = page.last;
    }
  }

  async function chainHead(): Promise<string> {
    const [row] = (await rows.query(
      `SELECT coalesce(max("chain_seq"), 0)::text AS "seq" FROM "maintenance"."audit_log"`,
    )) as [{ seq: string }];
    return row.seq;
  }

  async function aDevice(name: string): Promise<EquipmentDto> {
    serial += 1;
    const created = await as('engineer').post<EquipmentDto>('/equipment', {
      name: `${marker} ${name}`,
      serialNumber: `${marker}-${serial}`,
      manufacturer: 'Dräger',
      model: 'Evita V500',
      department: 'ICU',
      location: 'Bed 4',
      installationDate: '2022-01-10',
      status: 'Serviceable',
      category: 'Ventilator',
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const failing = {
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

  it('carries a task reported, assigned and started, a PM occurrence and a failed safety test, in order, each as it stands', async () => {
    const ventilator = await aDevice('Ventilator');
    const monitor = await aDevice('Monitor');
    // A life-support device: maintenance's copy of the risk flags follows the assessment.
    const assessed = await as('engineer').put(`/equipment/${ventilator._id}/risk`, {
      function: 10,
      physicalRisk: 5,
      maintenance: 5,
      incidentHistory: 0,
    });
    expect(assessed.status).toBe(200);
    await maintenance.get(DeviceRiskReplica).refresh();

    const start = await chainHead();
    const reported = await as('tech').post<TaskCreatedResponse>('/maintenance/report', {
      equipment: ventilator._id,
      title: 'Alarm fails self-test',
      description: 'The high-pressure alarm does not sound.',
      severity: 'High',
      location: 'ICU Bed 4',
    });
    expect(reported.status).toBe(201);
    const fault = reported.body.task;
    expect((await as('engineer').put(`/tasks/${fault._id}`, { assignedTo: ids.get('tech2') })).status).toBe(
      200,
    );
    expect((await as('tech2').put(`/tasks/${fault._id}/status`, { status: 'In Progress' })).status).toBe(200);
    const plan = await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', {
      equipmentId: monitor._id,
      title: 'Monthly electrical safety test',
      description: 'Test to IEC 62353.',
      pmType: 'Safety Testing',
      interval: 'Monthly',
      estimatedHours: 0.5,
      assignedTo: ids.get('tech'),
      priority: 'Medium',
      firstDueDate: '2027-01-31',
    });
    expect(plan.status).toBe(201);
    const occurrence = plan.body.task;
    const recorded = await as('engineer').post<RecordSafetyTestResponse>(
      `/equipment/${monitor._id}/safety-tests`,
      { test: failing, openRepairTask: true },
    );
    expect(recorded.status).toBe(201);
    const test = recorded.body.test;
    const repairId = test.repairTask?._id ?? '';

    const page = await activity({ after: start });
    expect(page.more).toBe(false);
    const mine = new Set([fault._id, occurrence._id, repairId, test._id]);
    const carried = page.changes.filter((change) => mine.has(change.entityId));
    expect(carried.map((change) => [change.entity, change.entityId, change.action])).toEqual([
      ['task', fault._id, 'created'],
      ['task', fault._id, 'updated'],
      ['task', fault._id, 'status-changed'],
      ['task', occurrence._id, 'created'],
      ['task', repairId, 'created'],
      ['safety-test', test._id, 'recorded'],
    ]);
    // Positions rise with the chain; `last` is the page's last row.
    const seqs = page.changes.map((change) => BigInt(change.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(page.last).toBe(await chainHead());

    // Each row carries the task as it stands now, whatever the row changed.
    const faultNow = {
      id: fault._id,
      title: 'Alarm fails self-test',
      type: 'Repair',
      priority: 'High',
      status: 'In Progress',
      reportedById: ids.get('tech'),
      assigneeId: ids.get('tech2'),
      assigneeName: 'tech2 Activity',
      needsCertification: false,
      certified: false,
      equipmentId: ventilator._id,
      deviceName: ventilator.name,
      serialNumber: ventilator.serialNumber,
      department: 'ICU',
      highRisk: true,
      lifeSupport: true,
    };
    for (const change of carried.slice(0, 3)) expect(change.task).toEqual(faultNow);
    expect(carried[0]).toMatchObject({
      actorId: ids.get('tech'),
      actorLabel: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(carried[1]?.changes).toMatchObject({ assignedToId: { from: null, to: ids.get('tech2') } });
    expect(carried[1]?.actorId).toBe(ids.get('engineer'));
    expect(carried[2]?.changes).toEqual({ status: { from: 'Pending', to: 'In Progress' } });
    // A PM occurrence is the schedule's: nobody reported it.
    expect(carried[3]?.task).toMatchObject({
      type: 'Preventive',
      reportedById: null,
      assigneeId: ids.get('tech'),
      highRisk: false,
      lifeSupport: false,
      deviceName: monitor.name,
    });
    expect(carried[4]?.task).toMatchObject({ type: 'Repair', reportedById: ids.get('engineer') });
    expect(carried[5]?.safetyTest).toEqual({
      id: test._id,
      passed: false,
      equipmentId: monitor._id,
      deviceName: monitor.name,
      serialNumber: monitor.serialNumber,
      department: 'ICU',
    });
    expect(carried[5]?.changes).toMatchObject({ result: { from: null, to: 'Fail' } });
    expect(carried[5]?.task).toBeUndefined();

    // The PM plan's own row is in the chain but not in the feed.
    const [planRow] = (await rows.query(
      `SELECT "chain_seq"::text AS "seq" FROM "maintenance"."audit_log"
        WHERE "entity" = 'pm-plan' AND "entity_id" = $1 AND "action" = 'created'`,
      [plan.body.plan._id],
    )) as [{ seq: string }];
    expect(BigInt(planRow.seq) > BigInt(start)).toBe(true);
    expect(page.changes.some((change) => change.entity === 'pm-plan')).toBe(false);
  });

  it('pages a row at a time without missing or repeating one, and moves past the rows it does not carry', async () => {
    const device = await aDevice('Paged ventilator');
    const start = await chainHead();
    const plan = await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', {
      equipmentId: device._id,
      title: 'Quarterly inspection',
      description: 'Inspect.',
      pmType: 'Cleaning',
      interval: 'Quarterly',
      estimatedHours: 1,
      assignedTo: ids.get('tech'),
      priority: 'Low',
      firstDueDate: '2027-02-28',
    });
    expect(plan.status).toBe(201);
    expect(
      (await as('engineer').put(`/tasks/${plan.body.task._id}`, { assignedTo: ids.get('tech2') })).status,
    ).toBe(200);

    const whole = await activity({ after: start });
    const pages = await allPages(start, 1);
    // One row scanned per page: as many pages as rows in the chain since `start`.
    expect(pages.at(-1)?.last).toBe(whole.last);
    expect(pages.length).toBe(Number(BigInt(whole.last) - BigInt(start)));
    expect(pages.flatMap((page) => page.changes)).toEqual(whole.changes);
    // The plan's row: a page that carries nothing, yet moves on.
    const planSeq = (
      (await rows.query(
        `SELECT "chain_seq"::text AS "seq" FROM "maintenance"."audit_log" WHERE "entity" = 'pm-plan' AND "entity_id" = $1`,
        [plan.body.plan._id],
      )) as [{ seq: string }]
    )[0].seq;
    const planPage = pages.find((page) => page.last === planSeq);
    expect(planPage).toEqual({ changes: [], last: planSeq, more: true });
    // Read from the end: nothing more, and the position stays.
    expect(await activity({ after: whole.last })).toEqual({ changes: [], last: whole.last, more: false });
  });

  it('carries the rows of a task deleted since without the task', async () => {
    const device = await aDevice('Deleted task device');
    const start = await chainHead();
    const created = await as('engineer').post<TaskCreatedResponse>('/tasks', {
      title: 'Replace the flow sensor',
      description: 'Readings drift.',
      taskType: 'Repair',
      priority: 'Medium',
      equipmentId: device._id,
      assignedTo: ids.get('tech'),
    });
    expect(created.status).toBe(201);
    const task: TaskDto = created.body.task;
    expect((await as('engineer').delete(`/tasks/${task._id}`)).status).toBe(200);
    const page = await activity({ after: start });
    const rowsOfTask = page.changes.filter((change) => change.entityId === task._id);
    expect(rowsOfTask.map((change) => change.action)).toEqual(['created', 'deleted']);
    for (const change of rowsOfTask) expect(change).not.toHaveProperty('task');
    expect(rowsOfTask[1]?.changes).toMatchObject({
      assignedTo: { from: { _id: ids.get('tech') }, to: null },
    });
  });

  it('stops a page before its changes grow past the budget, and goes on from there', async () => {
    const start = await chainHead();
    // Three audit rows of 150 KB each (tasks that no longer exist): two fit the 256 KB budget.
    const big = 'x'.repeat(150 * 1024);
    for (let n = 0; n < 3; n += 1)
      await rows.query(
        `INSERT INTO "maintenance"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes")
         VALUES ('test', 'task', gen_random_uuid()::text, 'updated', $1)`,
        [JSON.stringify({ comments: { from: null, to: big } })],
      );
    const first = await activity({ after: start });
    expect(first.changes).toHaveLength(2);
    expect(first.more).toBe(true);
    expect(first.last).toBe(first.changes[1]?.seq);
    const second = await activity({ after: first.last });
    expect(second.changes).toHaveLength(1);
    expect(second.more).toBe(false);
    expect(second.changes[0]?.changes['comments']?.to).toBe(big);
  });

  it('answers the notifying service only, and refuses a bad position with a message', async () => {
    for (const principal of ['gateway', 'equipment', 'reports'] as const)
      await expect(activity({ after: '0' }, principal)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(activity({ after: 'x' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('after must be a sequence position.'),
    });
    await expect(activity({ after: '0', limit: 501 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    // Not a route of the gateway: no person reaches it over HTTP.
    const overHttp = await call(stack.gateway.url, 'GET', '/api/maintenance/activity/changes', {
      token: tokens.get('engineer'),
    });
    expect(overHttp.status).toBe(404);
  });
});
