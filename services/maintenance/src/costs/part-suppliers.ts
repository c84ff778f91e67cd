import type { PartCostInput, SparePart, VendorRef } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';

/** The audit action of a pricing of a task's parts: costs, kept from those who read none. */
export const PART_COSTS_AUDIT_ACTION = 'part-costs-recorded';

/** A part as the work record sends it: no supplier (the work form never sends one). */
type PartUsed = Pick<SparePart, 'name' | 'quantity' | 'description' | 'unitCost'>;

/** The same part of a list: its name in any case and its description. */
const samePart = (a: Pick<SparePart, 'name' | 'description'>, b: Pick<SparePart, 'name' | 'description'>) =>
  a.name.toLowerCase() === b.name.toLowerCase() && a.description === b.description;

/**
 * Each of `parts` matched with the same part of `before`, each earlier part matched once: the one
 * at its place in the list when it is the same part (a list saved again in its order), or else the
 * first same part not yet matched. Two lines of the same part bought from two suppliers stay two.
 */
function matchEarlier(parts: readonly PartUsed[], before: readonly SparePart[]): (SparePart | undefined)[] {
  const used = new Set<number>();
  const take = (index: number) => {
    used.add(index);
    return before[index];
  };
  const matched: (SparePart | undefined)[] = parts.map((part, index) => {
    const here = before[index];
    return here && samePart(here, part) ? take(index) : undefined;
  });
  return matched.map((found, index) => {
    const part = parts[index];
    if (found || !part) return found;
    const at = before.findIndex((earlier, position) => !used.has(position) && samePart(earlier, part));
    return at === -1 ? undefined : take(at);
  });
}

/**
 * The parts of a work record saved over `before`. A part that stays on the list (the same name in
 * any case and the same description) keeps the supplier recorded for it: the work record never
 * names one, and a technician correcting a quantity must not undo what an Engineer took from the
 * invoice. Its unit cost is the one sent when the person records costs (`setsCosts`); for anyone
 * else it is the one recorded (none for a new part), since prices are for those who read costs.
 */
export function withKeptPricing(
  parts: readonly PartUsed[],
  before: readonly SparePart[],
  setsCosts: boolean,
): SparePart[] {
  const earlier = matchEarlier(parts, before);
  return parts.map((part, index) => {
    const kept = earlier[index];
    return {
      name: part.name,
      quantity: part.quantity,
      description: part.description,
      unitCost: setsCosts ? part.unitCost : (kept?.unitCost ?? null),
      supplierId: kept?.supplierId ?? null,
      supplierName: kept?.supplierName ?? null,
    };
  });
}

/**
 * The task's parts priced: each given its unit cost and supplier, in order. A supplier already on
 * one of the task's parts keeps the name it was recorded under (and may stay once retired); one
 * new to the task must be on the vendor list (`vendors`, as equipment answered) and active.
 */
export function pricedParts(
  parts: readonly SparePart[],
  costs: readonly PartCostInput[],
  vendors: ReadonlyMap<string, VendorRef>,
): SparePart[] {
  if (costs.length !== parts.length)
    throw new ServiceError(
      'VALIDATION_FAILED',
      parts.length === 1
        ? "Send one entry for the task's spare part."
        : `Send one entry for each of the task's ${parts.length} spare parts, in their order.`,
    );
  return parts.map((part, index) => {
    const { unitCost, supplierId } = costs[index] ?? { unitCost: null, supplierId: null };
    if (supplierId === null) return { ...part, unitCost, supplierId: null, supplierName: null };
    const kept = parts.find((other) => other.supplierId === supplierId);
    const vendor = vendors.get(supplierId);
    const refuse = (message: string) =>
      new ServiceError('VALIDATION_FAILED', message, [{ path: `parts.${index}.supplierId`, message }]);
    if (!kept) {
      if (!vendor) throw refuse('No such vendor: choose one from the vendors list.');
      if (vendor.retired)
        throw refuse(`${vendor.name} is retired: restore it in Vendors to record a part bought from them.`);
    }
    return { ...part, unitCost, supplierId, supplierName: kept?.supplierName ?? vendor?.name ?? null };
  });
}
