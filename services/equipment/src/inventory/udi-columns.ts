import { readUdi, udiSerialRefusal } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';

/** The stored columns a device's UDI fills: the UDI in its human-readable form and what it holds. */
export interface UdiColumns {
  udi: string | null;
  gtin: string | null;
  lotNumber: string | null;
  expiryDate: string | null;
  manufactureDate: string | null;
}

export const NO_UDI: UdiColumns = {
  udi: null,
  gtin: null,
  lotNumber: null,
  expiryDate: null,
  manufactureDate: null,
};

/**
 * The columns of a UDI as a request sent it: undefined when the request leaves the UDI alone, all
 * null when it clears it. The GTIN, lot and dates are always read from the UDI, never taken on
 * their own, so they cannot disagree with it.
 */
export function udiColumns(text: string | null | undefined): UdiColumns | undefined {
  if (text === undefined) return undefined;
  if (text === null || text.trim() === '') return NO_UDI;
  const reading = readUdi(text);
  if (!reading.ok) throw ServiceError.validation([{ path: 'udi', message: reading.message }]);
  const { udi, gtin, lotNumber, expiryDate, manufactureDate } = reading.parts;
  return { udi, gtin, lotNumber, expiryDate, manufactureDate };
}

/** Refuses a device whose serial number is not its UDI's serial (21). */
export function refuseUdiSerialMismatch(udi: string | null, serialNumber: string): void {
  const refusal = udiSerialRefusal(udi, serialNumber);
  if (refusal) throw ServiceError.validation([{ path: 'serialNumber', message: refusal }]);
}
