import { dateTimeFormat } from './date-formats';
import { calendarDateIn } from './pm-compliance';

describe('dateTimeFormat', () => {
  it('makes one formatter per locale and options, and keeps it', () => {
    const accra = dateTimeFormat('en-CA', { timeZone: 'Africa/Accra', year: 'numeric' });
    expect(dateTimeFormat('en-CA', { timeZone: 'Africa/Accra', year: 'numeric' })).toBe(accra);
    expect(dateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' })).not.toBe(accra);
  });

  it("dates an instant on the zone's calendar", () => {
    const at = new Date('2026-03-31T23:30:00Z');
    expect(calendarDateIn('UTC', at)).toBe('2026-03-31');
    expect(calendarDateIn('Asia/Tokyo', at)).toBe('2026-04-01');
    expect(calendarDateIn('America/New_York', at)).toBe('2026-03-31');
  });
});
