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
 * The parts of a work record saved over `before`, each with the supplier recorded for the same
 * part before (the first such part with one), or none. The technician correcting a quantity or
 * adding a part does not undo the supplier an Engineer recorded from the invoice.
 */
export function withKeptSuppliers(parts: readonly PartUsed[], before: readonly SparePart[]): SparePart[] {
  return parts.map((part) => {
    const kept = before.find((earlier) => earlier.supplierId !== null && samePart(earlier, part));
    return {
      name: part.name,
      quantity: part.quantity,
      description: part.description,
      unitCost: part.unitCost,
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
