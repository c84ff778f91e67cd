import type { INestApplication } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { SOCKET_SETTINGS } from '@caliber/contracts';
import {
  identityDataSource,
  rosterStaff,
  signIn,
  startGateway,
  startIdentity,
  type RunningGateway,
} from '../../../../infra/testing/stack';
import { setStaffActive } from '../../../identity/src/roster/roster';

describe('Live connection: socket.io with an authenticated handshake (real servers)', () => {
  let identity: INestApplication;
  let gateway: RunningGateway;
  let db: DataSource;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await identityDataSource();
    identity = await startIdentity();
    gateway = await startGateway({ REDIS_KEY_PREFIX: `live-${Date.now()}` });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await gateway.app.close();
    await identity.close();
    await db.destroy();
  });

  function connect(auth: Record<string, unknown>): Socket {
    const socket = io(gateway.url, {
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
    const staff = await rosterStaff(db, { role: 'Engineer' });
    const token = await signIn(gateway.url, staff.serviceNumber);
    expect(await outcome(connect({ token }))).toEqual({ ready: { userId: staff.id } });
  });

  it('refuses a handshake without a token, or with a forged one', async () => {
    expect(await outcome(connect({}))).toEqual({ refused: 'Not signed in.' });
    expect(await outcome(connect({ token: 'not.a.token' }))).toEqual({
      refused: 'Session expired. Please log in again.',
    });
  });

  it('refuses a deactivated user whose token is still valid', async () => {
    const staff = await rosterStaff(db);
    const token = await signIn(gateway.url, staff.serviceNumber);
    await setStaffActive(db, staff.serviceNumber, false, { id: null, label: 'test' });
    expect(await outcome(connect({ token }))).toEqual({
      refused: 'Your account has been deactivated. Contact your administrator.',
    });
  });
});
