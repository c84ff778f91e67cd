import { Inject, Injectable } from '@nestjs/common';
import { FILE_WORKER_THREAD, FileWorkerPool, type FileWorkerThread } from '@caliber/file-kit';
import { EQUIPMENT_FILE_JOBS, type EquipmentFileJobs } from './file-jobs';

/**
 * What one person may have being done at once, and what the 429 says of it: an upload or an export
 * is one file, and a second before the first is answered is a double click or a script. So one
 * person cannot take every thread and waiting place from the others.
 */
export const PERSON_WORK = {
  inventoryImport:
    'Your previous inventory file is still being read and checked. Wait for its preview, then send the next.',
  inventoryExport:
    'Your previous inventory export is still being written. Wait for it to download, then ask for the next.',
  assetLabels:
    'Your previous sheet of labels is still being made. Wait for it to download, then ask for the next.',
} as const;
export type PersonWork = keyof typeof PERSON_WORK;

/**
 * The equipment service's file workers: the shared kit's bounded pool (two jobs at once, eight
 * waiting, memory and time per job, one file per person) with the service's job table (inventory
 * files, the inventory export, the asset labels) and its worker entry.
 */
@Injectable()
export class FileWorkers extends FileWorkerPool<EquipmentFileJobs, PersonWork> {
  constructor(@Inject(FILE_WORKER_THREAD) worker: FileWorkerThread) {
    super(EQUIPMENT_FILE_JOBS, PERSON_WORK, worker);
  }
}
