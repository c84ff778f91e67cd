import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotStoredError, type FileStore, type PutOptions, type StoredFile } from './file-store';
import { MeasuredBody } from './measured-body';
import { assertValidKey, assertValidPrefix, keyProblem, listLimit } from './storage-keys';

/**
 * Where writes in progress are kept, inside the store's folder so that the final rename stays on
 * one file system (and so is atomic). Its name starts with a dot, which no key may, so it is never
 * a key's folder nor listed.
 */
export const PARTIAL_DIR = '.partial';

/** A write in progress older than this was cut off (a crash, a power cut) and is removed. */
const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

/** How often a move into place is tried again when a delete removed its emptied folder meanwhile. */
const MOVE_ATTEMPTS = 5;

type StoredEntry = { key: string; modifiedAt: Date; bytes: number };

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** The errors that mean "no file there": nothing at the path, or a file where a folder would be. */
const isMissing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes(errorCode(error) ?? '');

const byName = (a: { sortName: string }, b: { sortName: string }): number =>
  a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : 0;

/**
 * Files on the local disk under one folder, a key being a path below it (`equipment/documents/<id>`
 * is `<root>/equipment/documents/<id>`): the store of the embedded stack and of a single machine.
 *
 * A write goes to `<root>/.partial/<random>` first and is renamed into place once every byte is
 * on the disk (flushed with fsync), so a reader sees the whole file or none. On disk a key cannot
 * be both a file and the folder of other keys (`a` and `a/b`): keys are chosen so that never
 * happens (a file's key ends in its own name). A copy is a second name for the same bytes (a hard
 * link), never a second write of them.
 */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;
  readonly root: string;
  private leftoversSwept = false;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredFile> {
    assertValidKey(key);
    const partial = await this.partialPath();
    const measured = new MeasuredBody(body, options.maxBytes);
    try {
      await pipeline(measured.stream, createWriteStream(partial, { flags: 'wx' }));
      await this.moveIntoPlace(partial, key);
    } catch (error) {
      await rm(partial, { force: true });
      throw measured.failure(error);
    }
    return measured.result();
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    // Opened before the stream is handed out, so a missing file is this call's error, not the stream's.
    const handle = await open(this.pathOf(key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? new FileNotStoredError(key) : error;
    });
    try {
      if (!(await handle.stat()).isFile()) throw new FileNotStoredError(key);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream();
  }

  async size(key: string): Promise<number | null> {
    assertValidKey(key);
    try {
      const stats = await stat(this.pathOf(key));
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    assertValidKey(from);
    assertValidKey(to);
    const partial = await this.partialPath();
    try {
      try {
        await this.duplicate(this.pathOf(from), partial);
      } catch (error) {
        // A folder (the parent of other keys) holds no file either.
        throw isMissing(error) || errorCode(error) === 'EISDIR' ? new FileNotStoredError(from) : error;
      }
      await this.moveIntoPlace(partial, to);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /**
   * A second name for the file's bytes: a hard link, which costs no byte and no time whatever the
   * size (a 100 MB manual moved from `incoming/` to its record is otherwise 100 MB read and written
   * again while others wait for the disk). Sharing the bytes is safe because no stored file is
   * ever changed in place: a write goes to a new file renamed over the key, and a delete removes
   * one name. Where links are refused (a file system without them), a copy-on-write clone (Btrfs,
   * XFS), else a plain copy.
   */
  private async duplicate(source: string, target: string): Promise<void> {
    try {
      await link(source, target);
      return;
    } catch (error) {
      if (!['EPERM', 'EXDEV', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK'].includes(errorCode(error) ?? ''))
        throw error;
    }
    await copyFile(source, target, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      // Nothing there, or a folder of other keys (which unlink refuses): no file under the key.
      if (isMissing(error) || errorCode(error) === 'EISDIR') return;
      throw error;
    }
    await this.removeEmptyFolders(dirname(path));
  }

  async list(prefix: string, after?: string, limit?: number): Promise<StoredEntry[]> {
    assertValidPrefix(prefix);
    const most = listLimit(limit);
    const found: StoredEntry[] = [];
    for await (const key of this.keysUnder(this.root, '', prefix, after || undefined)) {
      try {
        const stats = await stat(this.pathOf(key));
        if (stats.isFile()) found.push({ key, modifiedAt: stats.mtime, bytes: stats.size });
      } catch (error) {
        if (!isMissing(error)) throw error; // removed since the folder was read
      }
      if (found.length === most) break;
    }
    return found;
  }

  private pathOf(key: string): string {
    return join(this.root, ...key.split('/'));
  }

  /** A fresh path for a write in progress; the first one of a process also sweeps away leftovers. */
  private async partialPath(): Promise<string> {
    const folder = join(this.root, PARTIAL_DIR);
    await mkdir(folder, { recursive: true });
    if (!this.leftoversSwept) {
      this.leftoversSwept = true;
      await this.removeLeftovers(folder);
    }
    return join(folder, randomUUID());
  }

  private async removeLeftovers(folder: string): Promise<void> {
    const cutOff = Date.now() - LEFTOVER_AGE_MS;
    for (const name of await readdir(folder)) {
      const path = join(folder, name);
      const stats = await stat(path).catch(() => null);
      if (stats && stats.mtimeMs < cutOff) await rm(path, { force: true, recursive: true });
    }
  }

  /**
   * Flushes a finished write to the disk and renames it to its key's path, then flushes the
   * folder's entry: once this returns the file survives a power cut. A delete that emptied and
   * removed the target folder between our mkdir and rename makes the rename fail with ENOENT; the
   * folder is made again and the rename retried.
   */
  private async moveIntoPlace(partial: string, key: string): Promise<void> {
    await syncPath(partial);
    const target = this.pathOf(key);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await mkdir(dirname(target), { recursive: true });
        await rename(partial, target);
        break;
      } catch (error) {
        const code = errorCode(error);
        if (code === 'ENOENT' && attempt < MOVE_ATTEMPTS) continue;
        if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENOTEMPTY')
          throw new Error(
            `The storage key ${JSON.stringify(key)} cannot be written on disk: it or one of its folders is ` +
              'already taken by another key (a key cannot be both a file and the folder of other keys).',
            { cause: error },
          );
        throw error;
      }
    }
    await syncPath(dirname(target));
  }

  /** Removes the folders a delete left empty, up to (not including) the root. */
  private async removeEmptyFolders(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.root + sep) && current !== this.root;) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or already gone): the folders above it are not empty either
      }
      current = dirname(current);
    }
  }

  /**
   * The keys below `folder` (whose keys start with `keyPrefix`) in the order S3 lists them (by
   * their bytes), that start with `prefix` and sort after `after`. A folder sorts as its name
   * followed by `/`, which is what puts `a-b` before `a/b`; folders that cannot hold a wanted key
   * are not read at all.
   */
  private async *keysUnder(
    folder: string,
    keyPrefix: string,
    prefix: string,
    after: string | undefined,
  ): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    const items = entries
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map((entry) => ({
        name: entry.name,
        isFolder: entry.isDirectory(),
        sortName: entry.isDirectory() ? `${entry.name}/` : entry.name,
      }))
      .sort(byName);
    for (const item of items) {
      const path = keyPrefix + item.sortName;
      if (item.isFolder) {
        if (keyPrefix === '' && item.name === PARTIAL_DIR) continue;
        if (!path.startsWith(prefix) && !prefix.startsWith(path)) continue;
        // Every key in the folder starts with `path`: all of them sort before an `after` that
        // sorts after `path` without starting with it.
        if (after !== undefined && after > path && !after.startsWith(path)) continue;
        yield* this.keysUnder(join(folder, item.name), path, prefix, after);
      } else {
        if (!path.startsWith(prefix) || (after !== undefined && path <= after)) continue;
        if (keyProblem(path) === null) yield path; // a file no key could name is not the store's
      }
    }
  }
}

/** fsync on a file or a folder (a folder's sync makes a rename within it durable). */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
