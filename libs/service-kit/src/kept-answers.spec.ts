import { KeptAnswers } from './kept-answers';

describe('kept answers', () => {
  it('keeps an answer for the requests after, and shares one computation between those at once', async () => {
    const kept = new KeptAnswers(60_000);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([kept.get('a', compute, 0), kept.get('a', compute, 1)])).toEqual([1, 1]);
    expect(await kept.get('a', compute, 59_999)).toBe(1);
    expect(await kept.get('a', compute, 60_000)).toBe(2);
  });

  it('asks again after an answer not worth keeping, and after a failure', async () => {
    const kept = new KeptAnswers(60_000);
    const answers = [{ current: false }, { current: true }];
    let asked = 0;
    const compute = async () => answers[Math.min(asked++, answers.length - 1)] ?? { current: true };
    const current = (answer: { current: boolean }) => answer.current;
    // Those asking together share the answer, whatever it is.
    const together = await Promise.all([
      kept.getKeptIf('figure', compute, current, 0),
      kept.getKeptIf('figure', compute, current, 1),
    ]);
    expect(together).toEqual([{ current: false }, { current: false }]);
    expect(await kept.getKeptIf('figure', compute, current, 2)).toEqual({ current: true });
    expect(await kept.getKeptIf('figure', compute, current, 3)).toEqual({ current: true });
    expect(asked).toBe(2);

    const failing = new KeptAnswers(60_000);
    await expect(failing.get('b', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await failing.get('b', async () => 'up', 1)).toBe('up');
  });
});
