import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DiskFileStore, PARTIAL_DIR } from './disk-file-store';
import { describeFileStore, generatedBody } from './file-store.contract';
import { FileTooLargeError } from './file-store';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caliber-files-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeFileStore('DiskFileStore', () => new DiskFileStore(join(root, 'contract')));

describe('DiskFileStore on its folder', () => {
  let store: DiskFileStore;
  let folder: string;
  beforeAll(() => {
    folder = join(root, 'own');
    store = new DiskFileStore(folder);
  });

  it('keeps a file at its key’s path, and no write in progress once a write is over', async () => {
    await store.put('equipment/documents/one', Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await expect(
      store.put('equipment/documents/two', generatedBody(2 * 1024 * 1024).body, { maxBytes: 1024 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(
      store.put('equipment/documents/three', generatedBody(1024 * 1024, 512 * 1024).body, {
        maxBytes: 2 ** 30,
      }),
    ).rejects.toThrow('The sender went away.');
    expect((await stat(join(folder, 'equipment', 'documents', 'one'))).size).toBe(1);
    expect(await readdir(join(folder, 'equipment', 'documents'))).toEqual(['one']);
    expect(await readdir(join(folder, PARTIAL_DIR))).toEqual([]);
  });

  it('lists neither writes in progress nor files no key could name', async () => {
    await writeFile(join(folder, PARTIAL_DIR, 'in-progress'), 'x');
    await writeFile(join(folder, 'equipment', 'Upper.PDF'), 'x');
    expect((await store.list('')).map((entry) => entry.key)).toEqual(['equipment/documents/one']);
  });

  it('removes the folders a delete leaves empty, and keeps the others', async () => {
    await store.put('photos/2026/a', Readable.from([Buffer.from('a')]), { maxBytes: 10 });
    await store.put('photos/2026/b', Readable.from([Buffer.from('b')]), { maxBytes: 10 });
    await store.delete('photos/2026/a');
    expect(await readdir(join(folder, 'photos', '2026'))).toEqual(['b']);
    await store.delete('photos/2026/b');
    expect(await readdir(folder)).not.toContain('photos');
  });

  it('says why a key cannot be written when another key holds its folder', async () => {
    await store.put('taken/file', Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await expect(
      store.put('taken/file/below', Readable.from([Buffer.from('y')]), { maxBytes: 10 }),
    ).rejects.toThrow('a key cannot be both a file and the folder of other keys');
    await expect(store.put('taken', Readable.from([Buffer.from('y')]), { maxBytes: 10 })).rejects.toThrow(
      'a key cannot be both a file and the folder of other keys',
    );
    expect(await store.size('taken')).toBeNull();
    expect(await readdir(join(folder, PARTIAL_DIR))).toEqual(['in-progress']);
  });

  it('removes writes a crash left in progress over a day ago, at its first write', async () => {
    const fresh = new DiskFileStore(folder);
    const dayAndMore = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await writeFile(join(folder, PARTIAL_DIR, 'cut-off'), 'x');
    await utimes(join(folder, PARTIAL_DIR, 'cut-off'), dayAndMore, dayAndMore);
    await fresh.put('after-crash', Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    expect(await readdir(join(folder, PARTIAL_DIR))).toEqual(['in-progress']);
  });
});
