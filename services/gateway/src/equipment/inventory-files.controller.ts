import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Body, Controller, Inject, Query, Res } from '@nestjs/common';
import { Operation } from '../api/operation-routes';
import { EQUIPMENT_OPERATIONS } from './equipment.operations';
import type { Response } from 'express';
import {
  INVENTORY_EXPORT_MAX_ROWS,
  INVENTORY_EXPORT_PAGE_ROWS,
  hasFullAccess,
  inventoryExportQuerySchema,
  inventoryImportRequestSchema,
  type EquipmentDto,
  type EquipmentFilters,
  type InventoryExportPage,
  type InventoryFileType,
  type InventoryImportDto,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { FileWorkers } from '../files/file-workers';
import { sheetFileType } from '@caliber/file-kit/worker';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { EquipmentClient } from './equipment.client';
import { inventoryCsvHeader, inventoryCsvRows } from './inventory-csv';
import { hospitalToday } from './inventory-export-cells';
import { stageChunks } from './inventory-staging';
import {
  inventoryTemplateCsv,
  inventoryTemplateQuerySchema,
  inventoryTemplateXlsx,
  templateListsOf,
} from './inventory-template';

const CONTENT_TYPES: Record<InventoryFileType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The headers of a file download: its type, its name, and never kept by a shared cache. */
function attachment(response: Response, format: InventoryFileType, name: string): void {
  response.setHeader('Content-Type', CONTENT_TYPES[format]);
  response.setHeader('Content-Disposition', `attachment; filename="${name}.${format}"`);
  response.setHeader('Cache-Control', 'private, no-store');
}

/**
 * A file is read only for someone who may import it: the equipment service decides again, but a
 * workbook is not unpacked for a person who would be refused anyway.
 */
function refuseImport(session: GatewaySession): void {
  if (!hasFullAccess(session.user.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may import equipment.');
}

/**
 * The inventory's files over HTTP: the import template, staged imports (read here in a file
 * worker, checked and kept by the equipment service until applied), and the export. Registered
 * before EquipmentController, so `import`, `imports` and `export` are not taken for a device's id.
 */
@Controller()
export class InventoryFilesController {
  constructor(
    private readonly equipment: EquipmentClient,
    private readonly files: FileWorkers,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The template: anyone signed in may fill one in (only Engineers and Admins may import it). */
  @Operation(EQUIPMENT_OPERATIONS.getInventoryImportTemplate)
  async template(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(inventoryTemplateQuerySchema))
    query: z.output<typeof inventoryTemplateQuerySchema>,
    @Res() response: Response,
  ): Promise<void> {
    const file =
      query.format === 'csv'
        ? Buffer.from(inventoryTemplateCsv())
        : await inventoryTemplateXlsx(templateListsOf(await this.equipment.lists(session)));
    attachment(response, query.format, 'inventory-template');
    response.end(file);
  }

  /**
   * Reads the file (in a file worker), stages its rows with the equipment service in chunks, and
   * answers the preview. Nothing is written to the inventory before Apply.
   */
  @Operation(EQUIPMENT_OPERATIONS.stageInventoryImport)
  async stage(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(inventoryImportRequestSchema)) file: z.output<typeof inventoryImportRequestSchema>,
  ): Promise<InventoryImportDto> {
    refuseImport(session);
    return this.files.forPerson(session.user._id, 'inventoryImport', async () => {
      const read = await this.files.run('readInventory', {
        type: sheetFileType(file.fileName),
        bytes: Buffer.from(file.content, 'base64'),
      });
      const { importId } = await this.equipment.importBegin(session, {
        fileName: file.fileName,
        dateOrder: file.dateOrder,
        rows: read.rows.length,
        columns: read.columns,
        columnsIgnored: read.columnsIgnored,
      });
      try {
        for (const rows of stageChunks(read.rows))
          await this.equipment.importRows(session, { importId, rows });
        return await this.equipment.importPreview(session, importId);
      } catch (error) {
        // A half-staged import is of no use to anyone: it goes, and the person sends the file again.
        await this.equipment.importDiscard(session, importId).catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * The inventory as filtered, as CSV (streamed page by page as the pages arrive) or XLSX (written
   * in a file worker): everyone may read the inventory. One export per person at once.
   */
  @Operation(EQUIPMENT_OPERATIONS.exportInventory)
  async export(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(inventoryExportQuerySchema)) query: z.output<typeof inventoryExportQuerySchema>,
    @Res() response: Response,
  ): Promise<void> {
    const { format, ...filters } = query;
    await this.files.forPerson(session.user._id, 'inventoryExport', async () => {
      // The size is known from the first page, before anything is written.
      const first = await this.equipment.exportPage(session, {
        filters,
        after: null,
        limit: INVENTORY_EXPORT_PAGE_ROWS,
      });
      if (first.total > INVENTORY_EXPORT_MAX_ROWS)
        throw new ServiceError(
          'PAYLOAD_TOO_LARGE',
          `The inventory as filtered holds ${first.total.toLocaleString('en')} devices; one export holds at most ${INVENTORY_EXPORT_MAX_ROWS.toLocaleString(
            'en',
          )}. Filter it (by department, status or category) and export each part.`,
        );
      const pages = this.pages(session, filters, first);
      const name = `inventory-${hospitalToday(this.config.timeZone)}`;
      if (format === 'xlsx') {
        const workbook = await this.files.run(
          'writeInventoryXlsx',
          { timeZone: this.config.timeZone },
          pages,
        );
        attachment(response, format, name);
        response.end(Buffer.from(workbook.buffer, workbook.byteOffset, workbook.byteLength));
        return;
      }
      attachment(response, format, name);
      await this.streamCsv(response, pages);
    });
  }

  /**
   * The pages of an export, from the first (already fetched) on, following the cursor; never more
   * than INVENTORY_EXPORT_MAX_ROWS devices, even if the inventory grew while they were read.
   */
  private async *pages(
    session: GatewaySession,
    filters: EquipmentFilters,
    first: InventoryExportPage,
  ): AsyncGenerator<EquipmentDto[]> {
    let page = first;
    let left = INVENTORY_EXPORT_MAX_ROWS;
    for (;;) {
      const devices = page.equipment.slice(0, left);
      left -= devices.length;
      if (devices.length > 0) yield devices;
      if (!page.next || left <= 0) return;
      page = await this.equipment.exportPage(session, {
        filters,
        after: page.next,
        limit: INVENTORY_EXPORT_PAGE_ROWS,
      });
    }
  }

  /**
   * Writes the CSV as the pages arrive: a page is a few milliseconds of the event loop (15,000 rows
   * written at once took 100 ms). Once the headers are sent a failure cannot be a JSON answer: the
   * connection is cut, so the download fails instead of ending short.
   */
  private async streamCsv(response: Response, pages: AsyncIterable<EquipmentDto[]>): Promise<void> {
    const timeZone = this.config.timeZone;
    async function* chunks(): AsyncGenerator<string> {
      yield inventoryCsvHeader();
      for await (const page of pages) yield inventoryCsvRows(page, timeZone);
    }
    try {
      await pipeline(Readable.from(chunks()), response);
    } catch {
      response.destroy();
    }
  }
}
