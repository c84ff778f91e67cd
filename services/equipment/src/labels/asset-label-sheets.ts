import { Inject, Injectable } from '@nestjs/common';
import {
  ASSET_LABELS_MAX,
  departmentLabel,
  deviceUrl,
  type Actor,
  type AssetLabel,
  type AssetLabelsCommand,
  type OutgoingFile,
} from '@caliber/contracts';
import { FILE_STORE, ServiceError, type FileStore } from '@caliber/service-kit';
import { EQUIPMENT_CONFIG, type EquipmentConfig } from '../config';
import { FileWorkers } from '../files/file-workers';
import { keepOutgoing } from '@caliber/service-kit';
import { EquipmentService } from '../inventory/equipment.service';
import { hospitalToday } from '../inventory-files/inventory-export-cells';
import {
  firstPage,
  pagesFrom,
  type DeviceSelection,
  type InventoryPages,
} from '../inventory-files/inventory-pages';

/**
 * A PDF of QR asset tags for the devices chosen or the inventory as filtered (at most
 * ASSET_LABELS_MAX), made in a file worker from the inventory's pages and written into the file
 * store for the gateway to stream: everyone may read the inventory, so everyone may print its
 * tags. Each QR code holds the device's address under the origin the gateway names (PUBLIC_URL or
 * the address the request came to). A chosen device no longer in the inventory refuses the sheet
 * rather than leaving a label out unseen. One sheet per person at once.
 */
@Injectable()
export class AssetLabelSheets {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly files: FileWorkers,
    @Inject(EquipmentService) private readonly inventory: InventoryPages,
    @Inject(EQUIPMENT_CONFIG) private readonly config: Pick<EquipmentConfig, 'timeZone' | 'productName'>,
  ) {}

  make(actor: Actor, { labels: asked, origin }: AssetLabelsCommand): Promise<OutgoingFile> {
    return this.files.forPerson(actor._id, 'assetLabels', async () => {
      const selection: DeviceSelection | undefined = asked.ids
        ? { ids: asked.ids }
        : asked.filters && { filters: asked.filters };
      if (!selection)
        throw new ServiceError('VALIDATION_FAILED', 'Send either ids (the devices chosen) or filters.');
      const first = await firstPage(this.inventory, selection);
      const chosen = asked.ids ? new Set(asked.ids).size : 0;
      if (asked.ids && first.total < chosen)
        throw new ServiceError(
          'NOT_FOUND',
          `${chosen - first.total} of the devices chosen are no longer in the inventory: reload the inventory and choose again.`,
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
      const labels: AssetLabel[] = [];
      for await (const page of pagesFrom(this.inventory, selection, first, ASSET_LABELS_MAX))
        for (const device of page)
          labels.push({
            name: device.name,
            serialNumber: device.serialNumber,
            department: departmentLabel(device.department, this.config.productName),
            url: deviceUrl(origin, device._id),
          });
      const pdf = await this.files.run('writeAssetLabels', {
        labels,
        layout: asked.layout,
        skip: asked.skip,
      });
      return keepOutgoing(this.store, `asset-labels-${hospitalToday(this.config.timeZone)}.pdf`, [
        Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      ]);
    });
  }
}
