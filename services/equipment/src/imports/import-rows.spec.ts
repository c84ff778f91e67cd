import {
  ACQUISITION_IMPORT_KEYS,
  gtinCheckDigit,
  INVENTORY_CELL_MAX_CHARS,
  INVENTORY_IMPORT_KEYS,
  INVENTORY_IMPORT_ROWS_MAX_PAGE,
  ListIndex,
  type InventoryFileColumns,
  type InventoryFileRow,
  type InventoryImportKey,
  type InventoryImportRowDto,
  type InventoryImportRowsPage,
  type ResolvableEntry,
} from '@caliber/contracts';
import { figuresIn } from '../acquisition/acquisition-figures';
import {
  evaluateRows,
  SUGGESTED_NAMES_MAX,
  holdToPreview,
  statusOf,
  type ExistingDevice,
  type ImportContext,
} from './import-rows';

const entry = (kind: 'department' | 'category', name: string, retired = false, formerNames: string[] = []) =>
  ({ kind, name, parentId: null, retired, formerNames }) satisfies ResolvableEntry;

const ENTRIES = [
  entry('department', 'Intensive Care Unit', false, ['ICU Ward']),
  entry('department', 'Cardiology'),
  entry('department', 'Old Annex', true),
  entry('category', 'Ventilator'),
  entry('category', 'Monitor'),
];

/** Every column in the template's order: A is Name, D the serial number, F the department… */
const ALL_COLUMNS: InventoryFileColumns = Object.fromEntries(
  INVENTORY_IMPORT_KEYS.map((key, index) => [key, index + 1]),
) as InventoryFileColumns;

const GTIN = (() => {
  const first13 = '0614141123456';
  return `${first13}${gtinCheckDigit(first13)}`;
})();

function row(line: number, cells: Partial<Record<InventoryImportKey, string>> = {}): InventoryFileRow {
  return {
    line,
    cells: {
      name: 'Ventilator 1',
      manufacturer: 'Dräger',
      model: 'Evita V500',
      serialNumber: `SN-${line}`,
      udi: '',
      department: 'Intensive Care Unit',
      location: 'Bed 4',
      installationDate: '2021-03-04',
      warrantyExpiry: '',
      status: 'Serviceable',
      category: 'Ventilator',
      acquisitionCost: '',
      purchaseDate: '',
      supplier: '',
      expectedLifeYears: '',
      ...cells,
    },
  };
}

const device = (fields: Partial<ExistingDevice> = {}): ExistingDevice => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  version: 3,
  name: 'Ventilator 1',
  manufacturer: 'Dräger',
  model: 'Evita V500',
  serialNumber: 'SN-2',
  department: 'Intensive Care Unit',
  location: 'Bed 4',
  installationDate: '2021-03-04',
  warrantyExpiry: null,
  status: 'Serviceable',
  category: 'Ventilator',
  udi: null,
  gtin: null,
  lotNumber: null,
  expiryDate: null,
  manufactureDate: null,
  ...fields,
});

const MEDEQUIP = { id: 'vendor-medequip', name: 'Medequip', retired: false };
const OLD_SUPPLY = { id: 'vendor-old', name: 'Old Supply Co', retired: true };
/** The vendors the rows' Supplier cells name, by the cell's text, as the service reads them. */
const SUPPLIERS = new Map([
  ['Medequip', MEDEQUIP],
  ['MEDEQUIP', MEDEQUIP],
  ['Old Supply Co', OLD_SUPPLY],
]);

function context(overrides: Partial<ImportContext> = {}): ImportContext {
  return {
    columns: ALL_COLUMNS,
    dateOrder: 'DMY',
    lists: new ListIndex(ENTRIES),
    active: {
      department: ['Intensive Care Unit', 'Cardiology'],
      category: ['Ventilator', 'Monitor'],
      supplier: ['Medequip'],
    },
    suppliers: SUPPLIERS,
    existing: new Map(),
    acquisitions: new Map(),
    hospitalToday: '2026-11-25',
    role: 'Engineer',
    today: new Date('2026-11-25T00:00:00Z'),
    ...overrides,
  };
}

describe('evaluateRows', () => {
  it('adds a new serial number, with the list names as the lists write them', () => {
    const [outcome] = evaluateRows(
      [row(2, { department: 'intensive care unit', category: 'VENTILATOR' })],
      context(),
    );
    expect(outcome).toMatchObject({ line: 2, action: 'add', problems: [] });
    expect(outcome?.record).toMatchObject({ department: 'Intensive Care Unit', category: 'Ventilator' });
  });

  it('finds a department under a former name', () => {
    const [outcome] = evaluateRows([row(2, { department: 'ICU Ward' })], context());
    expect(outcome?.record?.department).toBe('Intensive Care Unit');
  });

  it('updates a device matched by serial number (any case), listing the fields that change', () => {
    const existing = new Map([['sn-2', device()]]);
    const [outcome] = evaluateRows(
      [row(2, { serialNumber: 'SN-2', location: 'Bed 9', status: 'under maintenance' })],
      context({ existing }),
    );
    expect(outcome?.action).toBe('update');
    expect(outcome?.equipmentId).toBe(device().id);
    expect(outcome?.changes).toEqual([
      { field: 'Location', from: 'Bed 4', to: 'Bed 9' },
      { field: 'Status', from: 'Serviceable', to: 'Under Maintenance' },
    ]);
  });

  it('leaves a device whose row says what it has unchanged', () => {
    const existing = new Map([['sn-2', device()]]);
    const [outcome] = evaluateRows([row(2, { serialNumber: 'SN-2' })], context({ existing }));
    expect(outcome).toMatchObject({ action: 'unchanged', changes: [], record: null });
  });

  it('keeps a stored UDI and warranty when the file has no such columns', () => {
    const stored = device({
      udi: `(01)${GTIN}(21)SN-2`,
      gtin: GTIN,
      warrantyExpiry: '2027-01-01',
    });
    const columns = { ...ALL_COLUMNS };
    delete columns.udi;
    delete columns.warrantyExpiry;
    const [outcome] = evaluateRows(
      [row(2, { serialNumber: 'SN-2' })],
      context({ existing: new Map([['sn-2', stored]]), columns }),
    );
    expect(outcome?.action).toBe('unchanged');
  });

  it('names the cell and offers the closest department', () => {
    const [outcome] = evaluateRows([row(12, { department: 'Cardiolgy' })], context());
    expect(outcome?.action).toBe('refused');
    expect(outcome?.problems).toEqual([
      {
        cell: 'F12',
        column: 'Department',
        message:
          'Department "Cardiolgy" is not one of the hospital\'s departments. Did you mean "Cardiology"?',
      },
    ]);
  });

  it('refuses a retired department for a new device, and keeps it on a device that has it', () => {
    const [added] = evaluateRows([row(2, { department: 'Old Annex' })], context());
    expect(added?.problems[0]?.message).toMatch(/retired/);
    const existing = new Map([['sn-3', device({ serialNumber: 'SN-3', department: 'Old Annex' })]]);
    const [kept] = evaluateRows([row(3, { department: 'Old Annex' })], context({ existing }));
    expect(kept?.action).toBe('unchanged');
  });

  it('reads dates in the order chosen, and refuses a text that is no date with its cell', () => {
    const [dayFirst] = evaluateRows([row(2, { installationDate: '03/04/2021' })], context());
    expect(dayFirst?.record?.installationDate).toBe('2021-04-03');
    const [monthFirst] = evaluateRows(
      [row(2, { installationDate: '03/04/2021' })],
      context({ dateOrder: 'MDY' }),
    );
    expect(monthFirst?.record?.installationDate).toBe('2021-03-04');
    const [serial] = evaluateRows([row(2, { installationDate: '44259' })], context());
    expect(serial?.record?.installationDate).toBe('2021-03-04');
    const [wrong] = evaluateRows([row(7, { installationDate: 'last spring' })], context());
    expect(wrong?.problems).toEqual([
      {
        cell: 'H7',
        column: 'Installation Date',
        message: 'Installation Date "last spring" is not a date: write it as 2021-03-31 or 31/03/2021.',
      },
    ]);
  });

  it('refuses a warranty before the installation, an unknown status and an empty required cell', () => {
    const [outcome] = evaluateRows(
      [row(5, { warrantyExpiry: '2020-01-01', status: 'Broken', name: '' })],
      context(),
    );
    expect(outcome?.action).toBe('refused');
    expect(outcome?.problems.map((problem) => problem.cell).sort()).toEqual(['A5', 'I5', 'J5']);
  });

  it('fills the serial number from the UDI, and reads its GTIN, lot and dates', () => {
    const [outcome] = evaluateRows(
      [row(2, { serialNumber: '', udi: `(01)${GTIN}(17)290131(10)LOT7(21)UDI-SN-1` })],
      context(),
    );
    expect(outcome?.action).toBe('add');
    expect(outcome?.record).toMatchObject({
      serialNumber: 'UDI-SN-1',
      gtin: GTIN,
      lotNumber: 'LOT7',
      expiryDate: '2029-01-31',
    });
  });

  it("refuses a UDI with a wrong check digit, and one whose serial is not the row's", () => {
    const wrongDigit = `${GTIN.slice(0, 13)}${(Number(GTIN[13]) + 1) % 10}`;
    const [bad] = evaluateRows([row(2, { udi: `(01)${wrongDigit}` })], context());
    expect(bad?.problems[0]).toMatchObject({ cell: 'E2', column: 'UDI' });
    expect(bad?.problems[0]?.message).toMatch(/check digit/);
    const [mismatch] = evaluateRows(
      [row(3, { serialNumber: 'SN-3', udi: `(01)${GTIN}(21)OTHER` })],
      context(),
    );
    expect(mismatch?.problems[0]).toMatchObject({ cell: 'D3', column: 'Serial Number' });
  });

  it('refuses the second row of a serial number, naming the first', () => {
    const outcomes = evaluateRows(
      [row(2, { serialNumber: 'X1' }), row(3, { serialNumber: 'x1' })],
      context(),
    );
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['add', 'refused']);
    expect(outcomes[1]?.problems[0]?.message).toBe(
      'Serial number x1 is also on line 2: a serial number names one device, so only the first row is read.',
    );
  });
});

describe('evaluateRows: acquisition figures', () => {
  const existing = new Map([['sn-2', device()]]);
  const recorded = {
    acquisitionCost: 48500,
    purchaseDate: '2021-02-01',
    supplier: 'Medequip',
    supplierId: MEDEQUIP.id,
    expectedLifeYears: 10,
    version: 4,
  };
  const acquisitions = new Map([[device().id, recorded]]);
  const asRecorded = {
    serialNumber: 'SN-2',
    acquisitionCost: '48,500.00',
    purchaseDate: '01/02/2021',
    supplier: 'Medequip',
    expectedLifeYears: '10',
  };

  it("adds a device with its figures, which the preview's add does not list", () => {
    const [outcome] = evaluateRows([row(2, { acquisitionCost: '1250.5', supplier: 'Medequip' })], context());
    expect(outcome).toMatchObject({ action: 'add', changes: [], acquisitionVersion: null });
    expect(outcome?.figures).toEqual({
      before: { acquisitionCost: null, purchaseDate: null, supplier: null, expectedLifeYears: null },
      after: { acquisitionCost: 1250.5, purchaseDate: null, supplier: 'Medequip', expectedLifeYears: null },
      supplierId: MEDEQUIP.id,
    });
  });

  it('names the supplier as the vendor list writes it, and points at that vendor', () => {
    const [outcome] = evaluateRows([row(2, { supplier: 'MEDEQUIP' })], context());
    expect(outcome?.figures?.after.supplier).toBe('Medequip');
    expect(outcome?.figures?.supplierId).toBe(MEDEQUIP.id);
  });

  it('refuses a supplier not on the vendor list, suggesting the name meant', () => {
    const [outcome] = evaluateRows([row(2, { supplier: 'Medequp' })], context());
    expect(outcome).toMatchObject({ action: 'refused', figures: null });
    expect(outcome?.problems).toEqual([
      {
        cell: 'N2',
        column: 'Supplier',
        message:
          'Supplier "Medequp" is not on the vendor list: choose one that is, or add it under Vendors first. Did you mean "Medequip"?',
      },
    ]);
  });

  it('suggests names for the first hundred distinct unknown suppliers only', () => {
    const rows = Array.from({ length: SUGGESTED_NAMES_MAX + 1 }, (_, index) =>
      row(index + 2, { serialNumber: `SN-X${index}`, supplier: `Medequp ${index}` }),
    );
    const outcomes = evaluateRows(rows, context());
    expect(outcomes[0]?.problems[0]?.message).toContain('Did you mean "Medequip"?');
    expect(outcomes.at(-1)?.problems[0]?.message).toBe(
      `Supplier "Medequp ${SUGGESTED_NAMES_MAX}" is not on the vendor list: choose one that is, or add it under Vendors first.`,
    );
  });

  it('refuses a retired supplier for a device it did not supply, and keeps it on one it did', () => {
    const [added] = evaluateRows([row(2, { supplier: 'Old Supply Co' })], context());
    expect(added?.problems.map((problem) => problem.message)).toEqual([
      'Supplier "Old Supply Co" is retired from the vendor list: choose another, or restore it under Vendors first.',
    ]);
    const suppliedBefore = new Map([
      [device().id, { ...recorded, supplier: OLD_SUPPLY.name, supplierId: OLD_SUPPLY.id }],
    ]);
    const [kept] = evaluateRows(
      [row(2, { ...asRecorded, supplier: 'Old Supply Co' })],
      context({ existing, acquisitions: suppliedBefore }),
    );
    expect(kept).toMatchObject({ action: 'unchanged', problems: [] });
  });

  it('updates only the figures of a device whose record the row leaves as it is', () => {
    const [outcome] = evaluateRows(
      [row(2, { ...asRecorded, acquisitionCost: '52000' })],
      context({ existing, acquisitions }),
    );
    expect(outcome).toMatchObject({ action: 'update', record: null, acquisitionVersion: 4 });
    expect(outcome?.changes).toEqual([{ field: 'Acquisition Cost', from: '48500.00', to: '52000.00' }]);
    expect(outcome?.figures?.after).toEqual({ ...figuresIn(recorded), acquisitionCost: 52000 });
  });

  it('leaves a device unchanged when its figures read as recorded', () => {
    const [outcome] = evaluateRows([row(2, asRecorded)], context({ existing, acquisitions }));
    expect(outcome).toMatchObject({ action: 'unchanged', figures: null, acquisitionVersion: 4 });
  });

  it('clears a figure whose cell is empty, and keeps one whose column the file does not have', () => {
    const columns = { ...ALL_COLUMNS, purchaseDate: undefined, expectedLifeYears: undefined };
    const [outcome] = evaluateRows(
      [row(2, { ...asRecorded, supplier: '', purchaseDate: '', expectedLifeYears: '' })],
      context({ existing, acquisitions, columns }),
    );
    expect(outcome?.changes).toEqual([{ field: 'Supplier', from: 'Medequip', to: '' }]);
    expect(outcome?.figures?.after).toEqual({ ...figuresIn(recorded), supplier: null });
    expect(outcome?.figures?.supplierId).toBeNull();
  });

  it("reads no figure, and holds to no figures' version, for a file without their columns", () => {
    const columns = Object.fromEntries(
      Object.entries(ALL_COLUMNS).filter(([key]) => !(key in asRecorded) || key === 'serialNumber'),
    ) as InventoryFileColumns;
    const [outcome] = evaluateRows([row(2, { serialNumber: 'SN-2' })], context({ existing, columns }));
    expect(outcome).toMatchObject({ action: 'unchanged', figures: null, acquisitionVersion: null });
  });

  it('refuses a row with a bad figure in its cell, and writes nothing of it', () => {
    const [outcome] = evaluateRows(
      [row(2, { acquisitionCost: '-1', purchaseDate: '2030-01-01' })],
      context(),
    );
    expect(outcome).toMatchObject({ action: 'refused', record: null, figures: null });
    expect(outcome?.problems).toEqual([
      { cell: 'L2', column: 'Acquisition Cost', message: 'Acquisition Cost cannot be negative.' },
      {
        cell: 'M2',
        column: 'Purchase Date',
        message: 'Purchase Date 2030-01-01 is in the future: today is 2026-11-25 at the hospital.',
      },
    ]);
  });

  it('reads a row staged before the acquisition columns existed as having none', () => {
    const old = Object.fromEntries(
      Object.entries(row(2).cells).filter(
        ([key]) => !(ACQUISITION_IMPORT_KEYS as readonly string[]).includes(key),
      ),
    );
    const [outcome] = evaluateRows([{ line: 2, cells: old as InventoryFileRow['cells'] }], context());
    expect(outcome).toMatchObject({ action: 'add', figures: null });
  });

  it("refuses at Apply a row whose device's figures someone changed after the preview", () => {
    const moved = [row(2, { ...asRecorded, acquisitionCost: '52000' })];
    const seen = (acquisitionVersion: number) =>
      new Map([
        [2, { action: 'update' as const, equipmentId: device().id, equipmentVersion: 3, acquisitionVersion }],
      ]);
    const [kept] = holdToPreview(evaluateRows(moved, context({ existing, acquisitions })), seen(4));
    expect(kept?.action).toBe('update');
    const [refused] = holdToPreview(evaluateRows(moved, context({ existing, acquisitions })), seen(3));
    expect(refused?.problems.at(-1)?.message).toBe(
      'Someone changed the acquisition figures of the device with serial number SN-2 after the preview: upload the file again to see what this row would change now.',
    );
  });
});

describe('holdToPreview', () => {
  const existing = new Map([['sn-2', device()]]);
  const previewed = (
    action: 'add' | 'update' | 'unchanged' | 'refused',
    version: number | null = 3,
    acquisitionVersion: number | null = 0,
  ) =>
    new Map([
      [
        2,
        {
          action,
          equipmentId: action === 'add' || action === 'refused' ? null : device().id,
          equipmentVersion: version,
          acquisitionVersion,
        },
      ],
    ]);
  const moved = [row(2, { serialNumber: 'SN-2', location: 'Bed 9' })];

  it('lets through a row that does what the preview said', () => {
    const [update] = holdToPreview(evaluateRows(moved, context({ existing })), previewed('update'));
    expect(update?.action).toBe('update');
    const [add] = holdToPreview(evaluateRows([row(2)], context()), previewed('add'));
    expect(add?.action).toBe('add');
  });

  it('refuses a row whose device someone changed after the preview, rather than undo their change', () => {
    const [outcome] = holdToPreview(evaluateRows(moved, context({ existing })), previewed('unchanged', 2));
    expect(outcome?.action).toBe('refused');
    expect(outcome?.problems[0]?.message).toBe(
      'Someone changed the device with serial number SN-2 after the preview: upload the file again to see what this row would change now.',
    );
  });

  it('refuses an add whose serial number arrived after the preview, and an update whose device went', () => {
    const [arrived] = holdToPreview(evaluateRows(moved, context({ existing })), previewed('add', null));
    expect(arrived?.problems[0]?.message).toMatch(/was added to the inventory after the preview/);
    const [gone] = holdToPreview(
      evaluateRows([row(2, { serialNumber: 'SN-2' })], context()),
      previewed('update'),
    );
    expect(gone?.problems[0]?.message).toMatch(/was deleted after the preview/);
  });

  it('keeps out a row the preview refused, even if it would pass now', () => {
    const [outcome] = holdToPreview(evaluateRows([row(2)], context()), previewed('refused', null));
    expect(outcome?.action).toBe('refused');
  });

  it('lets an unchanged row be, whatever happened to its device', () => {
    const [outcome] = holdToPreview(
      evaluateRows([row(2, { serialNumber: 'SN-2' })], context({ existing })),
      previewed('update', 1),
    );
    expect(outcome?.action).toBe('unchanged');
  });
});

describe('statusOf', () => {
  it('reads a status in any case and spacing', () => {
    expect(statusOf('UNDER  maintenance')).toBe('Under Maintenance');
    expect(statusOf('serviceable')).toBe('Serviceable');
    expect(statusOf('Working')).toBeUndefined();
  });
});

describe('a page of the rows call', () => {
  /** NATS's payload limit, which every answer of the equipment service must stay under. */
  const BUS_LIMIT = 1024 * 1024;
  /** Room left for the transport's own envelope around the answer. */
  const ENVELOPE = 4 * 1024;

  /** A row as the rows call answers it (what `storeOutcomes` keeps of an outcome). */
  const asAnswered = (outcome: ReturnType<typeof evaluateRows>[number]): InventoryImportRowDto => ({
    line: outcome.line,
    action: outcome.action,
    serialNumber: outcome.serialNumber.slice(0, 300),
    name: outcome.name.slice(0, 300),
    equipmentId: outcome.equipmentId,
    changes: outcome.changes,
    problems: outcome.problems,
  });

  it('stays under the bus limit at its largest, whatever the cells hold', () => {
    const departments = Array.from({ length: 50 }, (_, i) => `Département ${'é'.repeat(80)} ${i}`);
    const worst = ['\u0001', '語', '😀'].map((character) => {
      // Every cell as long as a file's cell may be, in a character that JSON writes longest.
      const long = character.repeat(INVENTORY_CELL_MAX_CHARS / character.length);
      const cells = Object.fromEntries(INVENTORY_IMPORT_KEYS.map((key) => [key, long])) as Record<
        InventoryImportKey,
        string
      >;
      const [refused] = evaluateRows(
        [{ line: 20_001, cells }],
        context({ active: { department: departments, category: departments, supplier: departments } }),
      );
      // An update that changes every field, each from and to as long as a device may hold it.
      const stored = (length: number) => character.repeat(length / character.length);
      const existing = device({
        name: stored(120),
        manufacturer: stored(120),
        model: stored(120),
        serialNumber: `SN-2-${stored(58)}`,
        location: stored(120),
      });
      const [updated] = evaluateRows(
        [
          row(20_001, {
            serialNumber: existing.serialNumber.toUpperCase(),
            name: `${stored(118)}x`,
            manufacturer: `${stored(118)}x`,
            model: `${stored(118)}x`,
            location: `${stored(118)}x`,
            warrantyExpiry: '2031-01-01',
            status: 'Unserviceable',
          }),
        ],
        context({ existing: new Map([[existing.serialNumber.toLowerCase(), existing]]) }),
      );
      expect([refused?.action, updated?.action]).toEqual(['refused', 'update']);
      return [refused, updated].map((outcome) =>
        outcome ? Buffer.byteLength(JSON.stringify(asAnswered(outcome))) : 0,
      );
    });
    const largestRow = Math.max(...worst.flat());
    const page: InventoryImportRowsPage = {
      rows: [],
      total: 20_000,
      page: 400,
      pages: 400,
      limit: INVENTORY_IMPORT_ROWS_MAX_PAGE,
    };
    const pageBytes =
      Buffer.byteLength(JSON.stringify(page)) + INVENTORY_IMPORT_ROWS_MAX_PAGE * (largestRow + 1);
    expect(pageBytes).toBeLessThan(BUS_LIMIT - ENVELOPE);
  });
});
