import { departmentLabel, type EquipmentDto } from '@caliber/contracts';
import { FactList, formatDate } from '@caliber/ui-kit';
import { useProductName } from '@caliber/web';

/**
 * An item's fields as a definition list, shared by the card and the details. The card leaves the
 * warranty out when there is none; the details say 'None recorded'.
 */
export function EquipmentFacts({ item, detailed = false }: { item: EquipmentDto; detailed?: boolean }) {
  const product = useProductName();
  const facts: [string, string][] = [
    ['Serial Number', item.serialNumber],
    ['Model', item.model],
    ['Manufacturer', item.manufacturer],
    // The department named after the product is shown by the product's name, as the forms show it.
    ['Department', departmentLabel(item.department, product)],
    ['Location', item.location],
    ['Category', item.category],
    ['Installed', formatDate(item.installationDate)],
  ];
  if (item.warrantyExpiry) facts.push(['Warranty Expiry', formatDate(item.warrantyExpiry)]);
  else if (detailed) facts.push(['Warranty Expiry', 'None recorded']);
  return <FactList facts={facts} />;
}
