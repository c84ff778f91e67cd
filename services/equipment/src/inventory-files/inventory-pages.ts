import {
  INVENTORY_EXPORT_PAGE_ROWS,
  type EquipmentDto,
  type EquipmentFilters,
  type InventoryExportPage,
} from '@caliber/contracts';
import type { EquipmentService } from '../inventory/equipment.service';

/** Where an export or a sheet of labels reads its devices: the inventory's pages, in name order. */
export type InventoryPages = Pick<EquipmentService, 'exportPage'>;

/** Which devices a file covers: the inventory as filtered, or the devices chosen. */
export type DeviceSelection = { filters: EquipmentFilters; ids?: never } | { ids: string[]; filters?: never };

/** The first page of a selection: its `total` says how large the file will be, before anything is written. */
export const firstPage = (inventory: InventoryPages, selection: DeviceSelection) =>
  inventory.exportPage({ ...selection, after: null, limit: INVENTORY_EXPORT_PAGE_ROWS });

/**
 * The pages of a selection, from the first (already read) on, following the cursor; never more
 * than `max` devices, even if the inventory grew while they were read. Each page is a bounded
 * query, so a file of 50,000 devices is never one read of the database.
 */
export async function* pagesFrom(
  inventory: InventoryPages,
  selection: DeviceSelection,
  first: InventoryExportPage,
  max: number,
): AsyncGenerator<EquipmentDto[]> {
  let page = first;
  let left = max;
  for (;;) {
    const devices = page.equipment.slice(0, left);
    left -= devices.length;
    if (devices.length > 0) yield devices;
    if (!page.next || left <= 0) return;
    page = await inventory.exportPage({
      ...selection,
      after: page.next,
      limit: INVENTORY_EXPORT_PAGE_ROWS,
    });
  }
}
