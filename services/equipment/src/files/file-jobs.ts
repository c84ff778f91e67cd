import {
  labelLayout,
  type AssetLabel,
  type InventoryExportDevice,
  type LabelLayoutId,
} from '@caliber/contracts';
import { bufferOf, fileJobKind as kind, refuseUpload, type SheetFileType } from '@caliber/file-kit/worker';
import { INVENTORY_FILE, readInventoryRows, type InventoryFileRead } from '../inventory-files/inventory-rows';
import { writeInventoryWorkbook, type InventoryWorkbookInput } from '../inventory-files/inventory-workbook';
import { writeAssetLabels } from '../labels/asset-labels-pdf';

/** An inventory file as read from the file store: its type by its name, and its bytes. */
export interface SheetUpload {
  type: SheetFileType;
  bytes: Uint8Array;
}

/**
 * The equipment service's file jobs, by name, with their limits (the shared kit's FileWorkerPool
 * runs them; the service's worker entry, file-worker.worker.ts, runs the entry's `run`). The
 * inventory's formats and the label sheets are read and written here, in this service's threads,
 * so a change to them ships with this service alone.
 */
export const EQUIPMENT_FILE_JOBS = {
  /**
   * An inventory file (at most 8 MB, 20,000 devices). Measured with 20,000 devices in the built
   * worker, the least heap that reads them and the time at 192 MB: the import's 11 columns as CSV,
   * 48 MB (0.6 s) and as Excel saves them, 48 MB (1.1 s); Caliber's own export in its 25 columns,
   * 64 MB (2 s, 4.3 s at 64 MB); a hospital sheet of 40 columns, 96 MB (4 s, 7.5 s at 96 MB: most
   * of it the 580,000 distinct texts it holds). 192 MB is twice the widest, and halves its time; a
   * wider file is refused 413 with the limit named. 30 s leaves room for a busy machine.
   */
  readInventory: kind({
    subject: 'inventory file',
    plural: 'inventory files',
    verb: 'read',
    doing: 'reading',
    field: 'content',
    heapMb: 192,
    timeMs: 30_000,
    before: (upload: SheetUpload) => refuseUpload(INVENTORY_FILE, upload.type, bufferOf(upload.bytes)),
    run: (upload: SheetUpload): Promise<InventoryFileRead> =>
      readInventoryRows(upload.type, bufferOf(upload.bytes)),
  }),
  /**
   * An inventory export as a workbook, written row by row as its pages arrive (at most 50,000
   * devices, 7.9 MB). Measured writing 50,000: 32 MB of heap collects garbage most of the time
   * (50 s), 64 MB takes 8.8 s, 128 MB 5.7 s: 128 MB, and 30 s with the pages' own fetching.
   */
  writeInventoryXlsx: kind({
    subject: 'inventory export',
    plural: 'inventory exports',
    verb: 'write',
    doing: 'writing',
    heapMb: 128,
    timeMs: 30_000,
    run: (
      input: InventoryWorkbookInput,
      pages: AsyncIterable<InventoryExportDevice[]>,
    ): Promise<Uint8Array> => writeInventoryWorkbook(input, pages),
  }),
  /**
   * A PDF of QR asset tags (at most 5,000). Measured making 5,000 on A4 sheets of 21 on this 2-core
   * machine under load: 42 MB of heap at its peak, 5 to 6 s (half of it choosing each QR code's
   * mask, as the QR standard asks); it still finishes in 32 MB, slower. 128 MB and 30 s leave room.
   */
  writeAssetLabels: kind({
    subject: 'sheet of labels',
    plural: 'sheets of labels',
    verb: 'make',
    doing: 'making',
    heapMb: 128,
    timeMs: 30_000,
    run: async (input: { labels: AssetLabel[]; layout: LabelLayoutId; skip: number }): Promise<Uint8Array> =>
      writeAssetLabels(input.labels, labelLayout(input.layout), input.skip),
  }),
};

export type EquipmentFileJobs = typeof EQUIPMENT_FILE_JOBS;
