import type { INestApplication } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  DeliveryRecordPage,
  DepartmentCover,
  EquipmentDto,
  OnCallShift,
  RemovedRecord,
  Role,
  TaskCreatedResponse,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { readOutbox } from '@caliber/testing/outbox';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  startNotifications,
  useSignInStack,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';
import { TestMailServer } from '@caliber/testing/test-mail-server';

/**
 * Who covers a department, kept by an Admin through the gateway, and the urgent page that follows
 * it: against real PostgreSQL, NATS and Redis, the identity, equipment, maintenance and notifying
 * services, a real SMTP server and the SMS outbox.
 */
describe('The on-call rota (real stack)', () => {
  const stack = useSignInStack('on-call');
  const mail = new TestMailServer();
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let notifications: INestApplication;
  let dataDir: string;
  const marker = `OC${Date.now().toString(36).toUpperCase()}`;
  const department = `Ward ${marker}`;
  const people = new Map<string, { id: string; serviceNumber: string; name: string; token: string }>();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caliber-on-call-'));
    await mail.start();
    equipment = await startEquipment();
    maintenance = await startMaintenance({ LISTS_FOLLOW_SECONDS: '1' });
    notifications = await startNotifications({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      PUBLIC_URL: 'https://cmms.hospital.example',
      DATA_DIR: dataDir,
      NOTIFY_QUIET_HOURS: '',
      NOTIFY_FOLLOW_MS: '100',
      NOTIFY_RETRY_MS: '200',
    });
    const roster: [string, Role][] = [
      ['admin', 'Admin'],
      ['onCall', 'Engineer'],
      ['covering', 'Engineer'],
      ['tech', 'Technician'],
    ];
    for (const [key, role] of roster) {
      const name = `${key} ${marker}`;
      const staff = await rosterStaff(stack.db, { role, name, preApproved: true });
      people.set(key, { ...staff, name, token: await signIn(stack.gateway.url, staff.serviceNumber) });
    }
    const added = await as('admin').send('POST', '/lists', { kind: 'department', name: department });
    expect([added.status, added.body.message]).toEqual([201, undefined]);
    // The ward's own Engineer and the Clinical member of staff who reports the fault.
    for (const [key, role] of [
      ['wardEngineer', 'Engineer'],
      ['ward', 'Technician'],
    ] as const) {
      const serviceNumber = `${key === 'ward' ? 'W' : 'E'}${marker}`.slice(0, 20);
      const created = await as('admin').send<{ _id: string; serviceNumber: string }>('POST', '/users', {
        serviceNumber,
        name: `${key} ${marker}`,
        phoneNumber: key === 'ward' ? '+15550100778' : '+15550100779',
        role,
        department,
        preApproved: true,
      });
      expect([created.status, created.body.message]).toEqual([201, undefined]);
      people.set(key, {
        id: created.body._id,
        serviceNumber: created.body.serviceNumber,
        name: `${key} ${marker}`,
        token: await signIn(stack.gateway.url, created.body.serviceNumber),
      });
    }
  });
  afterAll(async () => {
    await notifications.close();
    await maintenance.close();
    await equipment.close();
    await mail.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function person(key: string) {
    const found = people.get(key);
    if (!found) throw new Error(`no ${key}`);
    return found;
  }
  const as = (key: string) => ({
    send: <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      call<T & { message?: string }>(stack.gateway.url, method, `/api${path}`, {
        token: person(key).token,
        ...(body === undefined ? {} : { body }),
      }),
  });
  const coverOf = (key: string) =>
    as(key).send<DepartmentCover>('GET', `/on-call?department=${encodeURIComponent(department)}`);

  it('keeps a department’s covering engineers and rota, refusing bad input and non-Admins', async () => {
    const now = Date.now();
    const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();
    const refusals = [
      await as('admin').send('POST', '/on-call/shifts', {
        department,
        engineerId: person('onCall').id,
        from: hours(2),
        to: hours(1),
      }),
      await as('admin').send('POST', '/on-call/shifts', {
        department,
        engineerId: person('tech').id,
        from: hours(0),
        to: hours(8),
      }),
      await as('admin').send('POST', '/on-call/shifts', {
        department: 'No such ward',
        engineerId: person('onCall').id,
        from: hours(0),
        to: hours(8),
      }),
      await as('admin').send('PUT', '/on-call/covering', { department, engineerIds: ['nobody'] }),
    ];
    expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
      [400, 'To must be after From.'],
      [400, `${person('tech').id} is not an active Engineer or Admin: only they may cover a department.`],
      [400, 'Department "No such ward" is not one of the hospital\'s departments.'],
      [400, 'Each engineer must be a user id.'],
    ]);
    const engineerTries = await as('onCall').send('PUT', '/on-call/covering', {
      department,
      engineerIds: [],
    });
    expect(engineerTries.status).toBe(403);
    expect((await coverOf('tech')).status).toBe(403);

    const covering = await as('admin').send<DepartmentCover>('PUT', '/on-call/covering', {
      department,
      engineerIds: [person('covering').id],
    });
    expect([covering.status, covering.body.message]).toEqual([200, undefined]);
    const later = await as('admin').send<OnCallShift>('POST', '/on-call/shifts', {
      department,
      engineerId: person('covering').id,
      from: hours(30),
      to: hours(40),
    });
    expect([later.status, later.body.message]).toEqual([201, undefined]);
    const removed = await as('admin').send<RemovedRecord>('DELETE', `/on-call/shifts/${later.body.id}`);
    expect([removed.status, removed.body._id]).toEqual([200, later.body.id]);
    const shift = await as('admin').send<OnCallShift>('POST', '/on-call/shifts', {
      department,
      engineerId: person('onCall').id,
      from: hours(-1),
      to: hours(8),
    });
    expect([shift.status, shift.body.message]).toEqual([201, undefined]);
    const cover = await coverOf('onCall');
    expect(cover.status).toBe(200);
    expect(cover.body).toMatchObject({
      department,
      covering: [{ engineerId: person('covering').id, engineerName: person('covering').name }],
      onCallNow: [{ engineerId: person('onCall').id, engineerName: person('onCall').name }],
      next: null,
      total: 1,
    });

    const rows = await serviceDataSource('notifications');
    try {
      const audited: { entity: string; action: string }[] = await rows.query(
        `SELECT "entity", "action" FROM "notifications"."audit_log"
          WHERE "entity" IN ('covering_engineers', 'on_call_shift') AND "actor_id" = $1 ORDER BY "chain_seq"`,
        [person('admin').id],
      );
      expect(audited).toEqual([
        { entity: 'covering_engineers', action: 'update' },
        { entity: 'on_call_shift', action: 'create' },
        { entity: 'on_call_shift', action: 'delete' },
        { entity: 'on_call_shift', action: 'create' },
      ]);
    } finally {
      await rows.destroy();
    }
  });

  it('pages the engineer on call by SMS for an urgent fault, not the others, and says so', async () => {
    const device = await as('admin').send<EquipmentDto>('POST', '/equipment', {
      name: `${marker} Neonatal ventilator`,
      serialNumber: `${marker}-1`,
      manufacturer: 'Dräger',
      model: 'Evita V500',
      department,
      location: 'Bed 4',
      installationDate: '2022-01-10',
      status: 'Serviceable',
      category: 'Ventilator',
    });
    expect([device.status, device.body.message]).toEqual([201, undefined]);
    const assessed = await as('admin').send('PUT', `/equipment/${device.body._id}/risk`, {
      function: 10,
      physicalRisk: 5,
      maintenance: 5,
      incidentHistory: 0,
    });
    expect(assessed.status).toBe(200);
    const maintenanceRows = await serviceDataSource('maintenance');
    try {
      await until(
        async () =>
          (
            (await maintenanceRows.query(
              `SELECT 1 FROM "maintenance"."device_risk" WHERE "equipment_id" = $1 AND "life_support"`,
              [device.body._id],
            )) as unknown[]
          ).length === 1,
        { timeoutMs: 10_000, what: 'maintenance’s copy of the risk flags' },
      );
    } finally {
      await maintenanceRows.destroy();
    }
    const reported = await as('ward').send<TaskCreatedResponse>('POST', '/maintenance/report', {
      equipment: device.body._id,
      title: `Ventilator stops ${marker}`,
      description: 'It stopped twice in an hour.',
      severity: 'High',
      location: 'Bed 4',
    });
    expect([reported.status, reported.body.message]).toEqual([201, undefined]);
    const sms = join(dataDir, 'outbox', 'sms.jsonl');
    await until(async () => (await readOutbox(sms, person('onCall').serviceNumber)).length > 0, {
      timeoutMs: 15_000,
      what: 'the urgent page',
    });
    const [page] = await readOutbox(sms, person('onCall').serviceNumber);
    expect(page?.body).toContain(`Ventilator stops ${marker}`);
    const record = await as('admin').send<DeliveryRecordPage>(
      'GET',
      '/notification-deliveries?channel=sms&limit=100',
    );
    const ours = record.body.rows.filter((row) => row.title.includes(marker));
    expect(ours.map((row) => [row.recipientId, row.note])).toEqual([
      [person('onCall').id, `On call for ${department}: ${person('onCall').name}`],
    ]);
    for (const other of ['covering', 'wardEngineer', 'admin'])
      expect(await readOutbox(sms, person(other).serviceNumber)).toEqual([]);
  });
});
