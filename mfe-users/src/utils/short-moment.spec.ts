import { shortMoment } from './short-moment';

describe('A delivery’s moment', () => {
  const now = new Date('2026-11-29T12:00:00.000Z');

  it('is said to the minute in the zone asked, without the year when it is this year’s', () => {
    expect(shortMoment('2026-11-29T08:14:03.000Z', 'Africa/Accra', now, 'en-US')).toBe('Nov 29, 8:14 AM');
    expect(shortMoment('2026-11-29T08:14:03.000Z', 'Asia/Kolkata', now, 'en-US')).toBe('Nov 29, 1:44 PM');
  });

  it('says the year of a moment of another year, in the zone’s calendar', () => {
    expect(shortMoment('2025-12-31T23:30:00.000Z', 'Africa/Accra', now, 'en-US')).toBe(
      'Dec 31, 2025, 11:30 PM',
    );
    // Already 2026 in Kolkata.
    expect(shortMoment('2025-12-31T23:30:00.000Z', 'Asia/Kolkata', now, 'en-US')).toBe('Jan 1, 5:00 AM');
  });
});
