import type { FileRefusalCode } from './sheets/file-refusal';

/**
 * What a service sends its file worker thread: a job by its kind's name with its input, then (for
 * a job that is streamed) its parts one at a time and their end.
 */
export type ToFileWorker =
  | { type: 'job'; kind: string; input: unknown; streamed: boolean }
  | { type: 'part'; part: unknown }
  | { type: 'end' };

/**
 * What a file worker thread answers: that it took a part (so the service sends the next), then the
 * job's output or why the file is refused.
 */
export type FromFileWorker =
  | { type: 'took' }
  | { type: 'done'; output: unknown }
  | { type: 'refused'; code: FileRefusalCode; message: string };
