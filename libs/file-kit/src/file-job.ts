/**
 * One kind of work a service's file workers do: what it is called in messages, the memory and time
 * one job may take, the checks made before it takes a thread, and the work itself (run in a worker
 * thread). A service lists its kinds in one job table, which both its pool (FileWorkerPool: the
 * limits, the messages, the checks) and its worker entry (runFileWorker: the work) take.
 */
export interface FileJobKind<Input, Output, Part = never> {
  /** What the job works on: "roster file" ("The roster file needs more than …"). */
  subject: string;
  /** Its plural, for the server's load: "roster files". */
  plural: string;
  /** What the job does to it: "read" ("… of memory one file may use to read"). */
  verb: string;
  /** The same as the server's doing: "reading" ("The server is already reading 10 roster files"). */
  doing: string;
  /** The request's field a refusal names (the upload's `content`), if the file came in one. */
  field?: string;
  /** The heap one job's thread may grow to; past it the thread is ended and the job refused. */
  heapMb: number;
  /** How long one job may take; past it the thread is ended and the job refused. */
  timeMs: number;
  /** Cheap checks on the event loop before the job takes a place (a file's size, a ZIP's directory). */
  before?(input: Input): void;
  /** The work, in a worker thread; `parts` are what the service streams to it after `input`. */
  run(input: Input, parts: AsyncIterable<Part>): Promise<Output>;
}

/** Any kind, whatever it takes and answers (methods compare their parameters both ways). */
export type AnyFileJob = FileJobKind<unknown, unknown, unknown>;

/** A service's job table: every kind of file job it does, by name. */
export type FileJobTable = Readonly<Record<string, AnyFileJob>>;

export type FileJobInput<Job extends AnyFileJob> = Parameters<Job['run']>[0];
export type FileJobOutput<Job extends AnyFileJob> = Awaited<ReturnType<Job['run']>>;
export type FileJobPart<Job extends AnyFileJob> =
  Parameters<Job['run']>[1] extends AsyncIterable<infer Part> ? Part : never;

/** A kind, its input and output typed from its `run`. */
export const fileJobKind = <Input, Output, Part = never>(job: FileJobKind<Input, Output, Part>) => job;

/** Bytes sent to a thread arrive as a Uint8Array; the readers take a Buffer over the same memory. */
export const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
