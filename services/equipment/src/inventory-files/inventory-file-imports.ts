import { Inject, Injectable } from '@nestjs/common';
import {
  hasFullAccess,
  INVENTORY_IMPORT_MAX_BYTES,
  type Actor,
  type InventoryDateOrder,
  type InventoryImportDto,
  type InventoryStageBegin,
  type InventoryStageRows,
} from '@caliber/contracts';
import { sheetFileType } from '@caliber/file-kit/worker';
import { FILE_STORE, ServiceError, type FileStore } from '@caliber/service-kit';
import { FileWorkers } from '../files/file-workers';
import { incomingBytes } from '@caliber/service-kit';
import { InventoryImportService } from '../imports/inventory-import.service';
import { stageChunks } from './inventory-staging';

/** A stored inventory file to read and stage, as the gateway names it. */
export interface InventoryFileToStage {
  incomingKey: string;
  fileName: string;
  dateOrder: InventoryDateOrder;
}

/** What staging needs of the import service: a staged import begun, its rows, its preview, its removal. */
export type ImportStaging = Pick<InventoryImportService, 'begin' | 'stage' | 'preview' | 'discard'>;

/**
 * Inventory files handed over by the gateway: it streamed the file into the file store, and here
 * it is read (within its size) from there, its rows read in this service's file workers, staged in
 * chunks and previewed. Nothing is written to the inventory before Apply. One file per person at
 * once (429), and the incoming copy is removed whatever the outcome.
 */
@Injectable()
export class InventoryFileImports {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly files: FileWorkers,
    @Inject(InventoryImportService) private readonly imports: ImportStaging,
  ) {}

  async stage(actor: Actor, file: InventoryFileToStage): Promise<InventoryImportDto> {
    try {
      if (!hasFullAccess(actor.role))
        throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may import equipment.');
      return await this.files.forPerson(actor._id, 'inventoryImport', async () => {
        const bytes = await incomingBytes(
          this.store,
          file.incomingKey,
          INVENTORY_IMPORT_MAX_BYTES,
          'inventory file',
        );
        const read = await this.files.run('readInventory', { type: sheetFileType(file.fileName), bytes });
        const begin: InventoryStageBegin = {
          fileName: file.fileName,
          dateOrder: file.dateOrder,
          rows: read.rows.length,
          columns: read.columns,
          columnsIgnored: read.columnsIgnored,
        };
        const { importId } = await this.imports.begin(actor, begin);
        try {
          for (const rows of stageChunks(read.rows))
            await this.imports.stage(actor, { importId, rows } satisfies InventoryStageRows);
          return await this.imports.preview(actor, { importId });
        } catch (error) {
          // A half-staged import is of no use to anyone: it goes, and the person sends the file again.
          await this.imports.discard(actor, { importId }).catch(() => undefined);
          throw error;
        }
      });
    } finally {
      await this.store.delete(file.incomingKey).catch(() => undefined);
    }
  }
}
