import { isClinical, type ActingUser, type UserDto } from '@caliber/contracts';

/** A request's signed-in person and the identity session they act in. */
export interface GatewaySession {
  user: UserDto;
  sessionId: string;
  /** When the session ends at the latest (ms since the epoch). */
  expiresAt: number;
}

/** The person a statement to a service speaks for. */
export function actingUserOf(session: GatewaySession): ActingUser {
  return {
    id: session.user._id,
    role: session.user.role,
    name: session.user.name,
    serviceNumber: session.user.serviceNumber,
    sessionId: session.sessionId,
    // Clinical staff see and report the devices of the ward they work in: the services read it here.
    ...(isClinical(session.user.role) ? { ward: session.user.department } : {}),
  };
}
