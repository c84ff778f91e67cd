import { parentPort } from 'node:worker_threads';
import type { FileJobTable } from './file-job';
import type { FromFileWorker, ToFileWorker } from './file-worker-messages';
import { FileRefusal } from './sheets/file-refusal';

/*
 * The generic part of a worker thread that does a service's file jobs (reading an upload, writing
 * an export), one at a time as the service sends them, answering each job's output or its refusal.
 * The service keeps the thread for the next job while it is used, with a memory limit, and ends it
 * when it fails, takes too long or has been idle (see FileWorkerPool): a file that is slow or large
 * to read or write holds this thread and its own heap, never the service's event loop. This module
 * and what it imports load no service kit: a thread's heap is for its file.
 */

const post = (message: FromFileWorker) => parentPort?.postMessage(message);

/** A streamed job's parts as they arrive, taken one at a time; each taken part is said to the service. */
class Parts implements AsyncIterable<unknown> {
  private readonly arrived: unknown[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  push(part: unknown): void {
    this.arrived.push(part);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<unknown> {
    for (;;) {
      if (this.arrived.length > 0) {
        const part = this.arrived.shift();
        post({ type: 'took' });
        yield part;
      } else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

async function answer(
  jobs: FileJobTable,
  kind: string,
  input: unknown,
  parts: Parts,
): Promise<FromFileWorker> {
  const job = jobs[kind];
  if (!job) throw new Error(`This worker does no file job called ${kind}.`);
  try {
    return { type: 'done', output: await job.run(input, parts) };
  } catch (error) {
    // Anything but a refusal fails the thread: the service ends it and answers 500.
    if (!(error instanceof FileRefusal)) throw error;
    return { type: 'refused', code: error.code, message: error.message };
  }
}

/**
 * Makes this thread a file worker for `jobs`: a service's worker entry (an rspack entry of its
 * bundle, `src/files/file-worker.worker.ts`) is this one call with the service's job table.
 */
export function runFileWorker(jobs: FileJobTable): void {
  let parts = new Parts();
  parentPort?.on('message', (message: ToFileWorker) => {
    if (message.type === 'part') parts.push(message.part);
    else if (message.type === 'end') parts.end();
    else {
      parts = new Parts();
      if (!message.streamed) parts.end();
      void answer(jobs, message.kind, message.input, parts).then(post);
    }
  });
}
