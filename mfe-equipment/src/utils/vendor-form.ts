import {
  addVendorSchema,
  updateVendorSchema,
  type AddVendorRequest,
  type UpdateVendorRequest,
  type Vendor,
  type VendorKind,
} from '@caliber/contracts';
import { z } from 'zod';

/*
 * The vendor form's values and rules, without the DOM: what the person typed (react-hook-form
 * holds it), and the body it sends. The rules are the contract's, so the form refuses what the
 * service would, in the same words, and sends what the contract makes of the text (trimmed, runs of
 * spaces made one, a blank field as null, the kinds in their usual order).
 */

/** The form as typed: text fields as text ('' for none), the kinds ticked, and the retired box. */
export interface VendorDraft {
  name: string;
  kinds: VendorKind[];
  contactName: string;
  phone: string;
  email: string;
  website: string;
  notes: string;
  /** Only on an existing vendor's form: a new vendor is never added retired. */
  retired: boolean;
}

export const EMPTY_VENDOR_DRAFT: VendorDraft = {
  name: '',
  kinds: [],
  contactName: '',
  phone: '',
  email: '',
  website: '',
  notes: '',
  retired: false,
};

/** A saved vendor to start the form from. */
export function draftOf(vendor: Vendor): VendorDraft {
  return {
    name: vendor.name,
    kinds: [...vendor.kinds],
    contactName: vendor.contactName ?? '',
    phone: vendor.phone ?? '',
    email: vendor.email ?? '',
    website: vendor.website ?? '',
    notes: vendor.notes ?? '',
    retired: vendor.retired,
  };
}

/**
 * The fields as the contract reads them. A checkbox group react-hook-form holds as `false` when
 * none of its boxes was ever ticked is read as no kind at all.
 */
function fieldsOf(draft: VendorDraft): AddVendorRequest {
  return {
    name: draft.name,
    kinds: Array.isArray(draft.kinds) ? draft.kinds : [],
    contactName: draft.contactName,
    phone: draft.phone,
    email: draft.email,
    website: draft.website,
    notes: draft.notes,
  };
}

/** A new vendor's request, tidied by the contract (call it with a draft the form has checked). */
export function addBodyOf(draft: VendorDraft): AddVendorRequest {
  return addVendorSchema.parse(fieldsOf(draft));
}

/**
 * An existing vendor's request: the whole record (an emptied field clears it), retired or not,
 * with the version the form started from, so a change made meanwhile is refused, not overwritten.
 */
export function updateBodyOf(draft: VendorDraft, version: number): UpdateVendorRequest {
  return updateVendorSchema.parse({ ...fieldsOf(draft), retired: draft.retired, version });
}

/**
 * The form's rules are the contract's: each refusal under the field it names, the first one only.
 * The contract's messages already name the fields as the form labels them ("Phone must be a
 * telephone number…"). A name taken is the service's to refuse (it knows the list); its message
 * shows above the buttons.
 */
export const vendorDraftSchema = z.custom<VendorDraft>().superRefine((draft, context) => {
  const checked = addVendorSchema.safeParse(fieldsOf(draft));
  if (checked.success) return;
  const seen = new Set<string>();
  for (const { path, message } of checked.error.issues) {
    const field = String(path[0] ?? 'root');
    if (seen.has(field)) continue;
    seen.add(field);
    context.addIssue({ code: 'custom', path: [field], message });
  }
});

/** What a save did, for the message that confirms it. */
export function savedLine(before: Pick<Vendor, 'retired'>, saved: Pick<Vendor, 'name' | 'retired'>): string {
  if (saved.retired && !before.retired) return `${saved.name} retired.`;
  if (!saved.retired && before.retired) return `${saved.name} restored.`;
  return `${saved.name} saved.`;
}
