import { trendOf, type DashboardSystem } from '@caliber/contracts';
import {
  lastLoginText,
  rateText,
  shareText,
  statusShares,
  systemLines,
  systemNote,
  statTrendText,
  trendText,
  trendTone,
} from './dashboard-format';

const stamp = (iso: string) => `at ${iso}`;

describe('trendText', () => {
  it('words a rise, a fall and no change against 30 days ago', () => {
    expect(trendText(trendOf(27, 24))).toBe('+12.5% vs 30 days ago');
    expect(trendText(trendOf(97, 100))).toBe('\u22123.0% vs 30 days ago');
    expect(trendText(trendOf(40, 40))).toBe('No change vs 30 days ago');
  });

  it('shows no trend where there is nothing to compare', () => {
    expect(trendText(trendOf(5, null))).toBeNull();
    expect(trendText(trendOf(5, 0))).toBeNull();
    expect(trendText(null)).toBeNull();
    expect(trendText(Number.NaN)).toBeNull();
  });

  it('rounds to one decimal without binary noise, and never shows a change as 0.0%', () => {
    expect(trendText(0.0295)).toBe('+3.0% vs 30 days ago');
    expect(trendText(-0.0004)).toBe('\u2212<0.1% vs 30 days ago');
    expect(trendText(trendOf(3, 1))).toBe('+200.0% vs 30 days ago');
  });
});

describe('trendTone', () => {
  it('is good or bad only where a direction is better', () => {
    expect(trendTone(0.1, 'up')).toBe('good');
    expect(trendTone(-0.1, 'up')).toBe('bad');
    expect(trendTone(0.1, 'down')).toBe('bad');
    expect(trendTone(-0.1, 'down')).toBe('good');
    expect(trendTone(0.1, null)).toBe('neutral');
    expect(trendTone(0, 'up')).toBe('neutral');
    expect(trendTone(null, 'up')).toBe('neutral');
  });
});

describe('statusShares', () => {
  it('gives every status its share of all devices, in the contract order', () => {
    const shares = statusShares({
      Serviceable: 45,
      'Under Maintenance': 6,
      Unserviceable: 6,
      Decommissioned: 3,
      Auctioned: 0,
    });
    expect(shares.map((share) => [share.status, share.count, share.percent])).toEqual([
      ['Serviceable', 45, 75],
      ['Under Maintenance', 6, 10],
      ['Unserviceable', 6, 10],
      ['Decommissioned', 3, 5],
      ['Auctioned', 0, 0],
    ]);
    expect(shares.reduce((sum, share) => sum + share.percent, 0)).toBeCloseTo(100);
  });

  it('draws empty bars when there are no devices', () => {
    const shares = statusShares({
      Serviceable: 0,
      'Under Maintenance': 0,
      Unserviceable: 0,
      Decommissioned: 0,
      Auctioned: 0,
    });
    expect(shares.every((share) => share.percent === 0)).toBe(true);
  });

  it('words a share in whole percent, never 0% for a status that has devices', () => {
    expect(shareText({ count: 45, percent: 75 })).toBe('75%');
    expect(shareText({ count: 1, percent: 0.2 })).toBe('<1%');
    expect(shareText({ count: 0, percent: 0 })).toBe('0%');
  });
});

describe('rateText', () => {
  it('cuts to one decimal and never rounds up to 100%', () => {
    expect(rateText(1)).toBe('100%');
    expect(rateText(0.9996)).toBe('99.9%');
    expect(rateText(0.29)).toBe('29%');
    expect(rateText(0.8755)).toBe('87.5%');
    expect(rateText(0)).toBe('0%');
  });

  it("is '—' when nothing was due", () => {
    expect(rateText(null)).toBe('—');
  });
});

describe('lastLoginText', () => {
  it('shows the previous sign-in, a first sign-in, or that it is unavailable', () => {
    expect(lastLoginText('2025-06-01T08:30:00Z', undefined, stamp)).toBe('at 2025-06-01T08:30:00Z');
    expect(lastLoginText(null, undefined, stamp)).toBe('First sign-in');
    expect(lastLoginText(null, 'The identity service did not answer.', stamp)).toBe('Unavailable');
  });
});

describe('systemLines', () => {
  const healthy: DashboardSystem = {
    details: true,
    database: { ok: true, problem: null },
    services: { ok: true, problem: null },
    live: { ok: true, problem: null },
    queue: { ok: true, problem: null },
    lastBackupAt: '2025-06-01T02:00:00Z',
  };

  it('says OK in green for each working part and when the last backup was', () => {
    expect(systemLines(healthy, stamp)).toEqual([
      { label: 'Database', text: 'OK', tone: 'green' },
      { label: 'Services', text: 'OK', tone: 'green' },
      { label: 'Live connection', text: 'OK', tone: 'green' },
      { label: 'Queue', text: 'OK', tone: 'green' },
      { label: 'Backup', text: 'at 2025-06-01T02:00:00Z', tone: 'grey' },
    ]);
  });

  it('names each problem, red where work stops and amber where it is delayed; no backup is never OK', () => {
    const lines = systemLines(
      {
        details: true,
        database: { ok: false, problem: 'PostgreSQL is not answering.' },
        services: { ok: false, problem: null },
        live: { ok: false, problem: 'The live relay is down.' },
        queue: { ok: false, problem: 'Redis is unreachable.' },
        lastBackupAt: null,
      },
      stamp,
    );
    expect(lines).toEqual([
      { label: 'Database', text: 'PostgreSQL is not answering.', tone: 'red' },
      { label: 'Services', text: 'Not working', tone: 'red' },
      { label: 'Live connection', text: 'The live relay is down.', tone: 'yellow' },
      { label: 'Queue', text: 'Redis is unreachable.', tone: 'yellow' },
      { label: 'Backup', text: 'Not reported', tone: 'yellow' },
    ]);
  });

  it('reads without details (a Technician’s or Manager’s answer): not working, and who can see more', () => {
    const reduced: DashboardSystem = {
      details: false,
      database: { ok: true, problem: null },
      services: { ok: false, problem: null },
      live: { ok: true, problem: null },
      queue: { ok: false, problem: null },
      lastBackupAt: '2025-06-01T02:00:00Z',
    };
    expect(systemLines(reduced, stamp)).toEqual([
      { label: 'Database', text: 'OK', tone: 'green' },
      { label: 'Services', text: 'Not working', tone: 'red' },
      { label: 'Live connection', text: 'OK', tone: 'green' },
      { label: 'Queue', text: 'Not working', tone: 'yellow' },
      { label: 'Backup', text: 'at 2025-06-01T02:00:00Z', tone: 'grey' },
    ]);
    expect(systemNote(reduced)).toBe('An Engineer or Admin can see what is wrong.');
    // Nothing to say when all is well, or when the details are there.
    expect(
      systemNote({ ...reduced, services: { ok: true, problem: null }, queue: { ok: true, problem: null } }),
    ).toBeNull();
    expect(systemNote({ ...reduced, details: true })).toBeNull();
  });
});

describe('statTrendText', () => {
  it('says the change in per cent, or how many more where there were none', () => {
    expect(statTrendText(27, 24)).toBe('+12.5% vs 30 days ago');
    expect(statTrendText(6, 0)).toBe('+6 (none 30 days ago)');
    expect(statTrendText(0, 0)).toBeNull();
    expect(statTrendText(6, null)).toBeNull();
  });
});
