import type { SparePart, VendorRef } from '@caliber/contracts';
import { pricedParts, withKeptSuppliers } from './part-suppliers';

const part = (name: string, changes: Partial<SparePart> = {}): SparePart => ({
  name,
  quantity: 1,
  description: '',
  unitCost: null,
  supplierId: null,
  supplierName: null,
  ...changes,
});

const BRAUN: VendorRef = { id: 'v-braun', name: 'B. Braun', retired: false };
const GONE: VendorRef = { id: 'v-gone', name: 'Gone Ltd', retired: true };
const vendors = new Map([BRAUN, GONE].map((vendor) => [vendor.id, vendor]));

describe('withKeptSuppliers', () => {
  it('keeps the supplier of the same part (name in any case, same description) and no other', () => {
    const before = [
      part('Sensor', { description: 'Downstream', supplierId: 'v-braun', supplierName: 'B. Braun' }),
      part('Fuse', { supplierId: 'v-braun', supplierName: 'B. Braun' }),
    ];
    const after = withKeptSuppliers(
      [
        { name: 'SENSOR', quantity: 2, description: 'Downstream', unitCost: 5 },
        { name: 'Fuse', quantity: 1, description: '5 A', unitCost: null },
      ],
      before,
    );
    expect(after.map((kept) => [kept.name, kept.quantity, kept.unitCost, kept.supplierName])).toEqual([
      ['SENSOR', 2, 5, 'B. Braun'],
      ['Fuse', 1, null, null],
    ]);
  });
});

describe('pricedParts', () => {
  it('prices each part in order, naming a new supplier as the vendor list does', () => {
    const priced = pricedParts(
      [part('Sensor'), part('Fuse')],
      [
        { unitCost: 86.5, supplierId: 'v-braun' },
        { unitCost: null, supplierId: null },
      ],
      vendors,
    );
    expect(priced).toEqual([
      part('Sensor', { unitCost: 86.5, supplierId: 'v-braun', supplierName: 'B. Braun' }),
      part('Fuse'),
    ]);
  });

  it('keeps the name a supplier already on the task was recorded under, retired or renamed since', () => {
    const before = [part('Sensor', { supplierId: 'v-gone', supplierName: 'Gone (old name)' }), part('Fuse')];
    const priced = pricedParts(
      before,
      [
        { unitCost: 1, supplierId: 'v-gone' },
        { unitCost: 2, supplierId: 'v-gone' },
      ],
      new Map(),
    );
    expect(priced.map((kept) => kept.supplierName)).toEqual(['Gone (old name)', 'Gone (old name)']);
  });

  it.each([
    [[part('Sensor')], [], "Send one entry for the task's spare part."],
    [
      [part('Sensor'), part('Fuse')],
      [{ unitCost: 1, supplierId: null }],
      "Send one entry for each of the task's 2 spare parts, in their order.",
    ],
    [
      [part('Sensor')],
      [{ unitCost: 1, supplierId: 'v-none' }],
      'No such vendor: choose one from the vendors list.',
    ],
    [
      [part('Sensor')],
      [{ unitCost: 1, supplierId: 'v-gone' }],
      'Gone Ltd is retired: restore it in Vendors to record a part bought from them.',
    ],
  ])('refuses %j priced as %j', (parts, costs, message) => {
    expect(() => pricedParts(parts, costs, vendors)).toThrow(message);
  });
});
