import { z } from 'zod';
import { isRecordDate } from './dates';
import { ID_PATTERN } from './ids';
import { DOMAIN_SERVICE_NAMES, type DomainServiceName } from './services';
import { userExample } from './users';
import { equipmentExample } from './equipment';

export const AUDIT_READ_REFUSAL =
  'Only Engineers, Managers and Admins may read the audit trail: it holds personal details of staff.';

/**
 * Whose audit log a row is in, in the words of the screens: the audit viewer's "Where" and the
 * compliance report's "Audit trail integrity" say the same. Identity keeps staff records and every
 * sign-in, hence its name.
 */
export const AUDIT_SERVICE_LABELS: Record<DomainServiceName, string> = {
  identity: 'Staff and sign-in',
  equipment: 'Equipment',
  maintenance: 'Maintenance',
  reports: 'Reports',
  notifications: 'Notifications',
};

/** Rows on one page of the audit viewer: 25 unless asked, never more than 100. */
export const AUDIT_PAGE_DEFAULT = 25;
export const AUDIT_PAGE_MAX = 100;

/** One field's value before and after a change. */
export const auditFieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export type AuditFieldChange = z.output<typeof auditFieldChangeSchema>;

/** An audit row as one service answers it. */
export interface AuditServiceRow {
  /** The row's id in its service's log (a number, as text). */
  id: string;
  /** When, as microseconds since the epoch (text): exact, for the cursor; `at` is for reading. */
  atUs: string;
  at: string;
  actor: { id: string | null; label: string };
  /** The principal that vouched for the actor on the bus (`gateway`, a service), or null (command line, seed). */
  via: string | null;
  entity: string;
  entityId: string;
  action: string;
  changes: Record<string, AuditFieldChange>;
  equipmentId: string | null;
}

export interface AuditServicePage {
  rows: AuditServiceRow[];
}

/**
 * A position's numbers: at most 18 digits (below 10^18). Both go into PostgreSQL arithmetic — the id
 * as a bigint (its largest is about 9.2 × 10^18) and the time as microseconds after 1970 added to
 * the epoch (10^18 µs is the year 33,658, inside its timestamps) — so a longer one, which no page
 * ever gives, would overflow there and fail as a server error instead of a refused cursor.
 */
const digits = z.string().regex(/^\d{1,18}$/, { error: 'A position in the audit trail is a number.' });
const recordId = z.string().regex(ID_PATTERN, { error: 'That is not the id of a record.' });

/** A service's position in the audit trail: the last row read from it (newest first). */
export const auditPositionSchema = z.object({ atUs: digits, id: digits }).strict();
export type AuditPosition = z.infer<typeof auditPositionSchema>;

/**
 * What the gateway asks each service for: rows older than `after` (none: from the newest), about
 * a device, by or about a person, within [fromAt, toAt).
 */
export const auditServicePageSchema = z
  .object({
    equipmentId: recordId.optional(),
    personId: recordId.optional(),
    fromAt: z.iso.datetime().optional(),
    toAt: z.iso.datetime().optional(),
    after: auditPositionSchema.optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(AUDIT_PAGE_MAX + 1),
  })
  .strict();
export type AuditServicePageQuery = z.infer<typeof auditServicePageSchema>;

/** identity.audit.names: the people of one audit page, by id (answered as `{ [id]: name }`). */
export const auditNamesSchema = z.object({ ids: z.array(recordId).max(AUDIT_PAGE_MAX) }).strict();

const calendarDate = (label: string) =>
  z
    .string()
    .refine(isRecordDate, { error: `${label} must be a date written YYYY-MM-DD.` })
    .optional();

/** GET /api/audit: filters (device, person, period on the hospital's calendar), cursor, page size. */
export const auditTrailQuerySchema = z
  .object({
    equipment: recordId.optional(),
    person: recordId.optional(),
    from: calendarDate('The first day'),
    to: calendarDate('The last day'),
    cursor: z.string().max(2000, { error: 'That page of the audit trail is not known.' }).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number.' })
      .int({ error: 'limit must be a whole number.' })
      .min(1, { error: 'limit must be at least 1.' })
      .max(AUDIT_PAGE_MAX, { error: `limit must be at most ${AUDIT_PAGE_MAX}.` })
      .default(AUDIT_PAGE_DEFAULT),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'The first day of the period must not be after its last day.',
  });
export type AuditTrailQuery = z.output<typeof auditTrailQuerySchema>;

/** A row of the audit viewer: which service's log it is from, and its content. */
export const auditTrailRowSchema = z.object({
  key: z.string().describe('Unique on the page: `<service>:<id>`.'),
  at: z.string(),
  service: z.enum(DOMAIN_SERVICE_NAMES),
  actor: z.object({
    id: z.string().nullable(),
    label: z.string(),
    name: z.string().nullable().describe("The person's name, when identity knows the id."),
  }),
  via: z
    .string()
    .nullable()
    .describe(
      'The principal that vouched for the actor on the bus (`gateway`, a service), or null (command line, seed).',
    ),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  changes: z.record(z.string(), auditFieldChangeSchema),
  equipmentId: z.string().nullable().describe('The device the change concerns, if any.'),
});
export type AuditTrailRow = z.output<typeof auditTrailRowSchema>;

/** One page of the audit trail, newest first. */
export const auditTrailPageSchema = z
  .object({
    rows: z.array(auditTrailRowSchema),
    next: z
      .string()
      .nullable()
      .describe('The cursor of the next (older) page, or null when this page holds the oldest rows.'),
  })
  .meta({
    id: 'AuditTrailPage',
    examples: [
      {
        rows: [
          {
            key: 'equipment:48213',
            at: '2026-03-02T10:14:07.512Z',
            service: 'equipment',
            actor: { id: userExample._id, label: userExample.serviceNumber, name: userExample.name },
            via: 'gateway',
            entity: 'equipment',
            entityId: equipmentExample._id,
            action: 'status-changed',
            changes: { status: { from: 'Serviceable', to: 'Unserviceable' } },
            equipmentId: equipmentExample._id,
          },
        ],
        next: 'eyJ2IjoxLCJwIjp7ImlkZW50aXR5Ijp7ImF0VXMiOiIxNzcyNDQ2NDQ3NTEyMDAwIiwiaWQiOiI0ODE5MCJ9LCJlcXVpcG1lbnQiOnsiYXRVcyI6IjE3NzI0NDY0NDc1MTIwMDAiLCJpZCI6IjQ4MjEzIn0sIm1haW50ZW5hbmNlIjpudWxsLCJyZXBvcnRzIjp7ImF0VXMiOiIxNzcyNDQwMDAwMDAwMDAwIiwiaWQiOiI5MTIifX19',
      },
    ],
  });
export type AuditTrailPage = z.output<typeof auditTrailPageSchema>;

/** Where each service's log was left: null for a service not read from yet (start at its newest). */
export type AuditCursorPositions = Record<DomainServiceName, AuditPosition | null>;

const cursorSchema = z
  .object({
    v: z.literal(1),
    p: z.object(
      Object.fromEntries(
        DOMAIN_SERVICE_NAMES.map((name) => [name, auditPositionSchema.nullable()]),
      ) as Record<DomainServiceName, z.ZodNullable<typeof auditPositionSchema>>,
    ),
  })
  .strict();

/**
 * The opaque cursor of a page: each service's position, so no row is repeated, and none that was
 * committed when the first page was read is skipped (a later commit may carry an older time).
 */
export function encodeAuditCursor(positions: AuditCursorPositions): string {
  const json = JSON.stringify({ v: 1, p: positions });
  return btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The positions of a cursor, or null when it is not one this API made. */
export function decodeAuditCursor(cursor: string): AuditCursorPositions | null {
  if (!/^[A-Za-z0-9_-]*$/.test(cursor)) return null;
  try {
    const json = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = cursorSchema.safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data.p as AuditCursorPositions) : null;
  } catch {
    return null;
  }
}

/**
 * The instant a calendar day begins in a time zone (ISO, UTC): the viewer's period is the hospital's
 * days, not the server's. Found by correcting UTC midnight by the zone's offset, twice, so a day
 * that begins next to a daylight-saving change lands on its real first instant.
 */
export function dayStartIn(timeZone: string, date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  const offsetAt = (instant: number): number => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((each) => each.type === type)?.value);
    const wall = Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
    return wall - Math.floor(instant / 1000) * 1000;
  };
  let instant = midnightUtc - offsetAt(midnightUtc);
  instant = midnightUtc - offsetAt(instant);
  return new Date(instant).toISOString();
}

/** The day after a calendar date (`YYYY-MM-DD`). */
export function nextCalendarDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Where a break in a service's audit chain is: the row (seq and id) and what is wrong there. */
export interface AuditChainBreak {
  seq: number;
  /** The row's id; empty when the break is past the last row (rows cut off the end). */
  id: string;
  reason: string;
}

/** The answer of `<service>.audit.verify` and of `npm run cli -- audit verify`, per service. */
export interface AuditChainVerdict {
  rows: number;
  headSeq: number;
  /** The head's hash, hex: the anchor an auditor compares with an earlier copy. */
  headHash: string;
  intact: boolean;
  firstBreak: AuditChainBreak | null;
  /**
   * The first row this check re-hashed: 1 when it read the whole log; the row after the last head
   * an earlier check found intact otherwise (of the rows before it, this check confirmed that the
   * last of them still has the hash it had and that none was removed or added).
   */
  checkedFromSeq: number;
  /** When the rows before `checkedFromSeq` were found intact; null when this check read them all. */
  earlierVerifiedAt: string | null;
}

/**
 * How long the compliance report waits for a service to check its audit chain. The check re-hashes
 * the rows written since the last intact head (all of them the first time: about 1.3 s per 100,000
 * rows measured, and identity writes a row at every sign-in), so the usual few-second deadline of a
 * request would fail the first report of a large log. A service that does not answer within it is
 * shown as not checked, never as intact.
 */
export const AUDIT_VERIFY_DEADLINE_MS = 120_000;

/** A readable name of an audit row's action (`status-changed` → `Status changed`). */
export function auditActionLabel(action: string): string {
  const words = action.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}
