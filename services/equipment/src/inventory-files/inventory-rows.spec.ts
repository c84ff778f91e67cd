import {
  INVENTORY_IMPORT_KEYS,
  inventoryColumnOf,
  readSheetDate,
  type InventoryImportKey,
} from '@caliber/contracts';
import ExcelJS from 'exceljs';
import { refusalOf, sheetXml, workbookDeclaring, workbookWithRows } from '@caliber/file-kit/testing';
import { readInventoryRows } from './inventory-rows';

const HEADER = [
  'Name',
  'Manufacturer',
  'Model',
  'Serial Number',
  'Department',
  'Location',
  'Installation Date',
  'Status',
  'Category',
] as const;
const DEVICE = [
  'Patient Monitor',
  'Mindray',
  'N12',
  'SN-1',
  'ICU',
  'Bed 3',
  '2021-03-04',
  'Serviceable',
  'Monitor',
];

const csv = (rows: readonly (readonly string[])[]) =>
  Buffer.from(rows.map((row) => row.join(',')).join('\r\n'));

/** The cells of a row with every column the import reads, '' for those not given. */
const cellsOf = (given: Partial<Record<InventoryImportKey, string>>) => ({
  ...(Object.fromEntries(INVENTORY_IMPORT_KEYS.map((key) => [key, ''])) as Record<
    InventoryImportKey,
    string
  >),
  ...given,
});

/** DEVICE as the import reads it: each cell under the column its header names. */
const DEVICE_CELLS = cellsOf(
  Object.fromEntries(HEADER.map((header, index) => [inventoryColumnOf(header), DEVICE[index]])),
);

const CAP = (row: string) =>
  `An inventory file may hold at most 20,000 devices, on rows 2 to 20,001; this one has a row ${row}. Empty rows count too: delete the rows below the inventory.`;

describe('reading an inventory file', () => {
  it('matches headers leniently, in any order, and lists the ones it does not read', async () => {
    const headers = [
      'serial_number',
      'Equipment Name',
      'MAKE',
      'Model No.',
      'Dept',
      'Ward',
      'Date Installed',
      'Condition',
      'Device Category',
      'Warranty (optional)',
    ];
    const file = csv([
      [...headers, 'S/N of the PSU', 'GTIN', 'Equipment ID', ''],
      [
        'SN-1',
        'Infusion Pump',
        'B. Braun',
        'Infusomat',
        'ICU',
        'Bay 2',
        '04/03/2021',
        'Serviceable',
        'Pump',
        '',
        'X',
        '1',
        'id',
      ],
    ]);
    const read = await readInventoryRows('csv', file);
    expect(read.columns).toEqual({
      serialNumber: 1,
      name: 2,
      manufacturer: 3,
      model: 4,
      department: 5,
      location: 6,
      installationDate: 7,
      status: 8,
      category: 9,
      warrantyExpiry: 10,
    });
    expect(read.columnsRead).toEqual(headers);
    expect(read.columnsIgnored).toEqual(['S/N of the PSU', 'GTIN', 'Equipment ID']);
    expect(read.rows).toEqual([
      {
        line: 2,
        cells: cellsOf({
          serialNumber: 'SN-1',
          name: 'Infusion Pump',
          manufacturer: 'B. Braun',
          model: 'Infusomat',
          department: 'ICU',
          location: 'Bay 2',
          installationDate: '04/03/2021',
          status: 'Serviceable',
          category: 'Pump',
        }),
      },
    ]);
  });

  it('refuses a file without a required column, listing the missing headers and the names accepted', async () => {
    const file = csv([
      HEADER.filter((header) => header !== 'Serial Number' && header !== 'Category'),
      DEVICE,
    ]);
    expect(await refusalOf(readInventoryRows('csv', file))).toEqual({
      code: 'VALIDATION_FAILED',
      message:
        'The first row must name the inventory\'s columns; missing: Serial Number (or Serial, Serial No, S/N, SN, Serial #); Category (or Equipment Category, Device Category, Group). Case, spaces and punctuation do not matter, and "(optional)" after a header is ignored.',
    });
  });

  it('refuses a column named twice, naming both cells', async () => {
    const file = csv([
      [...HEADER, 'S/N'],
      [...DEVICE, 'SN-2'],
    ]);
    expect((await refusalOf(readInventoryRows('csv', file))).message).toBe(
      'Two columns name the Serial Number: D1 "Serial Number" and J1 "S/N". Delete or rename one of them.',
    );
  });

  it('says where the header row is when a title sits above it', async () => {
    const file = csv([['Biomedical inventory 2024'], [], [...HEADER], DEVICE]);
    expect((await refusalOf(readInventoryRows('csv', file))).message).toBe(
      'The column names must be on the first row; they are on row 3. Delete the rows above them.',
    );
    // A workbook leaves the empty rows out: the first row it gives is row 3.
    const workbook = await workbookWithRows([], { 3: [...HEADER], 4: DEVICE });
    expect((await refusalOf(readInventoryRows('xlsx', workbook))).message).toBe(
      'The column names must be on the first row; they are on row 3. Delete the rows above them.',
    );
  });

  it('skips empty rows, cuts long cells, and takes off the guard quote of an exported CSV', async () => {
    const long = 'x'.repeat(400);
    const file = csv([
      [...HEADER, 'Notes'],
      [...DEVICE.slice(0, 3), "'-0042", ...DEVICE.slice(4)],
      [',,,,,,,,,only a note'],
      [long, ...DEVICE.slice(1, 3), "'=1+1", ...DEVICE.slice(4)],
      [],
      ["'Quote kept", ...DEVICE.slice(1)],
    ]);
    const read = await readInventoryRows('csv', file);
    expect(read.rows.map((row) => [row.line, row.cells.name.length, row.cells.serialNumber])).toEqual([
      [2, 15, '-0042'],
      [4, 300, '=1+1'],
      [6, 11, 'SN-1'],
    ]);
    expect(read.rows[2]?.cells.name).toBe("'Quote kept");
  });

  it('reads workbook cells as text: numbers as written, dates as Excel day numbers, only the first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Devices');
    sheet.addRow([...HEADER]);
    sheet.addRow([
      ...DEVICE.slice(0, 2),
      12,
      12345,
      ...DEVICE.slice(4, 6),
      new Date(Date.UTC(2021, 2, 4)),
      ...DEVICE.slice(7),
    ]);
    workbook
      .addWorksheet('How to fill')
      .addRow([...HEADER])
      .commit();
    const read = await readInventoryRows('xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(read.rows).toEqual([
      {
        line: 2,
        cells: { ...DEVICE_CELLS, model: '12', serialNumber: '12345', installationDate: '44259' },
      },
    ]);
  });

  it("reads the dates of a workbook that counts from 1904 (Excel for Mac's old default) as the same days", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = true;
    const sheet = workbook.addWorksheet('Devices');
    sheet.addRow([...HEADER, 'Warranty Expiry']);
    sheet.addRow([...DEVICE.slice(0, 6), new Date(Date.UTC(2021, 2, 4)), ...DEVICE.slice(7), 'none yet']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const read = await readInventoryRows('xlsx', bytes);
    // The 1900 system's day number of 2021-03-04, which the equipment service reads as that date.
    expect(read.rows[0]?.cells).toMatchObject({ installationDate: '44259', warrantyExpiry: 'none yet' });
    expect(readSheetDate(read.rows[0]?.cells.installationDate ?? '', 'DMY')).toBe('2021-03-04');
  });

  it('counts every row towards the cap, far-down and empty ones too: row 20,001 is the last', async () => {
    const full = csv([
      [...HEADER],
      ...Array.from({ length: 20_000 }, (_, i) => [...DEVICE.slice(0, 3), `SN-${i}`, ...DEVICE.slice(4)]),
    ]);
    expect((await readInventoryRows('csv', full)).rows).toHaveLength(20_000);
    expect(await refusalOf(readInventoryRows('csv', Buffer.concat([full, Buffer.from('\r\n\r\n')])))).toEqual(
      {
        code: 'VALIDATION_FAILED',
        message: CAP('20,002'),
      },
    );
    // A 6 KB workbook with one cell on the sheet's last row is refused there, unread beyond the cap.
    const farDown = await workbookWithRows(HEADER, { 2: DEVICE, 1_048_576: ['SN-LAST'] });
    expect(farDown.length).toBeLessThan(10_000);
    expect((await refusalOf(readInventoryRows('xlsx', farDown))).message).toBe(CAP('1,048,576'));
  });

  it('refuses a zip bomb from its directory and a part that unpacks to more than declared', async () => {
    const bomb = workbookDeclaring(sheetXml([[...HEADER], DEVICE]), 1024 * 1024 * 1024);
    expect(await refusalOf(readInventoryRows('xlsx', bomb))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The inventory file unpacks to 1,024.0 MB; an inventory workbook may unpack to at most 96 MB (enough for 20,000 devices in many columns).',
    });
    const lying = workbookDeclaring(sheetXml([[...HEADER], DEVICE], 40 * 1024 * 1024), 2048);
    expect(await refusalOf(readInventoryRows('xlsx', lying))).toEqual({
      code: 'VALIDATION_FAILED',
      message:
        'The inventory file could not be read as an Excel workbook (.xlsx): its part xl/worksheets/sheet1.xml unpacks to more than the 2,048 bytes its ZIP directory declares.',
    });
  });

  it('refuses files that are not what they claim, or have nothing in them', async () => {
    expect((await refusalOf(readInventoryRows('xlsx', Buffer.from('Name,Model\n')))).message).toBe(
      'The inventory file could not be read as an Excel workbook (.xlsx).',
    );
    expect(
      (await refusalOf(readInventoryRows('csv', Buffer.from('%PDF-1.4\n\u0000\u0001binary')))).message,
    ).toMatch(/^The inventory file is not CSV text: it holds binary data/);
    expect((await refusalOf(readInventoryRows('csv', Buffer.from('\uFEFF')))).message).toBe(
      'The inventory file has no rows.',
    );
    expect((await refusalOf(readInventoryRows('csv', csv([[...HEADER], [',,,'], []])))).message).toBe(
      'The inventory file has no devices in it, only its header.',
    );
    expect((await refusalOf(readInventoryRows('csv', Buffer.from('Name,"Model\nA,B\n')))).message).toBe(
      'The inventory file could not be read as CSV.',
    );
  });
});
