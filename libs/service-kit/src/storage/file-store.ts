import type { Readable } from 'node:stream';

/** What a stored file is: its length and the SHA-256 of its bytes (hex), as written. */
export interface StoredFile {
  bytes: number;
  sha256: string;
}

/** How one write may go: the most bytes it may hold (past them it is refused, nothing kept) and its media type. */
export interface PutOptions {
  maxBytes: number;
  contentType?: string;
}

/**
 * Where Caliber keeps files (documents, photos, their thumbnails, uploads waiting to be read):
 * the local disk of the embedded stack, or an S3-compatible object store in a cluster. Keys are
 * relative paths of lower-case letters, digits, `-`, `_`, `.` and `/` (`incoming/<uuid>`,
 * `equipment/documents/<uuid>`), never `..`, at most 512 characters in segments of at most 200;
 * each implementation refuses any other (`storage-keys.ts`). On disk a key is a path, so no key
 * may also be the folder of another (`a/b` and `a/b/c`): give a file's derivatives keys of their
 * own (`<uuid>.thumb.jpg`), not keys below it.
 *
 * Every method streams: no file is held whole in memory, whatever its size.
 */
export interface FileStore {
  /** `disk` or `s3`: for logs, health and the docs' operator pages. */
  readonly kind: 'disk' | 's3';
  /**
   * Writes `body` under `key`, hashing it as it goes. A body longer than `maxBytes` is refused
   * with FileTooLargeError and nothing is kept under the key; a write that fails half-way keeps
   * nothing either (a reader never sees part of a file). A body that closes before its end fails
   * the write. The body is only read, never destroyed: after a refusal it is left unread and
   * paused, so an HTTP request can still be answered (413, closing the connection); its owner
   * ends it.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<StoredFile>;
  /** The file's bytes, streamed; FileNotStoredError when there is none under the key. */
  get(key: string): Promise<Readable>;
  /** The file's length, or null when there is none under the key. */
  size(key: string): Promise<number | null>;
  /** Copies a stored file to another key (a server-side copy where the store has one). */
  copy(from: string, to: string): Promise<void>;
  /** Removes the file; removing a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Keys under a prefix with their size and last change, a page at a time (for clean-up and
   * backups): in the order of their bytes (as S3 lists them), those after `after`, at most `limit`
   * (1,000 when not given, never more).
   */
  list(
    prefix: string,
    after?: string,
    limit?: number,
  ): Promise<{ key: string; modifiedAt: Date; bytes: number }[]>;
  /** Lets go of the store's connections at shutdown (the S3 client's sockets); nothing for the disk. */
  close?(): void;
}

/** A body longer than the limit its kind allows. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

/** No file under the key (removed, or never written). */
export class FileNotStoredError extends Error {
  constructor(readonly key: string) {
    super(`No file is stored under ${key}.`);
    this.name = 'FileNotStoredError';
  }
}
