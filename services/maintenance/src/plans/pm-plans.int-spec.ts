import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type {
  EquipmentDto,
  OverduePmPage,
  PmComplianceResponse,
  PmPlanCreatedResponse,
  PmPlanDto,
  Role,
  TaskDto,
  TaskListResponse,
  UnplannedDevicesPage,
} from '@caliber/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { addDays, hospitalToday } from '../hospital-clock';
import { PmPlansService } from './pm-plans.service';
import { queuePrefix } from '@caliber/service-kit';
import { PmScheduleJob } from './pm-schedule.job';
import { call } from '@caliber/testing/http';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';

/**
 * PM plans through the gateway, against the real servers and services: scheduling creates the plan
 * and its first occurrence; certifying an occurrence creates the next, due where the schedule
 * puts it; one plan never has two tasks for one occurrence.
 */
describe('PM plans and their occurrences (real stack)', () => {
  const stack = useSignInStack('plans');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();
  let serial = 0;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    for (const [key, role] of [
      ['tech', 'Technician'],
      ['engineer', 'Engineer'],
      ['manager', 'Manager'],
    ] as [string, Role][]) {
      const staff = await rosterStaff(stack.db, { role, name: `${key} Plans`, preApproved: true });
      ids.set(key, staff.id);
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
    put: <T = Record<string, unknown>>(path: string, body?: unknown) =>
      call<T>(stack.gateway.url, 'PUT', `/api${path}`, { token: tokens.get(who), ...(body ? { body } : {}) }),
  });

  async function aDefibrillator(): Promise<EquipmentDto> {
    serial += 1;
    const created = await as('engineer').post<EquipmentDto>('/equipment', {
      name: `HeartStart XL+ ${serial}`,
      serialNumber: `PLANS-${Date.now().toString(36)}-${serial}`,
      manufacturer: 'Philips',
      model: 'HeartStart XL+',
      department: 'ICU',
      location: 'Resuscitation trolley',
      installationDate: '2021-04-01',
      status: 'Serviceable',
      category: 'Defibrillator',
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const monthly = (device: EquipmentDto) => ({
    equipmentId: device._id,
    title: 'Monthly energy delivery test',
    description: 'Discharge into the analyser at 200 J; check the pads and the battery.',
    pmType: 'Safety Testing',
    interval: 'Monthly',
    estimatedHours: 0.5,
    assignedTo: ids.get('tech'),
    priority: 'High',
    firstDueDate: '2027-01-31',
  });

  async function completeAndCertify(task: TaskDto): Promise<void> {
    expect((await as('tech').put(`/tasks/${task._id}/status`, { status: 'Completed' })).status).toBe(200);
    expect((await as('engineer').put(`/tasks/${task._id}/certify`)).status).toBe(200);
  }

  async function occurrences(planId: string): Promise<{ n: number; due: string; status: string }[]> {
    return (await rows.query(
      `SELECT "plan_occurrence" AS n, to_char("due_date", 'YYYY-MM-DD') AS due, "status"
         FROM "maintenance"."tasks" WHERE "plan_id" = $1 ORDER BY "plan_occurrence"`,
      [planId],
    )) as { n: number; due: string; status: string }[];
  }

  it('schedules a plan with its first occurrence, for Engineers and Admins only', async () => {
    const device = await aDefibrillator();
    expect((await as('tech').post('/maintenance/schedule', monthly(device))).status).toBe(403);
    expect((await as('manager').post('/maintenance/schedule', monthly(device))).status).toBe(403);
    const halfHour = await as('engineer').post('/maintenance/schedule', {
      ...monthly(device),
      estimatedHours: 0.3,
    });
    expect(halfHour.body['message']).toBe('Duration goes in steps of 0.5 hours.');
    const unjustified = await as('engineer').post('/maintenance/schedule', {
      ...monthly(device),
      scheduleBasis: 'Alternative maintenance schedule',
    });
    expect([unjustified.status, unjustified.body['message']]).toEqual([
      400,
      'An alternative maintenance schedule needs its justification.',
    ]);
    const scheduled = await as('engineer').post<PmPlanCreatedResponse>(
      '/maintenance/schedule',
      monthly(device),
    );
    expect(scheduled.status).toBe(201);
    const { plan, task } = scheduled.body;
    expect(plan).toMatchObject({
      interval: 'Monthly',
      estimatedHours: 0.5,
      firstDueDate: '2027-01-31',
      scheduleBasis: 'Manufacturer recommendation',
      equipment: { _id: device._id, serialNumber: device.serialNumber, category: 'Defibrillator' },
      active: true,
    });
    expect(task).toMatchObject({
      taskType: 'Preventive',
      pmType: 'Safety Testing',
      pmInterval: 'Monthly',
      dueDate: '2027-01-31',
      status: 'Pending',
      priority: 'High',
      assignedTo: { _id: ids.get('tech') },
      plan: { _id: plan._id, occurrence: 0 },
    });
    const mine = await as('tech').get<TaskListResponse>(`/tasks?equipment=${device._id}`);
    expect(mine.body.tasks.map((shown) => shown._id)).toEqual([task._id]);
  });

  it('creates the next occurrence when one is certified, counted from the first due date', async () => {
    const device = await aDefibrillator();
    const { plan, task } = (
      await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', monthly(device))
    ).body;
    await completeAndCertify(task);
    expect(await occurrences(plan._id)).toEqual([
      { n: 0, due: '2027-01-31', status: 'Completed' },
      { n: 1, due: '2027-02-28', status: 'Pending' },
    ]);
    const [second] = (await as('tech').get<TaskListResponse>(`/tasks?equipment=${device._id}&status=Pending`))
      .body.tasks;
    expect(second).toMatchObject({
      plan: { _id: plan._id, occurrence: 1 },
      assignedTo: { _id: ids.get('tech') },
    });
    await completeAndCertify(second as TaskDto);
    expect((await occurrences(plan._id)).map((row) => row.due)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
  });

  it('never holds two tasks for one occurrence of a plan, whoever writes them', async () => {
    const device = await aDefibrillator();
    const { plan } = (
      await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', monthly(device))
    ).body;
    await expect(
      rows.query(
        `INSERT INTO "maintenance"."tasks" ("title", "task_type", "priority", "equipment_id", "equipment_name",
           "equipment_serial", "equipment_department", "equipment_category", "plan_id", "plan_occurrence", "pm_type",
           "pm_interval", "description")
         VALUES ('Duplicate', 'Preventive', 'Low', $1, 'x', 'x', 'ICU', 'Defibrillator', $2, 0, 'Cleaning', 'Monthly', '')`,
        [device._id, plan._id],
      ),
    ).rejects.toThrow(/tasks_plan_occurrence_key/);
  });

  describe('the daily job', () => {
    const weekly = (device: EquipmentDto, firstDueDate: string) => ({
      ...monthly(device),
      title: 'Weekly suction check',
      interval: 'Weekly',
      firstDueDate,
    });

    it('creates every occurrence due within the lead time, once, even when two replicas run it at once', async () => {
      const today = hospitalToday();
      const device = await aDefibrillator();
      const { plan } = (
        await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', weekly(device, today))
      ).body;
      // A second replica of the service, on the same database, runs the job at the same moment.
      const replica = await startMaintenance();
      try {
        const [one, two] = await Promise.all([
          maintenance.get(PmPlansService).createDueOccurrences(14, today),
          replica.get(PmPlansService).createDueOccurrences(14, today),
        ]);
        const mine = [...one, ...two].filter((task) => task.planId === plan._id);
        expect(mine.map((task) => task.planOccurrence).sort()).toEqual([1, 2]);
      } finally {
        await replica.close();
      }
      // Day 0 is the first occurrence; days 7 and 14 fall within 14 days; day 21 does not.
      expect(await occurrences(plan._id)).toEqual([
        { n: 0, due: today, status: 'Pending' },
        { n: 1, due: addDays(today, 7), status: 'Pending' },
        { n: 2, due: addDays(today, 14), status: 'Pending' },
      ]);
      const again = await maintenance.get(PmPlansService).createDueOccurrences(14, today);
      expect(again.filter((task) => task.planId === plan._id)).toEqual([]);
      // A week later the next one falls within the lead time.
      await maintenance.get(PmPlansService).createDueOccurrences(14, addDays(today, 7));
      expect((await occurrences(plan._id)).map((row) => row.due).at(-1)).toBe(addDays(today, 21));
    });

    it('is one BullMQ job scheduler that survives a restart, and a run after it creates nothing twice', async () => {
      const device = await aDefibrillator();
      const { plan } = (
        await as('engineer').post<PmPlanCreatedResponse>(
          '/maintenance/schedule',
          weekly(device, addDays(hospitalToday(), 1)),
        )
      ).body;
      expect(await maintenance.get(PmScheduleJob).runNow()).toBeGreaterThanOrEqual(1);
      const before = await occurrences(plan._id);
      expect(before.length).toBe(2);
      await maintenance.close();
      maintenance = await startMaintenance();
      expect(await maintenance.get(PmScheduleJob).runNow()).toBe(0);
      expect(await occurrences(plan._id)).toEqual(before);
      const connection = new Redis(process.env['REDIS_URL'] ?? '', { maxRetriesPerRequest: null });
      const queue = new Queue('pm-schedule', {
        connection,
        prefix: queuePrefix(process.env['DATABASE_URL'] ?? ''),
      });
      try {
        const schedulers = await queue.getJobSchedulers();
        expect(schedulers.map((scheduler) => [scheduler.key, scheduler.pattern])).toEqual([
          ['daily-occurrences', '15 2 * * *'],
        ]);
      } finally {
        await queue.close();
        await connection.quit();
      }
    });
  });

  it('marks an occurrence overdue once its due date has passed and it is not done', async () => {
    const device = await aDefibrillator();
    const yesterday = addDays(hospitalToday(), -1);
    const { task } = (
      await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', {
        ...monthly(device),
        firstDueDate: yesterday,
        assignedTo: null,
      })
    ).body;
    expect(task.overdue).toBe(true);
    const overdue = await as('engineer').get<TaskListResponse>(`/tasks?overdue=1&equipment=${device._id}`);
    expect(overdue.body.tasks.map((shown) => shown._id)).toEqual([task._id]);
    const panel = await as('engineer').get<TaskListResponse>(`/tasks?unassigned=1&open=1&sort=due&limit=100`);
    expect(panel.body.tasks.map((shown) => shown._id)).toContain(task._id);
    expect(panel.body.tasks.every((shown) => shown.assignedTo === null && shown.status !== 'Completed')).toBe(
      true,
    );
    const dues = panel.body.tasks.map((shown) => shown.dueDate ?? shown.createdAt.slice(0, 10));
    expect(dues).toEqual([...dues].sort());
    expect((await as('engineer').put(`/tasks/${task._id}`, { assignedTo: ids.get('tech') })).status).toBe(
      200,
    );
    const done = await as('engineer').put(`/tasks/${task._id}/status`, { status: 'Completed' });
    expect([done.status, done.body['message'], done.body['overdue']]).toEqual([200, undefined, false]);
  });

  it('changes a plan for the occurrences to come and leaves those already created as they are', async () => {
    const device = await aDefibrillator();
    const { plan, task } = (
      await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', monthly(device))
    ).body;
    expect((await as('tech').put(`/maintenance/plans/${plan._id}`, { priority: 'Low' })).status).toBe(403);
    const changed = await as('engineer').put<PmPlanDto>(`/maintenance/plans/${plan._id}`, {
      interval: 'Quarterly',
      nextDueDate: '2027-03-15',
      title: 'Quarterly energy delivery test',
      version: plan.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      interval: 'Quarterly',
      anchorDate: '2027-03-15',
      anchorOccurrence: 1,
      nextOccurrence: 1,
      nextDueDate: '2027-03-15',
    });
    const stale = await as('engineer').put(`/maintenance/plans/${plan._id}`, {
      priority: 'Low',
      version: plan.version,
    });
    expect(stale.status).toBe(409);
    await completeAndCertify(task);
    const made = await occurrences(plan._id);
    expect(made).toEqual([
      { n: 0, due: '2027-01-31', status: 'Completed' },
      { n: 1, due: '2027-03-15', status: 'Pending' },
    ]);
    const first = await as('engineer').get<TaskDto>(`/tasks/${task._id}`);
    expect([first.body.title, first.body.pmInterval]).toEqual(['Monthly energy delivery test', 'Monthly']);
  });

  it('retires a plan: no more occurrences, work not yet due withdrawn, overdue and finished work kept', async () => {
    const device = await aDefibrillator();
    const today = hospitalToday();
    const { plan, task: overdue } = (
      await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', {
        ...monthly(device),
        interval: 'Weekly',
        firstDueDate: addDays(today, -3),
      })
    ).body;
    await maintenance.get(PmPlansService).createDueOccurrences(14, today);
    const before = await occurrences(plan._id);
    expect(before.length).toBe(3);
    expect((await as('engineer').put(`/maintenance/plans/${plan._id}/retire`, {})).status).toBe(400);
    const retired = await as('engineer').put<PmPlanDto>(`/maintenance/plans/${plan._id}/retire`, {
      reason: 'Device replaced',
    });
    expect(retired.status).toBe(200);
    expect(retired.body.active).toBe(false);
    const live: { id: string }[] = await rows.query(
      `SELECT "id" FROM "maintenance"."tasks" WHERE "plan_id" = $1 AND "deleted_at" IS NULL`,
      [plan._id],
    );
    expect(live.map((row) => row.id)).toEqual([overdue._id]);
    await maintenance.get(PmPlansService).createDueOccurrences(60, today);
    expect((await occurrences(plan._id)).length).toBe(3);
    expect((await as('engineer').put(`/maintenance/plans/${plan._id}`, { priority: 'Low' })).status).toBe(
      409,
    );
    const listed = await as('tech').get<{ plans: PmPlanDto[] }>(
      `/maintenance/plans?state=retired&equipment=${device._id}`,
    );
    expect(listed.body.plans.map((shown) => shown._id)).toEqual([plan._id]);
  });

  it('follows the inventory: a life-support device assessed in equipment counts as such in compliance, and its plan takes it off the unplanned list', async () => {
    const device = await aDefibrillator();
    const assessed = await as('engineer').put(`/equipment/${device._id}/risk`, {
      function: 10,
      physicalRisk: 5,
      maintenance: 4,
      incidentHistory: 0,
    });
    expect(assessed.status).toBe(200);
    const unplanned = async () =>
      (
        await as('engineer').get<{ equipment: EquipmentDto[] }>(
          `/equipment?pmProgram=unplanned&limit=100&q=${device.serialNumber}`,
        )
      ).body.equipment.map((item) => item._id);
    expect(await unplanned()).toEqual([device._id]);
    const unplannedInIcu = async () =>
      (
        await as('engineer').get<UnplannedDevicesPage>(
          `/maintenance/compliance/unplanned?department=ICU&limit=100`,
        )
      ).body.items.map((item) => item.equipmentId);
    expect(await unplannedInIcu()).toContain(device._id);

    const { task } = (
      await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', {
        ...monthly(device),
        firstDueDate: addDays(hospitalToday(), -2),
      })
    ).body;
    const after = await as('engineer').get<PmComplianceResponse>(`/maintenance/compliance?department=ICU`);
    expect(await unplannedInIcu()).not.toContain(device._id);
    const overdueInIcu = await as('engineer').get<OverduePmPage>(
      `/maintenance/compliance/overdue?department=ICU&limit=100`,
    );
    const overdue = overdueInIcu.body.items.find((item) => item.taskId === task._id);
    expect(overdue).toMatchObject({ lifeSupport: true, highRisk: true, daysOverdue: 2 });
    expect(after.body.riskDataAsOf).not.toBeNull();
    expect(await unplanned()).toEqual([]);
  });

  describe('what keeps the schedule honest', () => {
    it('refuses dates out of reach, and a next due date in the past or before work already scheduled', async () => {
      const device = await aDefibrillator();
      const far = await as('engineer').post('/maintenance/schedule', {
        ...monthly(device),
        firstDueDate: '9999-12-31',
      });
      expect([far.status, far.body['message']]).toEqual([
        400,
        'The scheduled date must be between 2000-01-01 and 2099-12-31.',
      ]);
      const old = await as('engineer').post('/maintenance/schedule', {
        ...monthly(device),
        firstDueDate: addDays(hospitalToday(), -400),
      });
      expect([old.status, old.body['message']]).toEqual([
        400,
        'The first due date may be at most a year ago.',
      ]);
      const { plan } = (
        await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', monthly(device))
      ).body;
      const past = await as('engineer').put(`/maintenance/plans/${plan._id}`, {
        nextDueDate: addDays(hospitalToday(), -1),
      });
      expect([past.status, past.body['message']]).toEqual([400, 'The next due date cannot be in the past.']);
      const same = await as('engineer').put(`/maintenance/plans/${plan._id}`, { nextDueDate: '2027-01-31' });
      expect([same.status, same.body['message']]).toEqual([
        400,
        'The next due date must fall after the last occurrence already scheduled (2027-01-31).',
      ]);
    });

    it('keeps an occurrence on the date and kind its plan gave it, and never deletes one', async () => {
      const device = await aDefibrillator();
      const { task } = (
        await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', monthly(device))
      ).body;
      const moved = await as('engineer').put(`/tasks/${task._id}`, { dueDate: '2027-06-30' });
      expect([moved.status, moved.body['message']]).toEqual([
        409,
        "A PM occurrence keeps the due date its plan gave it; change the plan's schedule for the occurrences to come.",
      ]);
      expect((await as('engineer').put(`/tasks/${task._id}`, { taskType: 'Repair' })).status).toBe(409);
      const deleted = await call(stack.gateway.url, 'DELETE', `/api/tasks/${task._id}`, {
        token: tokens.get('engineer'),
      });
      expect([deleted.status, deleted.body]).toMatchObject([
        409,
        {
          message:
            'A PM occurrence cannot be deleted: cancel it (it then counts as missed) or retire its plan.',
        },
      ]);
      // Other changes are as for any task.
      expect((await as('engineer').put(`/tasks/${task._id}`, { priority: 'Urgent' })).status).toBe(200);
    });

    it("keeps imaging equipment on the manufacturer's schedule", async () => {
      serial += 1;
      const xray = (
        await as('engineer').post<EquipmentDto>('/equipment', {
          name: `Mobilett ${serial}`,
          serialNumber: `PLANS-XR-${Date.now().toString(36)}-${serial}`,
          manufacturer: 'Siemens Healthineers',
          model: 'Mobilett Elara Max',
          department: 'ICU',
          location: 'Imaging bay',
          installationDate: '2022-02-01',
          status: 'Serviceable',
          category: 'X-Ray',
        })
      ).body;
      const refused = await as('engineer').post('/maintenance/schedule', {
        ...monthly(xray),
        scheduleBasis: 'Alternative maintenance schedule',
        justification: 'Rarely used',
      });
      expect([refused.status, refused.body['message']]).toEqual([
        400,
        "X-Ray equipment is maintained on the manufacturer's schedule; an alternative schedule is not allowed for it.",
      ]);
    });

    it('ends the plans of a device that leaves service, and plans none for it', async () => {
      const device = await aDefibrillator();
      const { plan } = (
        await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', monthly(device))
      ).body;
      const retired = await as('engineer').put(`/equipment/${device._id}/status`, {
        status: 'Decommissioned',
        reason: 'Replaced by a new unit',
      });
      expect(retired.status).toBe(200);
      await maintenance.get(PmPlansService).createDueOccurrences(14);
      const after = await as('engineer').get<PmPlanDto>(`/maintenance/plans/${plan._id}`);
      expect(after.body.active).toBe(false);
      const again = await as('engineer').post('/maintenance/schedule', monthly(device));
      expect([again.status, again.body['message']]).toEqual([
        409,
        'This device is Decommissioned; it needs no preventive maintenance.',
      ]);
    });

    it("shows a Technician the department's figures but only their own overdue work", async () => {
      const device = await aDefibrillator();
      const yesterday = addDays(hospitalToday(), -1);
      const mine = (
        await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', {
          ...monthly(device),
          firstDueDate: yesterday,
        })
      ).body.task;
      const nobodys = (
        await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', {
          ...monthly(device),
          title: 'Battery check',
          firstDueDate: yesterday,
          assignedTo: null,
        })
      ).body.task;
      const engineerView = await as('engineer').get<PmComplianceResponse>(
        '/maintenance/compliance?department=ICU',
      );
      const techView = await as('tech').get<PmComplianceResponse>('/maintenance/compliance?department=ICU');
      const overdue = (who: 'engineer' | 'tech') =>
        as(who).get<OverduePmPage>('/maintenance/compliance/overdue?department=ICU&limit=100');
      const [engineerList, techList] = [(await overdue('engineer')).body, (await overdue('tech')).body];
      const ids = (list: OverduePmPage) => list.items.map((item) => item.taskId);
      expect(ids(engineerList)).toEqual(expect.arrayContaining([mine._id, nobodys._id]));
      expect(ids(techList)).toContain(mine._id);
      expect(ids(techList)).not.toContain(nobodys._id);
      // Their total is of their own work too, on the list and beside the figures.
      expect(techView.body.overdue.total).toBe(techList.total);
      expect(techList.total).toBeLessThan(engineerList.total);
      expect(techView.body.overall).toEqual(engineerView.body.overall);
      // The devices without a plan are the department's for everyone.
      const unplanned = (who: 'engineer' | 'tech') =>
        as(who).get<UnplannedDevicesPage>('/maintenance/compliance/unplanned?department=ICU');
      expect((await unplanned('tech')).body.total).toBe((await unplanned('engineer')).body.total);
    });
  });
});
