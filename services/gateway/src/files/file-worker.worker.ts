import { parentPort } from 'node:worker_threads';
import { FILE_JOBS, type FileJobName } from './file-jobs';
import type { FromFileWorker, ToFileWorker } from './file-worker-messages';
import { FileRefusal } from './sheets/file-refusal';

/**
 * A worker thread that does file jobs (reading an upload, writing an export), one at a time as the
 * gateway sends them, and answers each job's output or its refusal. The gateway keeps it for the
 * next job while it is used, with a memory limit, and ends it when it fails, takes too long or has
 * been idle (see FileWorkers): a file that is slow or large to read or write holds this thread and
 * its own heap, never the gateway's event loop.
 */

const post = (message: FromFileWorker) => parentPort?.postMessage(message);

/** A streamed job's parts as they arrive, taken one at a time; each taken part is said to the gateway. */
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

async function answer(kind: FileJobName, input: unknown, parts: Parts): Promise<FromFileWorker> {
  const run = FILE_JOBS[kind].run as (input: unknown, parts: AsyncIterable<unknown>) => Promise<unknown>;
  try {
    return { type: 'done', output: await run(input, parts) };
  } catch (error) {
    // Anything but a refusal fails the thread: the gateway ends it and answers 500.
    if (!(error instanceof FileRefusal)) throw error;
    return { type: 'refused', code: error.code, message: error.message };
  }
}

let parts = new Parts();

parentPort?.on('message', (message: ToFileWorker) => {
  if (message.type === 'part') parts.push(message.part);
  else if (message.type === 'end') parts.end();
  else {
    parts = new Parts();
    if (!message.streamed) parts.end();
    void answer(message.kind, message.input, parts).then(post);
  }
});
