import { io, type Socket } from 'socket.io-client';
import { SOCKET_SETTINGS } from '@caliber/contracts';
import { rosterStaff, setRosterActive, signIn, useSignInStack } from '@caliber/testing/stack';

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

  it('refuses a deactivated user whose token is still valid', async () => {
    const staff = await rosterStaff(stack.db);
    const token = await signIn(stack.gateway.url, staff.serviceNumber);
    await setRosterActive(stack.db, staff.serviceNumber, false);
    expect(await outcome(connect({ token }))).toEqual({
      refused: 'Your account has been deactivated. Contact your administrator.',
    });
  });
});
