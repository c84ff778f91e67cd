import type { EquipmentDto, EquipmentListResponse } from '@caliber/contracts';
import { deviceFixture } from '@caliber/web-testing/equipment';

/** The fixture device's id (ids are UUIDs: the contracts refuse anything else). */
export const DEVICE_ID = '6f1c2a9e-0000-4000-8000-00000000e001';

/** A device as the inventory answers it, for the task screens' component tests. */
export function device(changes: Partial<EquipmentDto> = {}): EquipmentDto {
  return deviceFixture({
    _id: DEVICE_ID,
    name: 'Evita V500',
    manufacturer: 'Dräger',
    model: 'V500',
    serialNumber: 'EV-1',
    location: 'ICU Bed 3',
    installationDate: '2020-01-01',
    category: 'Ventilator',
    ...changes,
  });
}

/** `GET /equipment` answering `devices` whatever is typed. */
export function equipmentPage(devices: EquipmentDto[]): EquipmentListResponse {
  return {
    equipment: devices,
    total: devices.length,
    page: 1,
    pages: 1,
    limit: 20,
    filters: { departments: [], statuses: [], categories: [] },
  };
}
