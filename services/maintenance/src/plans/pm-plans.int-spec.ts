import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type {
  EquipmentDto,
  PmPlanCreatedResponse,
  Role,
  TaskDto,
  TaskListResponse,
} from '@caliber/contracts';
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
});
