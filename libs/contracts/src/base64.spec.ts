import { isBase64 } from './base64';

describe('isBase64', () => {
  it('takes base64 with or without its padding, and nothing else', () => {
    for (const bytes of ['', 'a', 'ab', 'abc', 'é\u0000\u00ff'])
      if (bytes) expect(isBase64(Buffer.from(bytes, 'latin1').toString('base64'))).toBe(true);
    expect(isBase64('')).toBe(false);
    expect(isBase64('==')).toBe(false);
    expect(isBase64('YW Jj')).toBe(false);
    expect(isBase64('YWJj===')).toBe(false);
    expect(isBase64('YW=j')).toBe(false);
    expect(isBase64('YWJj-_')).toBe(false);
  });

  it('reads an upload of megabytes without running out of stack', () => {
    const text = Buffer.alloc(12 * 1024 * 1024, 7).toString('base64');
    expect(isBase64(text)).toBe(true);
    expect(isBase64(`${text}!`)).toBe(false);
  });
});
