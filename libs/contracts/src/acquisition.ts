import { z } from 'zod';
import { addYears, optionalDateField } from './dates';

/*
 * What a device cost the hospital and how long it is meant to serve: the figures a cost of service
 * ratio divides by and replacement planning counts from. They are costs, so they are kept apart
 * from the inventory record every signed-in person reads (its lists, live updates and QR page):
 * Engineers, Managers and Admins read them, Engineers and Admins (who keep the inventory) set them.
 * Amounts are in the hospital currency (see labour-rates.ts). The supplier is a vendor of the
 * vendor list (vendors.ts), named as it is there: a company renamed there reads renamed on every
 * device it supplied.
 */

/** The highest acquisition cost taken: a slip of the keyboard beyond it (an MRI is a few million). */
export const MAX_ACQUISITION_COST = 1_000_000_000;
/** The longest expected service life, in years. */
export const MAX_SERVICE_LIFE_YEARS = 50;
export const SUPPLIER_MAX = 120;

const acquisitionExample = {
  equipmentId: '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b',
  acquisitionCost: 48500,
  purchaseDate: '2023-04-20',
  supplier: 'B. Braun Medical Ltd',
  supplierId: '7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c',
  expectedLifeYears: 10,
  endOfLife: '2033-04-20',
  currency: 'GHS',
  updatedAt: '2026-03-02T15:40:11.508Z',
  updatedByLabel: 'BME-1001',
  version: 2,
} as const;

export const deviceAcquisitionSchema = z
  .object({
    equipmentId: z.string(),
    acquisitionCost: z
      .number()
      .nullable()
      .describe('What the device cost the hospital, in the hospital currency; null when not recorded.'),
    purchaseDate: z.string().nullable().describe('YYYY-MM-DD'),
    supplier: z
      .string()
      .nullable()
      .describe("Who the hospital bought it from: the vendor's name as the vendor list has it now."),
    supplierId: z.string().nullable().describe('That vendor’s id on the vendor list.'),
    expectedLifeYears: z.number().int().nullable().describe('Its expected service life, in whole years.'),
    endOfLife: z
      .string()
      .nullable()
      .describe('The purchase date plus the expected life (YYYY-MM-DD): when to plan its replacement.'),
    currency: z.string().nullable().describe('The hospital currency; null until an Admin sets it.'),
    updatedAt: z.string().nullable().describe('When these figures were last changed; null if never.'),
    updatedByLabel: z.string().nullable().describe('The service number of who last changed them.'),
    version: z
      .number()
      .int()
      .describe('Send it back with a change to refuse overwriting a newer one (0: never recorded).'),
  })
  .meta({ id: 'DeviceAcquisition', examples: [acquisitionExample] });
export type DeviceAcquisition = z.output<typeof deviceAcquisitionSchema>;

/** The four figures themselves, as a device's record of them, an import and an export carry them. */
export type AcquisitionFigures = Pick<
  DeviceAcquisition,
  'acquisitionCost' | 'purchaseDate' | 'supplier' | 'expectedLifeYears'
>;

/** The four figures, each replaced (one left out is cleared), with the `version` read. */
export const setDeviceAcquisitionSchema = z.strictObject(
  {
    acquisitionCost: z
      .number({ error: 'acquisitionCost must be a number.' })
      .min(0, { error: 'acquisitionCost cannot be negative.' })
      .max(MAX_ACQUISITION_COST, {
        error: `acquisitionCost must be at most ${MAX_ACQUISITION_COST.toLocaleString('en')}.`,
      })
      // A number that two decimals write exactly (a product with 100 would err in binary).
      .refine((value) => Number(value.toFixed(2)) === value, {
        error: 'acquisitionCost may have at most two decimals.',
      })
      .nullish()
      .transform((value) => value ?? null),
    purchaseDate: optionalDateField('purchaseDate', { example: '2023-04-20' }),
    supplier: z
      .string({ error: 'supplier must be text.' })
      .trim()
      .max(SUPPLIER_MAX, { error: `supplier must have at most ${SUPPLIER_MAX} characters.` })
      .nullish()
      .transform((value) => value || null)
      .describe(
        'The name of a vendor on the vendor list, in any case; one not on it, or retired from it (unless it is the device’s supplier already), is refused.',
      ),
    expectedLifeYears: z
      .number({ error: 'expectedLifeYears must be a number.' })
      .int({ error: 'expectedLifeYears must be a whole number of years.' })
      .min(1, { error: 'expectedLifeYears must be at least 1.' })
      .max(MAX_SERVICE_LIFE_YEARS, { error: `expectedLifeYears must be at most ${MAX_SERVICE_LIFE_YEARS}.` })
      .nullish()
      .transform((value) => value ?? null),
    version: z.number({ error: 'version must be a number.' }).int().min(0).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only acquisitionCost, purchaseDate, supplier, expectedLifeYears and version may be sent.'
        : undefined,
  },
);
export type SetDeviceAcquisition = z.output<typeof setDeviceAcquisitionSchema>;
export type SetDeviceAcquisitionRequest = z.input<typeof setDeviceAcquisitionSchema>;

/** The purchase date plus the expected life, or null without either (29 February gives 28 February). */
export function endOfLife(purchaseDate: string | null, years: number | null): string | null {
  if (!purchaseDate || !years) return null;
  return addYears(purchaseDate, years);
}
