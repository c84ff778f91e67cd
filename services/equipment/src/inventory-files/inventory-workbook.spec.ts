import {
  ACQUISITION_IMPORT_KEYS,
  DEVICE_IMPORT_KEYS,
  INVENTORY_EXPORT_COLUMNS,
  INVENTORY_EXPORT_COLUMNS_WITH_COSTS,
  excelSerialDate,
  type InventoryExportDevice,
} from '@caliber/contracts';
import ExcelJS from 'exceljs';
import { loadWorkbook } from '@caliber/file-kit/testing';
import { inflateEntry, zipDirectory } from '@caliber/file-kit/worker';
import { INVENTORY_FILE, readInventoryRows } from './inventory-rows';
import { testDevice } from './inventory-test-devices';
import { writeInventoryWorkbook } from './inventory-workbook';

async function* pagesOf(...pages: InventoryExportDevice[][]): AsyncGenerator<InventoryExportDevice[]> {
  for (const page of pages) yield page;
}

/** A part of the workbook's ZIP as text. */
function partOf(zip: Buffer, name: string): string {
  const entry = zipDirectory(zip, INVENTORY_FILE).find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`No part ${name}`);
  return inflateEntry(zip, entry, INVENTORY_FILE).toString('utf8');
}

const HOSTILE = testDevice({
  name: '=HYPERLINK("http://evil.example","Click")',
  manufacturer: '+1 Medical',
  model: '@SUM(A1)',
  serialNumber: '-0042',
  location: '=1+1',
});

describe('the inventory as a workbook', () => {
  it('writes strings, dates and numbers only: no cell is ever a formula', async () => {
    const zip = await writeInventoryWorkbook(
      { timeZone: 'Europe/London' },
      pagesOf([HOSTILE], [testDevice({ risk: null })]),
    );
    const workbook = await loadWorkbook(zip);
    const sheet = workbook.getWorksheet('Inventory');
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(3);
    const types = new Set<ExcelJS.ValueType>();
    sheet.eachRow((row) => row.eachCell((cell) => types.add(cell.type)));
    expect([...types].sort()).toEqual(
      [ExcelJS.ValueType.Number, ExcelJS.ValueType.String, ExcelJS.ValueType.Date].sort(),
    );
    // The sheet's XML holds no formula element at all.
    expect(partOf(zip, 'xl/worksheets/sheet1.xml')).not.toMatch(/<f[ >]/);
    const row = sheet.getRow(2);
    const at = (header: string) =>
      row.getCell(INVENTORY_EXPORT_COLUMNS.findIndex((column) => column.header === header) + 1);
    expect([
      at('Name').value,
      at('Manufacturer').value,
      at('Model').value,
      at('Serial Number').value,
      at('Location').value,
    ]).toEqual(['=HYPERLINK("http://evil.example","Click")', '+1 Medical', '@SUM(A1)', '-0042', '=1+1']);
    expect(at('Installation Date').value).toEqual(new Date('2021-03-04T00:00:00Z'));
    // On the hospital's clock: London is on summer time (UTC+1) in July.
    expect(at('Last Updated').value).toEqual(new Date('2025-07-12T00:45:00Z'));
    expect(at('EM Number').value).toBe(18);
    expect([at('Serial Number').numFmt, at('Installation Date').numFmt, at('Added').numFmt]).toEqual([
      '@',
      'yyyy-mm-dd',
      'yyyy-mm-dd hh:mm',
    ]);
    expect(
      sheet
        .getRow(3)
        .getCell(INVENTORY_EXPORT_COLUMNS.findIndex((column) => column.header === 'Risk Class') + 1).type,
    ).toBe(ExcelJS.ValueType.Null);
  });

  it('has a frozen, bold header row with an autofilter over every row, and text columns formatted as text', async () => {
    const zip = await writeInventoryWorkbook({ timeZone: 'UTC' }, pagesOf([testDevice(), testDevice()]));
    const workbook = await loadWorkbook(zip);
    const sheet = workbook.getWorksheet('Inventory');
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      ...INVENTORY_EXPORT_COLUMNS.map((column) => column.header),
    ]);
    const xml = partOf(zip, 'xl/worksheets/sheet1.xml');
    expect(xml).toContain(`<autoFilter ref="A1:${'Y'}3"/>`);
    // A cell typed later into an empty part of a text column is text too: the column carries the format.
    expect(sheet?.getColumn(4).numFmt).toBe('@');
    expect(sheet?.getColumn(4).width).toBeGreaterThanOrEqual(17);
  });

  it('imports again as it was exported, dates as the day numbers the import reads', async () => {
    const device = testDevice({ warrantyExpiry: null });
    const zip = await writeInventoryWorkbook({ timeZone: 'UTC' }, pagesOf([device]));
    const read = await readInventoryRows('xlsx', zip);
    const [row] = read.rows;
    expect(row?.line).toBe(2);
    expect(excelSerialDate(Number(row?.cells.installationDate))).toBe('2021-03-04');
    expect(
      Object.fromEntries(
        [...DEVICE_IMPORT_KEYS, ...ACQUISITION_IMPORT_KEYS]
          .filter((key) => key !== 'installationDate')
          .map((key) => [key, row?.cells[key]]),
      ),
    ).toEqual(
      Object.fromEntries([
        ...DEVICE_IMPORT_KEYS.filter((key) => key !== 'installationDate').map((key) => [
          key,
          device[key] ?? '',
        ]),
        ...ACQUISITION_IMPORT_KEYS.map((key) => [key, '']),
      ]),
    );
  });

  it("writes a cost reader's acquisition figures after the device's columns: the amount a number, the purchase a date", async () => {
    const device = testDevice({
      acquisition: {
        acquisitionCost: 48500.5,
        purchaseDate: '2021-02-01',
        supplier: '=Supplier',
        expectedLifeYears: 10,
      },
    });
    const zip = await writeInventoryWorkbook({ timeZone: 'UTC', costs: true }, pagesOf([device]));
    const sheet = (await loadWorkbook(zip)).getWorksheet('Inventory');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      ...INVENTORY_EXPORT_COLUMNS_WITH_COSTS.map((column) => column.header),
    ]);
    const at = (header: string) =>
      sheet
        ?.getRow(2)
        .getCell(INVENTORY_EXPORT_COLUMNS_WITH_COSTS.findIndex((column) => column.header === header) + 1);
    expect([
      at('Acquisition Cost')?.value,
      at('Acquisition Cost')?.numFmt,
      at('Purchase Date')?.value,
      at('Supplier')?.value,
      at('Expected Life (Years)')?.value,
    ]).toEqual([48500.5, '#,##0.00', new Date('2021-02-01T00:00:00Z'), '=Supplier', 10]);
    expect(at('Acquisition Cost')?.type).toBe(ExcelJS.ValueType.Number);

    const [row] = (await readInventoryRows('xlsx', zip)).rows;
    expect([row?.cells.acquisitionCost, row?.cells.supplier, row?.cells.expectedLifeYears]).toEqual([
      '48500.5',
      '=Supplier',
      '10',
    ]);
    expect(excelSerialDate(Number(row?.cells.purchaseDate))).toBe('2021-02-01');
  });

  it('leaves the acquisition columns out for someone who does not read costs, whatever the pages carry', async () => {
    const device = testDevice({
      acquisition: { acquisitionCost: 1, purchaseDate: null, supplier: null, expectedLifeYears: null },
    });
    const sheet = (
      await loadWorkbook(await writeInventoryWorkbook({ timeZone: 'UTC' }, pagesOf([device])))
    ).getWorksheet('Inventory');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      ...INVENTORY_EXPORT_COLUMNS.map((column) => column.header),
    ]);
    expect(sheet?.getRow(1).values).not.toContain('Acquisition Cost');
  });
});
