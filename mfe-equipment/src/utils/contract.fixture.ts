import type { ServiceContract, ServiceContractPage, ServiceContractSummary } from '@caliber/contracts';
import { localToday } from './contract-form';

/** Ids as the service writes them (the contract's schemas take nothing else). */
export const IDS = {
  contract: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  philips: '4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d',
  draeger: '5f2c0d3e-8b4a-4d6f-9e7c-3a2b1f0d9c8e',
  monitor: '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b',
  pump: '1c0a4d9f-3e2b-4d6f-8a0c-7b2e3f4a5b6c',
  radiology: '7d6c5b4a-3f2e-4d1c-9b0a-8f7e6d5c4b3a',
  icu: '8e7d6c5b-4a3f-4e2d-8c1b-9a0f8e7d6c5b',
  oldWard: '6c5b4a3f-2e1d-4c0b-9a8f-7e6d5c4b3a2f',
} as const;

/** `days` after today (before, when negative), where the reader is. */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localToday(date);
}

/** A contract with the devices it names, as `GET /service-contracts/{id}` answers it. */
export function contractDetail(changes: Partial<ServiceContract> = {}): ServiceContract {
  return {
    id: IDS.contract,
    vendorId: IDS.philips,
    vendorName: 'Philips Healthcare',
    reference: 'PH-SC-2026-014',
    kind: 'full-service',
    startsOn: '2026-04-01',
    endsOn: '2029-03-31',
    annualCost: 18400,
    currency: 'GHS',
    responseHours: 8,
    pmIncluded: true,
    devices: [{ id: IDS.monitor, name: 'IntelliVue MX450', serialNumber: 'DE12345678' }],
    models: [{ manufacturer: 'Philips', model: 'HeartStart XL+' }],
    departmentId: null,
    departmentName: null,
    notes: 'Two PM visits a year; parts included except batteries.',
    renewal: null,
    createdAt: '2026-03-20T10:00:00.000Z',
    updatedAt: '2026-03-20T10:00:00.000Z',
    updatedByLabel: 'BME-1001',
    version: 1,
    ...changes,
  };
}

/** A contract as a row of the list. */
export function contractSummary(changes: Partial<ServiceContractSummary> = {}): ServiceContractSummary {
  const { devices, ...contract } = contractDetail();
  return { ...contract, deviceCount: devices.length, ...changes };
}

/** A page of the list holding `rows`. */
export function contractPage(
  rows: ServiceContractSummary[],
  page = 1,
  total = rows.length,
  limit = 50,
): ServiceContractPage {
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / limit)), limit };
}
