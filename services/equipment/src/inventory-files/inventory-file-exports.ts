import { Inject, Injectable } from '@nestjs/common';
import {
  hasFullAccess,
  INVENTORY_EXPORT_MAX_ROWS,
  inventoryExportColumns,
  inventoryImportColumns,
  readsCosts,
  type Actor,
  type EquipmentDto,
  type InventoryExportColumn,
  type InventoryExportDevice,
  type EquipmentFilters,
  type HospitalListsDto,
  type InventoryExportFormat,
  type InventoryFileType,
  type OutgoingFile,
} from '@caliber/contracts';
import { FILE_STORE, ServiceError, type FileStore } from '@caliber/service-kit';
import { AcquisitionFiguresReader } from '../acquisition/acquisition-figures';
import { EQUIPMENT_CONFIG, type EquipmentConfig } from '../config';
import { FileWorkers } from '../files/file-workers';
import { keepOutgoing } from '@caliber/service-kit';
import { EquipmentService } from '../inventory/equipment.service';
import { ListsService } from '../lists/lists.service';
import { inventoryCsvHeader, inventoryCsvRows } from './inventory-csv';
import { hospitalToday } from './inventory-export-cells';
import { firstPage, pagesFrom, type InventoryPages } from './inventory-pages';
import { inventoryTemplateCsv, inventoryTemplateXlsx, templateListsOf } from './inventory-template';

/** What the template needs of the hospital lists: its drop-downs' departments and categories. */
export type TemplateListSource = Pick<ListsService, 'lists'>;

/** Where a cost reader's export finds its devices' acquisition figures, a page at a time. */
export type FiguresSource = Pick<AcquisitionFiguresReader, 'byDevice'>;

/**
 * The pages with each device's acquisition figures (null when none are recorded): one bounded
 * query per page, as the page itself is, so the export still streams.
 */
export async function* withFigures(
  figures: FiguresSource,
  pages: AsyncIterable<EquipmentDto[]>,
): AsyncGenerator<InventoryExportDevice[]> {
  for await (const page of pages) {
    const found = await figures.byDevice(page.map((item) => item._id));
    yield page.map((item) => ({ ...item, acquisition: found.get(item._id) ?? null }));
  }
}

/**
 * The inventory's files for download: the import template and the export, each written into the
 * file store (`outgoing/…`) for the gateway to stream, never sent whole over the bus.
 */
@Injectable()
export class InventoryFileExports {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly files: FileWorkers,
    @Inject(EquipmentService) private readonly inventory: InventoryPages,
    @Inject(ListsService) private readonly lists: TemplateListSource,
    @Inject(EQUIPMENT_CONFIG) private readonly config: Pick<EquipmentConfig, 'timeZone'>,
    @Inject(AcquisitionFiguresReader) private readonly figures: FiguresSource,
  ) {}

  /**
   * The template: CSV (the header row), or a workbook with the hospital's lists as drop-downs.
   * Anyone signed in may fill one in; the acquisition figures' columns are in it only for those who
   * may set them (Engineers and Admins), so nobody is handed a column their import would refuse.
   */
  async template(actor: Actor, format: InventoryFileType): Promise<OutgoingFile> {
    const columns = inventoryImportColumns(hasFullAccess(actor.role));
    const fileName = `inventory-template.${format}`;
    if (format === 'csv') return keepOutgoing(this.store, fileName, [inventoryTemplateCsv(columns)]);
    const lists: HospitalListsDto = await this.lists.lists();
    const workbook = await inventoryTemplateXlsx(templateListsOf(lists), columns);
    return keepOutgoing(this.store, fileName, [workbook]);
  }

  /**
   * The inventory as filtered, as CSV (written page by page as the pages are read) or XLSX (written
   * in a file worker): everyone may read the inventory. The acquisition figures are costs: their
   * columns are in the export only of someone who reads costs (`readsCosts`: Engineers, Managers,
   * Admins), each page's figures read with it; anyone else's export is the inventory record alone.
   * One export per person at once.
   */
  export(actor: Actor, format: InventoryExportFormat, filters: EquipmentFilters): Promise<OutgoingFile> {
    return this.files.forPerson(actor._id, 'inventoryExport', async () => {
      const selection = { filters };
      // The size is known from the first page, before anything is written.
      const first = await firstPage(this.inventory, selection);
      if (first.total > INVENTORY_EXPORT_MAX_ROWS)
        throw new ServiceError(
          'PAYLOAD_TOO_LARGE',
          `The inventory as filtered holds ${first.total.toLocaleString('en')} devices; one export holds at most ${INVENTORY_EXPORT_MAX_ROWS.toLocaleString(
            'en',
          )}. Filter it (by department, status or category) and export each part.`,
        );
      const costs = readsCosts(actor.role);
      const devices = pagesFrom(this.inventory, selection, first, INVENTORY_EXPORT_MAX_ROWS);
      const pages = costs ? withFigures(this.figures, devices) : devices;
      const fileName = `inventory-${hospitalToday(this.config.timeZone)}.${format}`;
      if (format === 'xlsx') {
        const workbook = await this.files.run(
          'writeInventoryXlsx',
          { timeZone: this.config.timeZone, costs },
          pages,
        );
        return keepOutgoing(this.store, fileName, [
          Buffer.from(workbook.buffer, workbook.byteOffset, workbook.byteLength),
        ]);
      }
      return keepOutgoing(this.store, fileName, this.csv(pages, inventoryExportColumns(costs)));
    });
  }

  /** The CSV as the pages arrive: a page is a few milliseconds of the event loop. */
  private async *csv(
    pages: AsyncIterable<InventoryExportDevice[]>,
    columns: readonly InventoryExportColumn[],
  ): AsyncGenerator<string> {
    yield inventoryCsvHeader(columns);
    for await (const page of pages) yield inventoryCsvRows(page, this.config.timeZone, columns);
  }
}
