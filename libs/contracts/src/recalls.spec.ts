import fc from 'fast-check';
import {
  closeRecallActionSchema,
  recallMatches,
  recallNameKey,
  recallNoticeSchema,
  recallReferenceKey,
  recallSerialKey,
  serialInRange,
  wholeModelWarning,
  type RecallCandidate,
  type RecallNoticeRequest,
} from './recalls';

const NOTICE: RecallNoticeRequest = {
  source: 'FDA',
  sourceReference: 'Z-1234-2026',
  title: 'Infusion pump may under-infuse',
  manufacturer: 'B. Braun',
  models: ['Perfusor Space'],
  serialNumbers: ['PS-7'],
  serialRanges: [{ from: 'SN0099', to: 'SN0150' }],
  hazard: 'Under-infusion at low rates.',
  actionRequired: 'Replace the drive unit.',
  publishedOn: '2026-03-02',
};

const device = (overrides: Partial<RecallCandidate> = {}): RecallCandidate => ({
  manufacturer: 'B Braun',
  model: 'perfusor-space',
  serialNumber: 'SN0120',
  lotNumber: null,
  gtin: null,
  ...overrides,
});

const parsed = (overrides: Partial<RecallNoticeRequest> = {}) =>
  recallNoticeSchema.parse({ ...NOTICE, ...overrides });
const refusal = (overrides: Partial<RecallNoticeRequest> | Record<string, unknown>) => {
  const result = recallNoticeSchema.safeParse({ ...NOTICE, ...overrides });
  return result.success ? null : result.error.issues.map((issue) => issue.message).join(' | ');
};

describe('recall matching keys', () => {
  it('ignores case, spaces and punctuation in manufacturers and models, Latin-1 letters included', () => {
    expect(recallNameKey('GE Healthcare')).toBe(recallNameKey('ge-HEALTHCARE'));
    expect(recallNameKey('B. Braun')).toBe('bbraun');
    expect(recallNameKey('DRÄGER\u00a0Medical')).toBe(recallNameKey('dräger medical'));
    expect(recallNameKey('Philips')).not.toBe(recallNameKey('Philips Medical Systems'));
  });

  it('compares serial and lot numbers without case or surrounding spaces, keeping dashes', () => {
    expect(recallSerialKey('  sn-0042 ')).toBe(recallSerialKey('SN-0042'));
    expect(recallSerialKey('SN-0042')).not.toBe(recallSerialKey('SN0042'));
  });

  it('keys a source reference without case or white space anywhere, keeping punctuation', () => {
    expect(recallReferenceKey(' z-1234 -2026\t')).toBe(recallReferenceKey('Z-1234-2026'));
    expect(recallReferenceKey('FSN\u00a02026/07 Äb\u2009')).toBe('fsn2026/07äb');
    expect(recallReferenceKey('Z1234-2026')).not.toBe(recallReferenceKey('Z-1234-2026'));
  });
});

describe('the serial range rule', () => {
  const range = { from: 'SN0099', to: 'SN0150' };

  it('holds serials of the same prefix whose number lies between the ends, numbers compared as numbers', () => {
    for (const serial of ['SN0099', 'SN0100', 'SN0150', 'sn0120', 'SN00120', 'SN120', 'SN99'])
      expect([serial, serialInRange(serial, range)]).toEqual([serial, true]);
    for (const serial of ['SN0098', 'SN0151', 'SN1000', 'SN0100A', 'XSN0100', 'SN-0100', 'SN'])
      expect([serial, serialInRange(serial, range)]).toEqual([serial, false]);
  });

  it('reads numbers longer than a double holds exactly', () => {
    const long = { from: 'A90071992547409910', to: 'A90071992547409920' };
    expect(serialInRange('A90071992547409915', long)).toBe(true);
    expect(serialInRange('A90071992547409921', long)).toBe(false);
  });

  it('agrees with comparing the numbers as BigInt, whatever the zeros in front (property)', () => {
    const digits = fc.stringMatching(/^[0-9]{1,25}$/);
    const prefix = fc.constantFrom('', 'SN', 'SN-', 'ab12-', 'Z');
    fc.assert(
      fc.property(prefix, digits, digits, digits, fc.nat(3), (p, a, b, n, zeros) => {
        const [lo, hi] = BigInt(a) <= BigInt(b) ? [a, b] : [b, a];
        const serial = `${p}${'0'.repeat(zeros)}${n}`;
        const expected = BigInt(n) >= BigInt(lo) && BigInt(n) <= BigInt(hi);
        return serialInRange(serial, { from: `${p}${lo}`, to: `${p}${hi}` }) === expected;
      }),
    );
  });

  it('never holds a serial of another prefix (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{1,3}$/),
        fc.stringMatching(/^[A-Z]{1,3}$/),
        fc.nat(),
        (p, q, n) => {
          fc.pre(p !== q);
          return !serialInRange(`${q}${n}`, { from: `${p}0`, to: `${p}999999999999` });
        },
      ),
    );
  });
});

describe('recallMatches', () => {
  it('finds a device by the serial list or a range, and not one outside both', () => {
    const notice = parsed();
    expect(recallMatches(notice, device())).toBe(true);
    expect(recallMatches(notice, device({ serialNumber: 'ps-7' }))).toBe(true);
    expect(recallMatches(notice, device({ serialNumber: 'SN0151' }))).toBe(false);
  });

  it('needs the manufacturer and one of the models', () => {
    const notice = parsed({ models: ['Perfusor Space', 'Perfusor compact'] });
    expect(recallMatches(notice, device({ model: 'PERFUSOR COMPACT' }))).toBe(true);
    expect(recallMatches(notice, device({ model: 'Infusomat Space' }))).toBe(false);
    expect(recallMatches(notice, device({ manufacturer: 'Fresenius' }))).toBe(false);
  });

  it('needs the lot when lots are given (a device without a lot is not found)', () => {
    const notice = parsed({ serialNumbers: [], serialRanges: [], lotNumbers: ['L-77'] });
    expect(recallMatches(notice, device({ lotNumber: 'l-77' }))).toBe(true);
    expect(recallMatches(notice, device({ lotNumber: 'L-78' }))).toBe(false);
    expect(recallMatches(notice, device({ lotNumber: null }))).toBe(false);
  });

  it('with neither serials nor lots, finds every device of the models, and says so', () => {
    const notice = parsed({ serialNumbers: [], serialRanges: [] });
    expect(recallMatches(notice, device({ serialNumber: 'anything' }))).toBe(true);
    expect(wholeModelWarning(notice)).toMatch(/every device of these models/);
    expect(wholeModelWarning(parsed())).toBeNull();
  });

  it('with a UDI-DI, leaves out a device of another GTIN but keeps one without a GTIN', () => {
    const notice = parsed({ udiDi: '4056704123456' });
    expect(notice.udiDi).toBe('04056704123456');
    expect(recallMatches(notice, device({ gtin: '04056704123456' }))).toBe(true);
    expect(recallMatches(notice, device({ gtin: null }))).toBe(true);
    expect(recallMatches(notice, device({ gtin: '09506000134352' }))).toBe(false);
  });
});

describe('the notice schema', () => {
  it('takes a list of 5,000 serial numbers and refuses a longer one with a clear message', () => {
    const serials = (count: number) => Array.from({ length: count }, (_, at) => `SN${at}`);
    expect(refusal({ serialNumbers: serials(5_000) })).toBeNull();
    expect(refusal({ serialNumbers: serials(5_001) })).toBe(
      'A notice may list at most 5,000 serial numbers.',
    );
  });

  it('refuses a range that is backwards, of two prefixes, or without a number', () => {
    expect(refusal({ serialRanges: [{ from: 'SN0150', to: 'SN0099' }] })).toMatch(/runs backwards/);
    expect(refusal({ serialRanges: [{ from: 'SN0099', to: 'XN0150' }] })).toMatch(/same letters/);
    expect(refusal({ serialRanges: [{ from: 'SN', to: 'SN0150' }] })).toMatch(/start and end with a number/);
  });

  it('needs a model, the texts and a real date, and refuses unknown fields', () => {
    expect(refusal({ models: [] })).toBe('Name at least one model.');
    expect(refusal({ hazard: '  ' })).toBe('Hazard is required.');
    expect(refusal({ publishedOn: '2026-02-30' })).not.toBeNull();
    expect(refusal({ source: 'Rumour' })).toMatch(/Source must be one of FDA, MHRA, Manufacturer, Other/);
    expect(refusal({ extra: 1 })).toMatch(/Only the notice's fields/);
    expect(refusal({ udiDi: '12345' })).toMatch(/8, 12, 13 or 14 digits/);
  });

  it('closes an action with a task or a decision of at least a sentence', () => {
    expect(closeRecallActionSchema.safeParse({ closeWith: 'task', taskId: 'x' }).success).toBe(true);
    const short = closeRecallActionSchema.safeParse({ closeWith: 'decision', decision: 'Not ours' });
    expect(short.success ? null : short.error.issues[0]?.message).toBe(
      'The decision needs at least 20 characters.',
    );
    expect(
      closeRecallActionSchema.safeParse({
        closeWith: 'decision',
        decision: 'Serial checked on the device label: outside the affected range.',
      }).success,
    ).toBe(true);
    expect(closeRecallActionSchema.safeParse({ closeWith: 'shrug' }).success).toBe(false);
  });
});
