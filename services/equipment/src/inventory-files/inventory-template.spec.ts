import {
  DEVICE_IMPORT_COLUMNS,
  EQUIPMENT_STATUSES,
  INVENTORY_IMPORT_COLUMNS,
  type HospitalListsDto,
} from '@caliber/contracts';
import { loadWorkbook } from '@caliber/file-kit/testing';
import { inflateEntry, zipDirectory } from '@caliber/file-kit/worker';
import { INVENTORY_FILE, readInventoryRows } from './inventory-rows';
import { inventoryTemplateCsv, inventoryTemplateXlsx, templateListsOf } from './inventory-template';

const LISTS = {
  departments: ['ICU', 'Theatre, Main', 'Maternity'],
  categories: ['Monitor', 'Infusion Pump', 'Other'],
};

function sheetXmlOf(zip: Buffer): string {
  const entry = zipDirectory(zip, INVENTORY_FILE).find(
    (candidate) => candidate.name === 'xl/worksheets/sheet1.xml',
  );
  if (!entry) throw new Error('No first sheet');
  return inflateEntry(zip, entry, INVENTORY_FILE).toString('utf8');
}

/** The sheet's data validations as written: the range each covers, its style and its list. */
function dropDowns(xml: string): [string, string, string][] {
  return [...xml.matchAll(/<dataValidation ([^>]*)>\s*<formula1>([^<]*)<\/formula1>/g)].map(
    ([, attributes = '', formula = '']) => [
      /sqref="([^"]*)"/.exec(attributes)?.[1] ?? '',
      /errorStyle="([^"]*)"/.exec(attributes)?.[1] ?? 'stop',
      formula.replace(/&quot;/g, '"').replace(/&apos;/g, "'"),
    ],
  );
}

describe('the import template', () => {
  it('as CSV is the header row alone, the optional columns saying so, and imports as the columns it names', async () => {
    const csv = inventoryTemplateCsv();
    expect(csv).toBe(
      '\uFEFFName,Manufacturer,Model,Serial Number,UDI (optional),Department,Location,Installation Date,Warranty Expiry (optional),Status,Category,Acquisition Cost (optional),Purchase Date (optional),Supplier (optional),Expected Life (Years) (optional)\r\n',
    );
    const filled = `${csv}Monitor,Mindray,N12,SN-1,,ICU,Bed 3,2021-03-04,,Serviceable,Monitor,"48,500.00",2021-02-01,Medequip,10\r\n`;
    const read = await readInventoryRows('csv', Buffer.from(filled));
    expect([Object.keys(read.columns).length, read.columnsIgnored]).toEqual([15, []]);
    expect(read.rows[0]?.cells).toMatchObject({
      acquisitionCost: '48,500.00',
      purchaseDate: '2021-02-01',
      supplier: 'Medequip',
      expectedLifeYears: '10',
    });
  });

  it("without the acquisition columns, for someone who may not set them, is the device's own columns", () => {
    expect(inventoryTemplateCsv(DEVICE_IMPORT_COLUMNS)).toBe(
      '\uFEFFName,Manufacturer,Model,Serial Number,UDI (optional),Department,Location,Installation Date,Warranty Expiry (optional),Status,Category\r\n',
    );
  });

  it('as a workbook describes the acquisition columns and formats their cells as an amount, a date and years', async () => {
    const sheet = (await loadWorkbook(await inventoryTemplateXlsx(LISTS))).getWorksheet('Inventory');
    const at = (key: string) => INVENTORY_IMPORT_COLUMNS.findIndex((column) => column.key === key) + 1;
    const noteOf = (key: string) => {
      const note = sheet?.getRow(1).getCell(at(key)).note;
      return typeof note === 'string' ? note : (note?.texts ?? []).map((part) => part.text).join('');
    };
    expect(noteOf('acquisitionCost')).toMatch(
      /^Optional\. What the device cost the hospital, in the hospital currency .* 0 to 1,000,000,000, at most two decimals\./,
    );
    expect(noteOf('purchaseDate')).toMatch(/^Optional\. When the hospital bought it, not after today\./);
    expect(noteOf('supplier')).toContain('At most 120 characters.');
    expect(noteOf('expectedLifeYears')).toMatch(/whole years from 1 to 50/);
    expect(
      ['acquisitionCost', 'purchaseDate', 'supplier', 'expectedLifeYears'].map(
        (key) => sheet?.getColumn(at(key)).numFmt,
      ),
    ).toEqual(['#,##0.00', 'yyyy-mm-dd', '@', '0']);
    const plain = (
      await loadWorkbook(await inventoryTemplateXlsx(LISTS, DEVICE_IMPORT_COLUMNS))
    ).getWorksheet('Inventory');
    expect(plain?.getRow(1).values).toEqual([
      undefined,
      ...DEVICE_IMPORT_COLUMNS.map((column) => `${column.header}${column.required ? '' : ' (optional)'}`),
    ]);
  });

  it('as a workbook says on each header what its column accepts, and how to fill it on a second sheet', async () => {
    const workbook = await loadWorkbook(await inventoryTemplateXlsx(LISTS));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Inventory', 'How to fill']);
    const header = workbook.getWorksheet('Inventory')?.getRow(1);
    const notes = INVENTORY_IMPORT_COLUMNS.map((_, index) => {
      const note = header?.getCell(index + 1).note;
      return typeof note === 'string' ? note : (note?.texts ?? []).map((part) => part.text).join('');
    });
    expect(notes[3]).toMatch(/^Required\. The manufacturer's serial number, at most 64 characters\./);
    expect(notes[3]).toContain('Also read under: Serial, Serial No, S/N, SN, Serial #.');
    expect(notes[4]).toMatch(/^Optional\. The device's GS1 UDI/);
    expect(notes[9]).toBe(
      `Required. One of ${EQUIPMENT_STATUSES.join(', ')}.\nAlso read under: Condition, State.`,
    );
    const guide = workbook.getWorksheet('How to fill');
    const texts: string[] = [];
    guide?.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
    for (const expected of [
      'Serial Number',
      'Required',
      'Warranty Expiry',
      'Dates',
      'UDI',
      'Statuses',
      'Departments',
      'Theatre, Main',
      'Categories',
      'Infusion Pump',
    ])
      expect(texts).toContain(expected);
    expect(texts.join('\n')).toContain('Commissioning Date');
  });

  it('offers drop-downs of the statuses, departments and categories on rows 2 to 20,001', async () => {
    const xml = sheetXmlOf(await inventoryTemplateXlsx(LISTS));
    expect(dropDowns(xml)).toEqual([
      ['F2:F20001', 'warning', "'How to fill'!$F$2:$F$4"],
      ['J2:J20001', 'stop', `"${EQUIPMENT_STATUSES.join(',')}"`],
      ['K2:K20001', 'warning', "'How to fill'!$G$2:$G$4"],
    ]);
    // No list, no drop-down: an empty range would refuse every value.
    expect(
      dropDowns(sheetXmlOf(await inventoryTemplateXlsx({ departments: [], categories: ['Other'] }))).map(
        ([range]) => range,
      ),
    ).toEqual(['J2:J20001', 'K2:K20001']);
  });

  it('filled in, imports as every column it names', async () => {
    const workbook = await loadWorkbook(await inventoryTemplateXlsx(LISTS));
    workbook
      .getWorksheet('Inventory')
      ?.addRow([
        'Monitor',
        'Mindray',
        'N12',
        'SN-1',
        null,
        'ICU',
        'Bed 3',
        new Date('2021-03-04T00:00:00Z'),
        null,
        'Serviceable',
        'Monitor',
        48500.5,
        new Date('2021-02-01T00:00:00Z'),
        'Medequip',
        10,
      ]);
    const read = await readInventoryRows('xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect([Object.keys(read.columns).length, read.columnsIgnored, read.rows.length]).toEqual([15, [], 1]);
    expect([read.rows[0]?.cells.acquisitionCost, read.rows[0]?.cells.expectedLifeYears]).toEqual([
      '48500.5',
      '10',
    ]);
  });

  it("offers the hospital's active departments and categories, not the retired ones", () => {
    const entry = (name: string, retired: boolean) => ({
      _id: name,
      kind: 'category' as const,
      name,
      parentId: null,
      retired,
      retiredAt: null,
      formerNames: [],
      createdAt: '',
      updatedAt: '',
      version: 1,
    });
    const lists: HospitalListsDto = {
      departments: [
        { ...entry('ICU', false), kind: 'department', wards: [] },
        { ...entry('Radiology', true), kind: 'department', wards: [] },
      ],
      categories: [entry('Monitor', false), entry('Pager', true), entry('Other', false)],
    };
    expect(templateListsOf(lists)).toEqual({ departments: ['ICU'], categories: ['Monitor', 'Other'] });
  });
});
