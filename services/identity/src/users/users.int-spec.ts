import type { INestApplication } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_SETTINGS, type Role, type UserDto, type UserListResponse } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import type { DataSource } from 'typeorm';
import {
  identityDataSource,
  rosterStaff,
  signIn,
  startGateway,
  startIdentity,
  uniqueServiceNumber,
  useSignInStack,
  type RunningGateway,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';

/**
 * The staff roster through the gateway, against the real identity service, PostgreSQL, NATS and
 * Redis: who may manage it, each of its rules, E.164 phones, the audit, and the sessions that end
 * when an account is deactivated, deleted or given another role.
 */
describe('The staff roster (real stack)', () => {
  const stack = useSignInStack('roster');
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();
  const serials = new Map<string, string>();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    for (const [key, role] of [
      ['tech', 'Technician'],
      ['engineer', 'Engineer'],
      ['manager', 'Manager'],
      ['admin', 'Admin'],
    ] as [string, Role][]) {
      const staff = await rosterStaff(stack.db, { role, name: `${key} Roster` });
      ids.set(key, staff.id);
      serials.set(key, staff.serviceNumber);
      tokens.set(key, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  const as = (who: string) => ({
    get: <T>(path: string) => call<T>(stack.gateway.url, 'GET', `/api${path}`, { token: tokens.get(who) }),
    post: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: tokens.get(who), body }),
    put: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'PUT', `/api${path}`, { token: tokens.get(who), body }),
    delete: <T = Record<string, unknown>>(path: string) =>
      call<T>(stack.gateway.url, 'DELETE', `/api${path}`, { token: tokens.get(who) }),
  });

  const newcomer = (overrides: Record<string, unknown> = {}) => ({
    serviceNumber: uniqueServiceNumber('NEW'),
    name: 'Efua Newcomer',
    phoneNumber: '(555) 010-0177',
    role: 'Technician',
    department: 'ICU',
    ...overrides,
  });

  async function signedInSocket(token: string): Promise<Socket> {
    const socket = io(stack.gateway.url, {
      path: SOCKET_SETTINGS.path,
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('socket:ready', resolve));
    return socket;
  }

  it('adds a person with an E.164 phone, audited, and refuses a taken service number or e-mail whatever the case', async () => {
    const body = newcomer({ email: 'Efua.N@Hospital.example' });
    const created = await as('engineer').post<UserDto>('/users', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ phoneNumber: '+15550100177', role: 'Technician', isActive: true });
    const again = await as('engineer').post('/users', {
      ...newcomer(),
      serviceNumber: body.serviceNumber.toLowerCase(),
    });
    expect([again.status, again.body['message']]).toEqual([
      409,
      `Service number ${body.serviceNumber} is already on the roster.`,
    ]);
    const sameMail = await as('engineer').post('/users', newcomer({ email: 'efua.n@hospital.EXAMPLE' }));
    expect(sameMail.status).toBe(409);
    const badPhone = await as('engineer').post('/users', newcomer({ phoneNumber: '+1 555 01' }));
    expect([badPhone.status, badPhone.body['message']]).toEqual([
      400,
      'Phone number must have 7 to 15 digits.',
    ]);
    const impossible = await as('engineer').post('/users', newcomer({ phoneNumber: '+1 555 010 01775' }));
    expect([impossible.status, impossible.body['message']]).toEqual([
      400,
      'Phone number +155501001775 is not a possible phone number.',
    ]);
    const audit: { action: string; changes: Record<string, { to: unknown }> }[] = await stack.db.query(
      `SELECT "action", "changes" FROM "identity"."audit_log" WHERE "entity_id" = $1`,
      [created.body._id],
    );
    expect(audit.map((row) => [row.action, row.changes['phoneNumber']?.to])).toEqual([
      ['created', '+15550100177'],
    ]);
  });

  it('lets Engineers and Admins manage the roster, Managers read it, Technicians neither', async () => {
    expect((await as('tech').get('/users')).status).toBe(403);
    expect((await as('manager').get('/users')).status).toBe(200);
    expect((await as('manager').post('/users', newcomer())).status).toBe(403);
    expect((await as('tech').post('/users', newcomer())).status).toBe(403);
  });

  it('searches name, service number, e-mail and phone, filters, and pages twelve at a time', async () => {
    const tag = uniqueServiceNumber('PG');
    for (let i = 0; i < 13; i += 1)
      expect(
        (
          await as('admin').post(
            '/users',
            newcomer({ serviceNumber: `${tag}-${i}`, name: `Pager ${tag} ${i}`, department: 'NICU' }),
          )
        ).status,
      ).toBe(201);
    const first = await as('engineer').get<UserListResponse>(`/users?q=${tag}`);
    expect([first.body.total, first.body.users.length, first.body.pages, first.body.limit]).toEqual([
      13, 12, 2, 12,
    ]);
    expect(first.body.data).toEqual(first.body.users);
    const second = await as('engineer').get<UserListResponse>(`/users?q=${tag}&page=2`);
    expect(second.body.users.length).toBe(1);
    const byPhone = await as('engineer').get<UserListResponse>(
      `/users?q=${encodeURIComponent('555 010 0177')}&department=NICU`,
    );
    expect(byPhone.body.total).toBeGreaterThanOrEqual(13);
    const inactive = await as('engineer').get<UserListResponse>(`/users?q=${tag}&active=false`);
    expect(inactive.body.total).toBe(0);
    expect((await as('engineer').get('/users?role=Janitor')).status).toBe(400);
  });

  it('sorts by the column asked, descending with a leading -, and refuses an unknown one', async () => {
    const tag = uniqueServiceNumber('SRT');
    // Service numbers run opposite to names, so each sort gives its own order.
    for (const [n, name, role, department] of [
      [3, 'Alpha', 'Engineer', 'NICU'],
      [2, 'Bravo', 'Manager', 'CSSD'],
      [1, 'Charlie', 'Technician', 'ICU'],
    ] as [number, string, string, string][])
      expect(
        (
          await as('engineer').post(
            '/users',
            newcomer({ serviceNumber: `${tag}-${n}`, name: `${name} ${tag}`, role, department }),
          )
        ).status,
      ).toBe(201);
    const order = async (sort: string | null) =>
      (
        await as('engineer').get<UserListResponse>(`/users?q=${tag}${sort === null ? '' : `&sort=${sort}`}`)
      ).body.users.map((user) => user.name.split(' ')[0]);
    expect(await order(null)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await order('-name')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(await order('serviceNumber')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(await order('-serviceNumber')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await order('department')).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(await order('role')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await order('-role')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    const unknown = await as('engineer').get<Record<string, unknown>>('/users?sort=shoeSize');
    expect([unknown.status, unknown.body['message']]).toEqual([
      400,
      'sort must be one of name, serviceNumber, role, department, createdAt, lastLoginAt, with - in front for descending.',
    ]);
  });

  it('reads a number without its country code as the default country, US unless configured', async () => {
    // A British mobile written the British way is not a possible US number.
    const british = await as('engineer').post('/users', newcomer({ phoneNumber: '07700 900123' }));
    expect([british.status, british.body['message']]).toEqual([
      400,
      'Phone number 07700900123 is not a possible phone number in US.',
    ]);
    const international = await as('engineer').post<UserDto>(
      '/users',
      newcomer({ phoneNumber: '+44 7700 900123' }),
    );
    expect([international.status, international.body.phoneNumber]).toEqual([201, '+447700900123']);
  });

  it('keeps people from changing their own role, deactivating or deleting themselves', async () => {
    const me = ids.get('engineer') ?? '';
    expect((await as('engineer').put(`/users/${me}`, { role: 'Technician' })).body['message']).toBe(
      'You cannot change your own role.',
    );
    expect((await as('engineer').put(`/users/${me}`, { isActive: false })).body['message']).toBe(
      'You cannot deactivate yourself.',
    );
    expect((await as('engineer').delete(`/users/${me}`)).body['message']).toBe('You cannot delete yourself.');
    expect((await as('engineer').put(`/users/${me}`, { department: 'CSSD' })).status).toBe(200);
  });

  it('leaves the Admin role to Admins', async () => {
    const adminCandidate = await as('engineer').post('/users', newcomer({ role: 'Admin' }));
    expect([adminCandidate.status, adminCandidate.body['message']]).toEqual([
      403,
      'Only an Admin may grant or remove the Admin role.',
    ]);
    const tech = (await as('engineer').post<UserDto>('/users', newcomer())).body;
    expect((await as('engineer').put(`/users/${tech._id}`, { role: 'Admin' })).status).toBe(403);
    expect((await as('admin').put(`/users/${tech._id}`, { role: 'Admin' })).status).toBe(200);
    expect((await as('engineer').put(`/users/${tech._id}`, { department: 'ICU' })).body['message']).toBe(
      "Only an Admin may change an Admin's account.",
    );
    expect((await as('engineer').delete(`/users/${tech._id}`)).status).toBe(403);
  });

  /** How many connections of the test database wait for a row lock. */
  async function waitingForLocks(): Promise<number> {
    const [{ waiting }] = (await stack.db.query(
      `SELECT count(*)::int AS "waiting" FROM pg_stat_activity
        WHERE "wait_event_type" = 'Lock' AND "datname" = current_database()`,
    )) as [{ waiting: number }];
    return waiting;
  }

  // Only an Admin changes an Admin's account, so the last active Admin can only be reached by two
  // Admins acting on each other at once: the one who goes second finds the last active Admin.
  for (const [what, change, message] of [
    [
      'demotes',
      { role: 'Engineer' },
      'The last active Admin cannot be demoted or deactivated: make another Admin first.',
    ],
    [
      'deactivates',
      { isActive: false },
      'The last active Admin cannot be demoted or deactivated: make another Admin first.',
    ],
    ['deletes', null, 'The last active Admin cannot be deleted: make another Admin first.'],
  ] as [string, Record<string, unknown> | null, string][]) {
    it(`never ${what.replace(/s$/, '')}s the last active Admin, when two Admins each ${what.replace(/s$/, '')} the other at once`, async () => {
      // Put on the roster directly: an Admin's session ends when the others are deactivated below.
      const pair = [
        await rosterStaff(stack.db, { role: 'Admin', name: 'Admin One' }),
        await rosterStaff(stack.db, { role: 'Admin', name: 'Admin Two' }),
      ];
      const pairTokens = await Promise.all(
        pair.map((person) => signIn(stack.gateway.url, person.serviceNumber)),
      );
      const others: { id: string }[] = await stack.db.query(
        `UPDATE "identity"."users" SET "is_active" = false
          WHERE "role" = 'Admin' AND "is_active" AND "id" <> ALL($1::uuid[]) RETURNING "id"`,
        [pair.map((person) => person.id)],
      );
      // The test holds the Admins' rows until both requests wait for them: both are then past
      // the gateway's session check and certainly at the same moment, whatever the machine's speed.
      const hold = stack.db.createQueryRunner();
      try {
        await hold.connect();
        await hold.startTransaction();
        await hold.query(
          `SELECT "id" FROM "identity"."users" WHERE "role" = 'Admin' AND "is_active" ORDER BY "id" FOR UPDATE`,
        );
        const answering = Promise.all(
          pair.map((_, i) =>
            call(stack.gateway.url, change ? 'PUT' : 'DELETE', `/api/users/${pair[1 - i]?.id}`, {
              token: pairTokens[i],
              ...(change ? { body: change } : {}),
            }),
          ),
        );
        await until(async () => (await waitingForLocks()) >= 2, {
          what: "both requests to wait for the Admins' rows",
          timeoutMs: 10_000,
        });
        await hold.commitTransaction();
        const answers = await answering;
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.status === 409)?.body['message']).toBe(message);
        const [{ count }] = (await stack.db.query(
          `SELECT count(*)::int AS "count" FROM "identity"."users" WHERE "role" = 'Admin' AND "is_active"`,
        )) as [{ count: number }];
        expect(count).toBe(1);
      } finally {
        if (hold.isTransactionActive) await hold.rollbackTransaction();
        await hold.release();
        await stack.db.query(
          `UPDATE "identity"."users" SET "is_active" = true WHERE "id" = ANY($1::uuid[])`,
          [others.map((row) => row.id)],
        );
      }
    });
  }

  it('ends the sessions of a person deactivated, given another role or deleted, at once, saying why', async () => {
    for (const [change, reason] of [
      [{ isActive: false }, 'deactivated'],
      [{ role: 'Engineer' }, 'role'],
      [null, 'removed'],
    ] as [Record<string, unknown> | null, string][]) {
      const person = (await as('engineer').post<UserDto>('/users', newcomer())).body;
      const token = await signIn(stack.gateway.url, person.serviceNumber);
      const socket = await signedInSocket(token);
      const ended = new Promise<{ message?: string }>((resolve) => socket.once('session:ended', resolve));
      const answer = change
        ? await as('engineer').put(`/users/${person._id}`, change)
        : await as('engineer').delete(`/users/${person._id}`);
      expect(answer.status).toBe(200);
      expect((await ended).message?.toLowerCase()).toContain(reason);
      await until(() => !socket.connected, { what: 'the socket to close' });
      expect((await call(stack.gateway.url, 'GET', '/api/auth/me', { token })).status).toBe(401);
    }
  });

  it('audits a change with the old and new values of the fields changed, and a deletion with every old value', async () => {
    const person = (await as('engineer').post<UserDto>('/users', newcomer({ email: null }))).body;
    const audit = async () =>
      (await stack.db.query(
        `SELECT "action", "actor_id", "actor_label", "changes" FROM "identity"."audit_log"
          WHERE "entity" = 'user' AND "entity_id" = $1 ORDER BY "id"`,
        [person._id],
      )) as { action: string; actor_id: string; actor_label: string; changes: Record<string, unknown> }[];

    const moved = await as('engineer').put(`/users/${person._id}`, {
      name: 'Efua Moved',
      department: 'NICU',
      phoneNumber: '(555) 010-0188',
      preApproved: true,
      // Sent unchanged: not a change, so not in the audit.
      role: 'Technician',
    });
    expect(moved.status).toBe(200);
    // Sending the values the person has already changes nothing and writes no audit row.
    expect((await as('engineer').put(`/users/${person._id}`, { department: 'NICU' })).status).toBe(200);
    const updated = (await audit()).filter((row) => row.action === 'updated');
    expect(updated).toEqual([
      {
        action: 'updated',
        actor_id: ids.get('engineer'),
        actor_label: serials.get('engineer'),
        changes: {
          name: { from: 'Efua Newcomer', to: 'Efua Moved' },
          department: { from: 'ICU', to: 'NICU' },
          phoneNumber: { from: '+15550100177', to: '+15550100188' },
          preApproved: { from: false, to: true },
        },
      },
    ]);

    expect((await as('engineer').delete(`/users/${person._id}`)).status).toBe(200);
    const deleted = (await audit()).filter((row) => row.action === 'deleted');
    expect(deleted).toEqual([
      {
        action: 'deleted',
        actor_id: ids.get('engineer'),
        actor_label: serials.get('engineer'),
        changes: {
          serviceNumber: { from: person.serviceNumber, to: null },
          name: { from: 'Efua Moved', to: null },
          email: { from: null, to: null },
          phoneNumber: { from: '+15550100188', to: null },
          role: { from: 'Technician', to: null },
          department: { from: 'NICU', to: null },
          isActive: { from: true, to: null },
          preApproved: { from: true, to: null },
        },
      },
    ]);
  });

  it('takes a deleted person off the roster for good', async () => {
    const person = (await as('engineer').post<UserDto>('/users', newcomer())).body;
    expect((await as('engineer').delete(`/users/${person._id}`)).status).toBe(200);
    expect((await as('engineer').get(`/users/${person._id}`)).status).toBe(404);
    const signInAgain = await call(stack.gateway.url, 'POST', '/api/auth/request-otp', {
      body: { serviceNumber: person.serviceNumber },
    });
    expect(signInAgain.status).toBe(404);
  });
});

describe('The staff roster with PHONE_DEFAULT_COUNTRY=GB (real stack)', () => {
  let db: DataSource;
  let identity: INestApplication;
  let gateway: RunningGateway;
  let token: string;

  beforeAll(async () => {
    db = await identityDataSource();
    identity = await startIdentity({ PHONE_DEFAULT_COUNTRY: 'GB' });
    gateway = await startGateway({ REDIS_KEY_PREFIX: `roster-gb-${Date.now()}` });
    const engineer = await rosterStaff(db, { role: 'Engineer', name: 'GB Engineer' });
    token = await signIn(gateway.url, engineer.serviceNumber);
  });
  afterAll(async () => {
    await gateway.app.close();
    await identity.close();
    await db.destroy();
  });

  it('reads a national number as British, on add and on change, and keeps an international one', async () => {
    const created = await call<UserDto>(gateway.url, 'POST', '/api/users', {
      token,
      body: {
        serviceNumber: uniqueServiceNumber('GB'),
        name: 'Olivia Clarke',
        phoneNumber: '07700 900123',
        department: 'ICU',
      },
    });
    expect([created.status, created.body.phoneNumber]).toEqual([201, '+447700900123']);
    const changed = await call<UserDto>(gateway.url, 'PUT', `/api/users/${created.body._id}`, {
      token,
      body: { phoneNumber: '020 7946 0018' },
    });
    expect([changed.status, changed.body.phoneNumber]).toEqual([200, '+442079460018']);
    const american = await call<UserDto>(gateway.url, 'PUT', `/api/users/${created.body._id}`, {
      token,
      body: { phoneNumber: '+1 (555) 010-0177' },
    });
    expect([american.status, american.body.phoneNumber]).toEqual([200, '+15550100177']);
  });
});
