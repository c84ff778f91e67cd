import { connect as connectNats } from 'nats';
import { io, type Socket } from 'socket.io-client';
import { EVENT_SUBJECTS, SOCKET_SETTINGS } from '@caliber/contracts';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { rosterStaff, setRosterActive, signIn, useSignInStack } from '@caliber/testing/stack';
import { testSigner } from '@caliber/testing/statement-keys';

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
});
