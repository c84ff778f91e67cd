import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  BoundedSlots,
  FILE_STORE,
  FileTooLargeError,
  ServiceError,
  type FileStore,
  type StoredFile,
} from '@caliber/service-kit';

/** Files one person may be sending at once: a second photo while the first goes is fine, a third waits. */
const UPLOADS_PER_PERSON = 2;
/**
 * Files the gateway receives at once, all people together. Each costs a socket and a few buffers
 * of 64 kB (the store writes as it reads), never the whole file; the bound keeps a burst from
 * holding every connection to the store.
 */
const UPLOADS_AT_ONCE = 64;

/**
 * An incoming file older than this was left by a process that stopped between receiving it and
 * the service reading it (a crash, a deploy): a file is read within two minutes of arriving, and
 * one still arriving is not yet under its key (the disk writes it aside, S3 lists no unfinished
 * upload). So was an outgoing one (a file a service wrote for download) that the gateway could not
 * send and remove: it is sent within seconds of being written. Each gateway sweeps both hourly,
 * the first time a minute after it starts.
 */
const INCOMING_KEPT_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const FIRST_SWEEP_MS = 60_000;

/** An upload's request: its body, its headers, and its answer (to close the connection on a refusal). */
export type UploadRequest = Readable & {
  headers: Record<string, string | string[] | undefined>;
  complete: boolean;
  res?: { headersSent: boolean; setHeader(name: string, value: string): unknown };
};

/** An upload received whole into the store: where it is, its length and its SHA-256. */
export interface ReceivedUpload extends StoredFile {
  key: string;
}

/**
 * Receives an upload's body into the file store under `incoming/<uuid>`, as it arrives: no file
 * is held in the gateway's memory, and a body longer than its purpose allows is cut off at the
 * limit (at once, from its Content-Length, when it says). The domain service that keeps the file
 * reads it from there and removes it; so does `receive` when the service cannot be asked.
 */
@Injectable()
export class IncomingUploads implements OnModuleInit, OnModuleDestroy {
  private readonly sending = new Map<string, number>();
  private sweeper: NodeJS.Timeout | undefined;
  private readonly slots = new BoundedSlots(
    UPLOADS_AT_ONCE,
    0,
    () =>
      new ServiceError(
        'SERVICE_UNAVAILABLE',
        'The server is receiving as many files as it takes at once. Try again in a minute.',
        undefined,
        30,
      ),
  );

  constructor(@Inject(FILE_STORE) private readonly store: FileStore) {}

  onModuleInit(): void {
    const sweep = () => {
      void this.sweepLeftovers().catch(() => undefined);
      this.sweeper = setTimeout(sweep, SWEEP_EVERY_MS).unref();
    };
    this.sweeper = setTimeout(sweep, FIRST_SWEEP_MS).unref();
  }

  onModuleDestroy(): void {
    clearTimeout(this.sweeper);
  }

  /** Removes incoming and outgoing files older than INCOMING_KEPT_MS, a page at a time; answers how many. */
  async sweepLeftovers(now = Date.now()): Promise<number> {
    return (await this.sweep('incoming/', now)) + (await this.sweep('outgoing/', now));
  }

  private async sweep(prefix: string, now: number): Promise<number> {
    let removed = 0;
    let after: string | undefined;
    for (;;) {
      const page = await this.store.list(prefix, after);
      for (const file of page)
        if (now - file.modifiedAt.getTime() > INCOMING_KEPT_MS) {
          await this.store.delete(file.key);
          removed += 1;
        }
      if (page.length === 0) return removed;
      after = page[page.length - 1]?.key;
    }
  }

  /**
   * Receives the body, hands it to `keep`, and removes the incoming copy if `keep` fails. A body
   * refused before it was read whole (too large, or the person already sending) is left unread:
   * its answer closes the connection, so the rest of the file is never read nor waited for.
   */
  async receive<T>(
    body: UploadRequest,
    personId: string,
    maxBytes: number,
    keep: (upload: ReceivedUpload) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.receiveWhole(body, personId, maxBytes, keep);
    } catch (error) {
      if (!body.complete && !body.res?.headersSent) body.res?.setHeader('Connection', 'close');
      throw error;
    }
  }

  private async receiveWhole<T>(
    body: UploadRequest,
    personId: string,
    maxBytes: number,
    keep: (upload: ReceivedUpload) => Promise<T>,
  ): Promise<T> {
    const declared = Number(body.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
    if (declared === 0) throw new ServiceError('VALIDATION_FAILED', 'The file is empty.');
    const held = this.sending.get(personId) ?? 0;
    if (held >= UPLOADS_PER_PERSON)
      throw new ServiceError(
        'RATE_LIMITED',
        `You are sending ${UPLOADS_PER_PERSON} files already. Wait for one to finish.`,
        undefined,
        5,
      );
    this.sending.set(personId, held + 1);
    try {
      return await this.slots.run(async () => {
        const key = `incoming/${randomUUID()}`;
        const stored = await this.store.put(key, body, { maxBytes }).catch((error: unknown) => {
          if (error instanceof FileTooLargeError) throw tooLarge(maxBytes);
          throw new ServiceError('BAD_REQUEST', 'The file did not arrive whole. Send it again.');
        });
        try {
          if (stored.bytes === 0) throw new ServiceError('VALIDATION_FAILED', 'The file is empty.');
          return await keep({ key, ...stored });
        } finally {
          // The service removes it once read; this is for a refusal before that, or a service that did not answer.
          await this.store.delete(key).catch(() => undefined);
        }
      });
    } finally {
      const left = (this.sending.get(personId) ?? 1) - 1;
      if (left > 0) this.sending.set(personId, left);
      else this.sending.delete(personId);
    }
  }
}

function tooLarge(maxBytes: number): ServiceError {
  return new ServiceError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most its purpose takes.`,
  );
}
