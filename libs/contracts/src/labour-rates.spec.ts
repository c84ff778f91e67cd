import fc from 'fast-check';
import { addLabourRateSchema, rateInForce, readsCosts, setCostSettingsSchema } from './labour-rates';

const dateArbitrary = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('rateInForce', () => {
  const rates = [
    { role: 'Engineer', from: '2026-01-01', hourlyRate: 185 },
    { role: 'Engineer', from: '2025-01-01', hourlyRate: 170 },
    { role: 'Technician', from: '2025-06-01', hourlyRate: 95 },
  ];

  it("prices a day at the role's rate with the latest start on or before it", () => {
    expect(rateInForce(rates, 'Engineer', '2025-12-31')?.hourlyRate).toBe(170);
    expect(rateInForce(rates, 'Engineer', '2026-01-01')?.hourlyRate).toBe(185);
    expect(rateInForce(rates, 'Technician', '2026-01-01')?.hourlyRate).toBe(95);
    expect(rateInForce(rates, 'Engineer', '2024-12-31')).toBeNull();
    expect(rateInForce(rates, 'Manager', '2026-01-01')).toBeNull();
  });

  it('never changes the price of a day before a rate added later', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ role: fc.constantFrom('Engineer', 'Technician'), from: dateArbitrary })),
        dateArbitrary,
        dateArbitrary,
        (kept, added, day) => {
          fc.pre(day < added);
          const before = rateInForce(kept, 'Engineer', day);
          const after = rateInForce([...kept, { role: 'Engineer', from: added }], 'Engineer', day);
          expect(after).toBe(before);
        },
      ),
    );
  });
});

describe('the rate and currency schemas', () => {
  it('reads a rate with two decimals at most, above nothing, below 100,000', () => {
    expect(addLabourRateSchema.parse({ role: 'Engineer', hourlyRate: 185.25, from: '2027-01-01' })).toEqual({
      role: 'Engineer',
      hourlyRate: 185.25,
      from: '2027-01-01',
    });
    const refused = (body: unknown) => addLabourRateSchema.safeParse(body).error?.issues[0]?.message;
    expect(refused({ role: 'Engineer', hourlyRate: 185.255, from: '2027-01-01' })).toBe(
      'hourlyRate may have at most two decimals.',
    );
    // zod's multipleOf takes any number too small to tell from 0, which would be stored as 0.00.
    for (const hourlyRate of [0, 1e-18, 5e-324, 0.001])
      expect(refused({ role: 'Engineer', hourlyRate, from: '2027-01-01' })).toBe(
        'hourlyRate must be at least 0.01.',
      );
    expect(refused({ role: 'Engineer', hourlyRate: 100_001, from: '2027-01-01' })).toBe(
      'hourlyRate must be at most 100,000.',
    );
    expect(refused({ role: 'Clinical', hourlyRate: 20, from: '2027-01-01' })).toBe(
      'role must be one of Technician, Engineer, Manager, Admin.',
    );
    expect(refused({ role: 'Engineer', hourlyRate: 20, from: '2027-02-30' })).toMatch(/^from must be a date/);
    expect(refused({ role: 'Engineer', hourlyRate: 20, from: '2027-01-01', note: 'x' })).toBe(
      'Only role, hourlyRate and from may be sent.',
    );
  });

  it('takes an ISO 4217 currency in any case, and nothing else', () => {
    expect(setCostSettingsSchema.parse({ currency: ' ghs ' })).toEqual({ currency: 'GHS' });
    expect(setCostSettingsSchema.safeParse({ currency: 'XYZ' }).error?.issues[0]?.message).toBe(
      'currency must be an ISO 4217 code such as GHS, USD or EUR.',
    );
  });

  it('lets Engineers, Managers and Admins read costs, not Technicians nor clinical staff', () => {
    expect(['Engineer', 'manager', 'Admin'].map(readsCosts)).toEqual([true, true, true]);
    expect(['Technician', 'Clinical', undefined].map(readsCosts)).toEqual([false, false, false]);
  });
});
