import type { INestApplication } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type {
  DeliveryRecordPage,
  EquipmentDto,
  MeResponse,
  NotificationPage,
  NotificationUnread,
  Role,
  TaskCreatedResponse,
  UnsubscribeAnswer,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { readOutbox } from '@caliber/testing/outbox';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  markEmailConfirmed,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  restartNotifications,
  startNotifications,
  useSignInStack,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';
import { TestMailServer } from '@caliber/testing/test-mail-server';

/** The quoted-printable soft breaks and `=` of a raw message undone, for reading links in it. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/**
 * Notifications end to end, against real PostgreSQL, NATS and Redis, the identity, equipment,
 * maintenance and notifying services, the gateway, a real SMTP server and the SMS outbox: each
 * kind sent (and not when its toggle is off), the bell, the delivery record, the one-click
 * unsubscribe, and exactly one e-mail per person across a stopped mail server and a restarted
 * notifying service.
 */
describe('Notifications (real stack, real SMTP)', () => {
  const stack = useSignInStack('notifications');
  const mail = new TestMailServer();
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let notifications: INestApplication | null = null;
  let rows: DataSource;
  let dataDir: string;
  const marker = `NT${Date.now().toString(36).toUpperCase()}`;
  const department = `Ward ${marker}`;
  let serial = 0;

  interface Person {
    id: string;
    serviceNumber: string;
    email: string;
    token: string;
  }
  const people = new Map<string, Person>();

  const notifyingService = (fromNow = true, overrides: Record<string, string> = {}) =>
    (fromNow ? startNotifications : restartNotifications)({
      // Each person here gets more than the default 10 e-mails an hour; the limit has its own test.
      NOTIFY_EMAILS_PER_HOUR: '100',
      ...overrides,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      PUBLIC_URL: 'https://cmms.hospital.example',
      DATA_DIR: dataDir,
      NOTIFY_QUIET_HOURS: '',
      NOTIFY_FOLLOW_MS: '100',
      NOTIFY_RETRY_MS: '200',
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caliber-notifications-'));
    await mail.start();
    equipment = await startEquipment();
    // Maintenance's copy of the risk flags follows an assessment within a second.
    maintenance = await startMaintenance({ LISTS_FOLLOW_SECONDS: '1' });
    rows = await serviceDataSource('notifications');
    notifications = await notifyingService();
    const roster: [string, Role][] = [
      ['engineer', 'Engineer'],
      ['tech', 'Technician'],
      ['quiet', 'Technician'],
      ['admin', 'Admin'],
      ['busy', 'Technician'],
    ];
    for (const [key, role] of roster) {
      const email = `${key}.${marker.toLowerCase()}@hospital.example`;
      const staff = await rosterStaff(stack.db, { role, name: `${key} ${marker}`, email, preApproved: true });
      await enlist(key, staff, email);
    }
    // A ward of this test's own, with a Technician of its own (the roster checks the department
    // against its copy of the list, which catches up when the Admin adds someone).
    const added = await as('admin').post('/lists', { kind: 'department', name: department });
    expect([added.status, added.body.message]).toEqual([201, undefined]);
    const wardEmail = `ward.${marker.toLowerCase()}@hospital.example`;
    const ward = await as('admin').post<{ _id: string; serviceNumber: string }>('/users', {
      serviceNumber: `W${marker}`.slice(0, 20),
      name: `Ward ${marker}`,
      phoneNumber: '+15550100777',
      role: 'Technician',
      department,
      email: wardEmail,
      preApproved: true,
    });
    expect([ward.status, ward.body.message]).toEqual([201, undefined]);
    await enlist('ward', { id: ward.body._id, serviceNumber: ward.body.serviceNumber }, wardEmail);
    const quiet = person('quiet');
    const saved = await call(stack.gateway.url, 'PUT', '/api/settings/notifications', {
      token: quiet.token,
      body: { taskUpdates: false, inventory: true, weeklyDigest: false },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await notifications?.close();
    await rows.destroy();
    await maintenance.close();
    await equipment.close();
    await mail.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function enlist(key: string, staff: { id: string; serviceNumber: string }, email: string) {
    await markEmailConfirmed(stack.db, staff.id);
    people.set(key, {
      id: staff.id,
      serviceNumber: staff.serviceNumber,
      email,
      token: await signIn(stack.gateway.url, staff.serviceNumber),
    });
  }

  function person(key: string): Person {
    const found = people.get(key);
    if (!found) throw new Error(`no ${key}`);
    return found;
  }
  const as = (key: string) => {
    const token = person(key).token;
    return {
      get: <T>(path: string) =>
        call<T & { message?: string }>(stack.gateway.url, 'GET', `/api${path}`, { token }),
      post: <T>(path: string, body?: unknown) =>
        call<T & { message?: string }>(stack.gateway.url, 'POST', `/api${path}`, {
          token,
          ...(body === undefined ? {} : { body }),
        }),
      put: <T>(path: string, body: unknown) =>
        call<T & { message?: string }>(stack.gateway.url, 'PUT', `/api${path}`, { token, body }),
    };
  };

  async function aDevice(name: string, dept = department, model = 'Evita V500'): Promise<EquipmentDto> {
    serial += 1;
    const created = await as('engineer').post<EquipmentDto>('/equipment', {
      name: `${marker} ${name}`,
      serialNumber: `${marker}-${serial}`,
      manufacturer: 'Dräger',
      model,
      department: dept,
      location: 'Bed 4',
      installationDate: '2022-01-10',
      status: 'Serviceable',
      category: 'Ventilator',
    });
    expect([created.status, created.body.message]).toEqual([201, undefined]);
    return created.body;
  }

  async function aTask(device: EquipmentDto, assignee: string, title: string) {
    const created = await as('engineer').post<TaskCreatedResponse>('/tasks', {
      title,
      description: 'Found during the morning round.',
      taskType: 'Repair',
      priority: 'Medium',
      equipmentId: device._id,
      assignedTo: person(assignee).id,
      dueDate: '2027-01-31',
    });
    expect([created.status, created.body.message]).toEqual([201, undefined]);
    return created.body.task;
  }

  const bell = async (key: string) => {
    const page = await as(key).get<NotificationPage>('/notifications?limit=50');
    expect([page.status, page.body.message]).toEqual([200, undefined]);
    return page;
  };
  const waitForMail = (address: string, count: number, what: string, timeoutMs = 15_000) =>
    until(() => mail.to(address).length >= count, { timeoutMs, intervalMs: 50, what });

  it('tells the assignee of a task in the bell and by e-mail, with a link back and a one-click way to stop', async () => {
    const device = await aDevice('Ventilator');
    const task = await aTask(device, 'tech', 'Alarm fails self-test');
    const tech = person('tech');
    await waitForMail(tech.email, 1, 'the assignment e-mail');
    const [message] = mail.to(tech.email);
    expect(message?.subject).toBe('Task assigned to you: Alarm fails self-test');
    const raw = plain(message?.raw ?? '');
    expect(raw).toContain(`https://cmms.hospital.example/tasks?task=${task._id}`);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toMatch(
      /List-Unsubscribe:\s*<https:\/\/cmms\.hospital\.example\/api\/notifications\/unsubscribe\?token=[^>]+>/,
    );
    expect(raw).toMatch(/https:\/\/cmms\.hospital\.example\/unsubscribe\?token=/);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Nobody else's address or phone is in it.
    expect(raw).not.toContain(person('engineer').email);

    const page = await bell('tech');
    expect(page.status).toBe(200);
    const mine = page.body.rows.find((row) => row.link === `/tasks?task=${task._id}`);
    expect(mine).toMatchObject({ kind: 'task-assigned', topic: 'taskUpdates', readAt: null, urgent: false });
    expect(page.body.unread).toBeGreaterThanOrEqual(1);
    const read = await as('tech').post<NotificationUnread>(`/notifications/${mine?.id}/read`);
    expect([read.status, read.body.unread]).toEqual([200, page.body.unread - 1]);
    // Another person's notification is not found for them.
    expect((await as('engineer').post(`/notifications/${mine?.id}/read`)).status).toBe(404);
    // The engineer assigned it: they are not told of their own change.
    expect((await bell('engineer')).body.rows.some((row) => row.link.includes(task._id))).toBe(false);
  });

  it('sends nothing of a kind whose toggle is off', async () => {
    const device = await aDevice('Infusion pump');
    const quietTask = await aTask(device, 'quiet', 'Occlusion alarm');
    const loudTask = await aTask(device, 'tech', 'Door latch loose');
    // The later task reached its assignee, so the earlier one has been read too.
    await until(async () => (await bell('tech')).body.rows.some((row) => row.link.includes(loudTask._id)), {
      timeoutMs: 15_000,
      what: 'the second assignment',
    });
    expect((await bell('quiet')).body.rows.some((row) => row.link.includes(quietTask._id))).toBe(false);
    expect(mail.to(person('quiet').email)).toEqual([]);
  });

  it('tells the reporter as their report moves, and the Engineers when work waits for certification', async () => {
    const device = await aDevice('Monitor');
    const task = await aTask(device, 'tech', 'Screen flickers');
    const tech = as('tech');
    expect((await tech.put(`/tasks/${task._id}/status`, { status: 'In Progress' })).status).toBe(200);
    expect((await tech.put(`/tasks/${task._id}/status`, { status: 'Completed' })).status).toBe(200);
    await until(
      async () => {
        const titles = (await bell('engineer')).body.rows.map((row) => row.title);
        return (
          titles.includes('Your report is being worked on: Screen flickers') &&
          titles.includes('Your report was completed: Screen flickers') &&
          titles.includes('Work waits for certification: Screen flickers')
        );
      },
      { timeoutMs: 15_000, what: 'the reporter’s and the certifier’s notifications' },
    );
    expect((await as('engineer').put(`/tasks/${task._id}/certify`, {})).status).toBe(200);
    await until(
      async () =>
        (await bell('tech')).body.rows.some(
          (row) => row.title === 'Your work was certified: Screen flickers',
        ),
      { timeoutMs: 15_000, what: 'the certification notice' },
    );
  });

  it('tells a department when its device goes out of service and comes back', async () => {
    const device = await aDevice('Defibrillator');
    const ward = person('ward');
    for (const status of ['Unserviceable', 'Serviceable'])
      expect((await as('engineer').put(`/equipment/${device._id}/status`, { status })).status).toBe(200);
    await waitForMail(ward.email, 1, 'the inventory e-mails');
    await until(
      async () => {
        const titles = (await bell('ward')).body.rows.map((row) => row.title);
        return (
          titles.includes(`Out of service: ${device.name}`) &&
          titles.includes(`Back in service: ${device.name}`)
        );
      },
      { timeoutMs: 15_000, what: 'both status notices' },
    );
    expect((await bell('ward')).body.rows.find((row) => row.kind === 'device-status-changed')?.link).toBe(
      `/equipment/${device._id}`,
    );
  });

  it('tells the department’s staff of a recall that finds its devices and of a failed safety test', async () => {
    const model = `Sigma ${marker} Pump`;
    const pumps = [
      await aDevice('Syringe pump A', department, model),
      await aDevice('Syringe pump B', department, model),
    ];
    const recalled = await as('engineer').post('/recalls', {
      source: 'FDA',
      sourceReference: `Z-${marker}`,
      title: 'Pump may stop without alarm',
      manufacturer: 'Dräger',
      models: [model],
      hazard: 'The pump may stop infusing without sounding its alarm.',
      actionRequired: 'Update the firmware.',
      publishedOn: '2026-02-01',
    });
    expect([recalled.status, recalled.body.message]).toEqual([201, undefined]);
    const failed = await as('engineer').post(`/equipment/${pumps[0]?._id}/safety-tests`, {
      test: {
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
      },
      openRepairTask: false,
    });
    expect([failed.status, failed.body.message]).toEqual([201, undefined]);
    await until(
      async () => {
        const rows = (await bell('ward')).body.rows;
        return (
          rows.some((row) => row.kind === 'recall-matched') &&
          rows.some((row) => row.title === `Safety test failed: ${pumps[0]?.name}`)
        );
      },
      { timeoutMs: 15_000, what: 'the recall and the failed test' },
    );
    const recall = (await bell('ward')).body.rows.filter((row) => row.kind === 'recall-matched');
    // One notice finding two devices of the ward is one notification.
    expect(recall.map((row) => [row.title, row.body])).toEqual([
      [
        `Recall Z-${marker}: Pump may stop without alarm`,
        expect.stringMatching(new RegExp(`^It concerns 2 devices of ${department}, among them`)),
      ],
    ]);
  });

  it('tells a Technician a task was taken from them, and sends no inventory news once that toggle is off', async () => {
    const device = await aDevice('Blood warmer');
    const task = await aTask(device, 'ward', 'Heater fault');
    expect((await as('engineer').put(`/tasks/${task._id}`, { assignedTo: person('tech').id })).status).toBe(
      200,
    );
    await until(
      async () =>
        (await bell('ward')).body.rows.some(
          (row) => row.kind === 'task-unassigned' && row.title === 'Task taken from you: Heater fault',
        ),
      { timeoutMs: 15_000, what: 'the task taken from its assignee' },
    );
    expect(
      (
        await as('ward').put('/settings/notifications', {
          taskUpdates: true,
          inventory: false,
          weeklyDigest: false,
        })
      ).status,
    ).toBe(200);
    const before = mail.to(person('ward').email).length;
    expect(
      (await as('engineer').put(`/equipment/${device._id}/status`, { status: 'Unserviceable' })).status,
    ).toBe(200);
    // A later change the ward is told of (a task assigned) shows the status change was read meanwhile.
    const marker2 = await aTask(device, 'ward', 'After the status change');
    await until(async () => (await bell('ward')).body.rows.some((row) => row.link.includes(marker2._id)), {
      timeoutMs: 15_000,
      what: 'the later assignment',
    });
    expect((await bell('ward')).body.rows.some((row) => row.title === `Out of service: ${device.name}`)).toBe(
      false,
    );
    expect(mail.to(person('ward').email).filter((m) => m.subject.startsWith('Out of service'))).toHaveLength(
      mail
        .to(person('ward').email)
        .slice(0, before)
        .filter((m) => m.subject.startsWith('Out of service')).length,
    );
  });

  it('turns a kind off from the e-mail’s link, without a session, and refuses a forged link', async () => {
    const tech = person('tech');
    const raw = plain(mail.to(tech.email)[0]?.raw ?? '');
    // The header's address, as a mail client posts it (RFC 8058): a form body that is not read.
    const oneClick =
      /List-Unsubscribe:\s*<https:\/\/cmms\.hospital\.example(\/api\/notifications\/unsubscribe\?token=[^>]+)>/.exec(
        raw,
      )?.[1] ?? '';
    const answer = await call<UnsubscribeAnswer & { message: string }>(stack.gateway.url, 'POST', oneClick, {
      rawBody: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([answer.status, answer.body.topic, answer.body.message]).toEqual([
      200,
      'taskUpdates',
      'Task updates are turned off. You can turn it on again in Settings.',
    ]);
    const me = await as('tech').get<MeResponse>('/auth/me');
    expect(me.body.user.notifications.taskUpdates).toBe(false);
    // The same signature under another person's id is refused.
    const token = decodeURIComponent(/token=([^&]+)/.exec(oneClick)?.[1] ?? '');
    const forgedToken = `${person('admin').id}.taskUpdates.${token.split('.')[2] ?? ''}`;
    const forged = await call<{ message: string }>(
      stack.gateway.url,
      'POST',
      `/api/notifications/unsubscribe?token=${encodeURIComponent(forgedToken)}`,
    );
    expect([forged.status, forged.body.message]).toEqual([
      400,
      'This unsubscribe link is not valid. Change your notifications in Settings.',
    ]);
    // On again for the tests that follow.
    expect(
      (
        await as('tech').put('/settings/notifications', {
          taskUpdates: true,
          inventory: true,
          weeklyDigest: false,
        })
      ).status,
    ).toBe(200);
  });

  it('delivers each e-mail exactly once across a refusing mail server and a restarted notifying service', async () => {
    const device = await aDevice('Suction pump');
    const tech = person('tech');
    // The mail server refuses: the delivery stays pending with the reason, and is tried again.
    mail.refuse = true;
    const first = await aTask(device, 'tech', `Exactly once A ${marker}`);
    await until(
      async () => {
        const [row] = (await rows.query(
          `SELECT d."attempts", d."last_error" FROM "notifications"."deliveries" d
             JOIN "notifications"."notifications" n ON n."id" = d."notification_id"
            WHERE n."user_id" = $1 AND n."link" = $2 AND d."channel" = 'email'`,
          [tech.id, `/tasks?task=${first._id}`],
        )) as { attempts: number; last_error: string | null }[];
        return Boolean(row && row.attempts >= 2 && row.last_error);
      },
      { timeoutMs: 15_000, what: 'two refused tries' },
    );
    // The notifying service stops; a task is assigned while it is down; the mail server is stopped too.
    await notifications?.close();
    notifications = null;
    await mail.stop();
    mail.refuse = false;
    const second = await aTask(device, 'tech', `Exactly once B ${marker}`);
    await mail.start();
    // Started again where it left off: what happened while it was down is read now.
    notifications = await notifyingService(false);
    // Both notices go when the server is back: as one message each, or gathered into one (both
    // were due together), but each notice is in exactly one message the server accepted.
    const carrying = (title: string) =>
      mail.to(tech.email).filter((message) => plain(message.raw).includes(title));
    await until(
      () =>
        carrying(`Exactly once A ${marker}`).length > 0 && carrying(`Exactly once B ${marker}`).length > 0,
      { timeoutMs: 30_000, intervalMs: 50, what: 'both e-mails after the restart' },
    );
    // Give a duplicate every chance to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(carrying(`Task assigned to you: Exactly once A ${marker}`)).toHaveLength(1);
    expect(carrying(`Task assigned to you: Exactly once B ${marker}`)).toHaveLength(1);
    const ids = mail.to(tech.email).map((message) => message.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    const inBell = (await bell('tech')).body.rows.filter((row) => row.link.includes(second._id));
    expect(inBell).toHaveLength(1);

    // The Admin's delivery record says what happened: sent after refusals, the reason kept.
    const record = await as('admin').get<DeliveryRecordPage>(
      '/notification-deliveries?channel=email&limit=100',
    );
    expect(record.status).toBe(200);
    const firstRecord = record.body.rows.find(
      (row) => row.title === `Task assigned to you: Exactly once A ${marker}`,
    );
    expect(firstRecord).toMatchObject({ state: 'sent', channel: 'email', recipientId: tech.id });
    expect(firstRecord?.attempts).toBeGreaterThanOrEqual(3);
    expect(firstRecord?.address).toBe(`t•••@hospital.example`);
    expect((await as('tech').get('/notification-deliveries')).status).toBe(403);
  }, 120_000);

  it('pages the Engineers by SMS for a High fault on a life-support device, whatever the hour or their toggles', async () => {
    const device = await aDevice('Neonatal ventilator');
    const assessed = await as('engineer').put(`/equipment/${device._id}/risk`, {
      function: 10,
      physicalRisk: 5,
      maintenance: 5,
      incidentHistory: 0,
    });
    expect(assessed.status).toBe(200);
    // Urgency is read from maintenance's copy of the risk flags, which follows equipment's feed.
    const maintenanceRows = await serviceDataSource('maintenance');
    try {
      await until(
        async () =>
          (
            (await maintenanceRows.query(
              `SELECT 1 FROM "maintenance"."device_risk" WHERE "equipment_id" = $1 AND "life_support"`,
              [device._id],
            )) as unknown[]
          ).length === 1,
        { timeoutMs: 10_000, what: 'maintenance’s copy of the risk flags' },
      );
    } finally {
      await maintenanceRows.destroy();
    }
    const reported = await as('ward').post<TaskCreatedResponse>('/maintenance/report', {
      equipment: device._id,
      title: `Ventilator stops ${marker}`,
      description: 'It stopped twice in an hour.',
      severity: 'High',
      location: 'Bed 4',
    });
    expect([reported.status, reported.body.message]).toEqual([201, undefined]);
    const engineer = person('engineer');
    const sms = join(dataDir, 'outbox', 'sms.jsonl');
    await until(async () => (await readOutbox(sms, engineer.serviceNumber)).length > 0, {
      timeoutMs: 15_000,
      what: 'the urgent page',
    });
    const [page] = await readOutbox(sms, engineer.serviceNumber);
    expect(page?.body).toContain(`URGENT Urgent fault: Ventilator stops ${marker}`);
    expect(page?.body).toContain('https://cmms.hospital.example/tasks?task=');
    const record = await as('admin').get<DeliveryRecordPage>(
      '/notification-deliveries?channel=sms&limit=100',
    );
    expect(record.body.rows.find((row) => row.recipientId === engineer.id)?.note).toMatch(
      /Nobody on call for Ward NT.* and no engineer covers it: paged every Engineer\./,
    );
  });

  it('holds e-mails past a person’s hourly limit, and says so in the delivery record', async () => {
    await notifications?.close();
    notifications = await notifyingService(false, { NOTIFY_EMAILS_PER_HOUR: '2' });
    const busy = person('busy');
    const device = await aDevice('Patient monitor');
    for (const n of [1, 2]) {
      await aTask(device, 'busy', `Limit ${n} ${marker}`);
      await waitForMail(busy.email, n, `e-mail ${n}`);
    }
    const held = [
      await aTask(device, 'busy', `Limit 3 ${marker}`),
      await aTask(device, 'busy', `Limit 4 ${marker}`),
    ];
    await until(
      async () => {
        const record = await as('admin').get<DeliveryRecordPage>(
          '/notification-deliveries?channel=email&state=pending&limit=100',
        );
        const mine = record.body.rows.filter((row) => row.recipientId === busy.id);
        return (
          mine.length === 2 && mine.every((row) => row.note?.startsWith('Held: 2 e-mails in the last hour'))
        );
      },
      { timeoutMs: 15_000, what: 'the two e-mails held' },
    );
    // In the bell at once; by e-mail, gathered into one message once the hour allows.
    const rows = (await bell('busy')).body.rows;
    for (const task of held) expect(rows.some((row) => row.link.includes(task._id))).toBe(true);
    expect(mail.to(busy.email)).toHaveLength(2);
  }, 60_000);
});
