import { connect as connectNats } from 'nats';
import { io, type Socket } from 'socket.io-client';
import {
  EVENT_SUBJECTS,
  SOCKET_SETTINGS,
  type NotificationCreatedEvent,
  type NotificationsReadEvent,
  type NotificationUserEvent,
} from '@caliber/contracts';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { rosterStaff, setRosterActive, signIn, useSignInStack } from '@caliber/testing/stack';
import { testSigner } from '@caliber/testing/statement-keys';
import { until } from '@caliber/testing/wait';

describe('Live connection: socket.io with an authenticated handshake (real servers)', () => {
  const stack = useSignInStack('live');
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  function connect(auth: Record<string, unknown>): Socket {
    const socket = io(stack.gateway.url, {
      path: SOCKET_SETTINGS.path,
      transports: ['websocket'],
      reconnection: false,
      auth,
    });
    sockets.push(socket);
    return socket;
  }

  /** The first of `socket:ready` or `connect_error`, as what happened. */
  function outcome(socket: Socket): Promise<{ ready: unknown } | { refused: string }> {
    return new Promise((resolve) => {
      socket.once('socket:ready', (payload: unknown) => resolve({ ready: payload }));
      socket.once('connect_error', (error: Error) => resolve({ refused: error.message }));
    });
  }

  it('admits a signed-in user and says socket:ready', async () => {
    const staff = await rosterStaff(stack.db, { role: 'Engineer' });
    const token = await signIn(stack.gateway.url, staff.serviceNumber);
    expect(await outcome(connect({ token }))).toEqual({ ready: { userId: staff.id } });
  });

  it('refuses a handshake without a token, or with a forged one', async () => {
    expect(await outcome(connect({}))).toEqual({ refused: 'Not signed in.' });
    expect(await outcome(connect({ token: 'not.a.token' }))).toEqual({
      refused: 'Session expired. Please log in again.',
    });
  });

  it('closes the socket of a user who is deactivated, saying why, and refuses it afterwards', async () => {
    const staff = await rosterStaff(stack.db);
    const token = await signIn(stack.gateway.url, staff.serviceNumber);
    const socket = connect({ token });
    expect(await outcome(socket)).toEqual({ ready: { userId: staff.id } });
    const ended = new Promise<{ notice: unknown; reason: string }>((resolve) => {
      let notice: unknown;
      socket.once('session:ended', (payload: unknown) => (notice = payload));
      socket.once('disconnect', (reason) => resolve({ notice, reason }));
    });

    await setRosterActive(stack.db, staff.serviceNumber, false);

    const message = 'You were signed out: your account has been deactivated. Contact your administrator.';
    expect(await ended).toEqual({ notice: { message }, reason: 'io server disconnect' });
    expect(await outcome(connect({ token }))).toEqual({ refused: message });
  });

  it('forwards only events signed by the service that owns them', async () => {
    const staff = await rosterStaff(stack.db, { role: 'Engineer' });
    const socket = connect({ token: await signIn(stack.gateway.url, staff.serviceNumber) });
    expect(await outcome(socket)).toMatchObject({ ready: {} });
    const received: unknown[] = [];
    socket.on('equipment:deleted', (payload: unknown) => received.push(payload));

    // Published as a compromised process would: unsigned, and signed by the wrong service.
    const nats = await connectNats(natsConnectOptions());
    const subject = EVENT_SUBJECTS.equipmentDeleted;
    const emit = (data: unknown) => nats.publish(subject, JSON.stringify({ pattern: subject, data }));
    emit({ _id: 'unsigned' });
    emit(testSigner('identity').sign(subject, { _id: 'signed-by-identity' }));
    emit(testSigner('equipment').sign(subject, { _id: 'signed-by-equipment' }));
    await nats.drain();

    await new Promise<void>((resolve) => {
      const check = () => (received.length > 0 ? resolve() : setTimeout(check, 20));
      check();
    });
    expect(received).toEqual([{ _id: 'signed-by-equipment' }]);
  });

  it("sends a task's events to its reporter (as a reporter sees the task) and its assignee, and to no other Technician", async () => {
    const people = {
      reporter: await rosterStaff(stack.db, { role: 'Technician' }),
      assignee: await rosterStaff(stack.db, { role: 'Technician' }),
      stranger: await rosterStaff(stack.db, { role: 'Technician' }),
      engineer: await rosterStaff(stack.db, { role: 'Engineer' }),
    };
    type Who = keyof typeof people;
    const seen: Record<Who, unknown[]> = { reporter: [], assignee: [], stranger: [], engineer: [] };
    for (const who of Object.keys(people) as Who[]) {
      const socket = connect({ token: await signIn(stack.gateway.url, people[who].serviceNumber) });
      expect(await outcome(socket)).toMatchObject({ ready: {} });
      for (const event of ['task:updated', 'task:deleted'])
        socket.on(event, (payload: unknown) => seen[who].push(payload));
    }
    const ref = (who: Who) => ({ _id: people[who].id, name: who });
    const task = (id: string, assignee: Who | null, reporter: Who | null) => ({
      _id: id,
      title: id,
      assignedTo: assignee ? ref(assignee) : null,
      reportedBy: reporter ? ref(reporter) : null,
      comments: 'Ward staff pull the cart by the cable.',
      labourHours: 1.5,
      spareParts: [{ name: 'Ribbon cable', quantity: 1, description: '40-pin', unitCost: 12.5 }],
    });
    /** What the reporter receives of a task event: no notes, hours or part costs. */
    const reportersCopy = <E extends { task: ReturnType<typeof task> }>(event: E): E => ({
      ...event,
      task: {
        ...event.task,
        comments: null,
        labourHours: null,
        spareParts: event.task.spareParts.map((part) => ({ ...part, unitCost: null })),
      },
    });

    // As the maintenance service publishes them, signed by it.
    const nats = await connectNats(natsConnectOptions());
    const signer = testSigner('maintenance');
    const emit = (subject: string, data: unknown) =>
      nats.publish(subject, JSON.stringify({ pattern: subject, data: signer.sign(subject, data) }));
    // The reporter's fault, assigned to someone else: the reporter follows it.
    const assigned = { task: task('assigned', 'assignee', 'reporter') };
    emit(EVENT_SUBJECTS.taskUpdated, assigned);
    // Reassigned away from the reporter, who worked on it: they still see it, as its reporter.
    const reassigned = {
      task: task('reassigned', 'assignee', 'reporter'),
      previousAssigneeId: people.reporter.id,
    };
    emit(EVENT_SUBJECTS.taskUpdated, reassigned);
    // Deleted: the reporter's list drops it too.
    const deleted = { _id: 'deleted', assigneeId: null, reporterId: people.reporter.id };
    emit(EVENT_SUBJECTS.taskDeleted, deleted);
    // Last, a task of the stranger's own: once it arrives, anything sent before would have too.
    const strangers = { task: task('strangers', 'stranger', null) };
    emit(EVENT_SUBJECTS.taskUpdated, strangers);
    await nats.drain();

    await until(() => seen.stranger.length > 0 && seen.engineer.length === 4 && seen.reporter.length === 3, {
      what: 'the events at every socket',
    });
    expect(seen.reporter).toEqual([reportersCopy(assigned), reportersCopy(reassigned), deleted]);
    expect(seen.assignee).toEqual([assigned, reassigned]);
    expect(seen.engineer).toEqual([assigned, reassigned, deleted, strangers]);
    expect(seen.stranger).toEqual([strangers]);
  });

  it("sends a person's notifications and read counts to that person's sockets only", async () => {
    const people = {
      named: await rosterStaff(stack.db, { role: 'Technician' }),
      other: await rosterStaff(stack.db, { role: 'Engineer' }),
    };
    type Who = keyof typeof people;
    const seen: Record<Who, { event: string; payload: unknown }[]> = { named: [], other: [] };
    for (const who of Object.keys(people) as Who[]) {
      const socket = connect({ token: await signIn(stack.gateway.url, people[who].serviceNumber) });
      expect(await outcome(socket)).toMatchObject({ ready: {} });
      for (const event of ['notification:new', 'notification:read'])
        socket.on(event, (payload: unknown) => seen[who].push({ event, payload }));
    }
    const created = (who: Who, title: string): NotificationUserEvent<NotificationCreatedEvent> => ({
      userId: people[who].id,
      event: {
        notification: {
          id: `notification-${title}`,
          kind: 'task-assigned',
          topic: 'taskUpdates',
          title,
          body: 'Ventilator Hamilton C6 (SN HC6-20417), ICU. Priority High.',
          link: '/tasks/0b7e4c1a-3f2d-4e5b-9a8c-1d2e3f4a5b6c',
          urgent: false,
          createdAt: '2026-11-29T08:14:03.000Z',
          readAt: null,
        },
        unread: 1,
      },
    });
    const read = (who: Who): NotificationUserEvent<NotificationsReadEvent> => ({
      userId: people[who].id,
      event: { unread: 0 },
    });

    // As the notifications service publishes them, signed by it.
    const nats = await connectNats(natsConnectOptions());
    const signer = testSigner('notifications');
    const emit = (subject: string, data: unknown) =>
      nats.publish(subject, JSON.stringify({ pattern: subject, data: signer.sign(subject, data) }));
    const forNamed = created('named', 'Task assigned to you');
    emit(EVENT_SUBJECTS.notificationCreated, forNamed);
    emit(EVENT_SUBJECTS.notificationsRead, read('named'));
    // Last, one of the other person's own: once it arrives, anything sent before would have too.
    const forOther = created('other', 'Work awaits your certification');
    emit(EVENT_SUBJECTS.notificationCreated, forOther);
    await nats.drain();

    await until(() => seen.other.length > 0 && seen.named.length === 2, {
      what: 'the events at both sockets',
    });
    expect(seen.named).toEqual([
      { event: 'notification:new', payload: forNamed.event },
      { event: 'notification:read', payload: { unread: 0 } },
    ]);
    expect(seen.other).toEqual([{ event: 'notification:new', payload: forOther.event }]);
  });
});
