import { Inject, Injectable } from '@nestjs/common';
import { FILE_WORKER_THREAD, FileWorkerPool, type FileWorkerThread } from '@caliber/file-kit';
import { FILE_JOBS } from './file-jobs';

/**
 * What one person may have being done at once, and what the 429 says of it: an upload
 * is one file, and a second before the first is answered is a double click or a script. So one
 * person cannot take every thread and waiting place from the others.
 */
export const PERSON_WORK = {
  rosterFile: 'Your previous roster file is still being read. Wait for its answer, then send the next.',
} as const;
export type PersonWork = keyof typeof PERSON_WORK;

/**
 * The gateway's file workers: the shared kit's bounded pool with the gateway's job table (the
 * roster files) and its worker entry.
 */
@Injectable()
export class FileWorkers extends FileWorkerPool<typeof FILE_JOBS, PersonWork> {
  constructor(@Inject(FILE_WORKER_THREAD) worker: FileWorkerThread) {
    super(FILE_JOBS, PERSON_WORK, worker);
  }
}
