import type { SparePart, VendorRef } from '@caliber/contracts';
import { pricedParts, withKeptPricing } from './part-suppliers';

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

describe('withKeptPricing', () => {
  const before = [
    part('Sensor', {
      description: 'Downstream',
      unitCost: 80,
      supplierId: 'v-braun',
      supplierName: 'B. Braun',
    }),
    part('Fuse', { unitCost: 1, supplierId: 'v-braun', supplierName: 'B. Braun' }),
  ];
  const sent = [
    { name: 'SENSOR', quantity: 2, description: 'Downstream', unitCost: 5 },
    { name: 'Fuse', quantity: 1, description: '5 A', unitCost: 9 },
  ];

  it('keeps the supplier of the same part (name in any case, same description) and no other', () => {
    const after = withKeptPricing(sent, before, true);
    expect(after.map((kept) => [kept.name, kept.quantity, kept.unitCost, kept.supplierName])).toEqual([
      ['SENSOR', 2, 5, 'B. Braun'],
      ['Fuse', 1, 9, null],
    ]);
  });

  it('keeps the recorded price, not the one sent, for someone who does not record costs', () => {
    const after = withKeptPricing(sent, before, false);
    expect(after.map((kept) => kept.unitCost)).toEqual([80, null]);
  });

  it('keeps two lines of one part bought from two suppliers apart, moved or not', () => {
    const twice = [
      part('Fuse', { unitCost: 1, supplierId: 'v-a', supplierName: 'A' }),
      part('Fuse', { unitCost: 2, supplierId: 'v-b', supplierName: 'B' }),
    ];
    const fuse = { name: 'Fuse', quantity: 1, description: '', unitCost: null };
    expect(withKeptPricing([fuse, fuse], twice, false).map((kept) => kept.supplierName)).toEqual(['A', 'B']);
    const first = withKeptPricing([{ ...fuse, name: 'Valve' }, fuse, fuse], twice, false);
    expect(first.map((kept) => [kept.supplierName, kept.unitCost])).toEqual([
      [null, null],
      ['B', 2],
      ['A', 1],
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
