import { currentRequestId, isWellFormedRequestId, requestIdOf, runWithRequestId } from './request-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it.each([
    ['a UUID', 'c0ffee00-1234-4abc-8def-0123456789ab'],
    ['a proxy id with dots and colons', 'lb-01:req.42_a'],
    ['eight characters, the shortest', 'abcdefgh'],
    ['64 characters, the longest', 'a'.repeat(64)],
  ])('takes the caller’s id when it is well formed: %s', (_case, id) => {
    expect(isWellFormedRequestId(id)).toBe(true);
    expect(requestIdOf(id)).toBe(id);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'a'.repeat(65)],
    ['a space', 'abc def ghi'],
    ['a newline that would forge a log line', 'abcdefgh\n{"level":"info"}'],
    ['a quote', 'abcdefgh"'],
    ['non-ASCII letters', 'réquêteXYZ'],
    ['empty', ''],
  ])('makes a new id when the caller’s is not well formed: %s', (_case, id) => {
    expect(isWellFormedRequestId(id)).toBe(false);
    const made = requestIdOf(id);
    expect(made).toMatch(UUID);
    expect(made).not.toBe(id);
  });

  it('makes a new id when there is none, and a different one each time', () => {
    const first = requestIdOf(undefined);
    expect(first).toMatch(UUID);
    expect(requestIdOf(undefined)).not.toBe(first);
  });

  it('takes the first of a header sent twice', () => {
    expect(requestIdOf(['first-id-1', 'second-id-2'])).toBe('first-id-1');
  });
});

describe('the request context', () => {
  it('holds the id across awaits and timers, and only inside', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await runWithRequestId('request-one', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return currentRequestId();
    });
    expect(seen).toBe('request-one');
    expect(currentRequestId()).toBeUndefined();
  });

  it('keeps two interleaved requests apart', async () => {
    const read = (id: string, wait: number) =>
      runWithRequestId(id, async () => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        return currentRequestId();
      });
    await expect(Promise.all([read('request-slow', 20), read('request-fast', 1)])).resolves.toEqual([
      'request-slow',
      'request-fast',
    ]);
  });

  it('runs work given no id outside any request', () => {
    const inner = runWithRequestId('outer-request', () => runWithRequestId(undefined, currentRequestId));
    expect(inner).toBeUndefined();
  });
});
