import { notificationFullTime, notificationTime as timeIn } from './notification-time';

/** As a reader whose browser writes British English dates. */
const notificationTime = (at: string, now: Date, zone: string) => timeIn(at, now, zone, 'en-GB');

describe('notificationTime', () => {
  const now = new Date('2026-11-29T10:30:00.000Z');

  it('says minutes, then hours, within the day', () => {
    expect(notificationTime('2026-11-29T10:29:40.000Z', now, 'Africa/Accra')).toBe('Just now');
    expect(notificationTime('2026-11-29T10:31:00.000Z', now, 'Africa/Accra')).toBe('Just now');
    expect(notificationTime('2026-11-29T10:25:00.000Z', now, 'Africa/Accra')).toBe('5 min ago');
    expect(notificationTime('2026-11-29T07:10:00.000Z', now, 'Africa/Accra')).toBe('3 h ago');
  });

  it("files the day by the hospital's clock: one moment is yesterday in Accra and today in Auckland", () => {
    // 22:00 on the 28th in Accra (UTC), 11:00 on the 29th in Auckland (UTC+13), where `now` is 23:30.
    const evening = '2026-11-28T22:00:00.000Z';
    expect(notificationTime(evening, now, 'Africa/Accra')).toBe('Yesterday, 22:00');
    expect(notificationTime(evening, now, 'Pacific/Auckland')).toBe('12 h ago');
    // 00:30 on the 29th in Accra: today there.
    expect(notificationTime('2026-11-29T00:30:00.000Z', now, 'Africa/Accra')).toBe('10 h ago');
  });

  it('gives older ones a date and the time, with the year only before this one', () => {
    expect(notificationTime('2026-11-20T08:14:00.000Z', now, 'Africa/Accra')).toBe('20 Nov, 08:14');
    const lastYear = notificationTime('2025-12-24T08:14:00.000Z', now, 'Africa/Accra');
    expect(lastYear).toBe('24 Dec 2025');
  });

  it('reads nothing into a time it cannot read', () => {
    expect(notificationTime('not a time', now, 'Africa/Accra')).toBe('');
    expect(notificationFullTime('not a time', 'Africa/Accra', 'en-GB')).toBe('');
  });

  it('writes the full date and time in the zone', () => {
    expect(notificationFullTime('2026-11-29T00:30:00.000Z', 'Pacific/Auckland', 'en-GB')).toBe(
      '29 Nov 2026, 13:30',
    );
  });
});
