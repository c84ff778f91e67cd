import { digestWeek, parseDigestAt } from './digest-week';

const MONDAY_7 = { weekday: 1, minutes: 7 * 60 };

describe('the digest week', () => {
  it('reads DIGEST_AT as a weekday and a 24-hour time, and refuses anything else', () => {
    expect(parseDigestAt('MON 07:00')).toEqual({ weekday: 1, minutes: 420 });
    expect(parseDigestAt('sun 23:59')).toEqual({ weekday: 7, minutes: 1439 });
    expect(parseDigestAt('MON 7:00')).toBeNull();
    expect(parseDigestAt('MONDAY 07:00')).toBeNull();
    expect(parseDigestAt('MON 24:00')).toBeNull();
  });

  it('is the ISO week of the hospital’s date: Monday has come in Auckland while it is Sunday in Accra', () => {
    const now = new Date('2026-11-29T19:00:00Z');
    const accra = digestWeek(now, 'Africa/Accra', MONDAY_7);
    expect(accra).toEqual({
      key: 202648,
      from: '2026-11-23',
      to: '2026-11-29',
      dueAt: new Date('2026-11-23T07:00:00Z'),
    });
    // Auckland is 13 hours ahead in its summer: 08:00 on Monday 30 November, past its 07:00.
    const auckland = digestWeek(now, 'Pacific/Auckland', MONDAY_7);
    expect(auckland).toEqual({
      key: 202649,
      from: '2026-11-30',
      to: '2026-12-06',
      dueAt: new Date('2026-11-29T18:00:00Z'),
    });
    expect(now.getTime()).toBeGreaterThan(auckland.dueAt.getTime());
  });

  it('is not yet due before Monday 07:00 in the zone, and due from then', () => {
    const week = digestWeek(new Date('2026-11-30T06:59:00Z'), 'Africa/Accra', MONDAY_7);
    expect(week.key).toBe(202649);
    expect(week.dueAt).toEqual(new Date('2026-11-30T07:00:00Z'));
    expect(new Date('2026-11-30T06:59:00Z') < week.dueAt).toBe(true);
  });

  it('numbers the week by its Thursday’s year across New Year, and follows the clocks changing', () => {
    expect(digestWeek(new Date('2027-01-02T12:00:00Z'), 'UTC', MONDAY_7).key).toBe(202653);
    expect(digestWeek(new Date('2027-01-04T12:00:00Z'), 'UTC', MONDAY_7).key).toBe(202701);
    // New York in summer time (UTC-4) then winter time (UTC-5).
    expect(digestWeek(new Date('2026-10-28T12:00:00Z'), 'America/New_York', MONDAY_7).dueAt).toEqual(
      new Date('2026-10-26T11:00:00Z'),
    );
    expect(digestWeek(new Date('2026-11-04T12:00:00Z'), 'America/New_York', MONDAY_7).dueAt).toEqual(
      new Date('2026-11-02T12:00:00Z'),
    );
  });
});
