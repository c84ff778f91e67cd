import { join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ROSTER_IMPORT_MAX_BYTES, type RosterFileRow } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { BoundedSlots } from './bounded-slots';
import type { RosterReaderAnswer, RosterReaderFile } from './roster-reader-messages';
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
/**
 * Files one person may have being read or waiting at once: a preview or an apply is one file, and a
 * second before the first is answered is a double click or a script. So one person cannot take
 * every reader and waiting place from the others.
 */
export const ROSTER_FILES_PER_PERSON = 1;
/** The heap a reader thread may grow to; past it the thread is ended and the file refused. */
export const ROSTER_READER_HEAP_MB = 64;
/** How long a reader thread may take; past it the thread is ended and the file refused. */
export const ROSTER_READ_TIME_LIMIT_MS = 20_000;
/**
 * How long an idle reader thread is kept for the next file (a preview is usually followed by its
 * apply within a minute); then it is ended, and its memory given back.
 */
export const ROSTER_READER_IDLE_MS = 60_000;

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
  /** Every live thread, reading or idle; never more than ROSTER_READERS_AT_ONCE. */
  private readonly threads = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  /** How many files each person has being read or waiting. */
  private readonly perPerson = new Map<string, number>();
  private stopping = false;

  constructor(@Inject(ROSTER_READER_THREAD) private readonly reader: RosterReaderThread) {}

  /** Files being read now, files waiting for a reader, and the threads alive (reading or idle). */
  get load(): { reading: number; waiting: number; threads: number } {
    return { reading: this.slots.active, waiting: this.slots.queued, threads: this.threads.size };
  }

  /** Reads `person`'s file (they may have ROSTER_FILES_PER_PERSON at once; 429 past it). */
  async read(fileName: string, base64: string, person: string): Promise<RosterFileRow[]> {
    const held = this.perPerson.get(person) ?? 0;
    if (held >= ROSTER_FILES_PER_PERSON)
      throw new ServiceError(
        'RATE_LIMITED',
        'Your previous roster file is still being read. Wait for its answer, then send the next.',
        undefined,
        5,
      );
    this.perPerson.set(person, held + 1);
    try {
      return await this.readOnce(fileName, base64);
    } finally {
      const left = (this.perPerson.get(person) ?? 1) - 1;
      if (left > 0) this.perPerson.set(person, left);
      else this.perPerson.delete(person);
    }
  }

  private async readOnce(fileName: string, base64: string): Promise<RosterFileRow[]> {
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

  /**
   * Reads a file in an idle thread, or a new one. A thread that answered is kept for the next
   * file (starting one and loading exceljs costs more than reading a roster), until it has been
   * idle for ROSTER_READER_IDLE_MS; one that failed, ran out of memory or time is ended.
   */
  private async readInThread(kind: RosterFileKind, bytes: Buffer): Promise<RosterReaderAnswer> {
    if (this.stopping) throw stoppingError();
    const thread = this.idle.pop() ?? this.startThread();
    clearTimeout(this.idleTimers.get(thread));
    const answer = await this.ask(thread, { kind, bytes });
    if (this.stopping) void this.end(thread);
    else {
      this.idle.push(thread);
      this.idleTimers.set(
        thread,
        setTimeout(() => {
          const index = this.idle.indexOf(thread);
          if (index >= 0) this.idle.splice(index, 1);
          void this.end(thread);
        }, ROSTER_READER_IDLE_MS).unref(),
      );
    }
    return answer;
  }

  private startThread(): Worker {
    const thread = new Worker(this.reader.script, { ...this.reader.options, resourceLimits: READER_LIMITS });
    // A kept thread does not hold the process open: stopping is the gateway's to decide.
    thread.unref();
    this.threads.add(thread);
    return thread;
  }

  private async end(thread: Worker): Promise<void> {
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    await thread.terminate();
    this.threads.delete(thread);
  }

  /** Sends the thread a file; answers its reply, or ends the thread and refuses the file. */
  private ask(thread: Worker, file: RosterReaderFile): Promise<RosterReaderAnswer> {
    return new Promise<RosterReaderAnswer>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      // The slot is given back only once a failed thread has ended, so no more live than slots.
      const fail = (error: Error) => {
        done();
        void this.end(thread).finally(() => reject(error));
      };
      const onMessage = (answer: RosterReaderAnswer) => {
        done();
        resolve(answer);
      };
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? asServiceError(
                'PAYLOAD_TOO_LARGE',
                `The roster file needs more than the ${ROSTER_READER_HEAP_MB} MB of memory one file may use to read.`,
              )
            : error,
        );
      const onExit = (code: number) =>
        fail(
          this.stopping
            ? stoppingError()
            : new Error(`The roster reader thread ended (exit code ${code}) without an answer.`),
        );
      const timer = setTimeout(
        () =>
          fail(
            asServiceError(
              'PAYLOAD_TOO_LARGE',
              `The roster file took longer than ${ROSTER_READ_TIME_LIMIT_MS / 1000} seconds to read, the most one file may take.`,
            ),
          ),
        ROSTER_READ_TIME_LIMIT_MS,
      );
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
      thread.postMessage(file);
    });
  }

  /** Threads still reading when the gateway stops are ended with it, idle ones too, and no other starts. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.idle.length = 0;
    await Promise.all([...this.threads].map((thread) => this.end(thread)));
  }
}
