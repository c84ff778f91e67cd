import { recordPartCostsSchema, type RecordPartCostsRequest, type SparePart } from '@caliber/contracts';
import { z } from 'zod';
import type { VendorChoice } from './vendor-charges-form';

/*
 * The part costs form's values, without the DOM: what the person typed for each spare part (its
 * unit cost as text, its supplier as chosen), the body it sends (one entry per part of the task,
 * in the task's order, with the task's version), the form's rules (the contract's,
 * `recordPartCostsSchema`, each refusal under its part's field), and the sums the task's details
 * and the form show.
 */

/** One part's cost as typed: the unit cost is text ('' for none) until it is sent. */
export interface PartCostDraft {
  unitCost: string;
  supplier: VendorChoice | null;
}

export interface PartCostsDraft {
  parts: PartCostDraft[];
}

/** The fields of a part's row, by the name the form gives them. */
export type PartCostField = keyof PartCostDraft;

/**
 * What the form holds for a unit cost the browser could not read as a number ("12,50" typed in a
 * number input, whose value is then empty): kept apart from a field left empty, so a figure
 * typed wrongly is refused rather than sent as "no unit cost".
 */
export const UNREADABLE_AMOUNT = 'unreadable';

/** A vendor's name for a supplier recorded before names were kept with it (never expected). */
const UNNAMED_SUPPLIER = 'Unnamed vendor';

/**
 * The form as it opens: each part's unit cost as recorded (two decimals) and its supplier under
 * the name it was recorded with, so a supplier retired since stays chosen (the search offers
 * only active vendors, so it could not be chosen again).
 */
export function partCostsDraftOf(parts: readonly SparePart[]): PartCostsDraft {
  return {
    parts: parts.map((part) => ({
      unitCost: part.unitCost === null ? '' : part.unitCost.toFixed(2),
      supplier:
        part.supplierId === null
          ? null
          : { id: part.supplierId, name: part.supplierName ?? UNNAMED_SUPPLIER },
    })),
  };
}

/**
 * A typed unit cost: null when empty, NaN when it is not a plain decimal number (so '1e3' or a
 * figure the browser could not read is refused as not a number rather than read as something
 * else); a minus sign is read, so a negative cost is refused as negative, in the server's words.
 */
export function typedUnitCost(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The body the form sends: one entry per part, in the task's order (the server refuses any other
 * count), an emptied unit cost or supplier sent as null, with the version of the task the form
 * started from.
 */
export function partCostsBodyOf(draft: PartCostsDraft, version: number): RecordPartCostsRequest {
  return {
    parts: draft.parts.map((part) => ({
      unitCost: typedUnitCost(part.unitCost),
      supplierId: part.supplier?.id ?? null,
    })),
    version,
  };
}

/** The contract's names of a part's fields, as the form names them (the unit cost is the same). */
const FORM_FIELDS: Readonly<Record<string, PartCostField>> = {
  unitCost: 'unitCost',
  supplierId: 'supplier',
};

/** A field of one part's row: the part's position in the task's list and the field. */
export interface PartFieldAt {
  row: number;
  field: PartCostField;
}

/**
 * Where a refusal of the n-th part sent belongs on the form (the form has one row per part, in
 * the same order): the row and its field, or null when it names no field of a part (the list as
 * a whole, the version).
 */
export function partFieldOf(path: string, rows: number): PartFieldAt | null {
  const [list, position, sent] = path.split('.');
  if (list !== 'parts' || position === undefined || sent === undefined || !/^\d+$/.test(position))
    return null;
  const row = Number(position);
  const field = FORM_FIELDS[sent];
  if (row >= rows || field === undefined) return null;
  return { row, field };
}

/** The form's name of a part's field, as react-hook-form knows it. */
export function partFieldName({ row, field }: PartFieldAt): `parts.${number}.${PartCostField}` {
  return `parts.${row}.${field}`;
}

/** react-hook-form's form-level error (`FORM_ISSUE` of `@caliber/web-forms`): shown by the form's error box. */
const FORM_ISSUE = 'root';

/**
 * The form's rules are the contract's, checked on the body as it would be sent: each refusal under
 * its part's field (the first for each field only), one about the whole list in the form's error
 * box. What only the service knows (a vendor retired meanwhile, parts changed meanwhile) comes
 * back from it and is shown the same way.
 */
export function partCostsDraftSchema(version: number) {
  return z.custom<PartCostsDraft>().superRefine((draft, context) => {
    const checked = recordPartCostsSchema.safeParse(partCostsBodyOf(draft, version));
    if (checked.success) return;
    const seen = new Set<string>();
    for (const { path, message } of checked.error.issues) {
      const at = partFieldOf(path.map(String).join('.'), draft.parts.length);
      const key = at ? partFieldName(at) : FORM_ISSUE;
      if (seen.has(key)) continue;
      seen.add(key);
      context.addIssue({
        code: 'custom',
        path: at ? ['parts', at.row, at.field] : [FORM_ISSUE],
        message,
      });
    }
  });
}

/** A part as priced: how many were used and what one cost (null: not known yet). */
export type PricedPart = Pick<SparePart, 'quantity' | 'unitCost'>;

/**
 * What a part cost in whole cents (quantity × unit cost), or null when its unit cost is not known.
 * A unit cost has at most two decimals, so in cents it is whole, and sums of cents carry none of
 * the float error that adding 0.1s would.
 */
export function partCostCents(part: PricedPart): number | null {
  return part.unitCost === null ? null : Math.round(part.unitCost * 100) * part.quantity;
}

/** What a part cost (quantity × unit cost), to the cent, or null when its unit cost is not known. */
export function partCost(part: PricedPart): number | null {
  const cents = partCostCents(part);
  return cents === null ? null : cents / 100;
}

/** The parts' cost: the sum of the known costs, and how many parts it counts and leaves out. */
export interface PartsCostTotal {
  /** The sum of the known costs, to the cent (0 when none is known). */
  total: number;
  /** The parts with a unit cost (counted in the total). */
  priced: number;
  /** The parts with no unit cost yet (left out of the total). */
  unpriced: number;
}

export function partsCostTotal(parts: readonly PricedPart[]): PartsCostTotal {
  let cents = 0;
  let priced = 0;
  for (const part of parts) {
    const cost = partCostCents(part);
    if (cost === null) continue;
    cents += cost;
    priced += 1;
  }
  return { total: cents / 100, priced, unpriced: parts.length - priced };
}

/**
 * What the total leaves out, in words, or null when every part is priced: a total that silently
 * skips parts would read as the whole parts cost.
 */
export function unpricedSentence({ priced, unpriced }: PartsCostTotal): string | null {
  if (unpriced === 0) return null;
  const count = priced + unpriced;
  if (priced === 0)
    return count === 1 ? 'The part has no unit cost yet.' : `None of the ${count} parts has a unit cost yet.`;
  return unpriced === 1
    ? `1 of ${count} parts has no unit cost yet: the total leaves it out.`
    : `${unpriced} of ${count} parts have no unit cost yet: the total leaves them out.`;
}

/** The costs typed in the form as parts priced: a figure still being typed (not a number) counts as none. */
export function draftPricedParts(
  parts: readonly Pick<SparePart, 'quantity'>[],
  draft: PartCostsDraft,
): PricedPart[] {
  return parts.map((part, index) => {
    const typed = typedUnitCost(draft.parts[index]?.unitCost ?? '');
    const readable = typed !== null && Number.isFinite(typed) && typed >= 0;
    // More than two decimals is refused on saving; until then it counts to the cent.
    return { quantity: part.quantity, unitCost: readable ? Math.round(typed * 100) / 100 : null };
  });
}

type NamedPart = Pick<SparePart, 'name' | 'description'>;

/**
 * How each part is named in the form's labels ("Unit cost of Pressure sensor"): by its name, and
 * where two parts share a name (in any case), by its description too, else by its line, so no two
 * fields of the form have the same name for a screen reader.
 */
export function partLabels(parts: readonly NamedPart[]): string[] {
  const byName = (part: NamedPart) => part.name.toLowerCase();
  const byBoth = (part: NamedPart) => `${byName(part)}\n${part.description.toLowerCase()}`;
  const alone = (key: (part: NamedPart) => string, part: NamedPart) =>
    parts.filter((other) => key(other) === key(part)).length === 1;
  return parts.map((part, index) => {
    if (alone(byName, part)) return part.name;
    if (part.description && alone(byBoth, part)) return `${part.name} (${part.description})`;
    return `${part.name} (line ${index + 1})`;
  });
}
