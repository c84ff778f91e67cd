import { money, readAhead } from './build-context';

/** A source of `count` pages that logs when each is asked for and handed over, and when it is closed. */
function pagesOf(count: number, log: string[], failAt?: number): AsyncGenerator<number> {
  return (async function* () {
    try {
      for (let page = 1; page <= count; page++) {
        log.push(`ask ${page}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (page === failAt) throw new Error(`page ${page} did not answer`);
        yield page;
      }
    } finally {
      log.push('closed');
    }
  })();
}

describe('readAhead', () => {
  it('asks for the next page while the reader is still on this one, and hands over every page in order', async () => {
    const log: string[] = [];
    const source = pagesOf(3, log);
    const seen: number[] = [];
    for await (const page of readAhead(source, await source.next())) {
      log.push(`write ${page}`);
      seen.push(page);
    }
    expect(seen).toEqual([1, 2, 3]);
    // Asking past the last page finds the source at its end, before the last page is written.
    expect(log).toEqual(['ask 1', 'ask 2', 'write 1', 'ask 3', 'write 2', 'closed', 'write 3']);
  });

  it('lets the page in flight land and closes the source when the reader stops early', async () => {
    const log: string[] = [];
    const source = pagesOf(5, log);
    for await (const page of readAhead(source, await source.next())) {
      log.push(`write ${page}`);
      if (page === 2) break;
    }
    expect(log).toEqual(['ask 1', 'ask 2', 'write 1', 'ask 3', 'write 2', 'closed']);
  });

  it('fails at the page that failed, after the pages before it', async () => {
    const log: string[] = [];
    const source = pagesOf(4, log, 3);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const page of readAhead(source, await source.next())) seen.push(page);
      })(),
    ).rejects.toThrow('page 3 did not answer');
    expect(seen).toEqual([1, 2]);
    expect(log.at(-1)).toBe('closed');
  });

  it('does not leave a failed page unhandled when the reader stopped before it', async () => {
    const log: string[] = [];
    const source = pagesOf(4, log, 2);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for await (const page of readAhead(source, await source.next())) {
        expect(page).toBe(1);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(log).toEqual(['ask 1', 'ask 2', 'closed']);
  });

  it('hands over nothing from a source with no pages', async () => {
    const log: string[] = [];
    const source = pagesOf(0, log);
    const seen: number[] = [];
    for await (const page of readAhead(source, await source.next())) seen.push(page);
    expect(seen).toEqual([]);
  });
});

describe('money', () => {
  it('writes the currency symbol where the PDF fonts draw it, and the code where they do not', () => {
    expect(money(31, 'USD')).toBe('US$31.00');
    expect(money(1234.5, 'EUR')).toBe('€1,234.50');
    // The cedi's ₵ and the naira's ₦ are outside the standard fonts' characters.
    expect(money(31, 'GHS').replace(/\s/g, ' ')).toBe('GHS 31.00');
    expect(money(5, 'NGN').replace(/\s/g, ' ')).toBe('NGN 5.00');
    expect(money(null, 'GHS')).toBe('—');
  });
});
