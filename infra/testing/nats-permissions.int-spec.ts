import { connect, ErrorCode, StringCodec, type NatsConnection, type Subscription } from 'nats';
import { natsConnectOptions } from './nats-users';
import { until } from './wait';

// The integration run's NATS server is configured as `npm start` configures its own: one user per
// process with the permissions of `natsPermissionsByUser`, plus the harness's observer.

const text = StringCodec();
const marker = () => `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Everything a subscription receives, as subject and text; `refused` if the server refused it. */
function collect(subscription: Subscription) {
  const seen = { messages: [] as { subject: string; data: string }[], refused: '' };
  void (async () => {
    try {
      for await (const message of subscription)
        seen.messages.push({ subject: message.subject, data: text.decode(message.data) });
    } catch (error) {
      seen.refused = error instanceof Error ? error.message : String(error);
    }
  })();
  return seen;
}

/** What the server refused a connection, as "publish <subject>" or "subscription <subject>". */
function violations(connection: NatsConnection): string[] {
  const seen: string[] = [];
  void (async () => {
    for await (const status of connection.status()) {
      const context = (status as { permissionContext?: { operation: string; subject: string } })
        .permissionContext;
      if (status.data === ErrorCode.PermissionsViolation && context)
        seen.push(`${context.operation} ${context.subject}`);
    }
  })();
  return seen;
}

describe('NATS admits each process only as itself, within its permissions (real nats-server)', () => {
  const connections: NatsConnection[] = [];
  let observer: NatsConnection;
  let events: { subject: string; data: string }[];

  const connectAs = async (user: string) => {
    const connection = await connect({ ...natsConnectOptions(user), name: `test-${user}` });
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    observer = await connectAs('harness');
    events = collect(observer.subscribe('events.>')).messages;
    await observer.flush();
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
  });

  it('refuses a connection without credentials, or with a wrong password', async () => {
    const servers = process.env['NATS_URL'] ?? '';
    await expect(connect({ servers, reconnect: false })).rejects.toMatchObject({
      code: ErrorCode.AuthorizationViolation,
    });
    await expect(
      connect({ servers, user: 'equipment', pass: 'not-the-password', reconnect: false }),
    ).rejects.toMatchObject({ code: ErrorCode.AuthorizationViolation });
  });

  it('lets a service publish its own events and refuses another service’s', async () => {
    const equipment = await connectAs('equipment');
    const complaints = violations(equipment);
    const forged = marker();
    const own = marker();
    equipment.publish('events.identity.user-signed-in', text.encode(forged));
    // One connection's messages arrive in order: once the next one is seen, the forged one
    // would have been seen too.
    equipment.publish('events.equipment.updated', text.encode(own));
    await equipment.flush();
    await until(() => events.some((event) => event.data === own), { what: 'the allowed event' });
    expect(events.filter((event) => event.data === forged)).toEqual([]);
    await until(() => complaints.includes('publish events.identity.user-signed-in'), {
      what: 'the permissions violation',
    });
  });

  it('does not let the gateway publish domain events', async () => {
    const gateway = await connectAs('gateway');
    const forged = marker();
    gateway.publish('events.equipment.deleted', text.encode(forged));
    await gateway.flush();
    const after = marker();
    const harnessEquipment = await connectAs('equipment');
    harnessEquipment.publish('events.equipment.updated', text.encode(after));
    await harnessEquipment.flush();
    await until(() => events.some((event) => event.data === after), { what: 'the later event' });
    // The gateway's message was sent first and refused by the server.
    expect(events.filter((event) => event.data === forged)).toEqual([]);
  });

  it('does not let a service answer on another service’s subjects', async () => {
    const equipment = await connectAs('equipment');
    const complaints = violations(equipment);
    const subject = `identity.test-${marker()}`;
    const impostor = collect(equipment.subscribe(subject));
    await equipment.flush();
    await until(() => complaints.includes(`subscription ${subject}`), { what: 'the refused subscription' });
    await until(() => impostor.refused !== '', { what: 'the subscription to end' });
    const gateway = await connectAs('gateway');
    await expect(
      gateway.request(subject, text.encode('who are you?'), { timeout: 2000 }),
    ).rejects.toMatchObject({
      code: ErrorCode.NoResponders,
    });
    expect(impostor.messages).toEqual([]);
  });

  it('lets the gateway ask a service and get its answer', async () => {
    const identity = await connectAs('identity');
    const subject = `identity.test-${marker()}`;
    const serving = identity.subscribe(subject, {
      callback: (_error, message) => message.respond(text.encode('identity here')),
    });
    await identity.flush();
    const gateway = await connectAs('gateway');
    const answer = await gateway.request(subject, text.encode('who are you?'), { timeout: 2000 });
    expect(text.decode(answer.data)).toBe('identity here');
    serving.unsubscribe();
  });
});
