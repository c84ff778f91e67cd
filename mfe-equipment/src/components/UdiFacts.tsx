import type { EquipmentDto } from '@caliber/contracts';
import { FactList, formatDate } from '@caliber/ui-kit';
import { useId } from 'react';

/** What a device's UDI says, each part only when the UDI carries it. */
export function udiFacts(
  item: Pick<EquipmentDto, 'udi' | 'gtin' | 'lotNumber' | 'expiryDate' | 'manufactureDate'>,
): [string, string][] {
  const facts: [string, string | null][] = [
    ['UDI', item.udi],
    ['GTIN', item.gtin],
    ['Lot', item.lotNumber],
    ['Expiry Date', item.expiryDate ? formatDate(item.expiryDate) : null],
    ['Manufacture Date', item.manufactureDate ? formatDate(item.manufactureDate) : null],
  ];
  return facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
}

/** The device's Unique Device Identifier and what it reads, in the details; nothing without a UDI. */
export function UdiFacts({ item }: { item: EquipmentDto }) {
  const headingId = useId();
  if (!item.udi) return null;
  return (
    <section className="udi-facts" aria-labelledby={headingId}>
      <h3 className="ck-subheading" id={headingId}>
        Unique Device Identifier
      </h3>
      <FactList facts={udiFacts(item)} />
    </section>
  );
}
