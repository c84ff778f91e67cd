import { Inject, Injectable } from '@nestjs/common';
import { FILE_WORKER_THREAD, FileWorkerPool, type FileWorkerThread } from '@caliber/file-kit';
import { IDENTITY_FILE_JOBS, type IdentityFileJobs } from './file-jobs';

/**
 * What one person may have being done at once, and what the 429 says of it: a second roster file
 * or export before the first is answered is a double click or a script.
 */
export const PERSON_WORK = {
  rosterFile: 'Your previous roster file is still being read. Wait for its answer, then send the next.',
  rosterExport:
    'Your previous roster export is still being written. Wait for it to download, then ask for the next.',
} as const;
export type PersonWork = keyof typeof PERSON_WORK;

/**
 * The identity service's file workers: the shared kit's bounded pool (two jobs at once, eight
 * waiting, memory and time per job, one file per person) with the service's job table and its
 * worker entry.
 */
@Injectable()
export class FileWorkers extends FileWorkerPool<IdentityFileJobs, PersonWork> {
  constructor(@Inject(FILE_WORKER_THREAD) worker: FileWorkerThread) {
    super(IDENTITY_FILE_JOBS, PERSON_WORK, worker);
  }
}
