import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  SUBJECTS,
  type NotificationRecipientsPage,
  type NotificationRecipientsRequest,
  type Principal,
  type Role,
} from '@caliber/contracts';
import { natsConnectionOptions } from '@caliber/service-kit';
import { testSigner } from '@caliber/testing/statement-keys';
import { markEmailConfirmed, rosterStaff, setRosterActive, useSignInStack } from '@caliber/testing/stack';

const harnessNats = () => ({
  servers: [process.env['NATS_URL'] ?? ''],
  user: process.env['NATS_USER'] ?? '',
  pass: process.env['NATS_PASSWORD'] ?? '',
});

/**
 * Identity's answer to "who is to be told, and where", for the notifying service, against real
 * PostgreSQL and NATS: active people only, by id or by role and department a page at a time, an
 * e-mail address only once its owner confirmed it, and nobody else let in.
 */
describe('identity.users.notification-recipients (real stack)', () => {
  const stack = useSignInStack('notification-recipients');
  let bus: ClientProxy;
  const marker = `NR${Date.now().toString(36).toUpperCase()}`;
  // Departments no other test's people are in, so a role's page holds only this test's people.
  const WARD = `${marker} Ward`;
  const THEATRE = `${marker} Theatre`;
  const people = new Map<string, { id: string; serviceNumber: string }>();

  async function person(
    key: string,
    role: Role,
    department: string,
    email: string | null = null,
  ): Promise<string> {
    const staff = await rosterStaff(stack.db, {
      role,
      name: `${key} Recipient`,
      phoneNumber: '+15550100777',
      ...(email ? { email } : {}),
    });
    // Straight into the row: the roster takes departments from the hospital list only.
    await stack.db.query(`UPDATE "identity"."users" SET "department" = $2 WHERE "id" = $1`, [
      staff.id,
      department,
    ]);
    people.set(key, { id: staff.id, serviceNumber: staff.serviceNumber });
    return staff.id;
  }
  const idOf = (key: string) => people.get(key)?.id ?? '';

  beforeAll(async () => {
    bus = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsConnectionOptions(harnessNats(), 'recipients-harness'),
    });
    await bus.connect();
    await person('confirmed', 'Engineer', WARD, `${marker.toLowerCase()}.confirmed@hospital.example`);
    await person('unconfirmed', 'Engineer', WARD, `${marker.toLowerCase()}.typed@hospital.example`);
    await person('noEmail', 'Engineer', THEATRE);
    await person('technician', 'Technician', WARD);
    await person('gone', 'Engineer', WARD);
    await person('admin', 'Admin', THEATRE);
    await markEmailConfirmed(stack.db, idOf('confirmed'));
    await setRosterActive(stack.db, people.get('gone')?.serviceNumber ?? '', false);
    // A row from before a toggle existed: the missing ones are their defaults.
    await stack.db.query(`UPDATE "identity"."users" SET "notifications" = $2 WHERE "id" = $1`, [
      idOf('admin'),
      JSON.stringify({ taskUpdates: false }),
    ]);
    // A person who turned the weekly digest on and inventory changes off.
    await stack.db.query(`UPDATE "identity"."users" SET "notifications" = $2 WHERE "id" = $1`, [
      idOf('technician'),
      JSON.stringify({ taskUpdates: true, inventory: false, weeklyDigest: true }),
    ]);
  });
  afterAll(async () => {
    await bus.close();
  });

  function recipients(request: NotificationRecipientsRequest, principal: Principal = 'notifications') {
    const subject = SUBJECTS.identity.notificationRecipients;
    return firstValueFrom(
      bus.send<NotificationRecipientsPage>(subject, testSigner(principal).sign(subject, request)),
    );
  }
  const sortedIds = (...keys: string[]) => keys.map(idOf).sort();

  it('answers the active people among the ids asked, ids ascending, with their toggles and addresses', async () => {
    const page = await recipients({
      ids: [idOf('technician'), idOf('gone'), idOf('confirmed'), '00000000-0000-4000-8000-000000000000'],
    });
    expect(page.next).toBeNull();
    expect(page.people.map((each) => each.id)).toEqual(sortedIds('technician', 'confirmed'));
    expect(page.people.find((each) => each.id === idOf('confirmed'))).toEqual({
      id: idOf('confirmed'),
      name: 'confirmed Recipient',
      serviceNumber: people.get('confirmed')?.serviceNumber,
      role: 'Engineer',
      department: WARD,
      email: `${marker.toLowerCase()}.confirmed@hospital.example`,
      phone: '+15550100777',
      notifications: DEFAULT_NOTIFICATION_SETTINGS,
    });
    expect(page.people.find((each) => each.id === idOf('technician'))).toMatchObject({
      role: 'Technician',
      email: null,
      notifications: { taskUpdates: true, inventory: false, weeklyDigest: true },
    });
    expect((await recipients({ ids: [idOf('admin')] })).people[0]?.notifications).toEqual({
      taskUpdates: false,
      inventory: true,
      weeklyDigest: false,
    });
  });

  it('gives an address only once its owner confirmed it: one typed in by someone else is not used', async () => {
    const [unconfirmed] = (await recipients({ ids: [idOf('unconfirmed')] })).people;
    expect(unconfirmed).toMatchObject({ id: idOf('unconfirmed'), email: null, phone: '+15550100777' });
    await markEmailConfirmed(stack.db, idOf('unconfirmed'));
    const [confirmed] = (await recipients({ ids: [idOf('unconfirmed')] })).people;
    expect(confirmed?.email).toBe(`${marker.toLowerCase()}.typed@hospital.example`);
    // Changed by anyone but its owner's link, the address is unconfirmed again.
    await stack.db.query(`UPDATE "identity"."users" SET "email" = $2 WHERE "id" = $1`, [
      idOf('unconfirmed'),
      `${marker.toLowerCase()}.retyped@hospital.example`,
    ]);
    expect((await recipients({ ids: [idOf('unconfirmed')] })).people[0]?.email).toBeNull();
  });

  it('answers every active person of some roles in some departments, a page at a time', async () => {
    const everyone = await recipients({ roles: ['Engineer', 'Admin'], departments: [WARD, THEATRE] });
    expect(everyone.next).toBeNull();
    expect(everyone.people.map((each) => each.id)).toEqual(
      sortedIds('confirmed', 'unconfirmed', 'noEmail', 'admin'),
    );
    const pages: NotificationRecipientsPage[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await recipients({
        roles: ['Engineer', 'Admin'],
        departments: [WARD, THEATRE],
        limit: 3,
        ...(after ? { after } : {}),
      });
      pages.push(page);
      if (!page.next) break;
      after = page.next;
    }
    expect(pages.map((page) => page.people.length)).toEqual([3, 1]);
    expect(pages[0]?.next).toBe(pages[0]?.people[2]?.id);
    expect(pages.flatMap((page) => page.people)).toEqual(everyone.people);

    // One department, one role; a role nobody there has; no department at all.
    expect(
      (await recipients({ roles: ['Engineer'], departments: [THEATRE] })).people.map((p) => p.id),
    ).toEqual([idOf('noEmail')]);
    expect((await recipients({ roles: ['Manager'], departments: [WARD, THEATRE] })).people).toEqual([]);
    expect((await recipients({ roles: ['Engineer'], departments: [] })).people).toEqual([]);
    // Every department: this test's technician is among the Technicians.
    const technicians: string[] = [];
    let from: string | undefined;
    do {
      const page = await recipients({ roles: ['Technician'], limit: 500, ...(from ? { after: from } : {}) });
      technicians.push(...page.people.map((p) => p.id));
      from = page.next ?? undefined;
    } while (from);
    expect(technicians).toContain(idOf('technician'));
    expect(technicians).toEqual([...technicians].sort());
  });

  it('answers the notifying service only, and refuses a bad request with a message', async () => {
    for (const principal of ['gateway', 'maintenance', 'reports'] as const)
      await expect(recipients({ ids: [idOf('confirmed')] }, principal)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    await expect(recipients({ ids: ['not-an-id'] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(recipients({ ids: [] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(recipients({ roles: ['engineer' as Role] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(recipients({ roles: ['Engineer'], limit: 501 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
