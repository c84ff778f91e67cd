import { createHash } from 'node:crypto';
import { finished, Transform, type Readable } from 'node:stream';
import { FileTooLargeError, type StoredFile } from './file-store';

/**
 * A body on its way into a store, counted and hashed (SHA-256) as it passes: `stream` is what the
 * store writes from. Past `maxBytes` the stream fails with FileTooLargeError at once, so no store
 * ever receives more than the limit.
 *
 * The body itself is only read, never destroyed: on a refusal or a failure of the store it is
 * left unpiped and paused, so that its owner can still answer (an HTTP request its 413, with the
 * connection closed) and close it. A body that fails or closes before its end fails the stream.
 */
export class MeasuredBody {
  readonly stream: Transform;
  private bytes = 0;
  private readonly hash = createHash('sha256');
  private tooLarge: FileTooLargeError | null = null;
  private bodyFailure: Error | null = null;
  private digest: string | null = null;

  constructor(body: Readable, maxBytes: number) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
      throw new Error(`A file's largest size must be a whole number of bytes (not ${maxBytes}).`);
    // Piping a body that has already ended or closed would wait for an end that never comes.
    if (body.readableEnded || body.destroyed)
      throw new Error('The body was read to its end or closed before it reached the store.');
    this.stream = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.bytes += chunk.length;
        if (this.bytes > maxBytes) {
          this.tooLarge = new FileTooLargeError(maxBytes);
          callback(this.tooLarge);
          return;
        }
        this.hash.update(chunk);
        callback(null, chunk);
      },
      flush: (callback) => {
        this.digest = this.hash.digest('hex');
        callback();
      },
    });
    const stopWatching = finished(body, { writable: false }, (error) => {
      stopWatching();
      if (!error) return;
      this.bodyFailure = error;
      this.stream.destroy(error);
    });
    // Once the stream is done either way, the body is no longer ours to watch.
    finished(this.stream, () => stopWatching());
    body.pipe(this.stream);
  }

  /** What was written: only once the stream has ended, every byte of the body through it. */
  result(): StoredFile {
    if (this.digest === null) throw new Error('The body has not been read to its end.');
    return { bytes: this.bytes, sha256: this.digest };
  }

  /**
   * The reason to give for a write that failed with `error`: the body's own size or failure when
   * it was the cause (a store then fails only because its input did), else the store's error.
   */
  failure(error: unknown): unknown {
    return this.tooLarge ?? this.bodyFailure ?? error;
  }
}
