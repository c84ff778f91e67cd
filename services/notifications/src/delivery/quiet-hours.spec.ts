import { inQuietHours, quietUntil } from './quiet-hours';

const night = { from: 21 * 60, to: 7 * 60 };

describe('quiet hours', () => {
  it('wrap past midnight', () => {
    expect(inQuietHours(22 * 60, night)).toBe(true);
    expect(inQuietHours(3 * 60, night)).toBe(true);
    expect(inQuietHours(7 * 60, night)).toBe(false);
    expect(inQuietHours(12 * 60, night)).toBe(false);
    expect(inQuietHours(13 * 60, { from: 12 * 60, to: 14 * 60 })).toBe(true);
  });

  it('hold a message made in them until they end, in the hospital’s time zone', () => {
    // 23:30 in Accra (UTC+0) waits until 07:00 the next morning.
    expect(quietUntil(new Date('2026-11-29T23:30:15.250Z'), 'Africa/Accra', night)?.toISOString()).toBe(
      '2026-11-30T07:00:00.000Z',
    );
    // 23:30 UTC is 00:30 in Berlin (UTC+1 in November): 07:00 there is 06:00 UTC.
    expect(quietUntil(new Date('2026-11-29T23:30:00.000Z'), 'Europe/Berlin', night)?.toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
    expect(quietUntil(new Date('2026-11-29T12:00:00.000Z'), 'Africa/Accra', night)).toBeNull();
    expect(quietUntil(new Date('2026-11-29T23:30:00.000Z'), 'Africa/Accra', null)).toBeNull();
  });
});
