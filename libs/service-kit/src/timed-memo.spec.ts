import { TimedMemo } from './timed-memo';

describe('TimedMemo', () => {
  it('shares one computation per key within the time, and computes again after it', async () => {
    const memo = new TimedMemo<number>(1000);
    let runs = 0;
    const compute = () => Promise.resolve(++runs);
    expect(await memo.get('a', compute, 0)).toBe(1);
    expect(await memo.get('a', compute, 999)).toBe(1);
    expect(await memo.get('b', compute, 999)).toBe(2);
    expect(await memo.get('a', compute, 1000)).toBe(3);
  });

  it('keeps no failure: the next asker tries again', async () => {
    const memo = new TimedMemo<number>(1000);
    await expect(memo.get('a', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await memo.get('a', () => Promise.resolve(7), 1)).toBe(7);
  });

  it('computes every time when the time is 0', async () => {
    const memo = new TimedMemo<number>(0);
    let runs = 0;
    await memo.get('a', () => Promise.resolve(++runs), 0);
    expect(await memo.get('a', () => Promise.resolve(++runs), 0)).toBe(2);
  });
});
