import {
  flaggedForReplacement,
  SUBJECTS,
  type ActingUser,
  type DeviceOwnershipRow,
  type DeviceServiceCostRow,
  type DeviceServiceCosts,
  type ReportRowsPage,
  type ReportScope,
} from '@caliber/contracts';
import { readAhead } from '../builders/build-context';
import type { ReportDataClient } from '../data/report-data.client';

/** A device with its work of the period, as one page of both services gives them. */
export interface DeviceCost {
  device: DeviceOwnershipRow;
  work: DeviceServiceCostRow | undefined;
  flagged: boolean;
}

/**
 * Equipment's devices a page at a time, each page's work asked of maintenance: what the two
 * services hold of one device, side by side, with no answer growing with the inventory. Both are
 * asked for `user`, so each owner applies its own rule of who reads costs.
 */
export async function* deviceCosts(
  data: ReportDataClient,
  scope: ReportScope,
  user: ActingUser,
): AsyncGenerator<DeviceCost[]> {
  const pages = data.pages<DeviceOwnershipRow>(SUBJECTS.equipment.reportOwnership, scope, user);
  const first = await pages.next();
  for await (const page of readAhead<ReportRowsPage<DeviceOwnershipRow>>(pages, first)) {
    if (page.rows.length === 0) continue;
    const { rows } = await data.ask<DeviceServiceCosts>(
      SUBJECTS.maintenance.reportDeviceServiceCosts,
      { scope, ids: page.rows.map((device) => device.equipmentId) },
      user,
    );
    const work = new Map(rows.map((row) => [row.equipmentId, row]));
    yield page.rows.map((device) => {
      const own = work.get(device.equipmentId);
      return { device, work: own, flagged: flaggedForReplacement(device, own) };
    });
  }
}
