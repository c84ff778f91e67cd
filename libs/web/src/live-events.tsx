import {
  SOCKET_SETTINGS,
  type LiveEvent,
  type LiveEventPayloads,
  type SessionEndedNotice,
} from '@caliber/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useMemo,
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
 * Where live events come from, typed by the contracts' event map: the tab's socket, or whatever a
 * `LiveEventSourceProvider` puts in its place (a component test feeding events by hand).
 */
export interface LiveEventSource {
  on<E extends LiveEvent>(event: E, listener: (payload: LiveEventPayloads[E]) => void): void;
  off<E extends LiveEvent>(event: E, listener: (payload: LiveEventPayloads[E]) => void): void;
}

const LiveEventSourceContext = createContext<LiveEventSource | null>(null);

/** Puts `source` in place of the socket for the hooks below it (tests, stories). */
export function LiveEventSourceProvider({
  source,
  children,
}: {
  source: LiveEventSource;
  children: ReactNode;
}) {
  return <LiveEventSourceContext.Provider value={source}>{children}</LiveEventSourceContext.Provider>;
}

/** The events of the tab's socket (null while none is open), or the provided source's. */
function useLiveEventSource(): LiveEventSource | null {
  const provided = useContext(LiveEventSourceContext);
  const manager = useContext(LiveConnectionContext);
  const socket = useSyncExternalStore(
    manager ? manager.subscribe : noSubscription,
    manager ? manager.socketSnapshot : noSocket,
  );
  return useMemo<LiveEventSource | null>(() => {
    if (provided) return provided;
    if (!socket) return null;
    // The gateway sends each event with the payload the contracts' map names for it; the socket
    // client itself types events by name only.
    return {
      on: (event, listener) => {
        const name: string = event;
        socket.on(name, listener);
      },
      off: (event, listener) => {
        const name: string = event;
        socket.off(name, listener);
      },
    };
  }, [provided, socket]);
}

const noSubscription = () => () => undefined;
const noSocket = () => null;

/**
 * Calls `handler` with each `event`'s payload, typed by the contracts' event map, while live
 * updates are on. The handler may change between renders without re-subscribing.
 */
export function useLiveEvent<E extends LiveEvent>(
  event: E,
  handler: (payload: LiveEventPayloads[E]) => void,
) {
  const source = useLiveEventSource();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!source) return;
    const listener = (payload: LiveEventPayloads[E]) => latest.current(payload);
    source.on(event, listener);
    return () => source.off(event, listener);
  }, [source, event]);
}

/** What a live event does to the cached server state: update or invalidate query keys. */
export type LiveCacheRules = {
  [E in LiveEvent]?: (payload: LiveEventPayloads[E], client: QueryClient) => void;
};

/**
 * Keeps the cached server state in step with live events: each rule runs with the event's typed
 * payload and the QueryClient, and updates (`setQueryData`) or invalidates the keys it concerns.
 * An invalidated query that a screen shows is asked again at once; one nobody shows is asked when
 * a screen next needs it. The rules may change between renders without re-subscribing.
 *
 * `useLiveQueryUpdates(useQueryClient(), { 'user:changed': invalidates(userKeys.all) })`
 */
export function useLiveQueryUpdates(client: QueryClient, rules: LiveCacheRules) {
  const source = useLiveEventSource();
  const latest = useRef(rules);
  useEffect(() => {
    latest.current = rules;
  });
  const events = (Object.keys(rules) as LiveEvent[]).sort().join('|');
  useEffect(() => {
    if (!source || !events) return;
    const unsubscribe = (events.split('|') as LiveEvent[]).map((event) =>
      followRule(source, event, latest, client),
    );
    return () => unsubscribe.forEach((stop) => stop());
  }, [source, events, client]);
}

function followRule<E extends LiveEvent>(
  source: LiveEventSource,
  event: E,
  rules: { readonly current: LiveCacheRules },
  client: QueryClient,
): () => void {
  const listener = (payload: LiveEventPayloads[E]) => rules.current[event]?.(payload, client);
  source.on(event, listener);
  return () => source.off(event, listener);
}

/** A rule that marks every query under `keys` stale (and asks again those on screen). */
export function invalidates(...keys: readonly (readonly unknown[])[]) {
  return (_payload: unknown, client: QueryClient) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };
}
