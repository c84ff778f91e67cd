import {
  ACQUISITION_IMPORT_KEYS,
  DEVICE_IMPORT_KEYS,
  INVENTORY_EXPORT_COLUMNS,
  INVENTORY_EXPORT_COLUMNS_WITH_COSTS,
} from '@caliber/contracts';
import { csvRows } from '@caliber/file-kit/worker';
import { inventoryCsv } from './inventory-csv';
import { INVENTORY_FILE, readInventoryRows } from './inventory-rows';
import { testDevice } from './inventory-test-devices';

/** The file's records as a spreadsheet reads them back (RFC 4180). */
const recordsOf = (text: string) =>
  [...csvRows(text.replace(/^\uFEFF/, ''), INVENTORY_FILE)].map((row) =>
    [...row.cells()].map(([, cell]) => cell),
  );

describe('the inventory as CSV', () => {
  it("is UTF-8 with a byte-order mark and CRLF line ends, the export's columns in order", () => {
    const text = inventoryCsv([testDevice()], 'Europe/London');
    expect(text.startsWith('\uFEFFName,Manufacturer,Model,Serial Number,UDI,Department,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(3);
    const [header, row] = recordsOf(text);
    expect(header).toEqual(INVENTORY_EXPORT_COLUMNS.map((column) => column.header));
    expect(
      Object.fromEntries(INVENTORY_EXPORT_COLUMNS.map((column, index) => [column.header, row?.[index]])),
    ).toEqual({
      Name: 'Patient Monitor',
      Manufacturer: 'Mindray',
      Model: 'BeneVision N12',
      'Serial Number': 'SN-0042',
      UDI: '(01)09506000134352(17)270131(10)ABC123(21)SN-0042',
      Department: 'ICU',
      Location: 'Bed 3',
      'Installation Date': '2021-03-04',
      'Warranty Expiry': '2026-03-03',
      Status: 'Serviceable',
      Category: 'Monitor',
      GTIN: '09506000134352',
      'Lot Number': 'ABC123',
      'UDI Expiry Date': '2027-01-31',
      'UDI Manufacture Date': '',
      'Risk Class': 'High',
      'EM Number': '18',
      'Life Support': 'No',
      'In PM Program': 'Yes',
      'Risk Assessed': '2025-01-02 09:00',
      'Equipment ID': '0f8c1a2b-1c2d-4e5f-8a9b-0123456789ab',
      // On the hospital's clock: London is on summer time (UTC+1) in July.
      Added: '2024-03-01 10:15',
      'Added By': 'Ama Mensah',
      'Last Updated': '2025-07-12 00:45',
      'Updated By': '',
    });
  });

  it("writes a cost reader's acquisition figures after the device's columns, the amount a plain decimal", async () => {
    const device = testDevice({
      acquisition: {
        acquisitionCost: 48500.5,
        purchaseDate: '2021-02-01',
        supplier: '-Medequip, Ltd',
        expectedLifeYears: 10,
      },
    });
    const text = inventoryCsv(
      [device, testDevice({ serialNumber: 'SN-2' })],
      'UTC',
      INVENTORY_EXPORT_COLUMNS_WITH_COSTS,
    );
    const [header, row, none] = recordsOf(text);
    expect(header?.slice(DEVICE_IMPORT_KEYS.length, DEVICE_IMPORT_KEYS.length + 5)).toEqual([
      'Acquisition Cost',
      'Purchase Date',
      'Supplier',
      'Expected Life (Years)',
      'GTIN',
    ]);
    expect(row?.slice(DEVICE_IMPORT_KEYS.length, DEVICE_IMPORT_KEYS.length + 4)).toEqual([
      '48500.50',
      '2021-02-01',
      "'-Medequip, Ltd",
      '10',
    ]);
    expect(none?.slice(DEVICE_IMPORT_KEYS.length, DEVICE_IMPORT_KEYS.length + 4)).toEqual(['', '', '', '']);
    // Read back as an import reads it: every figure as written, the guard taken off.
    const read = await readInventoryRows('csv', Buffer.from(text));
    expect(read.rows[0]?.cells).toMatchObject({
      acquisitionCost: '48500.50',
      purchaseDate: '2021-02-01',
      supplier: '-Medequip, Ltd',
      expectedLifeYears: '10',
    });
  });

  it('guards every text a spreadsheet would run as a formula, and quotes commas, quotes and line breaks', () => {
    const text = inventoryCsv(
      [
        testDevice({
          name: '=HYPERLINK("http://evil.example","Click")',
          manufacturer: '+1 Medical',
          model: '@SUM(A1)',
          serialNumber: '-0042',
          location: 'Bed 3, "window"\r\nside',
          department: '\t=cmd',
        }),
      ],
      'UTC',
    );
    const row = recordsOf(text)[1] ?? [];
    expect(row.slice(0, 4)).toEqual([
      '\'=HYPERLINK("http://evil.example","Click")',
      "'+1 Medical",
      "'@SUM(A1)",
      "'-0042",
    ]);
    expect(row[5]).toBe("'\t=cmd");
    expect(row[6]).toBe('Bed 3, "window"\r\nside');
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
  });

  it('imports again as it was exported: every column the import reads, the guard taken off', async () => {
    const devices = [
      testDevice(),
      testDevice({
        serialNumber: '-0042',
        name: 'Pump, "large"',
        udi: null,
        warrantyExpiry: null,
        risk: null,
      }),
    ];
    const read = await readInventoryRows('csv', Buffer.from(inventoryCsv(devices, 'UTC')));
    expect(read.columnsIgnored).toEqual(
      INVENTORY_EXPORT_COLUMNS.slice(DEVICE_IMPORT_KEYS.length).map((column) => column.header),
    );
    expect(read.rows.map((row) => row.cells)).toEqual(
      devices.map((device) =>
        Object.fromEntries([
          ...DEVICE_IMPORT_KEYS.map((key) => [key, device[key] ?? '']),
          ...ACQUISITION_IMPORT_KEYS.map((key) => [key, '']),
        ]),
      ),
    );
  });
});
