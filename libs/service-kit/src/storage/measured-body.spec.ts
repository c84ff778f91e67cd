import { PassThrough, Readable } from 'node:stream';
import { MeasuredBody } from './measured-body';

describe('MeasuredBody', () => {
  it('refuses a limit that is not a whole number of bytes', () => {
    for (const maxBytes of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => new MeasuredBody(Readable.from([]), maxBytes)).toThrow("A file's largest size");
  });

  it('refuses a body already read or closed, which would never end', async () => {
    const read = Readable.from([Buffer.from('x')]);
    await read.toArray();
    expect(() => new MeasuredBody(read, 10)).toThrow('before it reached the store');
    const closed = new PassThrough();
    closed.destroy();
    expect(() => new MeasuredBody(closed, 10)).toThrow('before it reached the store');
  });

  it('answers its result only once the body has gone through to its end', async () => {
    const body = new PassThrough();
    const measured = new MeasuredBody(body, 10);
    body.write('abc');
    expect(() => measured.result()).toThrow('has not been read to its end');
    body.end();
    await measured.stream.toArray();
    expect(measured.result()).toEqual({
      bytes: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });
});
