import type { RosterFileRow } from '@caliber/contracts';
import { bufferOf, fileJobKind, refuseUpload, type SheetFileType } from '@caliber/file-kit/worker';
import { readRosterRows, ROSTER_FILE } from '../roster-files/roster-rows';
import { writeRosterWorkbook, type RosterExportRow } from '../roster-files/roster-workbook';

/** A roster file as read from the file store: its type by its name, and its bytes. */
export interface RosterUpload {
  type: SheetFileType;
  bytes: Uint8Array;
}

/**
 * The identity service's file jobs, with their limits (the shared kit's FileWorkerPool runs them):
 * the service's pool and its worker entry (file-worker.worker.ts) both take this table.
 */
export const IDENTITY_FILE_JOBS = {
  /**
   * A roster file (at most 2 MB, 2,500 people): 64 MB of heap and 20 s are several times what the
   * largest roster takes (see docs/using/staff.md, "Roster import and export").
   */
  readRoster: fileJobKind({
    subject: 'roster file',
    plural: 'roster files',
    verb: 'read',
    doing: 'reading',
    heapMb: 64,
    timeMs: 20_000,
    before: (upload: RosterUpload) => refuseUpload(ROSTER_FILE, upload.type, bufferOf(upload.bytes)),
    run: (upload: RosterUpload): Promise<RosterFileRow[]> =>
      readRosterRows(upload.type, bufferOf(upload.bytes)),
  }),
  /**
   * The roster as a workbook, written row by row as its pages arrive. Measured in this service's
   * built worker on this 2-core machine under load: 10,000 people (415 KB) run out of 24 MB of heap,
   * and take 5.8 s in 32 MB, 3.3 s in 64 MB; 50,000 people (2 MB, far past any hospital's staff)
   * take 11 s in 64 MB. 64 MB and 30 s leave room.
   */
  writeRoster: fileJobKind({
    subject: 'roster export',
    plural: 'roster exports',
    verb: 'write',
    doing: 'writing',
    heapMb: 64,
    timeMs: 30_000,
    run: async (_input: null, pages: AsyncIterable<RosterExportRow[]>): Promise<Uint8Array> =>
      writeRosterWorkbook(pages),
  }),
};

export type IdentityFileJobs = typeof IDENTITY_FILE_JOBS;
