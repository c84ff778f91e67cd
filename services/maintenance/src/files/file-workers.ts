import { Inject, Injectable } from '@nestjs/common';
import { FILE_WORKER_THREAD, FileWorkerPool, type FileWorkerThread } from '@caliber/file-kit';
import { MAINTENANCE_FILE_JOBS, type MaintenanceFileJobs } from './file-jobs';

/**
 * What one person may have being read at once, and what the 429 says of it: a second analyser
 * file before the first is answered is a double click or a script.
 */
export const PERSON_WORK = {
  safetyImport:
    'Your previous analyser file is still being read and checked. Wait for its answer, then send the next.',
} as const;
export type PersonWork = keyof typeof PERSON_WORK;

/**
 * The maintenance service's file workers: the shared kit's bounded pool (two jobs at once, eight
 * waiting, memory and time per job, one file per person) with the service's job table and its
 * worker entry.
 */
@Injectable()
export class FileWorkers extends FileWorkerPool<MaintenanceFileJobs, PersonWork> {
  constructor(@Inject(FILE_WORKER_THREAD) worker: FileWorkerThread) {
    super(MAINTENANCE_FILE_JOBS, PERSON_WORK, worker);
  }
}
