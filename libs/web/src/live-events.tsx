import { SOCKET_SETTINGS, type LiveEvent, type SessionEndedNotice } from '@caliber/contracts';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { io as connectSocket, Socket } from 'socket.io-client';
import { useAppConfig } from './app-config';
import { usePreferences } from './preferences';
import { useSession } from './session';
import { sessionStore } from './storage';

export type LiveConnection = 'off' | 'connecting' | 'live' | 'lost';

interface Target {
  userId: string;
  socketUrl: string;
}

/**
 * Owns the tab's one socket.io connection, with the agreed settings (path /socket.io, websocket
 * only, credentials, 10 reconnection attempts 500 ms apart) and the session token in the handshake.
 * React components follow it through `useSyncExternalStore`.
 */
class LiveConnectionManager {
  private socket: Socket | null = null;
  private target: Target | null = null;
  private connection: LiveConnection = 'off';
  private readonly listeners = new Set<() => void>();
  /** What the tab does when the server says the session ended (set by the provider). */
  private onSessionEnded: (message: string) => void = () => undefined;

  whenSessionEnds(handler: (message: string) => void): void {
    this.onSessionEnded = handler;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  connectionSnapshot = () => this.connection;
  socketSnapshot = () => this.socket;

  /** Connects for `target`, or disconnects when it is null; no-op when nothing changed. */
  sync(target: Target | null): void {
    if (
      target &&
      this.target &&
      target.userId === this.target.userId &&
      target.socketUrl === this.target.socketUrl
    )
      return;
    this.close();
    this.target = target;
    if (!target) return this.set('off');
    this.set('connecting');
    // The socket client loads only once someone is signed in: the sign-in page does without it.
    import('socket.io-client').then(
      ({ io }) => {
        if (this.target === target) this.open(io, target);
      },
      () => {
        if (this.target === target) this.set('lost');
      },
    );
  }

  private open(io: typeof connectSocket, target: Target): void {
    const socket = io(target.socketUrl || undefined, {
      path: SOCKET_SETTINGS.path,
      transports: [...SOCKET_SETTINGS.transports],
      withCredentials: SOCKET_SETTINGS.withCredentials,
      autoConnect: SOCKET_SETTINGS.autoConnect,
      reconnectionAttempts: SOCKET_SETTINGS.reconnectionAttempts,
      reconnectionDelay: SOCKET_SETTINGS.reconnectionDelay,
      auth: (send) => send({ token: sessionStore.token() }),
    });
    socket.on('socket:ready', () => this.set('live'));
    socket.on('session:ended', (notice: SessionEndedNotice) => {
      this.sync(null);
      this.onSessionEnded(notice.message);
    });
    socket.on('disconnect', () => this.set('connecting'));
    socket.on('connect_error', () => this.set('connecting'));
    socket.io.on('reconnect_failed', () => this.set('lost'));
    this.socket = socket;
    this.notify();
  }

  private close(): void {
    if (!this.socket) return;
    this.socket.removeAllListeners();
    this.socket.io.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
  }

  private set(connection: LiveConnection): void {
    this.connection = connection;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const LiveConnectionContext = createContext<LiveConnectionManager | null>(null);

/** Keeps the connection open while someone is signed in and the Live updates preference is on. */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const [manager] = useState(() => new LiveConnectionManager());
  const { status, user, sessionEnded } = useSession();
  useEffect(() => {
    manager.whenSessionEnds(sessionEnded);
  }, [manager, sessionEnded]);
  const { preferences } = usePreferences();
  const { socketUrl } = useAppConfig();
  const userId = status === 'signedIn' && preferences.liveUpdates ? user?._id : undefined;

  useEffect(() => {
    manager.sync(userId ? { userId, socketUrl } : null);
  }, [manager, userId, socketUrl]);
  useEffect(() => () => manager.sync(null), [manager]);

  return <LiveConnectionContext.Provider value={manager}>{children}</LiveConnectionContext.Provider>;
}

function useManager(): LiveConnectionManager {
  const manager = useContext(LiveConnectionContext);
  if (!manager) throw new Error('Live events need LiveEventsProvider');
  return manager;
}

/** The state of the live connection, for an indicator. */
export function useLiveConnection(): LiveConnection {
  const manager = useManager();
  return useSyncExternalStore(manager.subscribe, manager.connectionSnapshot);
}

/**
 * Calls `handler` for each of `events` while live updates are on. The handler may change between
 * renders without re-subscribing.
 */
export function useLiveEvents(
  events: readonly LiveEvent[],
  handler: (event: LiveEvent, payload: unknown) => void,
) {
  const manager = useManager();
  const socket = useSyncExternalStore(manager.subscribe, manager.socketSnapshot);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = events.join('|');
  useEffect(() => {
    if (!socket) return;
    const listeners = (key.split('|') as LiveEvent[]).map((event) => {
      const listener = (payload: unknown) => latest.current(event, payload);
      socket.on(event, listener);
      return [event, listener] as const;
    });
    return () => {
      for (const [event, listener] of listeners) socket.off(event, listener);
    };
  }, [socket, key]);
}
