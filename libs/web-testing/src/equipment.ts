import type { EquipmentDetail, EquipmentDto } from '@caliber/contracts';

/** A device as the inventory answers one, for a screen's test: an infusion pump in the ICU unless told. */
export function deviceFixture(changes: Partial<EquipmentDto> = {}): EquipmentDto {
  return {
    _id: 'e1',
    name: 'Infusion Pump 1',
    manufacturer: 'B. Braun',
    model: 'Infusomat Space',
    serialNumber: 'SN-0001',
    department: 'ICU',
    location: 'ICU Bed 4',
    installationDate: '2023-03-01',
    warrantyExpiry: null,
    status: 'Serviceable',
    category: 'Infusion Pump',
    udi: null,
    gtin: null,
    lotNumber: null,
    expiryDate: null,
    manufactureDate: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdBy: null,
    updatedBy: null,
    version: 1,
    risk: null,
    openRecallActions: 0,
    ...changes,
  };
}

/** A device with its status history as `GET /equipment/{id}` answers: none unless told. */
export function deviceDetailFixture(changes: Partial<EquipmentDetail> = {}): EquipmentDetail {
  return { ...deviceFixture(), statusHistory: [], statusHistoryTotal: 0, ...changes };
}
