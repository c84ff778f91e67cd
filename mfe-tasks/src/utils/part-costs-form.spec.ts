import type { SparePart } from '@caliber/contracts';
import {
  draftPricedParts,
  partCost,
  partCostsBodyOf,
  partCostsDraftOf,
  partCostsDraftSchema,
  partFieldName,
  partFieldOf,
  partLabels,
  partsCostTotal,
  typedUnitCost,
  UNREADABLE_AMOUNT,
  unpricedSentence,
  type PartCostsDraft,
} from './part-costs-form';

const BRAUN = { id: '7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c', name: 'B. Braun Medical Ltd' };

const part = (changes: Partial<SparePart>): SparePart => ({
  name: 'Pressure sensor',
  quantity: 1,
  description: '',
  unitCost: null,
  supplierId: null,
  supplierName: null,
  ...changes,
});

/** Runs the form's rules on a draft: the issues by path, as the form would show them. */
function issuesOf(draft: PartCostsDraft, version = 3): Record<string, string> {
  const checked = partCostsDraftSchema(version).safeParse(draft);
  if (checked.success) return {};
  return Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('The part costs form', () => {
  it('opens on each part’s unit cost and supplier as recorded, a retired supplier under its recorded name', () => {
    expect(
      partCostsDraftOf([
        part({ unitCost: 86.5, supplierId: BRAUN.id, supplierName: BRAUN.name }),
        part({ name: 'Fuse' }),
      ]),
    ).toEqual({
      parts: [
        { unitCost: '86.50', supplier: BRAUN },
        { unitCost: '', supplier: null },
      ],
    });
  });

  it('reads a unit cost as a plain decimal number only', () => {
    expect(typedUnitCost(' 12.5 ')).toBe(12.5);
    expect(typedUnitCost('.5')).toBe(0.5);
    expect(typedUnitCost('')).toBeNull();
    expect(typedUnitCost('-3')).toBe(-3);
    expect(typedUnitCost('1e3')).toBeNaN();
    expect(typedUnitCost('1,000')).toBeNaN();
    expect(typedUnitCost(UNREADABLE_AMOUNT)).toBeNaN();
  });

  it('sends one entry per part in the task’s order, an emptied cost or supplier as null, with the version', () => {
    expect(
      partCostsBodyOf(
        {
          parts: [
            { unitCost: '86.50', supplier: BRAUN },
            { unitCost: ' ', supplier: null },
            { unitCost: '', supplier: BRAUN },
          ],
        },
        7,
      ),
    ).toEqual({
      parts: [
        { unitCost: 86.5, supplierId: BRAUN.id },
        { unitCost: null, supplierId: null },
        { unitCost: null, supplierId: BRAUN.id },
      ],
      version: 7,
    });
  });

  it('refuses what the contract refuses, under the part’s field, in the server’s words', () => {
    expect(
      issuesOf({
        parts: [
          { unitCost: '-1', supplier: null },
          { unitCost: '1.005', supplier: null },
          { unitCost: UNREADABLE_AMOUNT, supplier: null },
          { unitCost: '12', supplier: BRAUN },
          { unitCost: '', supplier: { id: 'not an id', name: 'Typed' } },
        ],
      }),
    ).toEqual({
      'parts.0.unitCost': 'Unit cost cannot be negative.',
      'parts.1.unitCost': 'Unit cost may have at most two decimals.',
      'parts.2.unitCost': 'Unit cost must be a number.',
      'parts.4.supplier': 'supplierId must be a vendor id.',
    });
    expect(issuesOf({ parts: [{ unitCost: '', supplier: null }] })).toEqual({});
  });

  it('places a refusal of a part’s field on its row, and nothing else', () => {
    expect(partFieldOf('parts.2.supplierId', 3)).toEqual({ row: 2, field: 'supplier' });
    expect(partFieldOf('parts.0.unitCost', 3)).toEqual({ row: 0, field: 'unitCost' });
    expect(partFieldOf('parts.3.unitCost', 3)).toBeNull();
    expect(partFieldOf('parts', 3)).toBeNull();
    expect(partFieldOf('version', 3)).toBeNull();
    expect(partFieldOf('parts.1.name', 3)).toBeNull();
    expect(partFieldName({ row: 2, field: 'supplier' })).toBe('parts.2.supplier');
  });
});

describe('The parts cost', () => {
  it('is quantity × unit cost to the cent, or unknown without a unit cost', () => {
    expect(partCost({ quantity: 3, unitCost: 0.1 })).toBe(0.3);
    expect(partCost({ quantity: 2, unitCost: null })).toBeNull();
  });

  it('sums the known costs in whole cents and counts the parts it leaves out', () => {
    const parts = [
      { quantity: 3, unitCost: 0.1 },
      { quantity: 1, unitCost: 0.2 },
      { quantity: 4, unitCost: null },
      { quantity: 1, unitCost: 86.5 },
    ];
    // In floats 0.1 * 3 + 0.2 is 0.5000000000000001.
    expect(partsCostTotal(parts)).toEqual({ total: 87, priced: 3, unpriced: 1 });
    expect(partsCostTotal([])).toEqual({ total: 0, priced: 0, unpriced: 0 });
  });

  it('says how many parts the total leaves out', () => {
    expect(unpricedSentence({ total: 10, priced: 5, unpriced: 0 })).toBeNull();
    expect(unpricedSentence({ total: 10, priced: 3, unpriced: 2 })).toBe(
      '2 of 5 parts have no unit cost yet: the total leaves them out.',
    );
    expect(unpricedSentence({ total: 10, priced: 2, unpriced: 1 })).toBe(
      '1 of 3 parts has no unit cost yet: the total leaves it out.',
    );
    expect(unpricedSentence({ total: 0, priced: 0, unpriced: 4 })).toBe(
      'None of the 4 parts has a unit cost yet.',
    );
    expect(unpricedSentence({ total: 0, priced: 0, unpriced: 1 })).toBe('The part has no unit cost yet.');
  });

  it('counts what is typed in the form that is a cost, and nothing still being typed', () => {
    const parts = [{ quantity: 2 }, { quantity: 1 }, { quantity: 1 }, { quantity: 1 }];
    expect(
      draftPricedParts(parts, {
        parts: [
          { unitCost: '12.5', supplier: null },
          { unitCost: '', supplier: null },
          { unitCost: UNREADABLE_AMOUNT, supplier: null },
          { unitCost: '-4', supplier: null },
        ],
      }),
    ).toEqual([
      { quantity: 2, unitCost: 12.5 },
      { quantity: 1, unitCost: null },
      { quantity: 1, unitCost: null },
      { quantity: 1, unitCost: null },
    ]);
  });
});

describe('The names of the parts in the form', () => {
  it('are the parts’ names, told apart by description or line where two share a name', () => {
    expect(
      partLabels([
        { name: 'Pressure sensor', description: '' },
        { name: 'Fuse', description: '5 A' },
        { name: 'fuse', description: '10 A' },
        { name: 'O-ring', description: '' },
        { name: 'O-ring', description: '' },
      ]),
    ).toEqual(['Pressure sensor', 'Fuse (5 A)', 'fuse (10 A)', 'O-ring (line 4)', 'O-ring (line 5)']);
  });
});
