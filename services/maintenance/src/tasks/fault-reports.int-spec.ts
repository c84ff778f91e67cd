import type { INestApplication } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import {
  SOCKET_SETTINGS,
  type AddedReport,
  type EquipmentDto,
  type OpenFaultPage,
  type Role,
  type TaskChangedEvent,
  type TaskCreatedResponse,
  type TaskDetail,
  type TaskDto,
} from '@caliber/contracts';
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

/**
 * Report Issue's duplicate hint through the gateway, against real PostgreSQL, NATS and Redis and
 * the identity, equipment and maintenance services: a device's open faults (and only those), and
 * another account added to one, audited, announced, and refused once the fault is closed.
 */
describe("A device's open faults, and adding to a fault report (real stack)", () => {
  const stack = useSignInStack('fault-reports');
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
    const people: [string, Role][] = [
      ['reporter', 'Technician'],
      ['witness', 'Technician'],
      ['tech', 'Technician'],
      ['engineer', 'Engineer'],
      ['manager', 'Manager'],
    ];
    for (const [key, role] of people) {
      const staff = await rosterStaff(stack.db, { role, name: `${key} Faults`, preApproved: true });
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
    get: <T = Record<string, unknown>>(path: string) =>
      call<T>(stack.gateway.url, 'GET', `/api${path}`, { token: tokens.get(who) }),
    post: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: tokens.get(who), body }),
    put: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'PUT', `/api${path}`, { token: tokens.get(who), body }),
  });

  async function aDevice(): Promise<EquipmentDto> {
    serial += 1;
    const created = await as('engineer').post<EquipmentDto>('/equipment', {
      name: `Alaris GP ${serial}`,
      serialNumber: `FAULTS-${Date.now().toString(36)}-${serial}`,
      manufacturer: 'BD',
      model: 'Alaris GP',
      department: 'ICU',
      location: 'Bed 12',
      installationDate: '2022-01-10',
      status: 'Serviceable',
      category: 'Infusion Pump',
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function report(device: EquipmentDto, title: string, who = 'reporter'): Promise<TaskDto> {
    const created = await as(who).post<TaskCreatedResponse>('/maintenance/report', {
      equipment: device._id,
      title,
      description: `${title}: seen on the ward round.`,
      severity: 'High',
    });
    expect(created.status).toBe(201);
    return created.body.task;
  }

  const openFaults = (device: EquipmentDto, who = 'witness', query = '') =>
    as(who).get<OpenFaultPage>(`/equipment/${device._id}/open-faults${query}`);

  it("lists a device's open faults only, newest first, to whoever may report one, three at a time", async () => {
    const device = await aDevice();
    const other = await aDevice();
    expect((await openFaults(device)).body).toEqual({ faults: [], total: 0, page: 1, pages: 1, limit: 3 });

    const first = await report(device, 'Occlusion alarm silent');
    const started = await report(device, 'Door latch broken');
    await as('engineer').put(`/tasks/${started._id}`, { assignedTo: ids.get('tech') });
    await as('engineer').put(`/tasks/${started._id}/status`, { status: 'In Progress' });
    const completed = await report(device, 'Battery does not hold charge');
    await as('engineer').put(`/tasks/${completed._id}`, { assignedTo: ids.get('tech') });
    await as('engineer').put(`/tasks/${completed._id}/status`, { status: 'Completed' });
    const cancelled = await report(device, 'Display flickers');
    await as('engineer').put(`/tasks/${cancelled._id}/status`, { status: 'Cancelled' });
    // Preventive work on the device is not a fault report.
    const pm = await as('engineer').post<TaskCreatedResponse>('/tasks', {
      title: 'Monthly safety test',
      taskType: 'Preventive',
      pmType: 'Safety Testing',
      pmInterval: 'Monthly',
      priority: 'Medium',
      equipmentId: device._id,
      dueDate: '2030-01-31',
    });
    expect(pm.status).toBe(201);
    await report(other, 'Another device entirely');

    const page = await openFaults(device);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.faults.map((fault) => fault.title)).toEqual([
      'Door latch broken',
      'Occlusion alarm silent',
    ]);
    expect(page.body.faults[0]).toEqual({
      _id: started._id,
      title: 'Door latch broken',
      description: 'Door latch broken: seen on the ward round.',
      status: 'In Progress',
      severity: 'High',
      createdAt: started.createdAt,
      reportedBy: { _id: ids.get('reporter'), name: 'reporter Faults' },
      assignedTo: { _id: ids.get('tech'), name: 'tech Faults' },
      addedReports: 0,
    });
    expect(page.body.faults[1]).toMatchObject({ _id: first._id, assignedTo: null, status: 'Pending' });

    // A Manager (who may report a fault) sees them too; the page is bounded.
    expect((await openFaults(device, 'manager', '?limit=1')).body).toMatchObject({
      total: 2,
      pages: 2,
      limit: 1,
      faults: [{ _id: started._id }],
    });
    expect((await openFaults(device, 'witness', '?limit=21')).status).toBe(400);
    expect((await openFaults({ ...device, _id: 'not-a-device' })).status).toBe(404);
  });

  it('adds an account to an open fault: kept with the task, audited, announced, and followed by its author', async () => {
    const device = await aDevice();
    const task = await report(device, 'Alarm silent on clamp');
    await as('engineer').put(`/tasks/${task._id}`, { assignedTo: ids.get('tech') });
    // The witness neither reported nor works on it: the task is not theirs to see until they add to it.
    expect((await as('witness').get(`/tasks/${task._id}`)).status).toBe(404);

    const engineerSocket = await new Promise<Socket>((resolve, reject) => {
      const socket = io(stack.gateway.url, {
        path: SOCKET_SETTINGS.path,
        transports: ['websocket'],
        reconnection: false,
        auth: { token: tokens.get('engineer') },
      });
      socket.once('socket:ready', () => resolve(socket));
      socket.once('connect_error', reject);
    });
    const updates: string[] = [];
    engineerSocket.on('task:updated', (event: TaskChangedEvent) => updates.push(event.task._id));
    try {
      const added = await as('witness').post<AddedReport>(`/tasks/${task._id}/reports`, {
        description: '  Silent again at 02:40, bed 12.  ',
      });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        _id: expect.any(String),
        taskId: task._id,
        text: 'Silent again at 02:40, bed 12.',
        reportedBy: { _id: ids.get('witness'), name: 'witness Faults' },
        at: expect.any(String),
      });
      await until(() => updates.includes(task._id), { what: 'the task:updated event at the engineer' });
    } finally {
      engineerSocket.close();
    }

    const detail = (await as('engineer').get<TaskDetail>(`/tasks/${task._id}`)).body;
    expect(detail.addedReportsTotal).toBe(1);
    expect(detail.addedReports).toEqual([
      expect.objectContaining({
        text: 'Silent again at 02:40, bed 12.',
        reportedBy: expect.objectContaining({ name: 'witness Faults' }),
      }),
    ]);
    expect(detail.audit[0]).toMatchObject({
      action: 'report-added',
      changes: { addedReport: { from: null, to: 'Silent again at 02:40, bed 12.' } },
    });
    // The task itself is as it was: nobody editing it is refused for a report added meanwhile.
    expect(detail.version).toBe((await as('engineer').get<TaskDetail>(`/tasks/${task._id}`)).body.version);
    expect((await openFaults(device)).body.faults[0]?.addedReports).toBe(1);

    // Its author follows it as the reporter does: the details, without the notes and the audit trail.
    const followed = await as('witness').get<TaskDetail>(`/tasks/${task._id}`);
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ audit: [], auditTotal: 0, comments: null, addedReportsTotal: 1 });
    const [audited] = (await rows.query(
      `SELECT count(*)::int AS n FROM "maintenance"."audit_log" WHERE "entity_id" = $1 AND "action" = 'report-added'`,
      [task._id],
    )) as { n: number }[];
    expect(audited?.n).toBe(1);
  });

  it('refuses an account for a closed fault (409), an unknown task (404) and a bad body (400), writing nothing', async () => {
    const device = await aDevice();
    const task = await report(device, 'Keypad unresponsive');
    await as('engineer').put(`/tasks/${task._id}/status`, { status: 'Cancelled' });
    const closed = await as('witness').post(`/tasks/${task._id}/reports`, { description: 'Still broken.' });
    expect([closed.status, closed.body['message']]).toEqual([
      409,
      'This fault report is closed (Cancelled): report the fault again as a new issue.',
    ]);
    const unknown = await as('witness').post('/tasks/00000000-0000-4000-8000-000000000000/reports', {
      description: 'Still broken.',
    });
    expect(unknown.status).toBe(404);
    const empty = await as('witness').post(`/tasks/${task._id}/reports`, { description: '   ' });
    expect([empty.status, empty.body['message']]).toEqual([400, 'Description is required.']);
    const long = await as('witness').post(`/tasks/${task._id}/reports`, { description: 'x'.repeat(4001) });
    expect(long.status).toBe(400);
    const detail = (await as('engineer').get<TaskDetail>(`/tasks/${task._id}`)).body;
    expect([detail.addedReportsTotal, detail.audit.some((entry) => entry.action === 'report-added')]).toEqual(
      [0, false],
    );
  });
});
