import type { INestApplication } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import {
  SOCKET_SETTINGS,
  type DeviceHistoryPage,
  type EquipmentDetail,
  type EquipmentDto,
  occurrenceDueDate,
  type PmPlanCreatedResponse,
  type PmPlanDto,
  type Role,
  type TaskChangedEvent,
  type TaskCreatedResponse,
  type TaskDetail,
  type TaskDto,
  type TaskListResponse,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { until } from '@caliber/testing/wait';
import {
  equipmentDataSource,
  rosterStaff,
  setRosterActive,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { addDays, hospitalToday } from '../hospital-clock';
import { PmScheduleJob } from '../plans/pm-schedule.job';
import { PM_SCHEDULE_ACTOR } from './task-writes';

/**
 * The maintenance loop through the gateway, against real PostgreSQL, NATS and Redis and the
 * identity, equipment and maintenance services: reporting, assigning, working, certifying, and
 * the inventory following exactly once.
 */
/** A part nobody recorded a supplier for: the work record never does (it comes with the part's cost). */
const NO_SUPPLIER = { supplierId: null, supplierName: null };

describe('Tasks, work records and certification (real stack)', () => {
  const stack = useSignInStack('tasks');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();
  const serviceNumbers = new Map<string, string>();
  let serial = 0;
  let taskCount = 0;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance({ MAINTENANCE_OUTBOX_POLL_MS: '200' });
    rows = await equipmentDataSource();
    const people: [string, Role, boolean][] = [
      ['tech', 'Technician', true],
      ['tech2', 'Technician', true],
      ['unapproved', 'Technician', false],
      ['engineer', 'Engineer', true],
      ['manager', 'Manager', false],
      ['managerApproved', 'Manager', true],
      ['admin', 'Admin', true],
    ];
    for (const [key, role, preApproved] of people) {
      const staff = await rosterStaff(stack.db, { role, name: `${key} Tasks`, preApproved });
      ids.set(key, staff.id);
      serviceNumbers.set(key, staff.serviceNumber);
      tokens.set(key, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(async () => {
    await rows.destroy();
    await maintenance.close();
    await equipment?.close();
  });

  const as = (who: string) => ({
    get: <T = Record<string, unknown>>(path: string) =>
      call<T>(stack.gateway.url, 'GET', `/api${path}`, { token: tokens.get(who) }),
    post: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: tokens.get(who), body }),
    put: <T = Record<string, unknown>>(path: string, body?: unknown) =>
      call<T>(stack.gateway.url, 'PUT', `/api${path}`, { token: tokens.get(who), ...(body ? { body } : {}) }),
    delete: <T = Record<string, unknown>>(path: string) =>
      call<T>(stack.gateway.url, 'DELETE', `/api${path}`, { token: tokens.get(who) }),
  });

  async function aDevice(status = 'Serviceable'): Promise<EquipmentDto> {
    serial += 1;
    const created = await as('admin').post<EquipmentDto>('/equipment', {
      name: `Evita V500 ${serial}`,
      serialNumber: `TASKS-${Date.now().toString(36)}-${serial}`,
      manufacturer: 'Dräger',
      model: 'Evita V500',
      department: 'ICU',
      location: 'Bed 4',
      installationDate: '2022-01-10',
      status,
      category: 'Ventilator',
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function aTask(device: EquipmentDto, assignee: string | null = 'tech'): Promise<TaskDto> {
    const created = await as('engineer').post<TaskCreatedResponse>('/tasks', {
      title: `Replace flow sensor ${(taskCount += 1)}`,
      description: 'Readings drift',
      taskType: 'Repair',
      priority: 'High',
      equipmentId: device._id,
      dueDate: '2030-01-31',
      ...(assignee ? { assignedTo: ids.get(assignee) } : {}),
    });
    expect(created.status).toBe(201);
    return created.body.task;
  }

  const statusOf = async (device: EquipmentDto) =>
    (await as('engineer').get<EquipmentDetail>(`/equipment/${device._id}`)).body;
  const historyRowsFor = async (taskId: string) =>
    (await rows.query(`SELECT "to_status", "reason" FROM "equipment"."status_history" WHERE "task_id" = $1`, [
      taskId,
    ])) as { to_status: string; reason: string }[];

  /**
   * The inventory's audit of a task's effect on a device: the person the task names (the reporter,
   * the certifying engineer), and in `service` the maintenance service that vouched for them.
   */
  const effectAuditFor = (device: EquipmentDto, taskId: string) =>
    rows.query(
      `SELECT "actor_id", "actor_label", "service" FROM "equipment"."audit_log"
        WHERE "entity" = 'equipment' AND "entity_id" = $1 AND "action" = 'status-changed'
          AND "changes" -> 'task' ->> 'to' = $2`,
      [device._id, taskId],
    ) as Promise<{ actor_id: string | null; actor_label: string; service: string | null }[]>;
  const auditedAs = (who: string) => ({
    actor_id: ids.get(who),
    actor_label: serviceNumbers.get(who),
    service: 'maintenance',
  });

  it('Report Issue: an unassigned Pending Repair with the severity as priority, and the device out of use', async () => {
    const device = await aDevice();
    const reported = await as('tech').post<TaskCreatedResponse>('/maintenance/report', {
      equipment: device._id,
      title: 'Alarm fails self-test',
      description: 'The high-pressure alarm does not sound.',
      severity: 'Critical',
      location: 'ICU Bed 4',
      reportedBy: 'Somebody Else',
    });
    expect(reported.status).toBe(201);
    const task = reported.body.task;
    expect(task).toMatchObject({
      status: 'Pending',
      taskType: 'Repair',
      priority: 'Urgent',
      assignedTo: null,
      location: 'ICU Bed 4',
      severity: 'Critical',
      reportedBy: { _id: ids.get('tech'), name: 'tech Tasks' },
      equipment: { _id: device._id, name: device.name, serialNumber: device.serialNumber },
    });
    await until(async () => (await statusOf(device)).status === 'Unserviceable', {
      what: 'the device out of use',
    });
    const detail = await statusOf(device);
    expect(detail.statusHistory[0]).toMatchObject({
      to: 'Unserviceable',
      taskId: task._id,
      by: { name: 'tech Tasks' },
    });
    expect((await historyRowsFor(task._id))[0]?.reason).toBe('Fault reported: Alarm fails self-test');
    expect(await effectAuditFor(device, task._id)).toEqual([auditedAs('tech')]);
  });

  it('refuses a report on a device that is not in the inventory, writing nothing', async () => {
    const answer = await as('tech').post('/maintenance/report', {
      equipment: '00000000-0000-4000-8000-000000000000',
      title: 'Ghost',
      description: 'No such device',
    });
    expect(answer.status).toBe(404);
    expect(answer.body['message']).toBe('This equipment is not in the inventory.');
  });

  it('lets only Engineers and Admins create, and only assign people approved to receive tasks', async () => {
    const device = await aDevice();
    const body = { title: 'Calibrate', description: 'Annual', priority: 'Low', equipmentId: device._id };
    expect((await as('tech').post('/tasks', body)).status).toBe(403);
    expect((await as('manager').post('/tasks', body)).status).toBe(403);
    const unapproved = await as('engineer').post('/tasks', { ...body, assignedTo: ids.get('unapproved') });
    expect(unapproved.status).toBe(400);
    expect(unapproved.body['message']).toBe(
      'unapproved Tasks is not approved to receive tasks. An Engineer can approve them on the staff roster.',
    );
    const manager = await as('engineer').post('/tasks', { ...body, assignedTo: ids.get('managerApproved') });
    expect([manager.status, manager.body['message']]).toEqual([
      400,
      'managerApproved Tasks is a Manager: Managers read tasks but do not work them.',
    ]);
    const preventive = await as('admin').post('/tasks', { ...body, taskType: 'Preventive' });
    expect(preventive.body['message']).toBe('For Preventive tasks, select PM Type and Periodic Interval.');
  });

  it('makes a new Preventive task the first occurrence of a PM plan, so its interval schedules the next', async () => {
    const device = await aDevice();
    const firstDue = addDays(hospitalToday(), 10);
    const body = {
      title: 'Electrical safety test',
      description: 'IEC 62353',
      priority: 'Medium',
      equipmentId: device._id,
      taskType: 'Preventive',
      pmType: 'Safety Testing',
      pmInterval: 'Biannually',
      assignedTo: ids.get('tech'),
    };
    const undated = await as('admin').post('/tasks', body);
    expect([undated.status, undated.body['message']]).toEqual([
      400,
      'Preventive work recurs as a PM plan: give the due date of its first occurrence.',
    ]);
    const created = await as('admin').post<TaskCreatedResponse>('/tasks', { ...body, dueDate: firstDue });
    expect(created.status).toBe(201);
    const task = created.body.task;
    expect(task).toMatchObject({
      taskType: 'Preventive',
      pmType: 'Safety Testing',
      pmInterval: 'Biannually',
      status: 'Pending',
      dueDate: firstDue,
      assignedTo: { _id: ids.get('tech') },
      plan: { occurrence: 0 },
    });
    const plan = await as('tech').get<PmPlanDto>(`/maintenance/plans/${task.plan?._id}`);
    expect(plan.body).toMatchObject({
      title: 'Electrical safety test',
      pmType: 'Safety Testing',
      interval: 'Biannually',
      firstDueDate: firstDue,
      priority: 'Medium',
      assignedTo: { _id: ids.get('tech') },
      scheduleBasis: 'Manufacturer recommendation',
      active: true,
    });

    // Done and certified: the next occurrence falls due an interval after the first.
    await as('tech').put(`/tasks/${task._id}/status`, { status: 'Completed' });
    expect((await as('engineer').put(`/tasks/${task._id}/certify`)).status).toBe(200);
    const occurrences = await as('engineer').get<TaskListResponse>(
      `/tasks?plan=${task.plan?._id}&sort=dueDate`,
    );
    expect(occurrences.body.tasks.map((occurrence) => occurrence.dueDate)).toEqual([
      firstDue,
      occurrenceDueDate(firstDue, 'Biannually', 1),
    ]);

    // The plan's rules hold, and no other task turns preventive.
    const stale = await as('admin').post('/tasks', { ...body, dueDate: addDays(hospitalToday(), -400) });
    expect([stale.status, stale.body['message']]).toEqual([
      400,
      'The first due date may be at most a year ago.',
    ]);
    const repair = await aTask(device, 'tech');
    const turned = await as('engineer').put(`/tasks/${repair._id}`, {
      taskType: 'Preventive',
      pmType: 'Cleaning',
      pmInterval: 'Monthly',
    });
    expect([turned.status, turned.body['message']]).toEqual([
      409,
      'Preventive work is scheduled as a PM plan (Schedule Preventive, or a new Preventive task), not made from another task.',
    ]);
    expect((await as('engineer').get<TaskDetail>(`/tasks/${repair._id}`)).body.taskType).toBe('Repair');
  });

  it('shows Technicians only their own tasks, whatever the query asks', async () => {
    const device = await aDevice();
    const mine = await aTask(device, 'tech');
    const theirs = await aTask(device, 'tech2');
    const list = await as('tech').get<TaskListResponse>(
      `/tasks?equipment=${device._id}&technician=${ids.get('tech2')}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.tasks.map((task) => task._id)).toEqual([mine._id]);
    expect(list.body.counts).toEqual({ total: 1, pending: 1, inProgress: 0, completed: 0 });
    expect((await as('tech').get(`/tasks/${theirs._id}`)).status).toBe(404);
    const all = await as('manager').get<TaskListResponse>(`/tasks?equipment=${device._id}`);
    expect(all.body.tasks.map((task) => task._id).sort()).toEqual([mine._id, theirs._id].sort());
    const filtered = await as('engineer').get<TaskListResponse>(
      `/tasks?equipment=${device._id}&technician=${ids.get('tech2')}`,
    );
    expect(filtered.body.tasks.map((task) => task._id)).toEqual([theirs._id]);
    const mineOnly = await as('engineer').get<TaskListResponse>(`/tasks?equipment=${device._id}&my=1`);
    expect(mineOnly.body.total).toBe(0);
    await as('tech').put(`/tasks/${mine._id}/status`, { status: 'In Progress' });
    const started = await as('engineer').get<TaskListResponse>(
      `/tasks?equipment=${device._id}&status=In%20Progress&sort=dueDate&limit=1`,
    );
    expect(started.body).toMatchObject({
      total: 1,
      pages: 1,
      counts: { total: 2, pending: 1, inProgress: 1, completed: 0 },
    });
    expect(started.body.tasks.map((task) => task._id)).toEqual([mine._id]);
  });

  it('shows a Technician the faults they reported, read-only unless assigned to them', async () => {
    const device = await aDevice();
    const report = await as('tech').post<TaskCreatedResponse>('/maintenance/report', {
      equipment: device._id,
      title: 'Display flickers',
      description: 'The screen flickers on start-up.',
    });
    expect(report.status).toBe(201);
    const reported = report.body.task;
    const listed = async (who: string, query = '') =>
      (await as(who).get<TaskListResponse>(`/tasks?equipment=${device._id}${query}`)).body;
    const idsIn = (list: TaskListResponse) => list.tasks.map((task) => task._id);

    const own = await listed('tech');
    expect(idsIn(own)).toEqual([reported._id]);
    expect(own.counts).toEqual({ total: 1, pending: 1, inProgress: 0, completed: 0 });
    expect(idsIn(await listed('tech2'))).toEqual([]);
    expect((await as('tech2').get(`/tasks/${reported._id}`)).status).toBe(404);

    // Assigned to another Technician: the reporter follows it and may change nothing.
    expect(
      (await as('engineer').put(`/tasks/${reported._id}`, { assignedTo: ids.get('tech2') })).status,
    ).toBe(200);
    const notTheirs = await aTask(device, 'tech2');
    const followed = await as('tech').get<TaskDetail>(`/tasks/${reported._id}`);
    expect(followed.status).toBe(200);
    expect(followed.body.assignedTo?._id).toBe(ids.get('tech2'));
    expect(idsIn(await listed('tech'))).toEqual([reported._id]);
    expect(idsIn(await listed('tech2'))).toEqual([notTheirs._id, reported._id]);
    const status = await as('tech').put(`/tasks/${reported._id}/status`, { status: 'In Progress' });
    expect([status.status, status.body['message']]).toEqual([
      403,
      'You can change the status of tasks assigned to you only.',
    ]);
    const work = await as('tech').put(`/tasks/${reported._id}/work`, {
      faultDescription: 'Loose cable',
      repairDetails: 'Reseated it',
    });
    expect([work.status, work.body['message']]).toEqual([
      403,
      'You can record work on tasks assigned to you only.',
    ]);
    const after = (await as('engineer').get<TaskDetail>(`/tasks/${reported._id}`)).body;
    expect([after.status, after.faultDescription, after.repairDetails]).toEqual([
      'Pending',
      'The screen flickers on start-up.',
      null,
    ]);

    // The assignee's notes, hours and part costs are for those who work or oversee it: the reporter
    // sees what was found and done, without them and without the audit trail.
    const worked = await as('tech2').put<TaskDto>(`/tasks/${reported._id}/work`, {
      faultDescription: 'Loose ribbon cable',
      repairDetails: 'Reseated the cable',
      sparePartsUsed: [{ name: 'Ribbon cable', quantity: 1, description: '40-pin' }],
      labourHours: 1.5,
    });
    expect(worked.status).toBe(200);
    // The part priced by an Engineer, as the stores' note gives it.
    const priced = await as('engineer').put(`/tasks/${reported._id}/part-costs`, {
      parts: [{ unitCost: 12.5 }],
      version: worked.body.version,
    });
    expect(priced.status).toBe(200);
    await as('engineer').put(`/tasks/${reported._id}`, {
      comments: 'Ward staff pull the cart by the cable.',
    });
    const full = (await as('tech2').get<TaskDetail>(`/tasks/${reported._id}`)).body;
    expect([full.comments, full.labourHours, full.spareParts[0]?.unitCost, full.auditTotal > 0]).toEqual([
      'Ward staff pull the cart by the cable.',
      1.5,
      12.5,
      true,
    ]);
    const asReporter = (await as('tech').get<TaskDetail>(`/tasks/${reported._id}`)).body;
    expect(asReporter).toMatchObject({
      repairDetails: 'Reseated the cable',
      comments: null,
      labourHours: null,
      spareParts: [{ name: 'Ribbon cable', quantity: 1, description: '40-pin', unitCost: null }],
      audit: [],
      auditTotal: 0,
    });
    const inList = (await listed('tech')).tasks.find((task) => task._id === reported._id);
    expect([inList?.comments, inList?.labourHours, inList?.spareParts[0]?.unitCost]).toEqual([
      null,
      null,
      null,
    ]);

    // `my=1` is the work assigned to you, `reported=1` the faults you reported.
    expect(idsIn(await listed('tech', '&my=1'))).toEqual([]);
    expect(idsIn(await listed('tech', '&reported=1'))).toEqual([reported._id]);
    expect(idsIn(await listed('engineer', '&reported=1'))).toEqual([]);

    // Assigned to the reporter: theirs to work.
    await as('engineer').put(`/tasks/${reported._id}`, { assignedTo: ids.get('tech') });
    expect((await as('tech').put(`/tasks/${reported._id}/status`, { status: 'In Progress' })).status).toBe(
      200,
    );

    // Unfiltered, the counts (kept counts plus the reported ones) equal a count of what they see.
    const whole = (await as('tech').get<TaskListResponse>('/tasks?limit=100')).body;
    const counted = (await rows.query(
      `SELECT "status", count(*)::int AS "n" FROM "maintenance"."tasks"
        WHERE "deleted_at" IS NULL AND ("assigned_to_id" = $1 OR "reported_by_id" = $1) GROUP BY "status"`,
      [ids.get('tech')],
    )) as { status: string; n: number }[];
    const of = (status: string) => counted.find((row) => row.status === status)?.n ?? 0;
    expect(whole.counts).toEqual({
      total: counted.reduce((sum, row) => sum + row.n, 0),
      pending: of('Pending'),
      inProgress: of('In Progress'),
      completed: of('Completed'),
    });
    expect(whole.tasks.map((task) => task._id)).toContain(reported._id);
    expect(whole.tasks.some((task) => task._id === notTheirs._id)).toBe(false);
  });

  it("pages a Technician's own list, assigned and reported interleaved, in the list's order", async () => {
    const device = await aDevice();
    const report = async (title: string) =>
      (
        await as('tech').post<TaskCreatedResponse>('/maintenance/report', {
          equipment: device._id,
          title,
          description: 'Seen at the morning check.',
        })
      ).body.task;
    const firstWork = await aTask(device, 'tech');
    const firstReport = await report('A first report');
    const secondWork = await aTask(device, 'tech');
    const secondReport = await report('B second report');
    await aTask(device, 'tech2');
    const newestFirst = [secondReport, secondWork, firstReport, firstWork].map((task) => task._id);
    const page = async (query: string) =>
      (await as('tech').get<TaskListResponse>(`/tasks?equipment=${device._id}&${query}`)).body;
    expect((await page('limit=100')).tasks.map((task) => task._id)).toEqual(newestFirst);
    const oneByOne: string[] = [];
    for (let number = 1; number <= 4; number++) {
      const answer = await page(`limit=1&page=${number}`);
      expect([answer.total, answer.pages]).toEqual([4, 4]);
      oneByOne.push(...answer.tasks.map((task) => task._id));
    }
    expect(oneByOne).toEqual(newestFirst);
    expect((await page('limit=1&page=5')).tasks).toEqual([]);
    // Another order, and a filter, hold across the two halves too.
    const byTitle = (await page('limit=2&page=2&sort=title')).tasks.map((task) => task.title);
    const titles = [firstWork, firstReport, secondWork, secondReport].map((task) => task.title).sort();
    expect(byTitle).toEqual(titles.slice(2, 4));
    expect((await page('status=Pending&limit=100')).total).toBe(4);
  });

  it("shows anyone a device's whole maintenance history, newest first, a page at a time", async () => {
    const device = await aDevice();
    const first = await aTask(device, 'tech2');
    await as('engineer').put(`/tasks/${first._id}/work`, {
      faultDescription: 'Flow sensor drift',
      repairDetails: 'Replaced the flow sensor',
      sparePartsUsed: [{ name: 'Flow sensor', quantity: 1, description: 'OEM part', unitCost: 120 }],
      labourHours: 2,
    });
    await as('engineer').put(`/tasks/${first._id}`, { comments: 'Check the supplier next time' });
    const second = await aTask(device, null);
    const third = (
      await as('tech2').post<TaskCreatedResponse>('/maintenance/report', {
        equipment: device._id,
        title: 'Alarm silent',
        description: 'No audible alarm.',
      })
    ).body.task;
    const removed = await aTask(device, null);
    expect((await as('engineer').delete(`/tasks/${removed._id}`)).status).toBe(200);
    await aTask(await aDevice(), 'tech');

    // A Technician none of them was assigned to or reported by reads all three.
    const history = (query: string) =>
      as('tech').get<DeviceHistoryPage>(`/equipment/${device._id}/maintenance${query}`);
    const firstPage = await history('?limit=2');
    expect(firstPage.status).toBe(200);
    expect(firstPage.body).toMatchObject({ total: 3, page: 1, pages: 2, limit: 2 });
    expect(firstPage.body.tasks.map((task) => task._id)).toEqual([third._id, second._id]);
    expect(firstPage.body.tasks[0]?.reportedBy).toEqual({ _id: ids.get('tech2'), name: 'tech2 Tasks' });
    // Read-only and without the notes, hours and costs that stay with the task.
    expect((await history('?page=2&limit=2')).body.tasks).toEqual([
      {
        _id: first._id,
        title: first.title,
        taskType: 'Repair',
        pmType: null,
        status: 'Pending',
        priority: 'High',
        dueDate: '2030-01-31',
        createdAt: first.createdAt,
        completedDate: null,
        assignedTo: { _id: ids.get('tech2'), name: 'tech2 Tasks' },
        reportedBy: null,
        faultDescription: 'Flow sensor drift',
        repairDetails: 'Replaced the flow sensor',
        spareParts: [{ name: 'Flow sensor', quantity: 1, description: 'OEM part' }],
        certified: false,
        certificationEngineer: null,
        certifiedAt: null,
      },
    ]);
    expect((await history('')).body).toMatchObject({ total: 3, pages: 1, limit: 5 });
    expect(
      (await as('manager').get<DeviceHistoryPage>(`/equipment/${device._id}/maintenance`)).body.total,
    ).toBe(3);
    const tooMany = await as('tech').get(`/equipment/${device._id}/maintenance?limit=51`);
    expect([tooMany.status, tooMany.body['message']]).toEqual([400, 'limit must be at most 50.']);
    expect((await as('tech').get('/equipment/not-a-device/maintenance')).status).toBe(404);
  });

  it('lets a Technician move only their own task, never cancel it; Managers change nothing', async () => {
    const device = await aDevice();
    const mine = await aTask(device, 'tech');
    const theirs = await aTask(device, 'tech2');
    expect((await as('tech').put(`/tasks/${theirs._id}/status`, { status: 'In Progress' })).status).toBe(404);
    const cancel = await as('tech').put(`/tasks/${mine._id}/status`, { status: 'Cancelled' });
    expect([cancel.status, cancel.body['message']]).toEqual([403, 'Only Engineers and Admins cancel tasks.']);
    expect((await as('manager').put(`/tasks/${mine._id}/status`, { status: 'In Progress' })).status).toBe(
      403,
    );
    const started = await as('tech').put<TaskDto>(`/tasks/${mine._id}/status`, {
      status: 'In Progress',
      version: mine.version,
    });
    expect(started.body.status).toBe('In Progress');
    const stale = await as('tech').put(`/tasks/${mine._id}/status`, {
      status: 'Completed',
      version: mine.version,
    });
    expect(stale.status).toBe(409);
    const unassigned = await aTask(device, null);
    const start = await as('engineer').put(`/tasks/${unassigned._id}/status`, { status: 'In Progress' });
    expect([start.status, start.body['message']]).toEqual([
      409,
      'Assign the task before starting or completing it.',
    ]);
  });

  it('completing sets completedDate and needsCertification; reopening clears them; history keeps every step', async () => {
    const device = await aDevice();
    const task = await aTask(device, 'tech');
    const done = await as('tech').put<TaskDto>(`/tasks/${task._id}/status`, { status: 'Completed' });
    expect(done.body).toMatchObject({ status: 'Completed', needsCertification: true, certified: false });
    expect(done.body.completedDate).not.toBeNull();
    const reopened = await as('tech').put<TaskDto>(`/tasks/${task._id}/status`, { status: 'In Progress' });
    expect(reopened.body).toMatchObject({ completedDate: null, needsCertification: false });
    const detail = await as('tech').get<TaskDetail>(`/tasks/${task._id}`);
    expect(detail.body.statusHistory.map((entry) => entry.to)).toEqual([
      'In Progress',
      'Completed',
      'Pending',
    ]);
    expect(detail.body.audit.map((entry) => entry.action)).toEqual([
      'status-changed',
      'status-changed',
      'created',
    ]);
  });

  it('records work with spare parts as rows; Managers and other Technicians may not', async () => {
    const device = await aDevice();
    const task = await aTask(device, 'tech');
    const work = {
      faultDescription: 'Flow sensor drift',
      repairDetails: 'Replaced the sensor, calibrated',
      sparePartsUsed: [
        { name: 'Flow sensor', quantity: 2, description: 'Adult' },
        { name: 'O-ring', quantity: 1, description: '', unitCost: 3.5 },
      ],
      labourHours: 1.5,
    };
    expect((await as('tech2').put(`/tasks/${task._id}/work`, work)).status).toBe(404);
    expect((await as('manager').put(`/tasks/${task._id}/work`, work)).status).toBe(403);
    const saved = await as('tech').put<TaskDto>(`/tasks/${task._id}/work`, work);
    expect(saved.status).toBe(200);
    // A Technician's price is not taken: prices are recorded by those who read costs.
    expect(saved.body.spareParts).toEqual([
      { name: 'Flow sensor', quantity: 2, description: 'Adult', unitCost: null, ...NO_SUPPLIER },
      { name: 'O-ring', quantity: 1, description: '', unitCost: null, ...NO_SUPPLIER },
    ]);
    expect(saved.body.labourHours).toBe(1.5);
    const replaced = await as('tech').put<TaskDto>(`/tasks/${task._id}/work`, {
      ...work,
      sparePartsUsed: [],
    });
    expect(replaced.body.spareParts).toEqual([]);
    const detail = await as('engineer').get<TaskDetail>(`/tasks/${task._id}`);
    expect(detail.body.audit[0]).toMatchObject({ action: 'work-recorded' });
  });

  it('certifies once, as Engineer or Admin, and the device returns to service with a history row naming the task', async () => {
    const device = await aDevice('Unserviceable');
    const task = await aTask(device, 'tech');
    expect((await as('engineer').put(`/tasks/${task._id}/certify`)).status).toBe(409);
    await as('tech').put(`/tasks/${task._id}/status`, { status: 'Completed' });
    expect((await as('tech').put(`/tasks/${task._id}/certify`)).status).toBe(403);
    expect((await as('manager').put(`/tasks/${task._id}/certify`)).status).toBe(403);
    const stale = await as('engineer').put(`/tasks/${task._id}/certify`, { version: task.version });
    expect(stale.status).toBe(409);
    const certified = await as('engineer').put<TaskDto>(`/tasks/${task._id}/certify`);
    expect(certified.status).toBe(200);
    expect(certified.body).toMatchObject({
      certified: true,
      needsCertification: false,
      certificationEngineer: 'engineer Tasks',
    });
    const again = await as('admin').put(`/tasks/${task._id}/certify`);
    expect([again.status, again.body['message']]).toEqual([409, 'This task is already certified.']);
    await until(async () => (await statusOf(device)).status === 'Serviceable', {
      what: 'the device back in service',
    });
    expect(await historyRowsFor(task._id)).toEqual([
      { to_status: 'Serviceable', reason: `Work certified: ${task.title}` },
    ]);
    expect(await effectAuditFor(device, task._id)).toEqual([auditedAs('engineer')]);
    expect((await as('tech').put(`/tasks/${task._id}/work`, { repairDetails: 'More' })).status).toBe(409);
    expect((await as('engineer').put(`/tasks/${task._id}/status`, { status: 'In Progress' })).status).toBe(
      409,
    );
    const remove = await as('admin').delete(`/tasks/${task._id}`);
    expect([remove.status, remove.body['message']]).toEqual([
      409,
      'Certified work is the record the inventory was changed from; it cannot be deleted.',
    ]);
  });

  it("audits the daily PM job's tasks as the maintenance service, under the PM schedule's name", async () => {
    const device = await aDevice();
    const scheduled = await as('engineer').post<PmPlanCreatedResponse>('/maintenance/schedule', {
      equipmentId: device._id,
      title: 'Weekly suction check',
      pmType: 'Safety Testing',
      interval: 'Weekly',
      firstDueDate: addDays(hospitalToday(), 1),
      assignedTo: ids.get('tech'),
    });
    expect(scheduled.status).toBe(201);
    // The job as it runs each night: through its queue, taken by the service's worker.
    expect(await maintenance.get(PmScheduleJob).runNow()).toBeGreaterThanOrEqual(1);
    const created = (await rows.query(
      `SELECT t."plan_occurrence" AS "occurrence", a."actor_id", a."actor_label", a."service"
         FROM "maintenance"."audit_log" a JOIN "maintenance"."tasks" t ON t."id"::text = a."entity_id"
        WHERE a."entity" = 'task' AND a."action" = 'created' AND t."plan_id" = $1
        ORDER BY t."plan_occurrence"`,
      [scheduled.body.plan._id],
    )) as { occurrence: number; actor_id: string | null; actor_label: string; service: string | null }[];
    const [first, ...byTheJob] = created;
    // The first occurrence is the engineer's, through the gateway; the job's have no person.
    expect(first).toEqual({
      occurrence: 0,
      actor_id: ids.get('engineer'),
      actor_label: serviceNumbers.get('engineer'),
      service: 'gateway',
    });
    expect(byTheJob.length).toBeGreaterThanOrEqual(1);
    expect(byTheJob).toEqual(
      byTheJob.map((_, index) => ({
        occurrence: index + 1,
        actor_id: null,
        actor_label: PM_SCHEDULE_ACTOR.serviceNumber,
        service: 'maintenance',
      })),
    );
  });

  it('a cancelled task leaves the device as it is', async () => {
    const device = await aDevice('Unserviceable');
    const task = await aTask(device, 'tech');
    const cancelled = await as('engineer').put<TaskDto>(`/tasks/${task._id}/status`, { status: 'Cancelled' });
    expect(cancelled.body.status).toBe('Cancelled');
    expect((await statusOf(device)).status).toBe('Unserviceable');
    expect(await historyRowsFor(task._id)).toEqual([]);
  });

  it('never moves a Decommissioned device', async () => {
    const device = await aDevice('Decommissioned');
    const reported = await as('tech').post<TaskCreatedResponse>('/maintenance/report', {
      equipment: device._id,
      title: 'Found in storage',
      description: 'Does not power on',
    });
    expect(reported.status).toBe(201);
    await until(
      async () =>
        (
          (await rows.query(`SELECT 1 FROM "equipment"."task_effects" WHERE "task_id" = $1`, [
            reported.body.task._id,
          ])) as unknown[]
        ).length === 1,
      { what: 'the effect confirmed' },
    );
    expect((await statusOf(device)).status).toBe('Decommissioned');
  });

  it('certification made while equipment is down reaches it exactly once when it is back', async () => {
    const device = await aDevice('Unserviceable');
    const task = await aTask(device, 'tech');
    await as('tech').put(`/tasks/${task._id}/status`, { status: 'Completed' });
    await equipment.close();
    try {
      const certified = await as('engineer').put<TaskDto>(`/tasks/${task._id}/certify`);
      expect(certified.status).toBe(200);
      expect(certified.body.certified).toBe(true);
      await until(
        async () =>
          (
            (await rows.query(
              `SELECT 1 FROM "maintenance"."task_effects_outbox" WHERE "task_id" = $1 AND "attempts" >= 1 AND "delivered_at" IS NULL`,
              [task._id],
            )) as unknown[]
          ).length === 1,
        { what: 'a failed delivery', timeoutMs: 10_000 },
      );
    } finally {
      equipment = await startEquipment();
    }
    await until(async () => (await statusOf(device)).status === 'Serviceable', {
      what: 'the device back in service after equipment returns',
      timeoutMs: 20_000,
      intervalMs: 200,
    });
    // Once delivered, nothing sends it again; whatever was tried before counted once.
    await until(
      async () =>
        (
          (await rows.query(
            `SELECT 1 FROM "maintenance"."task_effects_outbox" WHERE "task_id" = $1 AND "delivered_at" IS NOT NULL`,
            [task._id],
          )) as unknown[]
        ).length === 1,
      { what: 'the delivery confirmed' },
    );
    expect(await historyRowsFor(task._id)).toHaveLength(1);
    const applied = (await rows.query(`SELECT 1 FROM "equipment"."task_effects" WHERE "task_id" = $1`, [
      task._id,
    ])) as unknown[];
    expect(applied).toHaveLength(1);
  });

  it('a deactivated person cannot be assigned, and a deleted task leaves the lists but keeps its audit', async () => {
    const device = await aDevice();
    const staff = await rosterStaff(stack.db, {
      role: 'Technician',
      name: 'Leaving Tech',
      preApproved: true,
    });
    await setRosterActive(stack.db, staff.serviceNumber, false);
    const task = await aTask(device, null);
    const assign = await as('engineer').put(`/tasks/${task._id}`, { assignedTo: staff.id });
    expect([assign.status, assign.body['message']]).toEqual([
      400,
      'Leaving Tech is deactivated and cannot receive tasks.',
    ]);
    expect((await as('tech').delete(`/tasks/${task._id}`)).status).toBe(403);
    expect((await as('admin').delete(`/tasks/${task._id}`)).status).toBe(200);
    expect((await as('engineer').get(`/tasks/${task._id}`)).status).toBe(404);
    const [audit] = (await rows.query(
      `SELECT count(*)::int AS n FROM "maintenance"."audit_log" WHERE "entity_id" = $1 AND "action" = 'deleted'`,
      [task._id],
    )) as { n: number }[];
    expect(audit?.n).toBe(1);
  });

  it("sends a Technician's sockets only their own tasks' events; Engineers get all", async () => {
    const device = await aDevice();
    const connect = (who: string): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const socket = io(stack.gateway.url, {
          path: SOCKET_SETTINGS.path,
          transports: ['websocket'],
          reconnection: false,
          auth: { token: tokens.get(who) },
        });
        socket.once('socket:ready', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const [tech, tech2, engineer] = await Promise.all([
      connect('tech'),
      connect('tech2'),
      connect('engineer'),
    ]);
    const seen = { tech: [] as string[], tech2: [] as string[], engineer: [] as string[] };
    for (const [key, socket] of [
      ['tech', tech],
      ['tech2', tech2],
      ['engineer', engineer],
    ] as const)
      socket.on('task:created', (event: TaskChangedEvent) => seen[key].push(event.task.title));
    try {
      const mine = await aTask(device, 'tech');
      await until(() => seen.engineer.includes(mine.title) && seen.tech.includes(mine.title), {
        what: 'the event at the assignee and the engineer',
      });
      const other = await aTask(device, 'tech2');
      await until(() => seen.tech2.length === 1, { what: "the other technician's event" });
      await until(() => seen.engineer.length === 2, { what: 'both events at the engineer' });
      expect(seen.tech).toEqual([mine.title]);
      expect(seen.tech2).toEqual([other.title]);

      // Reassigned from tech to tech2: tech2 gets the task, tech only its id.
      const updates = { tech: [] as unknown[], tech2: [] as unknown[] };
      tech.on('task:updated', (event: unknown) => updates.tech.push(event));
      tech2.on('task:updated', (event: unknown) => updates.tech2.push(event));
      await as('engineer').put(`/tasks/${mine._id}`, { assignedTo: ids.get('tech2') });
      await until(() => updates.tech.length === 1 && updates.tech2.length === 1, {
        what: 'the reassignment at both technicians',
      });
      expect(updates.tech).toEqual([{ _id: mine._id }]);
      expect(updates.tech2).toEqual([
        expect.objectContaining({
          task: expect.objectContaining({ _id: mine._id }),
          previousAssigneeId: ids.get('tech'),
        }),
      ]);
    } finally {
      for (const socket of [tech, tech2, engineer]) socket.close();
    }
  });

  it('keeps the counts by assignee and status equal to a count of the tasks, under concurrent changes', async () => {
    const device = await aDevice();
    const tasks = await Promise.all(
      Array.from({ length: 6 }, (_, i) => aTask(device, i % 2 ? 'tech' : 'tech2')),
    );
    await Promise.all(
      tasks.flatMap((task, i) => [
        as('engineer').put(`/tasks/${task._id}/status`, { status: i % 3 ? 'In Progress' : 'Cancelled' }),
        as('admin').put(`/tasks/${task._id}`, { assignedTo: ids.get(i % 2 ? 'tech2' : 'tech') }),
      ]),
    );
    await as('admin').delete(`/tasks/${tasks[0]?._id}`);
    const [kept, counted] = await Promise.all([
      rows.query(
        `SELECT "assignee_id"::text AS a, "status" AS s, "count"::int AS n FROM "maintenance"."task_counts"
          WHERE "count" <> 0 ORDER BY 1, 2`,
      ),
      rows.query(
        `SELECT coalesce("assigned_to_id", '00000000-0000-0000-0000-000000000000')::text AS a, "status" AS s,
                count(*)::int AS n
           FROM "maintenance"."tasks" WHERE "deleted_at" IS NULL GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    ]);
    expect(kept).toEqual(counted);
    // The work assigned to the Technician, counted from the kept counts.
    const mine = await as('tech').get<TaskListResponse>('/tasks?my=1');
    const own = counted.filter((row: { a: string }) => row.a === ids.get('tech'));
    expect(mine.body.counts?.total).toBe(own.reduce((sum: number, row: { n: number }) => sum + row.n, 0));
  });

  it('an edit changes only the fields sent', async () => {
    const device = await aDevice();
    const task = await aTask(device, 'tech');
    const edited = await as('engineer').put<TaskDto>(`/tasks/${task._id}`, {
      priority: 'Urgent',
      version: task.version,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      priority: 'Urgent',
      title: task.title,
      description: task.description,
      dueDate: task.dueDate,
      assignedTo: task.assignedTo,
      version: task.version + 1,
    });
    const reassigned = await as('engineer').put<TaskDto>(`/tasks/${task._id}`, {
      assignedTo: ids.get('tech2'),
    });
    expect(reassigned.body).toMatchObject({
      priority: 'Urgent',
      description: task.description,
      dueDate: task.dueDate,
    });
    expect(reassigned.body.assignedTo?._id).toBe(ids.get('tech2'));
    expect((await as('engineer').put(`/tasks/${task._id}`, { version: 1 })).status).toBe(400);
  });

  it('reads the work form text on the server, refusing a bad line with its number', async () => {
    const device = await aDevice();
    const task = await aTask(device, 'tech');
    const bad = await as('tech').put(`/tasks/${task._id}/work`, { sparePartsText: 'Seal x 2\nValve x 0' });
    expect([bad.status, bad.body['message']]).toEqual([
      400,
      'Line 2: the quantity must be a whole number from 1 to 10000.',
    ]);
    const saved = await as('tech').put<TaskDto>(`/tasks/${task._id}/work`, {
      sparePartsText: 'Seal x 2 - silicone\nValve',
    });
    expect(saved.body.spareParts).toEqual([
      { name: 'Seal', quantity: 2, description: 'silicone', unitCost: null, ...NO_SUPPLIER },
      { name: 'Valve', quantity: 1, description: '', unitCost: null, ...NO_SUPPLIER },
    ]);
  });

  it('keeps a device out of use until every open repair on it is certified', async () => {
    const device = await aDevice();
    const report = (title: string) =>
      as('tech').post<TaskCreatedResponse>('/maintenance/report', {
        equipment: device._id,
        title,
        description: 'Found at the morning check',
      });
    const first = (await report('Cracked expiratory valve')).body.task;
    const second = (await report('Battery does not hold charge')).body.task;
    for (const task of [first, second]) {
      await as('engineer').put(`/tasks/${task._id}`, { assignedTo: ids.get('tech') });
      await as('tech').put(`/tasks/${task._id}/status`, { status: 'Completed' });
    }
    await until(async () => (await statusOf(device)).status === 'Unserviceable', {
      what: 'the device out of use',
    });
    expect((await as('engineer').put(`/tasks/${first._id}/certify`)).status).toBe(200);
    await until(
      async () =>
        (
          (await rows.query(
            `SELECT 1 FROM "equipment"."task_effects" WHERE "task_id" = $1 AND "kind" = 'certified'`,
            [first._id],
          )) as unknown[]
        ).length === 1,
      { what: 'the first certification applied' },
    );
    expect((await statusOf(device)).status).toBe('Unserviceable');
    expect((await as('engineer').put(`/tasks/${second._id}/certify`)).status).toBe(200);
    await until(async () => (await statusOf(device)).status === 'Serviceable', {
      what: 'the device back in service once both repairs are certified',
    });
    expect(await historyRowsFor(first._id)).toEqual([
      { to_status: 'Unserviceable', reason: 'Fault reported: Cracked expiratory valve' },
    ]);
    expect(await historyRowsFor(second._id)).toEqual([
      { to_status: 'Serviceable', reason: 'Work certified: Battery does not hold charge' },
    ]);
  });

  it('records an effect the equipment service refuses as failed, and delivers the next ones for the device', async () => {
    const device = await aDevice();
    const task = await aTask(device, 'tech');
    // An effect equipment cannot accept (an unknown kind), as a future version might write.
    await rows.query(
      `INSERT INTO "maintenance"."task_effects_outbox" ("task_id", "kind", "equipment_id", "task_title", "acting_user")
       VALUES ($1, 'unknown', $2, 'Bad', $3)`,
      [
        task._id,
        device._id,
        JSON.stringify({
          id: ids.get('engineer'),
          role: 'Engineer',
          name: 'engineer Tasks',
          serviceNumber: 'X',
        }),
      ],
    );
    const reported = await as('tech').post<TaskCreatedResponse>('/maintenance/report', {
      equipment: device._id,
      title: 'Screen flickers',
      description: 'Intermittent',
    });
    expect(reported.status).toBe(201);
    await until(async () => (await statusOf(device)).status === 'Unserviceable', {
      what: 'the later effect delivered past the refused one',
    });
    const [failed] = (await rows.query(
      `SELECT "failed_at" IS NOT NULL AS "failed", "last_error" FROM "maintenance"."task_effects_outbox"
        WHERE "task_id" = $1 AND "kind" = 'unknown'`,
      [task._id],
    )) as { failed: boolean; last_error: string }[];
    expect(failed?.failed).toBe(true);
    expect(failed?.last_error).toMatch(/^VALIDATION_FAILED: /);
  });
});
