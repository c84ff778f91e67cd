import { join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { OnModuleDestroy } from '@nestjs/common';
import { BoundedSlots, ServiceError } from '@caliber/service-kit';
import type { AnyFileJob, FileJobInput, FileJobOutput, FileJobPart, FileJobTable } from './file-job';
import type { FromFileWorker, ToFileWorker } from './file-worker-messages';
import { FileRefusal, type FileRefusalCode } from './sheets/file-refusal';

/**
 * Jobs done at once by one service, each in its own worker thread. Imports and exports are rare (a
 * few a day), and the service shares its cores with them: two at once leave the event loop a core.
 */
export const FILE_JOBS_AT_ONCE = 2;
/**
 * Jobs that wait for a thread, in order, beyond those being done. Each holds at most one upload
 * (8 MB at the most); a job past these is answered 503 at once, with a Retry-After, rather than
 * queued without end.
 */
export const FILE_JOBS_WAITING = 8;
/**
 * How long an idle thread is kept for the next job (a preview is usually followed by its apply
 * within a minute); then it is ended, and its memory given back.
 */
export const FILE_WORKER_IDLE_MS = 60_000;
/**
 * Parts of a streamed job sent to its thread and not yet taken: the service fetches the next page
 * while the thread writes one, but never piles pages up in the thread's heap.
 */
const PARTS_IN_FLIGHT = 2;

const stoppingError = () =>
  new ServiceError('SERVICE_UNAVAILABLE', 'The server is stopping; try again in a minute.');

const refusalOf = (job: AnyFileJob, code: FileRefusalCode, message: string) =>
  new ServiceError(code, message, job.field ? [{ path: job.field, message }] : undefined);

/** Where a worker thread's code is: a script file, or (with `eval`) code that loads it. */
export interface FileWorkerThread {
  script: string;
  options?: Pick<WorkerOptions, 'eval' | 'execArgv'>;
}
/** The injection token of a service's worker thread (its bundled entry, or its source in tests). */
export const FILE_WORKER_THREAD = Symbol('FILE_WORKER_THREAD');
/**
 * In a build, the service bundle's own worker entry next to its main.js (`dist/file-worker.worker.js`,
 * an rspack entry of the service's). The kit is compiled into that bundle, so `__dirname` is its `dist`.
 */
export const BUNDLED_FILE_WORKER: FileWorkerThread = {
  script: join(__dirname, 'file-worker.worker.js'),
};

/** "a, b and c". */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;

/**
 * Does a service's file jobs (reading an upload, writing an export: its job table) off the event
 * loop: each in a worker thread of its own, with the memory and time limits of its kind, at most
 * FILE_JOBS_AT_ONCE at once and FILE_JOBS_WAITING waiting, so one file cannot stall the service's
 * other requests. Each person has one file being done at once (`forPerson`, whose 429 names the
 * work they still have from `personWork`). A job's cheap checks (a file's size, a workbook's
 * declared unpacked size) are made before it takes a thread.
 *
 * A service makes one pool of its own: `jobs` is its job table (the same table its worker entry
 * runs, `runFileWorker`), `worker` its worker entry (`BUNDLED_FILE_WORKER` in a build).
 */
export class FileWorkerPool<Jobs extends FileJobTable, Work extends string> implements OnModuleDestroy {
  private readonly slots = new BoundedSlots(FILE_JOBS_AT_ONCE, FILE_JOBS_WAITING, () => this.busy());
  /** Jobs being done or waiting, by kind, for the message that says the server is busy. */
  private readonly pending = new Map<string, number>();
  /** Every live thread, working or idle, with its heap limit; never more than FILE_JOBS_AT_ONCE. */
  private readonly threads = new Map<Worker, number>();
  private readonly idle: Worker[] = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  /** What each person has being done. */
  private readonly perPerson = new Map<string, Work>();
  private stopping = false;

  constructor(
    private readonly jobs: Jobs,
    private readonly personWork: Readonly<Record<Work, string>>,
    private readonly worker: FileWorkerThread,
  ) {}

  /** Jobs being done now, jobs waiting for a thread, and the threads alive (working or idle). */
  get load(): { running: number; waiting: number; threads: number } {
    return { running: this.slots.active, waiting: this.slots.queued, threads: this.threads.size };
  }

  /**
   * Does `task` as `person`'s one piece of file work: while it runs, any other of theirs is 429 with
   * a message that names what they still have being done.
   */
  async forPerson<T>(person: string, work: Work, task: () => Promise<T>): Promise<T> {
    const held = this.perPerson.get(person);
    if (held) throw new ServiceError('RATE_LIMITED', this.personWork[held], undefined, 5);
    this.perPerson.set(person, work);
    try {
      return await task();
    } finally {
      this.perPerson.delete(person);
    }
  }

  /**
   * Does a job of `name` in a thread: `input` first, then (for a streamed job) each of `parts` as
   * the thread takes them. Answers the job's output; a refusal is a ServiceError (400 or 413).
   */
  async run<K extends keyof Jobs & string>(
    name: K,
    input: FileJobInput<Jobs[K]>,
    parts?: AsyncIterable<FileJobPart<Jobs[K]>>,
  ): Promise<FileJobOutput<Jobs[K]>> {
    const job = this.jobOf(name);
    try {
      job.before?.(input);
    } catch (error) {
      if (error instanceof FileRefusal) throw refusalOf(job, error.code, error.message);
      throw error;
    }
    // `run` decides synchronously whether the job may wait (and builds the busy message then), so
    // the job is counted only once it has its place.
    const done = this.slots.run(() => this.inThread(name, input, parts));
    this.pending.set(name, (this.pending.get(name) ?? 0) + 1);
    try {
      return (await done) as FileJobOutput<Jobs[K]>;
    } finally {
      const left = (this.pending.get(name) ?? 1) - 1;
      if (left > 0) this.pending.set(name, left);
      else this.pending.delete(name);
    }
  }

  /** 503: what the server is doing, by kind ("reading 10 roster files"). */
  private busy(): ServiceError {
    const doing = Object.keys(this.jobs)
      .filter((name) => this.pending.has(name))
      .map((name) => {
        const count = this.pending.get(name) ?? 0;
        const job = this.jobOf(name);
        return `${job.doing} ${count} ${count === 1 ? job.subject : job.plural}`;
      });
    return new ServiceError(
      'SERVICE_UNAVAILABLE',
      `The server is already ${listed(doing)}; try again in a minute.`,
      undefined,
      60,
    );
  }

  /**
   * Does a job in an idle thread of its heap limit, or a new one. A thread that answered is kept for
   * the next job (starting one and loading exceljs costs more than reading a roster), until it has
   * been idle for FILE_WORKER_IDLE_MS; one that failed, ran out of memory or time is ended.
   */
  /** The entry of a kind (TypeScript cannot relate an index by a type parameter). */
  private jobOf(name: string): AnyFileJob {
    const job = this.jobs[name];
    if (!job) throw new Error(`No file job is called ${name}.`);
    return job;
  }

  private async inThread(name: string, input: unknown, parts: AsyncIterable<unknown> | undefined) {
    if (this.stopping) throw stoppingError();
    const job = this.jobOf(name);
    const thread = await this.threadOf(job.heapMb);
    clearTimeout(this.idleTimers.get(thread));
    const output = await this.ask(thread, name, input, parts);
    if (this.stopping) void this.end(thread);
    else {
      this.idle.push(thread);
      this.idleTimers.set(
        thread,
        setTimeout(() => {
          const index = this.idle.indexOf(thread);
          if (index >= 0) this.idle.splice(index, 1);
          void this.end(thread);
        }, FILE_WORKER_IDLE_MS).unref(),
      );
    }
    return output;
  }

  /**
   * An idle thread with this heap limit, or a new one. A job has its slot, so at most
   * FILE_JOBS_AT_ONCE - 1 threads are working: an idle thread of another limit is ended first when
   * the threads are all alive, so no more live than slots.
   */
  private async threadOf(heapMb: number): Promise<Worker> {
    const same = this.idle.findIndex((thread) => this.threads.get(thread) === heapMb);
    if (same >= 0) return this.idle.splice(same, 1)[0] as Worker;
    const other = this.threads.size >= FILE_JOBS_AT_ONCE ? this.idle.shift() : undefined;
    if (other) await this.end(other);
    const thread = new Worker(this.worker.script, {
      ...this.worker.options,
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    // A kept thread does not hold the process open: stopping is the service's to decide.
    thread.unref();
    this.threads.set(thread, heapMb);
    return thread;
  }

  private async end(thread: Worker): Promise<void> {
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    await thread.terminate();
    this.threads.delete(thread);
  }

  /**
   * Sends the thread a job (and streams it its parts, at most PARTS_IN_FLIGHT not yet taken);
   * answers its output, or ends the thread and refuses the job.
   */
  private ask(
    thread: Worker,
    name: string,
    input: unknown,
    parts: AsyncIterable<unknown> | undefined,
  ): Promise<unknown> {
    const job = this.jobOf(name);
    return new Promise<unknown>((resolve, reject) => {
      let settled = false;
      let inFlight = 0;
      let taken: (() => void) | undefined;
      const done = () => {
        settled = true;
        clearTimeout(timer);
        thread.off('message', onMessage).off('error', onError).off('exit', onExit);
        taken?.();
      };
      // The slot is given back only once a failed thread has ended, so no more live than slots.
      const fail = (error: Error) => {
        if (settled) return;
        done();
        void this.end(thread).finally(() => reject(error));
      };
      const onMessage = (message: FromFileWorker) => {
        if (message.type === 'took') {
          inFlight -= 1;
          taken?.();
          return;
        }
        done();
        if (message.type === 'done') resolve(message.output);
        else reject(refusalOf(job, message.code, message.message));
      };
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? refusalOf(
                job,
                'PAYLOAD_TOO_LARGE',
                `The ${job.subject} needs more than the ${job.heapMb} MB of memory one file may use to ${job.verb}.`,
              )
            : error,
        );
      const onExit = (code: number) =>
        fail(
          this.stopping
            ? stoppingError()
            : new Error(`The file worker thread ended (exit code ${code}) without an answer.`),
        );
      const timer = setTimeout(
        () =>
          fail(
            refusalOf(
              job,
              'PAYLOAD_TOO_LARGE',
              `The ${job.subject} took longer than ${job.timeMs / 1000} seconds to ${job.verb}, the most one file may take.`,
            ),
          ),
        job.timeMs,
      );
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
      const send = (message: ToFileWorker) => thread.postMessage(message);
      send({ type: 'job', kind: name, input, streamed: parts !== undefined });
      if (!parts) return;
      void (async () => {
        try {
          for await (const part of parts) {
            while (!settled && inFlight >= PARTS_IN_FLIGHT)
              await new Promise<void>((resolve) => (taken = resolve));
            if (settled) break;
            inFlight += 1;
            send({ type: 'part', part });
          }
          if (!settled) send({ type: 'end' });
        } catch (error) {
          // The parts could not be had (a page of the export did not come): the job fails with it.
          fail(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    });
  }

  /** Threads still working when the service stops are ended with it, idle ones too, and no other starts. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.idle.length = 0;
    await Promise.all([...this.threads.keys()].map((thread) => this.end(thread)));
  }
}
