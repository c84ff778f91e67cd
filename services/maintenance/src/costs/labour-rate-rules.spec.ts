import { rateAdditionRefusal, rateWithdrawalRefusal } from './labour-rate-rules';

const today = '2026-11-30';

describe('rateAdditionRefusal', () => {
  it("takes a role's first rate from any day, the past included: unpriced work gets a price", () => {
    expect(rateAdditionRefusal([], { from: '2020-01-01' }, today)).toBeNull();
    expect(rateAdditionRefusal([], { from: today }, today)).toBeNull();
  });

  it('takes a later rate from today on, after the latest', () => {
    const kept = [{ from: '2025-01-01' }, { from: '2026-01-01' }];
    expect(rateAdditionRefusal(kept, { from: today }, today)).toBeNull();
    expect(rateAdditionRefusal(kept, { from: '2027-01-01' }, today)).toBeNull();
  });

  it('refuses a later rate that would price work already done', () => {
    expect(rateAdditionRefusal([{ from: '2025-01-01' }], { from: '2026-11-29' }, today)).toEqual({
      path: 'from',
      message:
        'A new rate starts today (2026-11-30) or later: work already done keeps the rate it was priced at.',
      conflict: false,
    });
  });

  it('refuses a rate before the latest one, which starts ahead', () => {
    expect(rateAdditionRefusal([{ from: '2027-03-01' }], { from: '2027-01-01' }, today)).toEqual({
      path: 'from',
      message:
        "This role's latest rate starts on 2027-03-01: a new one starts after it (withdraw that one first to start earlier).",
      conflict: false,
    });
  });

  it('answers a second rate on one day as a conflict, past or future', () => {
    for (const from of ['2025-01-01', '2027-01-01'])
      expect(rateAdditionRefusal([{ from }], { from }, today)).toEqual({
        path: 'from',
        message: `This role has a rate from ${from} already.`,
        conflict: true,
      });
  });

  it('refuses a start more than 366 days ahead, and a role already holding 100 rates', () => {
    expect(rateAdditionRefusal([], { from: '2027-12-02' }, today)?.message).toBe(
      'A rate may start at most 366 days ahead (2027-12-01 at the latest).',
    );
    expect(rateAdditionRefusal([], { from: '2027-12-01' }, today)).toBeNull();
    const hundred = Array.from({ length: 100 }, (_, index) => ({ from: `${1920 + index}-01-01` }));
    expect(rateAdditionRefusal(hundred, { from: '2027-01-01' }, today)).toEqual({
      path: 'role',
      message: 'This role holds 100 rates already, the most it may.',
      conflict: false,
    });
  });
});

describe('rateWithdrawalRefusal', () => {
  it('withdraws a rate only before its first day', () => {
    expect(rateWithdrawalRefusal({ from: '2026-12-01' }, today)).toBeNull();
    expect(rateWithdrawalRefusal({ from: today }, today)).toBe(
      'This rate has applied since 2026-11-30: work was priced at it. Add the right rate from today instead.',
    );
  });
});
