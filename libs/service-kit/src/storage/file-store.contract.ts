import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { FileNotStoredError, FileTooLargeError, type FileStore } from './file-store';

const MB = 1024 * 1024;

/** What a stream held: its length and SHA-256, read a chunk at a time. */
export async function digestOf(stream: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    hash.update(buffer);
  }
  return { bytes, sha256: hash.digest('hex') };
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * A body of `bytes` random bytes made a chunk at a time as it is read (never held whole), whose
 * SHA-256 is known once it has been read. With `failAfter`, once that many bytes are out it fails
 * (`how: 'error'`) or closes without an error or an end, as a request whose sender hung up.
 */
export function generatedBody(
  bytes: number,
  failAfter?: number,
  how: 'error' | 'close' = 'error',
): { body: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  const body = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(how === 'error' ? new Error('The sender went away.') : undefined);
        return;
      }
      if (sent >= bytes) {
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(256 * 1024, bytes - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { body, sha256: () => hash.digest('hex') };
}

const text = (value: string): Readable => Readable.from([Buffer.from(value)]);

/**
 * The behaviour every FileStore keeps, run against each implementation with a real store behind
 * it (a folder on disk, an S3-API server): what one store passes the other must too, since the
 * same code runs on both. `makeStore` is called once, after the caller's own `beforeAll`.
 */
export function describeFileStore(
  name: string,
  makeStore: () => FileStore | Promise<FileStore>,
  options: {
    /**
     * Why the server behind the store lists a folder's keys before a sibling whose name extends
     * the folder's with "-" or "." (s3rver walks its folders; S3 and MinIO sort by bytes): that
     * one test is then skipped, and says so.
     */
    listsFoldersOutOfByteOrder?: string;
  } = {},
): void {
  describe(`${name} (the FileStore contract)`, () => {
    let store: FileStore;
    beforeAll(async () => {
      store = await makeStore();
    });

    /** Nothing under `key`: no size, no bytes, and not listed. */
    async function expectNothingUnder(key: string): Promise<void> {
      expect(await store.size(key)).toBeNull();
      await expect(store.get(key)).rejects.toBeInstanceOf(FileNotStoredError);
      expect((await store.list(key)).map((entry) => entry.key)).toEqual([]);
    }

    it('answers what it wrote: the bytes, their length and their SHA-256', async () => {
      const stored = await store.put('round-trip/note.txt', text('hello, biomed'), {
        maxBytes: 1024,
        contentType: 'text/plain',
      });
      expect(stored).toEqual({ bytes: 13, sha256: sha256('hello, biomed') });
      expect(await store.size('round-trip/note.txt')).toBe(13);
      expect(await digestOf(await store.get('round-trip/note.txt'))).toEqual(stored);
    });

    it('keeps an empty file', async () => {
      expect(await store.put('round-trip/empty', Readable.from([]), { maxBytes: 10 })).toEqual({
        bytes: 0,
        sha256: sha256(''),
      });
      expect(await store.size('round-trip/empty')).toBe(0);
      expect(await digestOf(await store.get('round-trip/empty'))).toEqual({ bytes: 0, sha256: sha256('') });
    });

    it('streams a 30 MB file in and out with the same SHA-256', async () => {
      const { body, sha256: sent } = generatedBody(30 * MB);
      const stored = await store.put('large/manual.pdf', body, { maxBytes: 100 * MB });
      expect(stored).toEqual({ bytes: 30 * MB, sha256: sent() });
      expect(await store.size('large/manual.pdf')).toBe(30 * MB);
      expect(await digestOf(await store.get('large/manual.pdf'))).toEqual(stored);
    });

    it('takes a body of exactly its limit', async () => {
      const stored = await store.put('limit/exact', text('12345'), { maxBytes: 5 });
      expect(stored.bytes).toBe(5);
    });

    it('refuses a body past its limit, keeps nothing under the key and leaves the body to its owner', async () => {
      const { body } = generatedBody(1024 * 1024);
      await expect(store.put('limit/small', body, { maxBytes: 1000 })).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
      await expectNothingUnder('limit/small');
      // Not destroyed: an HTTP request refused this way can still be answered 413.
      expect(body.destroyed).toBe(false);
    });

    it('refuses a body that passes its limit after 16 MB have been written, keeping nothing', async () => {
      // Past two parts of a multipart upload: the parts sent must not become an object.
      const { body } = generatedBody(20 * MB);
      const refusal = store.put('limit/large', body, { maxBytes: 17 * MB });
      await expect(refusal).rejects.toBeInstanceOf(FileTooLargeError);
      await expect(refusal).rejects.toMatchObject({ maxBytes: 17 * MB });
      await expectNothingUnder('limit/large');
      expect(await store.list('limit/')).toEqual([expect.objectContaining({ key: 'limit/exact' })]);
    });

    it('keeps nothing of a body that fails half-way, and answers its failure', async () => {
      const { body } = generatedBody(20 * MB, 10 * MB);
      await expect(store.put('broken/upload', body, { maxBytes: 100 * MB })).rejects.toThrow(
        'The sender went away.',
      );
      await expectNothingUnder('broken/upload');
    });

    it('keeps nothing of a body closed before its end without an error, and fails', async () => {
      const { body } = generatedBody(20 * MB, 10 * MB, 'close');
      await expect(store.put('broken/hung-up', body, { maxBytes: 100 * MB })).rejects.toMatchObject({
        code: 'ERR_STREAM_PREMATURE_CLOSE',
      });
      await expectNothingUnder('broken/hung-up');
    });

    it('keeps the file it had under a key when a new write there fails', async () => {
      await store.put('broken/kept', text('first'), { maxBytes: 100 });
      await expect(
        store.put('broken/kept', text('second, too long'), { maxBytes: 10 }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await digestOf(await store.get('broken/kept'))).toEqual({ bytes: 5, sha256: sha256('first') });
    });

    it.each([
      ['empty', ''],
      ['a way out', '../escape'],
      ['a way out inside', 'a/../../escape'],
      ['two dots', 'a..b'],
      ['an absolute path', '/etc/passwd'],
      ['upper case', 'Equipment/x'],
      ['a space', 'a b'],
      ['an empty segment', 'a//b'],
      ['a "." segment', 'a/./b'],
      ['a trailing slash', 'a/'],
      ['a leading dot', '.partial/x'],
      ['a backslash', 'a\\b'],
      ['513 characters', `${'x'.repeat(200)}/${'y'.repeat(200)}/${'z'.repeat(111)}`],
      ['a segment of 201 characters', `long/${'x'.repeat(201)}`],
    ])('refuses a key with %s on every method', async (_what, key) => {
      const refused = expect.objectContaining({ message: expect.stringContaining('storage key') });
      await expect(store.put(key, text('x'), { maxBytes: 10 })).rejects.toEqual(refused);
      await expect(store.get(key)).rejects.toEqual(refused);
      await expect(store.size(key)).rejects.toEqual(refused);
      await expect(store.copy(key, 'copy/ok')).rejects.toEqual(refused);
      await expect(store.copy('copy/ok', key)).rejects.toEqual(refused);
      await expect(store.delete(key)).rejects.toEqual(refused);
    });

    it('takes a key of 512 characters, in segments of up to 200', async () => {
      const key = `long/${'x'.repeat(200)}/${'y'.repeat(200)}/${'z'.repeat(105)}`;
      await store.put(key, text('x'), { maxBytes: 10 });
      expect(await store.size(key)).toBe(1);
    });

    it('answers FileNotStoredError for a key never written, and no size', async () => {
      await expect(store.get('missing/never')).rejects.toEqual(new FileNotStoredError('missing/never'));
      expect(await store.size('missing/never')).toBeNull();
    });

    it('copies a file to another key, leaving the first as it was', async () => {
      const stored = await store.put('copy/original', text('calibration certificate'), { maxBytes: 100 });
      await store.copy('copy/original', 'copy/elsewhere/duplicate');
      expect(await digestOf(await store.get('copy/elsewhere/duplicate'))).toEqual(stored);
      expect(await digestOf(await store.get('copy/original'))).toEqual(stored);
      await expect(store.copy('copy/missing', 'copy/nowhere')).rejects.toEqual(
        new FileNotStoredError('copy/missing'),
      );
      await expectNothingUnder('copy/nowhere');
    });

    it('keeps a copy as it was when its original is written again or deleted', async () => {
      const first = await store.put('copy/source', text('manual, first edition'), { maxBytes: 100 });
      await store.copy('copy/source', 'copy/kept');
      const second = await store.put('copy/source', text('manual, second edition'), { maxBytes: 100 });
      expect(await digestOf(await store.get('copy/source'))).toEqual(second);
      expect(await digestOf(await store.get('copy/kept'))).toEqual(first);
      await store.delete('copy/source');
      expect(await digestOf(await store.get('copy/kept'))).toEqual(first);
      await store.delete('copy/kept');
    });

    it('deletes a file, and deleting it again (or a key never written) is no error', async () => {
      await store.put('delete/once', text('x'), { maxBytes: 10 });
      await store.delete('delete/once');
      await expectNothingUnder('delete/once');
      await expect(store.delete('delete/once')).resolves.toBeUndefined();
      await expect(store.delete('delete/never/written')).resolves.toBeUndefined();
    });

    it('lists the keys under a prefix in order, a page at a time after a key', async () => {
      const keys = ['list/d', 'list/c/e', 'list/b', 'list/c/d', 'list/a0'];
      for (const key of keys) await store.put(key, text(key), { maxBytes: 100 });
      await store.put('listed-not/x', text('x'), { maxBytes: 100 });
      const inOrder = ['list/a0', 'list/b', 'list/c/d', 'list/c/e', 'list/d'];

      const first = await store.list('list/', undefined, 2);
      expect(first.map((entry) => entry.key)).toEqual(inOrder.slice(0, 2));
      const second = await store.list('list/', first[1]?.key, 2);
      expect(second.map((entry) => entry.key)).toEqual(inOrder.slice(2, 4));
      const third = await store.list('list/', second[1]?.key, 2);
      expect(third.map((entry) => entry.key)).toEqual(inOrder.slice(4));
      expect(await store.list('list/', 'list/d', 2)).toEqual([]);

      const all = await store.list('list/');
      expect(all.map((entry) => entry.key)).toEqual(inOrder);
      for (const entry of all) {
        expect(entry.bytes).toBe(entry.key.length);
        expect(Math.abs(entry.modifiedAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
      }
      expect((await store.list('list/c')).map((entry) => entry.key)).toEqual(['list/c/d', 'list/c/e']);
      expect((await store.list('list/', 'list/c/d')).map((entry) => entry.key)).toEqual(inOrder.slice(3));
      expect((await store.list('list/', 'list/c')).map((entry) => entry.key)).toEqual(inOrder.slice(2));
    });

    const byteOrder = options.listsFoldersOutOfByteOrder === undefined ? it : it.skip;
    byteOrder('lists keys by their bytes across folders: a-b and a.c before a/b', async () => {
      // "-" and "." sort before "/": a store that walks folders must still answer them first,
      // as S3 does, or a page cut after `a/b` would skip `a-b` for ever.
      for (const key of ['order/a/b', 'order/a0', 'order/a.c', 'order/a-b'])
        await store.put(key, text(key), { maxBytes: 100 });
      const inOrder = ['order/a-b', 'order/a.c', 'order/a/b', 'order/a0'];
      expect((await store.list('order/')).map((entry) => entry.key)).toEqual(inOrder);
      expect((await store.list('order/', 'order/a-b', 2)).map((entry) => entry.key)).toEqual(
        inOrder.slice(1, 3),
      );
      expect((await store.list('order/', 'order/a/b')).map((entry) => entry.key)).toEqual(['order/a0']);
      expect((await store.list('order/a')).map((entry) => entry.key)).toEqual(inOrder);
      expect((await store.list('order/a/')).map((entry) => entry.key)).toEqual(['order/a/b']);
    });

    it('refuses a list limit that is not a whole number above 0', async () => {
      await expect(store.list('list/', undefined, 0)).rejects.toThrow('list limit');
      await expect(store.list('list/', undefined, 1.5)).rejects.toThrow('list limit');
    });
  });
}
