import type { INestApplication } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { EquipmentDto, Role, ServiceContract, TaskCreatedResponse, Vendor } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  markEmailConfirmed,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  startNotifications,
  useSignInStack,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';
import { TestMailServer } from '@caliber/testing/test-mail-server';
import { DIGEST_WEEKDAYS } from './digest-week';
import { ContractRenewalScheduler } from '../daily/contract-renewal.scheduler';
import { PmOverdueScheduler } from '../daily/pm-overdue.scheduler';
import { DigestScheduler } from './digest.scheduler';

/** The quoted-printable soft breaks and `=` of a raw message undone, for reading it. */
const plain = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/\r\n/g, '\n');

/**
 * The weekly digest end to end, against real PostgreSQL, NATS and Redis, the identity, equipment,
 * maintenance and notifying services, the gateway and a real SMTP server. `DIGEST_AT` is set to
 * the start of today (UTC), so this week's digest time has passed when the services start: no
 * waiting for a Monday and no sleeping.
 */
describe('The weekly digest (real stack, real SMTP)', () => {
  const stack = useSignInStack('digest');
  const mail = new TestMailServer();
  let equipment: INestApplication;
  let maintenance: INestApplication;
  const replicas: INestApplication[] = [];
  let rows: DataSource;
  let dataDir: string;
  const marker = `DG${Date.now().toString(36).toUpperCase()}`;
  const department = `Ward ${marker}`;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const weekday = DIGEST_WEEKDAYS[(now.getUTCDay() + 6) % 7] ?? 'MON';

  interface Person {
    id: string;
    email: string;
    token: string;
  }
  const people = new Map<string, Person>();
  const person = (key: string): Person => {
    const found = people.get(key);
    if (!found) throw new Error(`no ${key}`);
    return found;
  };
  const post = async <T>(key: string, path: string, body: unknown) => {
    const answer = await call<T & { message?: string }>(stack.gateway.url, 'POST', `/api${path}`, {
      token: person(key).token,
      body,
    });
    expect([answer.status, answer.body.message]).toEqual([201, undefined]);
    return answer.body;
  };

  const notifyingService = () =>
    startNotifications({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      PUBLIC_URL: 'https://cmms.hospital.example',
      DATA_DIR: dataDir,
      HOSPITAL_TIME_ZONE: 'UTC',
      NOTIFY_QUIET_HOURS: '',
      DIGEST_AT: `${weekday} 00:00`,
    });

  async function enlist(key: string, role: Role, digest: boolean, taskUpdates = false, inventory = false) {
    const email = `${key}.${marker.toLowerCase()}@hospital.example`;
    const serviceNumber = `${key.slice(0, 4).toUpperCase()}${marker}`.slice(0, 20);
    if (key === 'admin') {
      const staff = await rosterStaff(stack.db, { role, name: `${key} ${marker}`, email, serviceNumber });
      await markEmailConfirmed(stack.db, staff.id);
      people.set(key, { id: staff.id, email, token: await signIn(stack.gateway.url, staff.serviceNumber) });
    } else {
      const created = await post<{ _id: string; serviceNumber: string }>('admin', '/users', {
        serviceNumber,
        name: `${key} ${marker}`,
        phoneNumber: '+15550100777',
        role,
        department,
        email,
        preApproved: true,
      });
      await markEmailConfirmed(stack.db, created._id);
      people.set(key, {
        id: created._id,
        email,
        token: await signIn(stack.gateway.url, created.serviceNumber),
      });
    }
    const saved = await call(stack.gateway.url, 'PUT', '/api/settings/notifications', {
      token: person(key).token,
      body: { taskUpdates, inventory, weeklyDigest: digest },
    });
    expect(saved.status).toBe(200);
  }

  const contracts = new Map<string, ServiceContract>();
  let serial = 0;
  async function aDevice(name: string, status: string): Promise<EquipmentDto> {
    serial += 1;
    return post<EquipmentDto>('engineer', '/equipment', {
      name: `${marker} ${name}`,
      serialNumber: `${marker}-${serial}`,
      manufacturer: 'Dräger',
      model: 'Evita V500',
      department,
      location: 'Bed 4',
      installationDate: '2022-01-10',
      status,
      category: 'Ventilator',
    });
  }

  async function aTask(
    device: EquipmentDto,
    title: string,
    dueDate: string,
    preventive = false,
    assignee = 'tech',
  ) {
    const created = await post<TaskCreatedResponse>('engineer', '/tasks', {
      title: `${marker} ${title}`,
      description: 'Found during the morning round.',
      taskType: preventive ? 'Preventive' : 'Repair',
      ...(preventive ? { pmType: 'Cleaning', pmInterval: 'Monthly' } : {}),
      priority: 'Medium',
      equipmentId: device._id,
      assignedTo: person(assignee).id,
      dueDate,
    });
    return created.task;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caliber-digest-'));
    await mail.start();
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await serviceDataSource('notifications');
    await enlist('admin', 'Admin', false);
    const added = await call<{ message?: string }>(stack.gateway.url, 'POST', '/api/lists', {
      token: person('admin').token,
      body: { kind: 'department', name: department },
    });
    expect([added.status, added.body.message]).toEqual([201, undefined]);
    await enlist('engineer', 'Engineer', true);
    await enlist('tech', 'Technician', true);
    await enlist('off', 'Technician', false);
    await enlist('pm', 'Technician', false, true);
    await enlist('keeper', 'Manager', false, false, true);

    const ventilator = await aDevice('Ventilator', 'Serviceable');
    await aDevice('Infusion pump', 'Unserviceable');
    // Service contracts ending within 30 days, within 90, and later: made before the notifying
    // service starts, whose first look of the day tells them.
    const vendor = await post<Vendor>('keeper', '/vendors', {
      name: `${marker} Dräger Service`,
      kinds: ['service'],
    });
    for (const [reference, endsInDays] of [
      ['SOON', 20],
      ['LATER', 60],
      ['FAR', 200],
    ] as const)
      contracts.set(
        reference,
        await post<ServiceContract>('keeper', '/service-contracts', {
          vendorId: vendor.id,
          reference: `${marker}-${reference}`,
          kind: 'full-service',
          startsOn: today,
          endsOn: new Date(Date.parse(`${today}T00:00:00Z`) + endsInDays * 86_400_000)
            .toISOString()
            .slice(0, 10),
          annualCost: 1200,
          pmIncluded: true,
          equipmentIds: [ventilator._id],
        }),
      );
    await aTask(ventilator, 'Alarm fails self-test', '2027-12-31');
    const late = await aTask(ventilator, 'Flow sensor drifts', '2027-12-31');
    await aTask(ventilator, 'Filter change', today, true);
    // PM falling overdue today (due yesterday), and two that do not: one overdue since
    // yesterday, and a repair.
    const fellToday = await aTask(ventilator, 'Battery check', '2027-12-31', true, 'pm');
    const alsoToday = await aTask(ventilator, 'Lamp check', '2027-12-31', true, 'pm');
    const fellYesterday = await aTask(ventilator, 'Sensor cleaning', '2027-12-31', true, 'pm');
    const repair = await aTask(ventilator, 'Cracked housing', '2027-12-31', false, 'pm');
    // Past due dates (a new task cannot be given one through the API).
    const maintenanceRows = await serviceDataSource('maintenance');
    for (const [task, daysAgo] of [
      [late, 1],
      [fellToday, 1],
      [alsoToday, 1],
      [fellYesterday, 2],
      [repair, 1],
    ] as const)
      await maintenanceRows.query(
        `UPDATE "maintenance"."tasks" SET "due_date" = $2::date - $3::int WHERE "id" = $1`,
        [task._id, today, daysAgo],
      );
    await maintenanceRows.destroy();
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await rows.destroy();
    await maintenance.close();
    await equipment.close();
    await mail.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const digestsOf = async (userId: string) =>
    (await rows.query(
      `SELECT n."title", n."body", d."state" FROM "notifications"."notifications" n
         LEFT JOIN "notifications"."deliveries" d ON d."notification_id" = n."id"
        WHERE n."user_id" = $1 AND n."kind" = 'weekly-digest'`,
      [userId],
    )) as { title: string; body: string; state: string | null }[];

  it('makes one digest per person and week, across two replicas and repeated passes', async () => {
    // Two replicas, each looking at start, and then both asked again at once.
    replicas.push(await notifyingService(), await notifyingService());
    await Promise.all(replicas.map((replica) => replica.get(DigestScheduler).run()));
    await Promise.all(replicas.map((replica) => replica.get(DigestScheduler).run(new Date())));
    for (const key of ['tech', 'engineer']) {
      await until(async () => (await digestsOf(person(key).id)).some((row) => row.state === 'sent'), {
        timeoutMs: 20_000,
        intervalMs: 100,
        what: `${key}'s digest sent`,
      });
      expect(await digestsOf(person(key).id)).toHaveLength(1);
      expect(mail.to(person(key).email)).toHaveLength(1);
    }
  });

  it('tells the person their open and overdue tasks, the PM due this week and their department’s devices out of service', async () => {
    const [message] = mail.to(person('tech').email);
    expect(message?.subject).toBe('Your week in Caliber: 3 open tasks, 1 overdue');
    const text = plain(message?.raw ?? '');
    expect(text).toContain(
      `Overdue (1)\n- ${marker} Flow sensor drifts: ${marker} Ventilator (SN ${marker}-1)`,
    );
    expect(text).toContain(
      `- ${marker} Alarm fails self-test: ${marker} Ventilator (SN ${marker}-1), due 2027-12-31`,
    );
    expect(text).toContain(`PM due this week`);
    expect(text).toContain(`- ${marker} Filter change: ${marker} Ventilator (SN ${marker}-1), due ${today}`);
    expect(text).toContain(
      `Devices of ${department} out of service (1)\n- ${marker} Infusion pump: SN ${marker}-2, Bed 4: Unserviceable`,
    );
    expect(text).toContain('https://cmms.hospital.example/tasks?task=');
    expect(text).toContain(
      'To stop e-mails about the weekly digest: https://cmms.hospital.example/unsubscribe?token=',
    );
    expect(message?.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/cmms\.hospital\.example\/api\/notifications\/unsubscribe\?token=/m,
    );
    // A Technician's digest has no figures, and names nobody else's contact details.
    expect(text).not.toContain('Figures (as on your dashboard)');
    expect(text).not.toContain(person('engineer').email);
    expect(text).not.toContain('+15550100777');
    const [row] = await digestsOf(person('tech').id);
    expect(row?.body).toBe(
      `3 open tasks (1 overdue), 1 PM due this week, 1 device of ${department} out of service, 0 open recall actions.`,
    );
  });

  it('gives an Engineer the dashboard’s figures, and sends nothing to a person whose toggle is off', async () => {
    const [message] = mail.to(person('engineer').email);
    expect(message?.subject).toBe('Your week in Caliber: 0 open tasks, 0 overdue');
    const text = plain(message?.raw ?? '');
    expect(text).toContain('Figures (as on your dashboard)');
    expect(text).toMatch(
      /Tasks: \d+ in all, \d+ pending, \d+ in progress, \d+ completed; \d+ overdue; \d+ awaiting certification\./,
    );
    expect(text).toMatch(
      /Equipment: \d+ in all, \d+ serviceable, \d+ under maintenance, \d+ unserviceable\./,
    );
    expect(await digestsOf(person('off').id)).toEqual([]);
    expect(mail.to(person('off').email)).toEqual([]);
  });

  it('tells the assignee once of each PM occurrence that fell overdue today, and of nothing else', async () => {
    const pm = person('pm');
    const told = async () =>
      (await rows.query(
        `SELECT n."title", n."link", d."state" FROM "notifications"."notifications" n
           LEFT JOIN "notifications"."deliveries" d ON d."notification_id" = n."id"
          WHERE n."user_id" = $1 AND n."kind" = 'pm-overdue'`,
        [pm.id],
      )) as { title: string; link: string; state: string | null }[];
    // Both replicas looked at start; both asked again at once.
    await Promise.all(replicas.map((replica) => replica.get(PmOverdueScheduler).run()));
    await until(async () => (await told()).filter((row) => row.state === 'sent').length === 2, {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: 'the overdue PM e-mails sent',
    });
    // One per task: two fell overdue today for the same person, each told once.
    const titles = (await told()).map((row) => row.title).sort();
    expect(titles).toEqual([`PM overdue: ${marker} Battery check`, `PM overdue: ${marker} Lamp check`]);
    expect((await told()).every((row) => row.link.startsWith('/tasks?task='))).toBe(true);
    // Sent as they came: one message, or both gathered into one, never a copy.
    const messages = mail.to(pm.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toMatch(/^(PM overdue: |2 notifications from Caliber)/);
    expect(plain(messages[0]?.raw ?? '')).toContain(
      `${marker} Ventilator (SN ${marker}-1), ${department}. It was due`,
    );
  });

  it('tells those who keep contracts once of each contract coming up for renewal, at its notice', async () => {
    const keeper = person('keeper');
    const told = async () =>
      (await rows.query(
        `SELECT n."title", n."body", n."link" FROM "notifications"."notifications" n
          WHERE n."user_id" = $1 AND n."kind" = 'contract-renewal' AND n."title" LIKE $2 ORDER BY n."title"`,
        [keeper.id, `%${marker}%`],
      )) as { title: string; body: string; link: string }[];
    await Promise.all(replicas.map((replica) => replica.get(ContractRenewalScheduler).run()));
    await until(async () => (await told()).length === 2, {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: 'the renewal notices written',
    });
    const rowsTold = await told();
    expect(rowsTold.map((row) => row.title)).toEqual([
      `Contract renewal due: ${marker} Dräger Service ${marker}-LATER`,
      `Contract renewal due: ${marker} Dräger Service ${marker}-SOON`,
    ]);
    expect(rowsTold[1]?.body).toContain('within 30 days');
    expect(rowsTold[0]?.body).toContain('within 90 days');
    expect(rowsTold[1]?.link).toBe(`/equipment/contracts/${contracts.get('SOON')?.id}`);
    // A Technician keeps no contracts and is told nothing of them (of this suite's or any other's).
    const technician = (await rows.query(
      `SELECT count(*)::int AS "count" FROM "notifications"."notifications"
        WHERE "user_id" = $1 AND "kind" = 'contract-renewal'`,
      [person('pm').id],
    )) as [{ count: number }];
    expect(technician[0].count).toBe(0);
  });
});
