import { z } from 'zod';
import { amountField } from './amounts';
import { dateField } from './dates';
import { ID_PATTERN } from './ids';
import { lineField, notesField } from './text-fields';

/*
 * What an outside company charged for a task's work: the vendor's engineer came (a call-out under
 * time and materials, a repair out of contract, a part fitted by the manufacturer) and invoiced it.
 * A task's cost is its in-house labour, its parts and these charges.
 *
 * Charges are costs: Engineers, Managers and Admins read and record them, as they read the labour
 * cost; the Technician who did the work reads neither. Each names a vendor of the managed list by
 * its id and keeps the name it had then, so the task reads the same if the vendor is renamed later.
 * The list is written whole (as the work record's parts are), with its own version: an invoice
 * arriving while the technician records the work does not refuse either of them.
 */

/** The longest value of each field, and how many charges one task holds. */
export const VENDOR_CHARGE_LIMITS = {
  /** A task is one job: a visit, perhaps a return visit and a parts invoice; 20 is a slip. */
  charges: 20,
  invoiceNumber: 60,
  notes: 500,
  amount: 100_000_000,
} as const;

/** Names the fields that may be sent when others are; says what is wanted when it is not an object. */
const onlyFields = (names: string, what: string) => (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys'
    ? `Only ${names} may be sent.`
    : issue.code === 'invalid_type'
      ? `${what} must be an object.`
      : undefined;

export const vendorChargeInputSchema = z.strictObject(
  {
    vendorId: z
      .string({ error: 'vendorId must be a vendor id.' })
      .regex(ID_PATTERN, { error: 'vendorId must be a vendor id.' })
      .transform((id) => id.toLowerCase()),
    visitDate: dateField('Visit date', { example: '2026-03-14' }),
    invoiceNumber: lineField('Invoice number', VENDOR_CHARGE_LIMITS.invoiceNumber)
      .nullish()
      .transform((value) => value || null),
    amount: amountField('Amount', VENDOR_CHARGE_LIMITS.amount),
    notes: notesField('Notes', VENDOR_CHARGE_LIMITS.notes)
      .nullish()
      .transform((value) => value || null),
  },
  { error: onlyFields('vendorId, visitDate, invoiceNumber, amount and notes', 'Each charge') },
);
export type VendorChargeInput = z.output<typeof vendorChargeInputSchema>;

/** `PUT /api/tasks/{id}/vendor-charges`: the whole list, and the version of it that was read. */
export const recordVendorChargesSchema = z.strictObject(
  {
    charges: z
      .array(vendorChargeInputSchema, { error: 'charges must be a list of charges.' })
      .max(VENDOR_CHARGE_LIMITS.charges, {
        error: `A task may list at most ${VENDOR_CHARGE_LIMITS.charges} vendor charges.`,
      }),
    version: z
      .number({ error: 'version must be the version read.' })
      .int({ error: 'version must be the version read.' })
      .min(0, { error: 'version must be the version read.' }),
  },
  { error: onlyFields('charges and version', 'The vendor charges') },
);
export type RecordVendorChargesRequest = z.input<typeof recordVendorChargesSchema>;
export type VendorChargesRecord = z.output<typeof recordVendorChargesSchema>;

const vendorChargeExample = {
  vendorId: '4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d',
  vendorName: 'Philips Healthcare',
  visitDate: '2026-03-14',
  invoiceNumber: 'INV-2026-0412',
  amount: 480,
  notes: 'Call-out and replacement of the flow sensor.',
} as const;

export const vendorChargeSchema = z
  .object({
    vendorId: z.string(),
    vendorName: z.string().describe('The vendor’s name when the charge was recorded.'),
    visitDate: z.string().describe('The day of the visit or the work invoiced (YYYY-MM-DD).'),
    invoiceNumber: z.string().nullable(),
    amount: z.number().describe('In the hospital currency.'),
    notes: z.string().nullable(),
  })
  .meta({ id: 'VendorCharge', examples: [vendorChargeExample] });
export type VendorCharge = z.output<typeof vendorChargeSchema>;

export const taskVendorChargesSchema = z
  .object({
    charges: z.array(vendorChargeSchema),
    total: z.number().describe('The sum of the charges, to the cent.'),
    currency: z.string().nullable(),
    version: z
      .number()
      .int()
      .describe('Optimistic lock of the list: send it back with a change (409 if it moved on).'),
  })
  .meta({
    id: 'TaskVendorCharges',
    examples: [{ charges: [vendorChargeExample], total: 480, currency: 'GHS', version: 1 }],
  });
export type TaskVendorCharges = z.output<typeof taskVendorChargesSchema>;

/** Sums amounts in whole cents, so that 0.1 + 0.2 is 0.30 and not 0.30000000000000004. */
export function chargesTotal(charges: readonly Pick<VendorCharge, 'amount'>[]): number {
  return charges.reduce((cents, charge) => cents + Math.round(charge.amount * 100), 0) / 100;
}

/**
 * The most vendors one `equipment.vendors.refs` call looks up: a task's parts (at most 100, each
 * from its supplier) name the most.
 */
export const VENDOR_REFS_MAX = 100;

/**
 * What maintenance asks equipment of the vendors a task's charges or parts name (service to
 * service).
 */
export const vendorRefsRequestSchema = z.strictObject({
  ids: z.array(z.string().regex(ID_PATTERN)).max(VENDOR_REFS_MAX),
});
export type VendorRefsRequest = z.output<typeof vendorRefsRequestSchema>;

export interface VendorRef {
  id: string;
  name: string;
  retired: boolean;
}

/** The vendors found, in no order; an id not among them names no vendor. */
export interface VendorRefsAnswer {
  vendors: VendorRef[];
}
