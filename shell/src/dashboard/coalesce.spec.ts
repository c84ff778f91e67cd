import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('runs the first request at once', () => {
    const run = jest.fn();
    coalesce(run, 1000).request();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('gathers a burst into one more run at the end of the interval', () => {
    const run = jest.fn();
    const refetch = coalesce(run, 1000);
    refetch.request();
    for (let event = 0; event < 20; event += 1) {
      jest.advanceTimersByTime(30);
      refetch.request();
    }
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(399);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never runs twice within the interval, however the requests fall', () => {
    const runs: number[] = [];
    const refetch = coalesce(() => runs.push(Date.now()), 1000);
    for (let step = 0; step < 100; step += 1) {
      refetch.request();
      jest.advanceTimersByTime(step % 7 === 0 ? 450 : 120);
    }
    jest.advanceTimersByTime(1000);
    expect(runs.length).toBeGreaterThan(1);
    for (let index = 1; index < runs.length; index += 1)
      expect((runs[index] ?? 0) - (runs[index - 1] ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('runs at once again after a quiet interval', () => {
    const run = jest.fn();
    const refetch = coalesce(run, 1000);
    refetch.request();
    jest.advanceTimersByTime(1500);
    refetch.request();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('forgets a waiting run when cancelled', () => {
    const run = jest.fn();
    const refetch = coalesce(run, 1000);
    refetch.request();
    refetch.request();
    refetch.cancel();
    jest.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
