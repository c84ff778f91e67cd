import {
  DATES_READ_ONE_WAY_NOTE,
  INVENTORY_DATE_ORDERS,
  INVENTORY_IMPORT_COLUMNS,
  INVENTORY_IMPORT_MAX_BYTES,
} from '@caliber/contracts';
import {
  appliedLine,
  applyQuestion,
  changeLine,
  DATE_ORDER_CHOICES,
  dateOrderLine,
  fieldLabel,
  importColumnsLine,
  inventoryFileLimits,
  inventoryFileProblem,
  inventoryImportRequest,
  problemLine,
  rowsQuery,
  summaryLine,
  writtenRows,
} from './inventory-import';

const summary = (add: number, update: number, unchanged: number, refused: number) => ({
  add,
  update,
  unchanged,
  refused,
});

describe('inventory import file', () => {
  it('says the kinds of file and the limits up front', () => {
    expect(inventoryFileLimits()).toBe('.xlsx or .csv, at most 8 MB and 20,000 devices');
  });

  it('refuses the wrong kind of file, an empty one and one over the limit before reading it', () => {
    expect(inventoryFileProblem({ name: 'devices.xlsx', size: 10 })).toBeNull();
    expect(inventoryFileProblem({ name: 'DEVICES.CSV', size: INVENTORY_IMPORT_MAX_BYTES })).toBeNull();
    expect(inventoryFileProblem({ name: 'devices.xls', size: 10 })).toBe(
      'The inventory file must be .xlsx or .csv.',
    );
    expect(inventoryFileProblem({ name: 'devices.csv', size: 0 })).toBe('The inventory file is empty.');
    expect(inventoryFileProblem({ name: 'devices.csv', size: INVENTORY_IMPORT_MAX_BYTES + 1 })).toBe(
      'The inventory file is larger than 8 MB: split it by department, or remove columns the import does not read.',
    );
    expect(inventoryFileProblem({ name: 'devices.csv', size: 12.5 * 1024 * 1024 })).toContain(
      '(this one is 12.5 MB)',
    );
  });

  it('sends the file to a path whose query names it and the date order chosen', () => {
    const csv = 'Name,Serial Number\nVentilator,SN-1\n';
    expect(inventoryImportRequest(new File([csv], 'ICU devices.csv'), 'MDY')).toEqual({
      ok: true,
      path: '/inventory-imports?fileName=ICU+devices.csv&dateOrder=MDY',
    });
    expect(inventoryImportRequest(new File([csv], 'devices.txt'), 'auto')).toEqual({
      ok: false,
      message: 'The inventory file must be .xlsx or .csv.',
    });
    expect(inventoryImportRequest(new File([csv], `${'a'.repeat(260)}.csv`), 'auto')).toEqual({
      ok: false,
      message: 'fileName must have at most 255 characters.',
    });
  });

  it("names the file's columns from the contract, the required ones first", () => {
    const line = importColumnsLine();
    expect(line).toBe(
      "The file's first row names its columns, in any order: Name, Manufacturer, Model, Serial Number, " +
        'Department, Location, Installation Date, Status and Category are needed; UDI, Warranty Expiry, ' +
        'Acquisition Cost, Purchase Date, Supplier and Expected Life (Years) may be added.',
    );
    for (const column of INVENTORY_IMPORT_COLUMNS) expect(line).toContain(column.header);
  });

  it('offers every date order the contract knows, and says which one the dates were read in', () => {
    expect(DATE_ORDER_CHOICES.map((choice) => choice.value)).toEqual([...INVENTORY_DATE_ORDERS]);
    expect(
      dateOrderLine({
        dateOrder: 'DMY',
        dateOrderNote: 'Dates were read day first (31/03/2021), as the file writes them.',
      }),
    ).toBe(
      'Dates were read day first (31/03/2021), as the file writes them. To read them another way, discard and upload the file again with another date order.',
    );
    expect(dateOrderLine({ dateOrder: 'MDY', dateOrderNote: '' })).toBe(
      'Dates were read month first (03/04/2021 is 4 March 2021). To read them another way, discard and upload the file again with another date order.',
    );
    // When no date depends on the order, no other order is offered.
    expect(dateOrderLine({ dateOrder: 'DMY', dateOrderNote: DATES_READ_ONE_WAY_NOTE })).toBe(
      DATES_READ_ONE_WAY_NOTE,
    );
  });
});

describe('inventory import preview', () => {
  it('counts what would be written and says it before Apply', () => {
    const preview = summary(1990, 3, 1200, 5);
    expect(summaryLine(preview)).toBe('1,990 to add, 3 to update, 1,200 unchanged, 5 refused');
    expect(writtenRows(preview)).toBe(1993);
    expect(writtenRows(summary(0, 0, 7, 2))).toBe(0);
    expect(applyQuestion(preview)).toBe(
      'This will add 1,990 devices and update 3 devices in the inventory. The 5 refused rows are left out.',
    );
    expect(applyQuestion(summary(1, 0, 0, 1))).toBe(
      'This will add 1 device in the inventory. The 1 refused row is left out.',
    );
    expect(applyQuestion(summary(0, 2, 4, 0))).toBe('This will update 2 devices in the inventory.');
    expect(appliedLine({ added: 1990, updated: 3 })).toBe('1,990 added, 3 updated');
  });

  it('writes a change as field: from → to, under the header the file uses', () => {
    expect(changeLine({ field: 'department', from: 'ICU', to: 'NICU' })).toBe('Department: ICU → NICU');
    expect(changeLine({ field: 'warrantyExpiry', from: '', to: '2027-01-31' })).toBe(
      'Warranty Expiry: (empty) → 2027-01-31',
    );
    expect(fieldLabel('Serial Number')).toBe('Serial Number');
    expect(fieldLabel('gtin')).toBe('gtin');
  });

  it('puts the cell first in a refusal, so it can be found in the file', () => {
    expect(
      problemLine({ cell: 'F12', column: 'Department', message: 'Intensiv Care is not a department.' }),
    ).toBe('F12 Department: Intensiv Care is not a department.');
    expect(problemLine({ cell: null, column: null, message: 'The serial number is also on line 9.' })).toBe(
      'The serial number is also on line 9.',
    );
    expect(problemLine({ cell: null, column: 'Serial Number', message: 'Required.' })).toBe(
      'Serial Number: Required.',
    );
    // A message that names its column already does not say it twice.
    expect(
      problemLine({
        cell: 'H5',
        column: 'Installation Date',
        message: 'Installation Date "soon" is not a date.',
      }),
    ).toBe('H5: Installation Date "soon" is not a date.');
  });

  it('asks the rows a page at a time, of one action or all', () => {
    expect(rowsQuery(1, 50, '')).toBe('page=1&limit=50');
    expect(rowsQuery(3, 50, 'refused')).toBe('page=3&limit=50&action=refused');
  });
});
