import type { AnalyserFileRead } from '@caliber/contracts';
import { bufferOf, fileJobKind } from '@caliber/file-kit/worker';
import type { AnalyserFormat } from '../safety/analysers/analyser-format';
import {
  ANALYSER_FORMATS,
  readAnalyserFile,
  refuseAnalyserUpload,
} from '../safety/analysers/read-analyser-file';

/** An analyser file's bytes, as read from the file store. */
export interface AnalyserUpload {
  bytes: Uint8Array;
}

/**
 * The maintenance service's file jobs, with their limits (the shared kit's FileWorkerPool runs
 * them), for the analyser formats given: the service's pool and its worker entry both take the
 * table of `ANALYSER_FORMATS`; a test's worker entry may read one format more.
 */
export const maintenanceFileJobs = (formats: readonly AnalyserFormat[]) => ({
  /**
   * A safety analyser's CSV export (at most 2 MB, 1,000 tests): text read line by line into test
   * records. Measured with 1,000 Fluke-modelled rows (183 KB): the heap grew 6.5 MB, in 48 ms. In
   * this service's built worker (which loads the kit's sheet readers too), 1,000 Caliber-CSV rows
   * with long notes (235 KB) read in a 24 MB heap (16 MB runs out), 1.5 to 2.5 s with the thread's
   * start on this 2-core machine under load; 64 MB and 10 s leave room for a wider file.
   */
  readSafetyAnalyser: fileJobKind({
    subject: 'analyser file',
    plural: 'analyser files',
    verb: 'read',
    doing: 'reading',
    heapMb: 64,
    timeMs: 10_000,
    before: (upload: AnalyserUpload) => refuseAnalyserUpload(bufferOf(upload.bytes)),
    run: async (upload: AnalyserUpload): Promise<AnalyserFileRead> =>
      readAnalyserFile(bufferOf(upload.bytes), formats),
  }),
});

export const MAINTENANCE_FILE_JOBS = maintenanceFileJobs(ANALYSER_FORMATS);
export type MaintenanceFileJobs = typeof MAINTENANCE_FILE_JOBS;
