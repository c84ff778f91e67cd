import {
  ACQUISITION_IMPORT_KEYS,
  INVENTORY_IMPORT_KEYS,
  inventoryColumnOf,
  type AcquisitionImportKey,
  type InventoryFileColumns,
} from '@caliber/contracts';
import {
  acquisitionColumnsRefusal,
  figureChanges,
  readAmount,
  readFigures,
  readYears,
  type FiguresContext,
} from './acquisition-cells';

/** Every column in the template's order: L is the acquisition cost, O the expected life. */
const ALL_COLUMNS = Object.fromEntries(
  INVENTORY_IMPORT_KEYS.map((key, index) => [key, index + 1]),
) as InventoryFileColumns;

const context = (overrides: Partial<FiguresContext> = {}): FiguresContext => ({
  columns: ALL_COLUMNS,
  dateOrder: 'DMY',
  hospitalToday: '2026-11-25',
  ...overrides,
});

const cells = (written: Partial<Record<AcquisitionImportKey, string>> = {}) => ({
  acquisitionCost: '',
  purchaseDate: '',
  supplier: '',
  expectedLifeYears: '',
  ...written,
});

describe('readAmount', () => {
  it('reads an amount as a sheet writes it: plain, grouped by thousands, or with a decimal comma', () => {
    expect(
      ['48500', '48500.5', '48500.50', '48,500.00', '1,234,567.89', '48500,5', '0'].map(readAmount),
    ).toEqual([48500, 48500.5, 48500.5, 48500, 1234567.89, 48500.5, 0]);
  });

  it('reads a comma before three digits as thousands, before one or two as decimals', () => {
    expect([readAmount('1,500'), readAmount('1,50'), readAmount('1,5')]).toEqual([1500, 1.5, 1.5]);
  });

  it("reads a workbook's binary number to the 15 digits Excel shows", () => {
    expect(readAmount('1234.5600000000002')).toBe(1234.56);
  });

  it('takes no currency, no words, and no ambiguous separators', () => {
    expect(
      ['GHS 48500', '₵48,500', '48 500', '1.234,56', '12,34,567', 'about 5000', ''].map(readAmount),
    ).toEqual(Array(7).fill(undefined));
  });
});

describe('readYears', () => {
  it('reads whole years, with or without the word', () => {
    expect(['10', '10 years', '1 Year', '8 yrs', '7.5'].map(readYears)).toEqual([10, 10, 1, 8, 7.5]);
    expect(['ten', '10y old', ''].map(readYears)).toEqual([undefined, undefined, undefined]);
  });
});

describe('readFigures', () => {
  it('reads each figure of a column the file has, empty as none', () => {
    expect(
      readFigures(
        cells({
          acquisitionCost: '48,500.00',
          purchaseDate: '20/04/2023',
          supplier: ' B. Braun ',
          expectedLifeYears: '10',
        }),
        context(),
      ),
    ).toEqual({
      figures: {
        acquisitionCost: 48500,
        purchaseDate: '2023-04-20',
        supplier: 'B. Braun',
        expectedLifeYears: 10,
      },
      problems: [],
    });
    expect(readFigures(cells(), context()).figures).toEqual({
      acquisitionCost: null,
      purchaseDate: null,
      supplier: null,
      expectedLifeYears: null,
    });
  });

  it('leaves out a figure whose column the file does not have: the device keeps it', () => {
    const columns = {
      ...ALL_COLUMNS,
      purchaseDate: undefined,
      supplier: undefined,
      expectedLifeYears: undefined,
    };
    expect(readFigures(cells({ acquisitionCost: '100', supplier: 'ignored' }), context({ columns }))).toEqual(
      {
        figures: { acquisitionCost: 100 },
        problems: [],
      },
    );
  });

  it("refuses, by column and in the column's words, what the acquisition screen refuses", () => {
    const { figures, problems } = readFigures(
      cells({
        acquisitionCost: '-5',
        purchaseDate: '1899-12-31',
        supplier: 'S'.repeat(121),
        expectedLifeYears: '51',
      }),
      context(),
    );
    expect(figures).toEqual({});
    expect(problems).toEqual([
      { key: 'acquisitionCost', message: 'Acquisition Cost cannot be negative.' },
      { key: 'purchaseDate', message: expect.stringMatching(/^Purchase Date must be between /) },
      { key: 'supplier', message: 'Supplier must have at most 120 characters.' },
      { key: 'expectedLifeYears', message: 'Expected Life (Years) must be at most 50.' },
    ]);
    expect(
      readFigures(cells({ acquisitionCost: '1000000000.01', expectedLifeYears: '7.5' }), context()).problems,
    ).toEqual([
      { key: 'acquisitionCost', message: 'Acquisition Cost must be at most 1,000,000,000.' },
      { key: 'expectedLifeYears', message: 'Expected Life (Years) must be a whole number of years.' },
    ]);
    expect(
      readFigures(cells({ acquisitionCost: '12.345', expectedLifeYears: '0' }), context()).problems,
    ).toEqual([
      { key: 'acquisitionCost', message: 'Acquisition Cost may have at most two decimals.' },
      { key: 'expectedLifeYears', message: 'Expected Life (Years) must be at least 1.' },
    ]);
  });

  it('refuses what is not an amount, a date or a number, saying how to write it', () => {
    expect(
      readFigures(
        cells({ acquisitionCost: 'GHS 4,500', purchaseDate: 'last spring', expectedLifeYears: 'ten' }),
        context({ dateOrder: 'MDY' }),
      ).problems,
    ).toEqual([
      {
        key: 'acquisitionCost',
        message:
          'Acquisition Cost "GHS 4,500" is not an amount: write the number alone, such as 48500.00, in the hospital currency and without a currency sign.',
      },
      {
        key: 'purchaseDate',
        message: 'Purchase Date "last spring" is not a date: write it as 2021-03-31 or 03/31/2021.',
      },
      {
        key: 'expectedLifeYears',
        message: 'Expected Life (Years) "ten" is not a number: write the whole years, such as 10.',
      },
    ]);
  });

  it("refuses a purchase date after the hospital's today, and takes today itself", () => {
    expect(readFigures(cells({ purchaseDate: '2026-11-26' }), context()).problems).toEqual([
      {
        key: 'purchaseDate',
        message: 'Purchase Date 2026-11-26 is in the future: today is 2026-11-25 at the hospital.',
      },
    ]);
    expect(readFigures(cells({ purchaseDate: '25/11/2026' }), context()).figures.purchaseDate).toBe(
      '2026-11-25',
    );
  });
});

describe('figureChanges', () => {
  it('lists the figures that change under their headers, an amount with its two decimals', () => {
    expect(
      figureChanges(
        { acquisitionCost: 100, purchaseDate: '2020-01-01', supplier: 'A', expectedLifeYears: 8 },
        { acquisitionCost: 48500.5, purchaseDate: '2020-01-01', supplier: null, expectedLifeYears: 10 },
      ),
    ).toEqual([
      { field: 'Acquisition Cost', from: '100.00', to: '48500.50' },
      { field: 'Supplier', from: 'A', to: '' },
      { field: 'Expected Life (Years)', from: '8', to: '10' },
    ]);
  });
});

describe('acquisitionColumnsRefusal', () => {
  it('lets those who set the figures bring them in, and refuses a file of them from anyone else', () => {
    expect(acquisitionColumnsRefusal('Engineer', ALL_COLUMNS)).toBeNull();
    expect(acquisitionColumnsRefusal('admin', ALL_COLUMNS)).toBeNull();
    expect(acquisitionColumnsRefusal('Technician', { name: 1, supplier: 2 })).toBe(
      'The file has acquisition figures (Supplier): only Engineers and Admins record what a device cost. Delete those columns and upload it again.',
    );
    expect(acquisitionColumnsRefusal('Manager', { name: 1 })).toBeNull();
  });
});

describe('the acquisition columns of an import', () => {
  it('are read under their headers and the names hospital sheets give them, and take no other column', () => {
    expect(
      [
        'Acquisition Cost',
        'Purchase price',
        'purchase_date',
        'Date of Purchase',
        'Supplied by',
        'Expected Life (Years)',
        'Useful life',
      ].map(inventoryColumnOf),
    ).toEqual([
      'acquisitionCost',
      'acquisitionCost',
      'purchaseDate',
      'purchaseDate',
      'supplier',
      'expectedLifeYears',
      'expectedLifeYears',
    ]);
    // A manufacturer's "Vendor" stays the manufacturer; a price or a value is not the cost.
    expect(['Vendor', 'Price', 'Value'].map(inventoryColumnOf)).toEqual([
      'manufacturer',
      undefined,
      undefined,
    ]);
    expect(ACQUISITION_IMPORT_KEYS.every((key) => INVENTORY_IMPORT_KEYS.includes(key))).toBe(true);
  });
});
