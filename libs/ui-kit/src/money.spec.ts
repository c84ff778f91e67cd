import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes the amount in the currency, or with two decimals while none is set', () => {
    expect(formatMoney(185, 'EUR')).toBe(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(185),
    );
    expect(formatMoney(1250.5, null)).toBe(
      (1250.5).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
  });
});
