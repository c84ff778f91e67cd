import { io, type Socket } from 'socket.io-client';
import { SOCKET_SETTINGS, type Role, type UserDto, type UserListResponse } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { rosterStaff, signIn, uniqueServiceNumber, useSignInStack } from '@caliber/testing/stack';
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

  it('leaves the Admin role to Admins, and never demotes, deactivates or deletes the last active Admin', async () => {
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

    // Two Admins, and only they active: each demotes the other at the same moment. One wins; the
    // other finds itself about to remove the last active Admin.
    const pair = [
      (await as('admin').post<UserDto>('/users', newcomer({ role: 'Admin', name: 'Admin One' }))).body,
      (await as('admin').post<UserDto>('/users', newcomer({ role: 'Admin', name: 'Admin Two' }))).body,
    ];
    const pairTokens = await Promise.all(
      pair.map((person) => signIn(stack.gateway.url, person.serviceNumber)),
    );
    const others: { id: string }[] = await stack.db.query(
      `UPDATE "identity"."users" SET "is_active" = false
        WHERE "role" = 'Admin' AND "is_active" AND "id" <> ALL($1::uuid[]) RETURNING "id"`,
      [pair.map((person) => person._id)],
    );
    try {
      const answers = await Promise.all(
        pair.map((_, i) =>
          call(stack.gateway.url, 'PUT', `/api/users/${pair[1 - i]?._id}`, {
            token: pairTokens[i],
            body: { role: 'Engineer' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body['message']).toBe(
        'The last active Admin cannot be demoted or deactivated: make another Admin first.',
      );
      const [{ count }] = (await stack.db.query(
        `SELECT count(*)::int AS "count" FROM "identity"."users" WHERE "role" = 'Admin' AND "is_active"`,
      )) as [{ count: number }];
      expect(count).toBe(1);
    } finally {
      await stack.db.query(`UPDATE "identity"."users" SET "is_active" = true WHERE "id" = ANY($1::uuid[])`, [
        others.map((row) => row.id),
      ]);
    }
  });

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
