import { Inject, type OnModuleDestroy } from '@nestjs/common';
import { ServiceError } from '@caliber/service-kit';
import { JwtService } from '@nestjs/jwt';
import {
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import {
  SOCKET_SETTINGS,
  isStaff,
  seesAllTasks,
  sessionEndedMessage,
  type LiveEvent,
  type SessionEndedNotice,
  type SessionsEndedEvent,
  type SessionTokenClaims,
  type TaskWithdrawnEvent,
} from '@caliber/contracts';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { GatewaySession } from '../auth/session';
import { SessionChecker } from '../auth/session-checker';
import { GATEWAY_CONFIG, GATEWAY_LOGGER, type GatewayConfig } from '../config';

export interface LiveSocketData {
  session: GatewaySession;
  claims: SessionTokenClaims;
  /** When the socket's token expires (ms since the epoch). */
  tokenExpiresAt: number;
  expiry?: NodeJS.Timeout;
}

/** The room of one user's sockets: events meant for that user go there. */
export const userRoom = (userId: string) => `user:${userId}`;
/** The room of the sockets of everyone who sees every task (and so every task event). */
export const ALL_TASKS_ROOM = 'tasks:all';
/**
 * The room of the biomedical department's staff (every role but clinical staff): the inventory's
 * and the roster's events are theirs. Clinical staff hear only of their own reports.
 */
export const STAFF_ROOM = 'staff';
/** The room of one session's sockets: they close together when it ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Timers longer than this overflow in Node; a socket living that long is re-armed. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The browsers' live connection (socket.io at /socket.io, websocket only). The handshake must
 * carry the session token (`auth.token`); it is checked like a Bearer token, including whether its
 * session still holds, before the socket joins. A refused handshake fails with a message the
 * client receives as `connect_error`. Once admitted, the socket receives `socket:ready`. When its
 * session ends (sign-out, idle timeout, deactivation, …) or its token expires, the socket is sent
 * `session:ended` with the reason and closed.
 */
@WebSocketGateway({ path: SOCKET_SETTINGS.path, transports: ['websocket'], serveClient: false })
export class LiveGateway
  implements OnGatewayInit<Server>, OnGatewayConnection<Socket>, OnGatewayDisconnect<Socket>, OnModuleDestroy
{
  @WebSocketServer() private server: Server | undefined;
  private recheck: NodeJS.Timeout | undefined;

  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionChecker,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      this.admit(socket)
        .then(() => next())
        .catch((error: unknown) => next(error instanceof Error ? error : new Error('Not signed in.')));
    });
    // Every cache period each socket's session is checked again (from the cache while it is
    // fresh), so a socket whose ending was never announced (NATS or identity's listener down at
    // the time) is closed within a period, as a call would be refused.
    this.recheck = setInterval(() => this.recheckSockets(), this.config.sessionCacheSeconds * 1000);
    this.recheck.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.recheck);
  }

  /** The sockets admitted (signed in) on this replica now. */
  get connectedSockets(): number {
    return this.server?.sockets.sockets.size ?? 0;
  }

  /** Sends an event to every staff socket of this replica (inventory and roster events concern all staff). */
  broadcast(event: LiveEvent, payload: unknown): void {
    this.server?.to(STAFF_ROOM).emit(event, payload);
  }

  /** An event for every staff socket and for `userId`'s own (their account changed), each once. */
  sendToStaffAnd(event: LiveEvent, payload: unknown, userId: string): void {
    this.server?.to([STAFF_ROOM, userRoom(userId)]).emit(event, payload);
  }

  /**
   * Sends a task event to who may see the task: everyone who sees all tasks, and the people it
   * concerns whole (its assignee; its reporter gets a reporter's view apart, `sendToReporter`). A
   * Technician learns nothing of others' tasks. A socket in several of these rooms receives the
   * event once.
   */
  sendToTaskAudience(event: LiveEvent, payload: unknown, people: readonly string[]): void {
    this.server?.to([ALL_TASKS_ROOM, ...people.map(userRoom)]).emit(event, payload);
  }

  /**
   * A task event for the person who reported the task (its reporter's view), unless they see every
   * task anyway and so have it whole already.
   */
  sendToReporter(event: LiveEvent, payload: unknown, reporterId: string): void {
    this.server?.to(userRoom(reporterId)).except(ALL_TASKS_ROOM).emit(event, payload);
  }

  /** An event for one person's sockets only (their own report's progress). */
  sendToUser(event: LiveEvent, payload: unknown, userId: string): void {
    this.server?.to(userRoom(userId)).emit(event, payload);
  }

  /**
   * Tells a Technician a task is no longer theirs (it was reassigned) with its id alone: their
   * list drops it, and they learn nothing of the task as it now is.
   */
  withdrawTask(event: LiveEvent, withdrawn: TaskWithdrawnEvent, fromUserId: string): void {
    this.server?.to(userRoom(fromUserId)).except(ALL_TASKS_ROOM).emit(event, withdrawn);
  }

  /** Closes the sockets of ended sessions (and of every session of `userId`), saying why. */
  endSessions(ended: SessionsEndedEvent): void {
    const rooms = ended.sessionIds.map(sessionRoom);
    if (ended.userId) rooms.push(userRoom(ended.userId));
    if (rooms.length === 0 || !this.server) return;
    const notice: SessionEndedNotice = { message: ended.message };
    this.server.in(rooms).emit('session:ended', notice);
    this.server.in(rooms).disconnectSockets(true);
  }

  handleConnection(socket: Socket): void {
    const data = socket.data as LiveSocketData;
    const { user, sessionId } = data.session;
    const rooms = [userRoom(user._id), sessionRoom(sessionId)];
    // A role change ends the session, so the room a socket joins here holds for its life.
    if (seesAllTasks(user.role)) rooms.push(ALL_TASKS_ROOM);
    if (isStaff(user.role)) rooms.push(STAFF_ROOM);
    void socket.join(rooms);
    this.closeAtExpiry(socket, Math.min(data.tokenExpiresAt, data.session.expiresAt));
    socket.emit('socket:ready', { userId: user._id });
    // The session may have ended between the check at the handshake and joining its rooms.
    void this.confirm(socket);
  }

  private recheckSockets(): void {
    for (const socket of this.server?.sockets.sockets.values() ?? []) void this.confirm(socket);
  }

  /** Closes the socket with the reason if its session no longer holds; keeps it if identity is away. */
  private async confirm(socket: Socket): Promise<void> {
    const data = socket.data as Partial<LiveSocketData>;
    if (!data.claims || !socket.connected) return;
    try {
      await this.sessions.session(data.claims);
    } catch (error) {
      const ended =
        error instanceof ServiceError && ['SESSION_ENDED', 'UNAUTHENTICATED'].includes(error.code);
      if (!ended) return;
      const notice: SessionEndedNotice = { message: error.message };
      socket.emit('session:ended', notice);
      socket.disconnect(true);
    }
  }

  handleDisconnect(socket: Socket): void {
    clearTimeout((socket.data as Partial<LiveSocketData>).expiry);
  }

  private closeAtExpiry(socket: Socket, at: number): void {
    const data = socket.data as LiveSocketData;
    const wait = at - Date.now();
    data.expiry = setTimeout(
      () => {
        if (Date.now() < at) return this.closeAtExpiry(socket, at);
        // Expiry measured in whole hours of the session, not an idle timeout: the minutes do not matter.
        const notice: SessionEndedNotice = { message: sessionEndedMessage('expired', 0) };
        socket.emit('session:ended', notice);
        socket.disconnect(true);
      },
      Math.max(0, Math.min(wait, LONGEST_TIMER_MS)),
    );
    data.expiry.unref();
  }

  private async admit(socket: Socket): Promise<void> {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.['token'];
    if (typeof token !== 'string' || !token) throw new Error('Not signed in.');
    let claims: SessionTokenClaims & { exp: number };
    try {
      claims = await this.jwt.verifyAsync<SessionTokenClaims & { exp: number }>(token);
    } catch {
      throw new Error('Session expired. Please log in again.');
    }
    try {
      const session = await this.sessions.session(claims);
      const data: LiveSocketData = { session, claims, tokenExpiresAt: claims.exp * 1000 };
      Object.assign(socket.data as object, data);
    } catch (error) {
      this.logger.info({ userId: claims.sub }, 'live connection refused');
      throw error instanceof Error ? error : new Error('Not signed in.');
    }
  }
}
