import type {
  MeResponse,
  RequestOtpResponse,
  SignedOut,
  UserDto,
  VerifyOtpResponse,
} from '@caliber/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, api, configureApi } from './api-client';
import { sessionStore } from './storage';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  user: UserDto | null;
  /** Shown on the sign-in screen: why the visitor was signed out. */
  notice: string | null;
  requestOtp(serviceNumber: string): Promise<RequestOtpResponse>;
  verifyOtp(serviceNumber: string, otp: string): Promise<UserDto>;
  /** Hands on the identity provider's answer (the callback page's query string) for the session. */
  finishSingleSignOn(query: string): Promise<UserDto>;
  /** Ends the session on the server (every device using it stops), then forgets it here. */
  signOut(): void;
  /** The server ended the session (sign-out elsewhere, idle, deactivated): says why on sign-in. */
  sessionEnded(message: string): void;
  /** After a save that answers the updated user (Settings). */
  replaceUser(user: UserDto): void;
  clearNotice(): void;
}

const SessionContext = createContext<Session | null>(null);

interface SessionState {
  status: SessionStatus;
  user: UserDto | null;
  notice: string | null;
}

/**
 * The session: loading first; with a stored token the current user is asked
 * for. A refusal (401, 403, 404) clears the token and user and says the session expired, or why
 * the server ended it ("You were signed out: …"). When the server cannot answer at all (no
 * network, 5xx) the cached user is kept: a technician at a device is not signed out by a gateway
 * restart.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => ({
    status: sessionStore.token() ? 'loading' : 'signedOut',
    user: null,
    notice: null,
  }));

  const expire = useCallback((reason?: string) => {
    sessionStore.clear();
    setState({ status: 'signedOut', user: null, notice: reason ?? SESSION_EXPIRED_MESSAGE });
  }, []);

  useEffect(() => {
    configureApi({ onUnauthorized: expire });
  }, [expire]);

  useEffect(() => {
    if (!sessionStore.token()) return;
    const controller = new AbortController();
    api
      .get<MeResponse>('/auth/me', { signal: controller.signal, skipUnauthorizedHandler: true })
      .then(({ user }) => {
        if (!user) return expire();
        sessionStore.saveUser(user);
        setState({ status: 'signedIn', user, notice: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const cached = sessionStore.user();
        const unreachable = error instanceof ApiError && (error.status === 0 || error.status >= 500);
        if (unreachable && cached) setState({ status: 'signedIn', user: cached, notice: null });
        else expire(endedReason(error));
      });
    return () => controller.abort();
  }, [expire]);

  const requestOtp = useCallback(
    (serviceNumber: string) => api.post<RequestOtpResponse>('/auth/request-otp', { serviceNumber }),
    [],
  );

  const verifyOtp = useCallback(async (serviceNumber: string, otp: string) => {
    const { token, user } = await api.post<VerifyOtpResponse>('/auth/verify-otp', { serviceNumber, otp });
    sessionStore.save(token, user);
    setState({ status: 'signedIn', user, notice: null });
    return user;
  }, []);

  const finishSingleSignOn = useCallback(async (query: string) => {
    const { token, user } = await api.post<VerifyOtpResponse>('/auth/sso/finish', { query });
    sessionStore.save(token, user);
    setState({ status: 'signedIn', user, notice: null });
    return user;
  }, []);

  const signOut = useCallback(() => {
    // Told to the server first, with the token, so the session ends there too; the person is
    // signed out here at once whatever the answer (offline: the session times out on its own).
    // A session begun at the hospital's identity provider ends there too, when it answers where.
    api
      .post<SignedOut | undefined>('/auth/logout', undefined, { skipUnauthorizedHandler: true })
      .then((answer) => {
        if (answer?.providerSignOutUrl) window.location.assign(answer.providerSignOutUrl);
      })
      .catch(() => undefined);
    sessionStore.clear();
    setState({ status: 'signedOut', user: null, notice: null });
  }, []);

  const replaceUser = useCallback((user: UserDto) => {
    sessionStore.saveUser(user);
    setState((current) => ({ ...current, user }));
  }, []);

  const clearNotice = useCallback(() => setState((current) => ({ ...current, notice: null })), []);

  const session = useMemo<Session>(
    () => ({
      ...state,
      requestOtp,
      verifyOtp,
      finishSingleSignOn,
      signOut,
      sessionEnded: expire,
      replaceUser,
      clearNotice,
    }),
    [state, requestOtp, verifyOtp, finishSingleSignOn, signOut, expire, replaceUser, clearNotice],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The server's reason when it ended the session, for the sign-in page. */
function endedReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === 'SESSION_ENDED' && error.message
    ? error.message
    : undefined;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The signed-in user; for screens that only render behind the sign-in guard. */
export function useCurrentUser(): UserDto {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
