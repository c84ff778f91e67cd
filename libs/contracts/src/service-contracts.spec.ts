import fc from 'fast-check';
import { addYears } from './dates';
import { addServiceContractSchema, contractShare, renewalOf } from './service-contracts';

const DAY_MS = 86_400_000;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const valid = {
  vendorId: '4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d',
  reference: ' PH-SC  014 ',
  kind: 'full-service',
  startsOn: '2026-04-01',
  endsOn: '2029-03-31',
  annualCost: 18400,
  pmIncluded: true,
  models: [
    { manufacturer: 'Philips', model: 'MX450' },
    { manufacturer: 'PHILIPS', model: 'mx450' },
  ],
};

describe('service contracts', () => {
  it('tidies a contract: its number, duplicate models, absent fields', () => {
    expect(addServiceContractSchema.parse(valid)).toMatchObject({
      reference: 'PH-SC 014',
      models: [{ manufacturer: 'Philips', model: 'MX450' }],
      equipmentIds: [],
      departmentId: null,
      responseHours: null,
      notes: null,
    });
  });

  it.each([
    [{ endsOn: '2026-03-31' }, 'The end date cannot be before the start date.'],
    [{ endsOn: '2036-04-01' }, 'A contract runs at most 10 years'],
    [{ models: [] }, 'Name what the contract covers: devices, models or a department.'],
    [{ annualCost: 10.005 }, 'Annual cost may have at most two decimals.'],
    [{ responseHours: 0 }, 'Response time must be at least 1 hour.'],
    [{ kind: 'warranty' }, 'kind must be one of'],
    [{ reference: '' }, 'Contract number is required.'],
  ])('refuses %j', (change, message) => {
    const result = addServiceContractSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' ')).toContain(message);
  });

  it('charges a whole contract year its annual cost, leap day or not', () => {
    const contract = { startsOn: '2027-03-01', endsOn: '2030-02-28', annualCost: 1000 };
    expect(contractShare(contract, '2027-03-01', '2028-02-29')).toBe(1000);
    expect(contractShare(contract, '2028-03-01', '2029-02-28')).toBe(1000);
    expect(contractShare(contract, '2020-01-01', '2040-12-31')).toBe(3000);
    expect(contractShare(contract, '2026-01-01', '2027-02-28')).toBe(0);
    expect(contractShare(contract, '2030-03-01', '2031-12-31')).toBe(0);
  });

  it('charges a part of a year the days it holds', () => {
    // 1 April to 31 March: 365 days. January to March 2027 are its last 90.
    const contract = { startsOn: '2026-04-01', endsOn: '2027-03-31', annualCost: 36500 };
    expect(contractShare(contract, '2027-01-01', '2027-12-31')).toBe(9000);
    expect(contractShare(contract, '2026-01-01', '2026-12-31')).toBe(27500);
  });

  it('splits any period at any boundary into shares that add up to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 3649 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -400, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        (startOffset, termDays, cents, fromOffset, firstDays, secondDays) => {
          const startsOn = plusDays('2024-01-01', startOffset);
          const contract = { startsOn, endsOn: plusDays(startsOn, termDays), annualCost: cents / 100 };
          const from = plusDays(startsOn, fromOffset);
          const boundary = plusDays(from, firstDays);
          const to = plusDays(boundary, secondDays + 1);
          const whole = contractShare(contract, from, to);
          const parts =
            contractShare(contract, from, boundary) + contractShare(contract, plusDays(boundary, 1), to);
          expect(Math.round(parts * 100)).toBe(Math.round(whole * 100));
          expect(whole).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('charges any whole contract year its annual cost, and each day of it no less than nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 8 }),
        (startOffset, cents, year) => {
          // From 2024-02-29 on: a leap day start, and years holding a 29 February or none.
          const startsOn = plusDays('2024-02-29', startOffset);
          const contract = { startsOn, endsOn: plusDays(startsOn, 3652), annualCost: cents / 100 };
          const yearStart = addYears(startsOn, year);
          const yearEnd = plusDays(addYears(startsOn, year + 1), -1);
          expect(contractShare(contract, yearStart, yearEnd)).toBe(cents / 100);
          let daily = 0;
          for (let day = yearStart; day <= yearEnd; day = plusDays(day, 1)) {
            const share = contractShare(contract, day, day);
            expect(share).toBeGreaterThanOrEqual(0);
            daily += Math.round(share * 100);
          }
          expect(daily).toBe(cents);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('says when a contract is due for renewal', () => {
    expect(renewalOf({ startsOn: '2027-01-01', endsOn: '2027-06-30' }, '2027-04-01')).toBe('due-90');
    expect(renewalOf({ startsOn: '2027-01-01', endsOn: '2027-06-30' }, '2027-03-31')).toBeNull();
    expect(renewalOf({ startsOn: '2027-01-01', endsOn: '2027-06-30' }, '2027-05-31')).toBe('due-30');
    expect(renewalOf({ startsOn: '2027-01-01', endsOn: '2027-06-30' }, '2027-06-30')).toBe('due-30');
    expect(renewalOf({ startsOn: '2027-01-01', endsOn: '2027-06-30' }, '2027-07-01')).toBe('ended');
    expect(renewalOf({ startsOn: '2027-06-01', endsOn: '2027-06-30' }, '2027-05-31')).toBeNull();
  });
});
