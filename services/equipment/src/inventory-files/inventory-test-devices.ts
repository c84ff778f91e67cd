import type { InventoryExportDevice } from '@caliber/contracts';

/**
 * A device as the equipment service answers it, every field filled, for the export's tests (its
 * acquisition figures only when given: a cost reader's export reads them beside the device).
 */
export function testDevice(overrides: Partial<InventoryExportDevice> = {}): InventoryExportDevice {
  return {
    _id: '0f8c1a2b-1c2d-4e5f-8a9b-0123456789ab',
    name: 'Patient Monitor',
    manufacturer: 'Mindray',
    model: 'BeneVision N12',
    serialNumber: 'SN-0042',
    department: 'ICU',
    location: 'Bed 3',
    installationDate: '2021-03-04',
    warrantyExpiry: '2026-03-03',
    status: 'Serviceable',
    category: 'Monitor',
    udi: '(01)09506000134352(17)270131(10)ABC123(21)SN-0042',
    gtin: '09506000134352',
    lotNumber: 'ABC123',
    expiryDate: '2027-01-31',
    manufactureDate: null,
    createdAt: '2024-03-01T10:15:30.000Z',
    updatedAt: '2025-07-11T23:45:00.000Z',
    createdBy: { _id: 'a1', name: 'Ama Mensah' },
    updatedBy: null,
    version: 3,
    risk: {
      function: 9,
      physicalRisk: 4,
      maintenance: 4,
      incidentHistory: 1,
      total: 18,
      riskClass: 'High',
      highRisk: true,
      lifeSupport: false,
      inPmProgram: true,
      assessedAt: '2025-01-02T09:00:00.000Z',
      assessedBy: null,
    },
    openRecallActions: 0,
    ...overrides,
  };
}
