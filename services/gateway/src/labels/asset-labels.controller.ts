import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ASSET_LABELS_MAX,
  assetLabelsRequestSchema,
  departmentLabel,
  deviceUrl,
  INVENTORY_EXPORT_PAGE_ROWS,
  type EquipmentDto,
  type InventoryExportPage,
  type InventoryExportPageRequest,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { EquipmentClient } from '../equipment/equipment.client';
import { hospitalToday } from '../equipment/inventory-export-cells';
import { FileWorkers } from '../files/file-workers';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { LABELS_OPERATIONS } from './labels.operations';

/** Which devices a sheet of labels covers: those chosen, or the inventory as filtered. */
type Selection = Pick<InventoryExportPageRequest, 'ids' | 'filters'>;

/**
 * A PDF of QR asset tags for the devices chosen or the inventory as filtered (at most
 * ASSET_LABELS_MAX), made in a file worker from the inventory's export pages: everyone may read the
 * inventory, so everyone may print its tags. Each QR code holds the device's address under
 * PUBLIC_URL (or the address this request came to). A chosen device no longer in the inventory
 * refuses the sheet rather than leaving a label out unseen.
 */
@Controller()
export class AssetLabelsController {
  constructor(
    private readonly equipment: EquipmentClient,
    private readonly files: FileWorkers,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Operation(LABELS_OPERATIONS.printAssetLabels)
  async labels(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(assetLabelsRequestSchema)) asked: z.output<typeof assetLabelsRequestSchema>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const origin = this.config.publicUrl || `${request.protocol}://${request.get('host') ?? 'localhost'}`;
    await this.files.forPerson(session.user._id, 'assetLabels', async () => {
      const selection: Selection = asked.ids ? { ids: asked.ids } : { filters: asked.filters };
      const first = await this.equipment.exportPage(session, {
        ...selection,
        after: null,
        limit: INVENTORY_EXPORT_PAGE_ROWS,
      });
      if (asked.ids && first.total < new Set(asked.ids).size)
        throw new ServiceError(
          'NOT_FOUND',
          `${new Set(asked.ids).size - first.total} of the devices chosen are no longer in the inventory: reload the inventory and choose again.`,
        );
      if (first.total === 0)
        throw new ServiceError('NOT_FOUND', 'No device matches these filters: there is no label to print.');
      if (first.total > ASSET_LABELS_MAX)
        throw new ServiceError(
          'PAYLOAD_TOO_LARGE',
          `The inventory as filtered holds ${first.total.toLocaleString('en')} devices; one sheet of labels holds at most ${ASSET_LABELS_MAX.toLocaleString(
            'en',
          )}. Filter it (by department, status or category) and print each part.`,
        );
      const labels = [];
      for await (const page of this.selectionPages(session, selection, first))
        for (const device of page)
          labels.push({
            name: device.name,
            serialNumber: device.serialNumber,
            department: departmentLabel(device.department, this.config.web.productName),
            url: deviceUrl(origin, device._id),
          });
      const pdf = await this.files.run('writeAssetLabels', {
        labels: labels.slice(0, ASSET_LABELS_MAX),
        layout: asked.layout,
        skip: asked.skip,
      });
      response.setHeader('Content-Type', 'application/pdf');
      response.setHeader(
        'Content-Disposition',
        `attachment; filename="asset-labels-${hospitalToday(this.config.timeZone)}.pdf"`,
      );
      response.setHeader('Cache-Control', 'private, no-store');
      response.end(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    });
  }

  /** The pages of a sheet of labels' devices, from the first (already fetched) on. */
  private async *selectionPages(
    session: GatewaySession,
    selection: Selection,
    first: InventoryExportPage,
  ): AsyncGenerator<EquipmentDto[]> {
    let page = first;
    for (;;) {
      yield page.equipment;
      if (!page.next) return;
      page = await this.equipment.exportPage(session, {
        ...selection,
        after: page.next,
        limit: INVENTORY_EXPORT_PAGE_ROWS,
      });
    }
  }
}
