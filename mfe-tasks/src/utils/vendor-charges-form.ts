import {
  chargesTotal,
  recordVendorChargesSchema,
  type RecordVendorChargesRequest,
  type TaskVendorCharges,
} from '@caliber/contracts';
import { z } from 'zod';

/*
 * The vendor charges form's values, without the DOM: what the person typed (as react-hook-form
 * holds it), the body it sends (the whole list, with the version read), and the form's rules,
 * which are the contract's (`recordVendorChargesSchema`) with each refusal under its row's field.
 */

/** A vendor as the form holds it: what it sends (`id`) and shows (`name`). */
export interface VendorChoice {
  id: string;
  name: string;
}

/** One charge as typed: the amount is text ('' for none) until it is sent. */
export interface ChargeDraft {
  vendor: VendorChoice | null;
  visitDate: string;
  invoiceNumber: string;
  amount: string;
  notes: string;
}

export interface VendorChargesDraft {
  charges: ChargeDraft[];
}

/** The fields of a charge's row, by the name the form gives them. */
export type ChargeField = keyof ChargeDraft;

export const EMPTY_CHARGE: ChargeDraft = {
  vendor: null,
  visitDate: '',
  invoiceNumber: '',
  amount: '',
  notes: '',
};

/**
 * The form as it opens: the charges recorded, each under the vendor name it was recorded with (a
 * vendor retired since stays chosen); one blank row when there are none, ready to be filled.
 */
export function chargesDraftOf(recorded: TaskVendorCharges): VendorChargesDraft {
  if (recorded.charges.length === 0) return { charges: [{ ...EMPTY_CHARGE }] };
  return {
    charges: recorded.charges.map((charge) => ({
      vendor: { id: charge.vendorId, name: charge.vendorName },
      visitDate: charge.visitDate,
      invoiceNumber: charge.invoiceNumber ?? '',
      amount: charge.amount.toFixed(2),
      notes: charge.notes ?? '',
    })),
  };
}

/**
 * A typed amount: null when blank, NaN when it is not plain digits with an optional decimal part
 * (so '1,000' or '12 GHS' is refused as not a number rather than read as something else).
 */
export function typedAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A row left wholly blank is a row added and not used: it is not sent. */
export function usedCharge(charge: ChargeDraft): boolean {
  return (
    charge.vendor !== null ||
    [charge.visitDate, charge.invoiceNumber, charge.amount, charge.notes].some((text) => text.trim() !== '')
  );
}

/** The body the form sends, and the form row each charge sent comes from. */
export interface ChargesBody {
  body: RecordVendorChargesRequest;
  /** `rowOf[n]` is the form's row of the n-th charge sent (blank rows are not sent). */
  rowOf: number[];
}

/**
 * The whole list as typed, with the version the form started from: blank rows left out, texts
 * trimmed, an empty invoice number or notes sent as null, the amount as a number.
 */
export function chargesBodyOf(draft: VendorChargesDraft, version: number): ChargesBody {
  const rowOf = draft.charges.flatMap((charge, index) => (usedCharge(charge) ? [index] : []));
  const charges = rowOf.map((index) => {
    const charge = draft.charges[index] as ChargeDraft;
    return {
      vendorId: charge.vendor?.id ?? '',
      visitDate: charge.visitDate.trim(),
      invoiceNumber: charge.invoiceNumber.trim() || null,
      // A blank amount is refused before anything is sent (`vendorChargesDraftSchema`).
      amount: typedAmount(charge.amount) ?? Number.NaN,
      notes: charge.notes.trim() || null,
    };
  });
  return { body: { charges, version }, rowOf };
}

/** The contract's names of a charge's fields, as the form names them (the rest are the same). */
const FORM_FIELDS: Readonly<Record<string, ChargeField>> = { vendorId: 'vendor' };

const CHARGE_FIELDS: ReadonlySet<string> = new Set<ChargeField>([
  'vendor',
  'visitDate',
  'invoiceNumber',
  'amount',
  'notes',
]);

/** The contract's messages that are about the request rather than the person's choice, in the form's words. */
const FORM_WORDS: Readonly<Record<string, string>> = { vendorId: 'Choose the vendor.' };

/**
 * Where a refusal of the n-th charge sent belongs on the form: `charges.<row>.<field>`, or null
 * when it names no field of a row (the list as a whole, the version).
 */
export function formPathOf(
  path: string,
  rowOf: readonly number[],
): `charges.${number}.${ChargeField}` | null {
  const [list, position, sent] = path.split('.');
  if (list !== 'charges' || position === undefined || sent === undefined || !/^\d+$/.test(position))
    return null;
  const row = rowOf[Number(position)];
  const field = FORM_FIELDS[sent] ?? sent;
  if (row === undefined || !CHARGE_FIELDS.has(field)) return null;
  return `charges.${row}.${field as ChargeField}`;
}

/** react-hook-form's form-level error (`FORM_ISSUE` of `@caliber/web-forms`): shown above the form. */
const FORM_ISSUE = 'root';

/**
 * The form's rules are the contract's, checked on the body as it would be sent (`version` is the
 * one the form started from): each refusal under its row's field, the first one for each field
 * only; one about the list as a whole above the form. A blank amount is said as missing rather
 * than as not a number, a missing vendor as a choice to make. What only the service knows (a
 * vendor retired meanwhile, a visit after the hospital's today) comes back from it the same way.
 */
export function vendorChargesDraftSchema(version: number) {
  return z.custom<VendorChargesDraft>().superRefine((draft, context) => {
    const seen = new Set<string>();
    draft.charges.forEach((charge, row) => {
      if (usedCharge(charge) && charge.amount.trim() === '') {
        seen.add(`charges.${row}.amount`);
        context.addIssue({
          code: 'custom',
          path: ['charges', row, 'amount'],
          message: 'Amount is required.',
        });
      }
    });
    const { body, rowOf } = chargesBodyOf(draft, version);
    const checked = recordVendorChargesSchema.safeParse(body);
    if (checked.success) return;
    for (const { path, message } of checked.error.issues) {
      const sent = path.map(String).join('.');
      const at = formPathOf(sent, rowOf);
      const key = at ?? FORM_ISSUE;
      if (seen.has(key)) continue;
      seen.add(key);
      context.addIssue({
        code: 'custom',
        path: at ? at.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [FORM_ISSUE],
        message: FORM_WORDS[String(path[2])] ?? message,
      });
    }
  });
}

/** The sum of the amounts typed that are amounts, to the cent (a figure still being typed counts as none). */
export function draftTotal(draft: VendorChargesDraft): number {
  const amounts = draft.charges
    .map((charge) => typedAmount(charge.amount))
    .filter((amount): amount is number => amount !== null && !Number.isNaN(amount));
  return chargesTotal(amounts.map((amount) => ({ amount })));
}
