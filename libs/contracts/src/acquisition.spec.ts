import { endOfLife, setDeviceAcquisitionSchema } from './acquisition';

describe('a device’s acquisition figures', () => {
  const cost = (acquisitionCost: number) => setDeviceAcquisitionSchema.safeParse({ acquisitionCost }).success;

  it('take any amount of at most two decimals up to the limit, the largest included', () => {
    for (const amount of [0, 0.01, 10.1, 48500.5, 134_265_857.2, 999_999_999.99, 1_000_000_000])
      expect([amount, cost(amount)]).toEqual([amount, true]);
    for (const amount of [10.005, 0.001, -1, 1_000_000_000.01])
      expect([amount, cost(amount)]).toEqual([amount, false]);
  });

  it('clear a figure left out, and refuse what is not theirs', () => {
    expect(setDeviceAcquisitionSchema.parse({ supplier: '  ' })).toEqual({
      acquisitionCost: null,
      purchaseDate: null,
      supplier: null,
      expectedLifeYears: null,
    });
    expect(setDeviceAcquisitionSchema.safeParse({ price: 1 }).success).toBe(false);
  });

  it('plan the replacement a whole life after the purchase, a 29 February on the 28th', () => {
    expect(endOfLife('2024-02-29', 10)).toBe('2034-02-28');
    expect(endOfLife('2024-02-29', 4)).toBe('2028-02-29');
    expect(endOfLife('2023-04-20', 8)).toBe('2031-04-20');
    expect(endOfLife(null, 8)).toBeNull();
    expect(endOfLife('2023-04-20', null)).toBeNull();
  });
});
