import type { DomainServiceName } from './services';
import { SERVICE_CALLS, SERVICE_ONLY_SUBJECTS } from './service-calls';
import { SUBJECTS } from './subjects';
import type { UserDto } from './users';

/**
 * Who signs on the bus: the gateway (for the signed-in people it admitted, and for itself) and
 * each domain service (for itself, e.g. a relay or a scheduled job). Each holds its own private
 * key; everyone may hold every public key.
 */
export type Principal = 'gateway' | DomainServiceName;

/** The person a statement speaks for. */
export interface ActingUser {
  id: string;
  role: string;
  name: string;
  serviceNumber: string;
  /** The session the person acts in (absent when a service acts on the person's behalf later). */
  sessionId?: string;
  /**
   * Clinical staff only: the ward they work in (their roster department), the one whose devices
   * they see and report. Carried in the signed statement so each service applies it without
   * asking identity.
   */
  ward?: string;
}

/**
 * The claims of a signed statement, the one place a receiver learns who is acting:
 * - `iss`: the principal that signed it;
 * - `aud`: the NATS subject it was made for (a statement for one call cannot be replayed on another);
 * - `bh`: the SHA-256 (base64url) of the message's payload as sent (it cannot carry another body);
 * - `usr`: the person acted for, if any;
 * - `iat`/`exp`: seconds since the epoch; statements live for seconds, not the session's hours.
 */
export interface StatementClaims {
  iss: Principal;
  aud: string;
  bh: string;
  usr?: ActingUser;
  iat: number;
  exp: number;
}

/** Every request and event on the bus: the payload, and the statement of who sends it. */
export interface SignedMessage<T = unknown> {
  statement: string;
  payload: T;
}

/**
 * Which principals may send each request subject. The receiving service checks it on every
 * message, after the signature: a service's own key is good only for what that service does.
 * A subject missing here is refused to everyone, so a new subject needs its line.
 */
export const SUBJECT_SENDERS: Readonly<Record<string, readonly Principal[]>> = subjectSenders();

function subjectSenders(): Record<string, Principal[]> {
  const senders: Record<string, Principal[]> = {};
  const allow = (subject: string, principal: Principal) => {
    const list = (senders[subject] ??= []);
    if (!list.includes(principal)) list.push(principal);
  };
  for (const namespace of Object.values(SUBJECTS))
    for (const subject of Object.values(namespace)) if (gatewayMay(subject).length) allow(subject, 'gateway');
  // Service to service: a line per subject a service calls (SERVICE_CALLS), and only those. Two
  // services may call one subject: each is added, neither replaces the other.
  for (const [caller, subjects] of Object.entries(SERVICE_CALLS))
    for (const subject of subjects ?? []) allow(subject, caller as Principal);
  return senders;
}

/** Whether the gateway also sends this subject (every domain subject but the service-only ones). */
function gatewayMay(subject: string): Principal[] {
  return SERVICE_ONLY_SUBJECTS.includes(subject) ? [] : ['gateway'];
}

/** Events are signed by the service that owns them: `events.<service>.…` by `<service>` only. */
export function eventOwner(subject: string): string | undefined {
  const [prefix, owner] = subject.split('.');
  return prefix === 'events' ? owner : undefined;
}

/**
 * What identity answers the gateway on a good sign-in, signed with identity's key: only identity
 * can vouch that this person proved their code, and for which session.
 */
export interface SignInVoucherClaims {
  iss: 'identity';
  aud: 'gateway:sign-in';
  sub: string;
  sid: string;
  /** The person as identity has them: the gateway acts for this, not for an unsigned reply. */
  user: UserDto;
  /** When the session ends at the latest (seconds since the epoch). */
  sxp: number;
  iat: number;
  exp: number;
}

/**
 * Identity's signed answer to "does this session still hold?": the person as they are now, for
 * the one question (`nonce`) the gateway asked. The gateway caches and acts on nothing else, so a
 * process answering in identity's place cannot raise someone's role or revive an ended session.
 */
export interface SessionGrantClaims {
  iss: 'identity';
  aud: 'gateway:session';
  sub: string;
  sid: string;
  nonce: string;
  user: UserDto;
  sxp: number;
  iat: number;
  exp: number;
}

/**
 * The only subjects a service handles for clinical staff (a statement acting for a `Clinical`
 * person): their own account and settings, their ward's devices (the device a fault is reported
 * on, too, and its cover), and fault reports: filing one, a device's open faults, adding to one, and reading their
 * own. Every other subject refuses them (403) in the service itself, whatever the gateway lets
 * through, so a new subject is closed to clinical staff until it is added here on purpose.
 */
export const CLINICAL_SUBJECTS: ReadonlySet<string> = new Set([
  SUBJECTS.identity.endSession,
  SUBJECTS.identity.updateProfile,
  SUBJECTS.identity.updateNotifications,
  SUBJECTS.identity.updateAppearance,
  SUBJECTS.identity.sendEmailConfirmation,
  SUBJECTS.identity.cancelEmailChange,
  SUBJECTS.equipment.list,
  SUBJECTS.equipment.get,
  SUBJECTS.equipment.ref,
  SUBJECTS.maintenance.list,
  SUBJECTS.maintenance.get,
  SUBJECTS.maintenance.reportIssue,
  SUBJECTS.maintenance.openFaults,
  SUBJECTS.maintenance.addToReport,
  // Whether a device of their ward is under warranty or a service contract, said when they report
  // its fault (who the department will call; never what it costs).
  SUBJECTS.equipment.cover,
  // Their ward's devices' documents (the user manual at the bedside), and the photos of their own
  // reports, which they add and may take back.
  SUBJECTS.equipment.documentsList,
  SUBJECTS.equipment.documentsOpen,
  SUBJECTS.maintenance.documentsList,
  SUBJECTS.maintenance.documentsOpen,
  SUBJECTS.maintenance.documentsAttach,
  SUBJECTS.maintenance.documentsRemove,
  // What they are told about their own reports and their ward's devices.
  SUBJECTS.notifications.list,
  SUBJECTS.notifications.markRead,
  SUBJECTS.notifications.markAllRead,
]);

/** The refusal of anything else to clinical staff, at the gateway and in every service alike. */
export const CLINICAL_REFUSAL =
  'Clinical staff report faults, see their ward’s devices and follow their own reports only.';
