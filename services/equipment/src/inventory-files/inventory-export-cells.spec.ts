import { hospitalToday, wallClock } from './inventory-export-cells';

describe("the hospital's wall clock", () => {
  it('agrees with Intl minute by minute across the days the clocks change, half-hour zones included', () => {
    for (const zone of ['Europe/London', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']) {
      const intl = new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        dateStyle: 'short',
        timeStyle: 'short',
      });
      const mismatches: string[] = [];
      // Every 7 minutes and 13 seconds through 2024, over both of its clock changes.
      for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2025, 0, 1); at += 433_000) {
        const { date, time } = wallClock(new Date(at).toISOString(), zone);
        if (`${date} ${time}` !== intl.format(new Date(at))) mismatches.push(new Date(at).toISOString());
      }
      expect([zone, mismatches.slice(0, 3)]).toEqual([zone, []]);
    }
  });

  it("dates an export by the hospital's day, not UTC's", () => {
    const lateEvening = new Date('2025-07-11T23:30:00Z');
    expect(hospitalToday('UTC', lateEvening)).toBe('2025-07-11');
    expect(hospitalToday('Europe/London', lateEvening)).toBe('2025-07-12');
    expect(hospitalToday('America/New_York', lateEvening)).toBe('2025-07-11');
  });
});
