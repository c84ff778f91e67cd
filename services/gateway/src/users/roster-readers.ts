import { join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ROSTER_IMPORT_MAX_BYTES, type RosterFileRow } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { BoundedSlots } from './bounded-slots';
import type { RosterReaderAnswer } from './roster-reader-messages';
import { RosterRefusal, type RosterRefusalCode } from './roster-refusal';
import { rosterFileKind, type RosterFileKind } from './roster-rows';
import { refuseDeclaredBeyond, zipDirectory } from './roster-zip';

/**
 * Files read at once, each in its own worker thread. Imports are rare (Engineers and Admins, a few
 * a day), and the gateway shares its cores with them: two at once leave the event loop a core.
 */
export const ROSTER_READERS_AT_ONCE = 2;
/**
 * Files that wait for a reader, in order, beyond those being read. Each holds at most 2 MB; a file
 * past these is answered 503 at once, with a Retry-After, rather than queued without end.
 */
export const ROSTER_READERS_WAITING = 8;
/** The heap a reader thread may grow to; past it the thread is ended and the file refused. */
export const ROSTER_READER_HEAP_MB = 64;
/** How long a reader thread may take; past it the thread is ended and the file refused. */
export const ROSTER_READ_TIME_LIMIT_MS = 20_000;

const READER_LIMITS = {
  maxOldGenerationSizeMb: ROSTER_READER_HEAP_MB,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
} as const;

const asServiceError = (code: RosterRefusalCode, message: string) =>
  new ServiceError(code, message, [{ path: 'content', message }]);

const stoppingError = () =>
  new ServiceError('SERVICE_UNAVAILABLE', 'The server is stopping; try again in a minute.');

const refuse = (code: RosterRefusalCode, message: string): never => {
  throw asServiceError(code, message);
};

/** Where a reader thread's code is: a script file, or (with `eval`) code that loads it. */
export interface RosterReaderThread {
  script: string;
  options?: Pick<WorkerOptions, 'eval' | 'execArgv'>;
}
export const ROSTER_READER_THREAD = Symbol('ROSTER_READER_THREAD');
/** In a build, the bundle's own entry next to main.js (`dist/roster-reader.worker.js`). */
export const BUNDLED_ROSTER_READER: RosterReaderThread = {
  script: join(__dirname, 'roster-reader.worker.js'),
};

/**
 * Reads roster files (XLSX or CSV, base64) off the event loop: each in a worker thread of its own,
 * with a memory and a time limit, at most ROSTER_READERS_AT_ONCE at once and
 * ROSTER_READERS_WAITING waiting, so one upload cannot stall the gateway's other requests. A
 * workbook whose ZIP directory declares more than the bound unpacked is refused here, before a
 * thread is started or anything inflated.
 */
@Injectable()
export class RosterReaders implements OnModuleDestroy {
  private readonly slots = new BoundedSlots(
    ROSTER_READERS_AT_ONCE,
    ROSTER_READERS_WAITING,
    () =>
      new ServiceError(
        'SERVICE_UNAVAILABLE',
        `The server is already reading ${ROSTER_READERS_AT_ONCE + ROSTER_READERS_WAITING} roster files; try again in a minute.`,
        undefined,
        60,
      ),
  );
  private readonly threads = new Set<Worker>();
  private stopping = false;

  constructor(@Inject(ROSTER_READER_THREAD) private readonly reader: RosterReaderThread) {}

  /** Files being read now, and files waiting for a reader. */
  get load(): { reading: number; waiting: number } {
    return { reading: this.slots.active, waiting: this.slots.queued };
  }

  async read(fileName: string, base64: string): Promise<RosterFileRow[]> {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length === 0) refuse('VALIDATION_FAILED', 'The roster file is empty.');
    if (bytes.length > ROSTER_IMPORT_MAX_BYTES)
      refuse('VALIDATION_FAILED', 'The roster file is larger than 2 MB.');
    const kind = rosterFileKind(fileName);
    if (kind === 'xlsx')
      try {
        refuseDeclaredBeyond(zipDirectory(bytes));
      } catch (error) {
        if (error instanceof RosterRefusal) refuse(error.code, error.message);
        throw error;
      }
    const answer = await this.slots.run(() => this.readInThread(kind, bytes));
    if ('refusal' in answer) return refuse(answer.refusal.code, answer.refusal.message);
    return answer.rows;
  }

  private readInThread(kind: RosterFileKind, bytes: Buffer): Promise<RosterReaderAnswer> {
    if (this.stopping) return Promise.reject(stoppingError());
    return new Promise<RosterReaderAnswer>((resolve, reject) => {
      const thread = new Worker(this.reader.script, {
        ...this.reader.options,
        workerData: { kind, bytes },
        resourceLimits: READER_LIMITS,
      });
      this.threads.add(thread);
      let settled = false;
      // The slot is given back only once the thread has ended, so no more threads live than slots.
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void thread.terminate().finally(() => {
          this.threads.delete(thread);
          outcome();
        });
      };
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(
              asServiceError(
                'PAYLOAD_TOO_LARGE',
                `The roster file took longer than ${ROSTER_READ_TIME_LIMIT_MS / 1000} seconds to read, the most one file may take.`,
              ),
            ),
          ),
        ROSTER_READ_TIME_LIMIT_MS,
      );
      thread.once('message', (answer: RosterReaderAnswer) => settle(() => resolve(answer)));
      thread.once('error', (error: Error & { code?: string }) =>
        settle(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? asServiceError(
                  'PAYLOAD_TOO_LARGE',
                  `The roster file needs more than the ${ROSTER_READER_HEAP_MB} MB of memory one file may use to read.`,
                )
              : error,
          ),
        ),
      );
      thread.once('exit', (code) =>
        settle(() =>
          reject(
            this.stopping
              ? stoppingError()
              : new Error(`The roster reader thread ended (exit code ${code}) without an answer.`),
          ),
        ),
      );
    });
  }

  /** Threads still reading when the gateway stops are ended with it, and no other starts. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.threads].map((thread) => thread.terminate()));
  }
}
