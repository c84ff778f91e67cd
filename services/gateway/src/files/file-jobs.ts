import type { RosterFileRow } from '@caliber/contracts';
import { readRosterRows, ROSTER_FILE } from '../users/roster-rows';
import { bufferOf, fileJobKind as kind, refuseUpload, type SheetFileType } from '@caliber/file-kit/worker';

/** A file as the gateway received it: its type by its name, and its bytes. */
export interface SheetUpload {
  type: SheetFileType;
  bytes: Uint8Array;
}

/**
 * Every kind of file job the gateway still does, by name, with its limits (the shared kit's
 * FileWorkerPool runs them). Adding a kind is one entry here: the pool sends jobs by name, and the
 * gateway's worker entry (file-worker.worker.ts) runs the entry's `run`.
 */
export const FILE_JOBS = {
  /**
   * A roster file (at most 2 MB, 2,500 people): 64 MB of heap and 20 s are several times what the
   * largest roster takes (see docs/using/staff.md, "Roster import and export").
   */
  readRoster: kind({
    subject: 'roster file',
    plural: 'roster files',
    verb: 'read',
    doing: 'reading',
    field: 'content',
    heapMb: 64,
    timeMs: 20_000,
    before: (upload: SheetUpload) => refuseUpload(ROSTER_FILE, upload.type, bufferOf(upload.bytes)),
    run: (upload: SheetUpload): Promise<RosterFileRow[]> =>
      readRosterRows(upload.type, bufferOf(upload.bytes)),
  }),
};

export type FileJobName = keyof typeof FILE_JOBS;
