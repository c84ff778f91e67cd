import {
  setDeviceAcquisitionSchema,
  type DeviceAcquisition,
  type SetDeviceAcquisitionRequest,
} from '@caliber/contracts';
import { z } from 'zod';
import type { VendorChoice } from '../hooks/vendor-search';

/*
 * The acquisition form's values and sentences, without the DOM: what the person typed, as text
 * (react-hook-form holds it), the body it sends, and how the figures read on the device page.
 */

/**
 * The form as typed: every figure is text, '' for one not recorded, until it is sent; the supplier
 * is a vendor chosen from the vendor list, or none.
 */
export interface AcquisitionDraft {
  acquisitionCost: string;
  purchaseDate: string;
  supplier: VendorChoice | null;
  expectedLifeYears: string;
}

/** The fields typed as numbers: the browser reports text it cannot read as a number as empty. */
export const NUMBER_FIELDS = ['acquisitionCost', 'expectedLifeYears'] as const;

/** The saved figures to start from ('' for each one not recorded). */
export function draftOf(figures: DeviceAcquisition): AcquisitionDraft {
  return {
    acquisitionCost: figures.acquisitionCost === null ? '' : String(figures.acquisitionCost),
    purchaseDate: figures.purchaseDate ?? '',
    supplier:
      figures.supplierId && figures.supplier ? { id: figures.supplierId, name: figures.supplier } : null,
    expectedLifeYears: figures.expectedLifeYears === null ? '' : String(figures.expectedLifeYears),
  };
}

/** A typed number: null when empty (the figure is cleared), NaN when it is not a number. */
function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * The four figures as sent: each one is replaced, so an emptied field is sent as null (it clears
 * the figure) rather than left out.
 */
function figuresOf(draft: AcquisitionDraft): Omit<SetDeviceAcquisitionRequest, 'version'> {
  return {
    acquisitionCost: typedNumber(draft.acquisitionCost),
    purchaseDate: draft.purchaseDate.trim() || null,
    // The vendor's name as the list has it: the service finds the vendor by it.
    supplier: draft.supplier?.name ?? null,
    expectedLifeYears: typedNumber(draft.expectedLifeYears),
  };
}

/** The request: the figures with the version they were read at, so a newer change is not overwritten. */
export function acquisitionBodyOf(draft: AcquisitionDraft, version: number): SetDeviceAcquisitionRequest {
  return { ...figuresOf(draft), version };
}

/** The form's names of the fields, which the contract's messages name as the API does. */
const FIELD_LABELS: Readonly<Record<keyof AcquisitionDraft, string>> = {
  acquisitionCost: 'Acquisition cost',
  purchaseDate: 'Purchase date',
  supplier: 'Supplier',
  expectedLifeYears: 'Expected service life',
};

/** "expectedLifeYears must be at most 50." → "Expected service life must be at most 50." */
export function inFormWords(field: string, message: string): string {
  const label = FIELD_LABELS[field as keyof AcquisitionDraft];
  return label && message.startsWith(field) ? `${label}${message.slice(field.length)}` : message;
}

/**
 * The form's rules are the contract's (a cost of at most two decimals, a date that exists, a whole
 * number of years within the limits): each refusal under the field it names, the first one only,
 * as the service would answer it. A purchase date in the future is the service's to refuse (it
 * knows the hospital's today); its message shows above Save.
 */
export const acquisitionDraftSchema = z.custom<AcquisitionDraft>().superRefine((draft, context) => {
  const checked = setDeviceAcquisitionSchema.safeParse(figuresOf(draft));
  if (checked.success) return;
  const seen = new Set<string>();
  for (const { path, message } of checked.error.issues) {
    const field = String(path[0] ?? 'root');
    if (seen.has(field)) continue;
    seen.add(field);
    context.addIssue({ code: 'custom', path: [field], message: inFormWords(field, message) });
  }
});

/** An expected service life in whole years ("1 year", "10 years"). */
export function lifeText(years: number): string {
  return years === 1 ? '1 year' : `${years} years`;
}
