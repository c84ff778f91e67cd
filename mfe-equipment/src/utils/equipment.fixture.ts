import { type EquipmentDetail, type EquipmentDto, type EquipmentListResponse } from '@caliber/contracts';
import { deviceFixture as equipmentFixture } from '@caliber/web-testing/equipment';

export { signedInFixture as staffFixture } from '@caliber/web-testing/people';
export { equipmentFixture };

/** A device with the newest page of its status history, as `GET /equipment/{id}` answers. */
export function detailFixture(changes: Partial<EquipmentDetail> = {}): EquipmentDetail {
  return {
    ...equipmentFixture(),
    statusHistory: [
      { from: null, to: 'Serviceable', at: '2025-01-01T00:00:00.000Z', by: null, reason: null, taskId: null },
    ],
    statusHistoryTotal: 1,
    ...changes,
  };
}

/** Devices named 'Device n' from `from` on. */
export const devices = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    equipmentFixture({
      _id: `e${from + index}`,
      name: `Device ${from + index}`,
      serialNumber: `SN-${from + index}`,
    }),
  );

/** `GET /equipment` as the equipment service answers it: nine a page unless told. */
export function inventoryPage(
  equipment: EquipmentDto[],
  pageNumber = 1,
  total = equipment.length,
  limit = 9,
): EquipmentListResponse {
  return {
    equipment,
    total,
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / limit)),
    limit,
    filters: { departments: ['ICU', 'TSEU'], statuses: ['Serviceable', 'Unserviceable'], categories: [] },
  };
}
