import {
  auditActionLabel,
  auditTrailQuerySchema,
  dayStartIn,
  decodeAuditCursor,
  encodeAuditCursor,
  nextCalendarDay,
} from './audit';
import { mayReadAuditTrail } from './roles';

describe('the audit viewer contract', () => {
  it("finds the first instant of a hospital's day, across daylight-saving changes", () => {
    expect(dayStartIn('UTC', '2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(dayStartIn('Europe/London', '2026-03-29')).toBe('2026-03-29T00:00:00.000Z');
    expect(dayStartIn('Europe/London', '2026-03-30')).toBe('2026-03-29T23:00:00.000Z');
    expect(dayStartIn('America/New_York', '2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
    expect(dayStartIn('America/New_York', '2026-11-02')).toBe('2026-11-02T05:00:00.000Z');
    expect(dayStartIn('Asia/Kolkata', '2026-01-01')).toBe('2025-12-31T18:30:00.000Z');
    expect(nextCalendarDay('2026-12-31')).toBe('2027-01-01');
  });

  it("keeps each service's position in an opaque cursor, and refuses one it did not make", () => {
    const positions = {
      identity: null,
      equipment: { atUs: '1781234567890123', id: '42' },
      maintenance: { atUs: '1781234567890000', id: '7' },
      reports: null,
      notifications: null,
    };
    const cursor = encodeAuditCursor(positions);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeAuditCursor(cursor)).toEqual(positions);
    expect(decodeAuditCursor('not a cursor')).toBeNull();
    expect(
      decodeAuditCursor(encodeAuditCursor({ ...positions, equipment: { atUs: '1; DROP', id: '1' } })),
    ).toBeNull(); // Numbers the database could not hold (a bigint id, microseconds added to the epoch) are refused.
    const largest = { atUs: '9'.repeat(18), id: '9'.repeat(18) };
    expect(decodeAuditCursor(encodeAuditCursor({ ...positions, equipment: largest }))).not.toBeNull();
    for (const position of [
      { atUs: '9'.repeat(19), id: '1' },
      { atUs: '1', id: '9'.repeat(19) },
    ])
      expect(decodeAuditCursor(encodeAuditCursor({ ...positions, equipment: position }))).toBeNull();
  });

  it('lets Engineers, Managers and Admins read the trail, not Technicians', () => {
    expect(['Engineer', 'manager', 'Admin'].every(mayReadAuditTrail)).toBe(true);
    expect(mayReadAuditTrail('Technician')).toBe(false);
    expect(mayReadAuditTrail(undefined)).toBe(false);
  });

  it('reads the filters: a period in order, real dates, a bounded page', () => {
    expect(auditTrailQuerySchema.safeParse({ from: '2026-01-02', to: '2026-01-01' }).success).toBe(false);
    expect(auditTrailQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(auditTrailQuerySchema.parse({}).limit).toBe(25);
    expect(auditActionLabel('status-changed')).toBe('Status changed');
  });
});
