import { Inject } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  type OnGatewayConnection,
  type OnGatewayInit,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { SOCKET_SETTINGS, type LiveEvent, type SessionTokenClaims, type UserDto } from '@caliber/contracts';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { GATEWAY_LOGGER } from '../config';
import { IdentityClient } from '../identity/identity.client';

export interface LiveSocketData {
  user: UserDto;
}

/** The room of one user's sockets: events meant for that user go there. */
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * The browsers' live connection (socket.io at /socket.io, websocket only). The handshake must
 * carry the session token (`auth.token`); it is checked like a Bearer token, including whether the
 * user is still active, before the socket joins. A refused handshake fails with a message the
 * client receives as `connect_error`. Once admitted, the socket receives `socket:ready`.
 */
@WebSocketGateway({ path: SOCKET_SETTINGS.path, transports: ['websocket'], serveClient: false })
export class LiveGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket> {
  @WebSocketServer() private server: Server | undefined;

  constructor(
    private readonly jwt: JwtService,
    private readonly identity: IdentityClient,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      this.admit(socket)
        .then(() => next())
        .catch((error: unknown) => next(error instanceof Error ? error : new Error('Not signed in.')));
    });
  }

  /** Sends an event to every admitted socket of this replica (inventory events concern everyone). */
  broadcast(event: LiveEvent, payload: unknown): void {
    this.server?.emit(event, payload);
  }

  handleConnection(socket: Socket): void {
    const { user } = socket.data as LiveSocketData;
    void socket.join(userRoom(user._id));
    socket.emit('socket:ready', { userId: user._id });
  }

  private async admit(socket: Socket): Promise<void> {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.['token'];
    if (typeof token !== 'string' || !token) throw new Error('Not signed in.');
    let claims: SessionTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<SessionTokenClaims & object>(token);
    } catch {
      throw new Error('Session expired. Please log in again.');
    }
    try {
      const { user } = await this.identity.sessionUser(claims.sub);
      (socket.data as LiveSocketData).user = user;
    } catch (error) {
      this.logger.info({ userId: claims.sub }, 'live connection refused');
      throw error instanceof Error ? error : new Error('Not signed in.');
    }
  }
}
