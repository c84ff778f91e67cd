import { DashboardFiguresCache } from './dashboard-figures-cache';

const cacheFor = (seconds: number) => new DashboardFiguresCache({ dashboardCacheMs: seconds * 1000 });

/** A computation that counts its calls and answers when told. */
function counted<T>(answer: T) {
  const calls = { count: 0 };
  const compute = () => {
    calls.count += 1;
    return Promise.resolve(answer);
  };
  return { calls, compute };
}

describe('DashboardFiguresCache', () => {
  it('answers visits within the age from one computation per key', async () => {
    const cache = cacheFor(60);
    const figures = counted({ total: 5 });
    expect(await cache.get('equipment', figures.compute, 0)).toEqual({ total: 5 });
    expect(await cache.get('equipment', figures.compute, 59_999)).toEqual({ total: 5 });
    expect(figures.calls.count).toBe(1);
    await cache.get('tasks:department', figures.compute, 10);
    expect(figures.calls.count).toBe(2);
  });

  it('shares one computation among visits that arrive while it runs', async () => {
    const cache = cacheFor(60);
    let release: (value: number) => void = () => undefined;
    let calls = 0;
    const compute = () => {
      calls += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const visits = [cache.get('pm:department', compute, 0), cache.get('pm:department', compute, 1)];
    release(7);
    expect(await Promise.all(visits)).toEqual([7, 7]);
    expect(calls).toBe(1);
  });

  it('computes again once the age is over', async () => {
    const cache = cacheFor(60);
    const figures = counted(1);
    await cache.get('equipment', figures.compute, 0);
    await cache.get('equipment', figures.compute, 60_000);
    expect(figures.calls.count).toBe(2);
  });

  it('computes again after a change, even a computation that was still running at the change', async () => {
    const cache = cacheFor(60);
    let release: (value: string) => void = () => undefined;
    const before = cache.get('equipment', () => new Promise<string>((resolve) => (release = resolve)), 0);
    cache.changed();
    const after = counted('after the change');
    const visit = cache.get('equipment', after.compute, 1);
    release('before the change');
    expect(await before).toBe('before the change');
    expect(await visit).toBe('after the change');
    expect(await cache.get('equipment', after.compute, 2)).toBe('after the change');
    expect(after.calls.count).toBe(1);
  });

  it('keeps no failure: the next visit asks again', async () => {
    const cache = cacheFor(60);
    await expect(cache.get('equipment', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    const figures = counted('up');
    expect(await cache.get('equipment', figures.compute, 1)).toBe('up');
    expect(figures.calls.count).toBe(1);
  });

  it('keeps nothing when the age is 0', async () => {
    const cache = cacheFor(0);
    const figures = counted(1);
    await cache.get('equipment', figures.compute, 0);
    await cache.get('equipment', figures.compute, 0);
    expect(figures.calls.count).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('drops the answers of keys nobody asks again', async () => {
    const cache = cacheFor(60);
    for (let person = 0; person < 50; person += 1)
      await cache.get(`tasks:own:${person}`, () => Promise.resolve(person), 0);
    expect(cache.size).toBe(50);
    await cache.get('equipment', () => Promise.resolve(0), 60_000);
    expect(cache.size).toBe(1);
  });

  it("marks a write's author for their next visit alone, once, and never past the figures' age", async () => {
    const cache = cacheFor(60);
    const figures = counted({ total: 5 });
    await cache.get('equipment', figures.compute, 0);
    cache.wrote('author', 1_000);
    expect(cache.takeWrite('someone else', 2_000)).toBe(false);
    expect(cache.takeWrite('author', 2_000)).toBe(true);
    expect(cache.takeWrite('author', 2_001)).toBe(false);
    // Renewed for the author, and kept for the visits after: one computation more, not one each.
    await cache.renew('equipment', figures.compute, 2_000);
    await cache.get('equipment', figures.compute, 3_000);
    expect(figures.calls.count).toBe(2);
    cache.wrote('late', 10_000);
    expect(cache.takeWrite('late', 70_000)).toBe(false);
  });

  it('marks nobody when it keeps nothing', () => {
    const cache = cacheFor(0);
    cache.wrote('author', 0);
    expect(cache.takeWrite('author', 1)).toBe(false);
  });
});
