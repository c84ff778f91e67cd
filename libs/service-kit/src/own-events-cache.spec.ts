import { OwnEventsCache } from './own-events-cache';

/** A computation that counts its calls. */
function counted<T>(answer: T) {
  const calls = { count: 0 };
  const compute = () => {
    calls.count += 1;
    return Promise.resolve(answer);
  };
  return { calls, compute };
}

describe('OwnEventsCache', () => {
  it('answers requests from one computation per key until the age is over', async () => {
    const cache = new OwnEventsCache(60_000);
    const options = counted(['ICU']);
    expect(await cache.get('filters', options.compute, 0)).toEqual(['ICU']);
    expect(await cache.get('filters', options.compute, 59_999)).toEqual(['ICU']);
    expect(options.calls.count).toBe(1);
    await cache.get('filters', options.compute, 60_000);
    expect(options.calls.count).toBe(2);
  });

  it('computes again after a change, even a computation still running at the change', async () => {
    const cache = new OwnEventsCache(60_000);
    let release: (value: string) => void = () => undefined;
    const before = cache.get('kept:everyone', () => new Promise<string>((resolve) => (release = resolve)), 0);
    cache.changed();
    const after = counted('after the change');
    const request = cache.get('kept:everyone', after.compute, 1);
    release('before the change');
    expect(await before).toBe('before the change');
    expect(await request).toBe('after the change');
    expect(cache.drops).toBe(1);
  });

  it('keeps no failure and nothing when the age is 0', async () => {
    const cache = new OwnEventsCache(60_000);
    await expect(cache.get('filters', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    const none = new OwnEventsCache(0);
    const options = counted(1);
    await none.get('filters', options.compute, 0);
    await none.get('filters', options.compute, 0);
    expect(options.calls.count).toBe(2);
    expect(none.size).toBe(0);
  });

  it('keeps at most so many answers, dropping the oldest first', async () => {
    const cache = new OwnEventsCache(60_000, 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, () => Promise.resolve(key), 0);
    expect(cache.size).toBe(2);
    const again = counted('a again');
    expect(await cache.get('a', again.compute, 1)).toBe('a again');
    const kept = counted('not asked');
    expect(await cache.get('c', kept.compute, 1)).toBe('c');
  });
});
