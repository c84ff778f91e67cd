import { createWriteStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { ReportDocument, ReportDocumentOptions } from './report-document';
import { assetTag, LONG_TABLE_ROWS, testDocument } from './test-document';
import { writeReport } from './write-report';
import { planSheetNames } from './xlsx-sheets';
import { zipInputOf } from './xlsx-writer';

let folder = '';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'caliber-xlsx-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function writeWorkbook(name: string, options: Partial<ReportDocumentOptions> = {}) {
  const file = join(folder, `${name}.xlsx`);
  await writeReport(testDocument('xlsx', options), createWriteStream(file), { timeZone: 'Asia/Riyadh' });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return { file, workbook };
}

function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  if (!found) throw new Error(`No sheet "${name}" in ${workbook.worksheets.map((s) => s.name).join(', ')}`);
  return found;
}

/** Every value of a sheet's column A, as text. */
const columnA = (ws: ExcelJS.Worksheet) =>
  Array.from({ length: ws.rowCount }, (_, index) => String(ws.getCell(index + 1, 1).value ?? ''));

const EXPECTED_SHEETS = [
  'Summary',
  'Devices not serviceable',
  'Downtime hours by department',
  'Open service calls',
  'Charts data',
];

describe('writeXlsx (streamed)', () => {
  let workbook: ExcelJS.Workbook;

  beforeAll(async () => {
    ({ workbook } = await writeWorkbook('streamed'));
  });

  it('has a Summary, a sheet per table and heat map, and the charts data', () => {
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(EXPECTED_SHEETS);
  });

  it('summarises the report on the first sheet', () => {
    const summary = sheet(workbook, 'Summary');
    const text = columnA(summary).join('\n');
    expect(text).toContain('Caliber maintenance report');
    expect(text).toContain('412 devices are in service and 120 are not serviceable');
    expect(text).toContain('Devices on loan from suppliers are not part of the inventory.');
    const rows = summary.getSheetValues().filter(Boolean) as ExcelJS.CellValue[][];
    const pair = (label: string) => rows.find((row) => row[1] === label)?.[2];
    expect(pair('Reporting period')).toBe('1 January 2026 – 31 March 2026');
    expect(pair('Generated for')).toBe('Dr. Amina Haddad');
    expect(pair('Filters')).toBe('Departments: ICU, NICU, Radiology');
    expect(pair('Repair cost this period')).toBe('USD 186,250.00');
    expect(pair('Longest outage')).toBe('—');
    expect(pair('Devices not serviceable')).toBe('See the sheet "Devices not serviceable".');
  });

  it('writes the long table whole, header frozen, bold and filled, with a filter over the data', () => {
    const ws = sheet(workbook, 'Devices not serviceable');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe(`A1:J${LONG_TABLE_ROWS + 1}`);
    const header = ws.getRow(1);
    expect(header.getCell(1).value).toBe('Asset tag');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(1).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    const tags = columnA(ws).filter((value) => /^BME-\d{4}$/.test(value));
    expect(tags).toHaveLength(LONG_TABLE_ROWS);
    expect(ws.getCell(LONG_TABLE_ROWS + 1, 1).value).toBe(assetTag(LONG_TABLE_ROWS));
    expect(ws.getCell(LONG_TABLE_ROWS + 3, 1).value).toBe(
      'Downtime counts from the report of the fault to the return to service.',
    );
  });

  it('formats each column type, with real dates and times in the hospital zone', () => {
    const row = sheet(workbook, 'Devices not serviceable').getRow(2);
    const formats = Array.from({ length: 10 }, (_, index) => row.getCell(index + 1).numFmt);
    expect(formats.slice(3)).toEqual([
      'yyyy-mm-dd',
      'yyyy-mm-dd hh:mm',
      '#,##0.0',
      '#,##0',
      '0.0%',
      '"USD" #,##0.00',
      '#,##0.00',
    ]);
    const date = row.getCell(4).value;
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    // 09:30 UTC is 12:30 in Riyadh; spreadsheets have no zones, so the sheet shows 12:30.
    expect((row.getCell(5).value as Date).toISOString()).toBe('2026-01-01T12:30:00.000Z');
    expect(row.getCell(8).value).toBe(0.91);
    expect(row.getCell(6).alignment?.horizontal).toBe('right');
  });

  it('writes unknown values as a dash, never as 0', () => {
    const ws = sheet(workbook, 'Devices not serviceable');
    expect(ws.getCell(8, 9).value).toBe('—'); // row 7 has no repair cost
    expect(ws.getCell(5, 10).value).toBe('—'); // row 4 has no mean time to repair
  });

  it('writes an empty table as its header and "No rows."', () => {
    const ws = sheet(workbook, 'Open service calls');
    expect(ws.getRow(1).values).toEqual([undefined, 'Call', 'Opened', 'Hours open']);
    expect(ws.getCell(2, 1).value).toBe('No rows.');
    expect(ws.autoFilter).toBe('A1:C1');
    expect(ws.getCell(4, 1).value).toBe('Service calls still open at the end of the period.');
  });

  it('fills the heat map cells by value', () => {
    const ws = sheet(workbook, 'Downtime hours by department');
    const rowOf = (label: string) => columnA(ws).indexOf(label) + 1;
    const icu = ws.getRow(rowOf('ICU'));
    expect(icu.getCell(2).value).toBe(160);
    const fill = (cell: ExcelJS.Cell) => (cell.fill as ExcelJS.FillPattern).fgColor?.argb;
    expect(fill(icu.getCell(2))).not.toBe(fill(icu.getCell(4)));
    expect(ws.getRow(rowOf('NICU')).getCell(3).value).toBe('—');
  });

  it('writes each chart as a labelled table of its data, forecasts named so', () => {
    const ws = sheet(workbook, 'Charts data');
    const rows = (ws.getSheetValues().filter(Boolean) as ExcelJS.CellValue[][]).map((row) => row.slice(1));
    expect(rows).toContainEqual(['Category', 'Downtime hours', 'Downtime hours (forecast)']);
    expect(rows).toContainEqual(['Jan 2026', 480, '—']);
    expect(rows).toContainEqual(['Apr 2026', '—', 327.3]);
    expect(rows).toContainEqual(['Slice', 'Value', 'Share']);
    expect(rows.find((row) => row[0] === 'In service')?.[2]).toBeCloseTo(412 / 532, 10);
    expect(rows).toContainEqual(['ICU', 42, 12]);
  });

  it('leaves the charts data out when charts are off', async () => {
    const { workbook: plain } = await writeWorkbook('plain', { charts: false });
    expect(plain.worksheets.map((ws) => ws.name)).toEqual(EXPECTED_SHEETS.slice(0, -1));
  });
});

describe('zipInputOf', () => {
  // The streamed writer waits on this stream between pages so a table's rows never pile up
  // waiting for the zip; an exceljs (or archiver) built otherwise must fail here, not in memory.
  it("finds the stream a streamed sheet's rows enter the zip by, which says when it is full", async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
    const ws = workbook.addWorksheet('Rows');
    ws.addRow(['first']).commit();
    const input = zipInputOf(ws);
    expect(input).not.toBeNull();
    let needDrain = false;
    for (let row = 0; row < 5000 && !needDrain; row++) {
      ws.addRow([`row ${row} `.repeat(20)]).commit();
      needDrain = input?.writableNeedDrain ?? input?._writableState?.needDrain ?? false;
    }
    expect(needDrain).toBe(true);
    await new Promise<void>((resolve) => input?.once('drain', () => resolve()));
    ws.commit();
    await workbook.commit();
  });
});

describe('writeXlsx (interactive export)', () => {
  it('makes each table an Excel table with filter buttons and banded rows', async () => {
    const { file, workbook } = await writeWorkbook('interactive', { interactiveExport: true });
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(EXPECTED_SHEETS);
    const ws = sheet(workbook, 'Devices not serviceable');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getTables()).toHaveLength(1);
    expect(ws.getCell(LONG_TABLE_ROWS + 1, 1).value).toBe(assetTag(LONG_TABLE_ROWS));
    expect(ws.getCell(2, 4).value).toBeInstanceOf(Date);
    expect(ws.getCell(2, 9).numFmt).toBe('"USD" #,##0.00');

    const zip = await JSZip.loadAsync(await readFile(file));
    const table = (await zip.file('xl/tables/table1.xml')?.async('string')) ?? '';
    expect(table).toContain(`ref="A1:J${LONG_TABLE_ROWS + 1}"`);
    expect(table).toContain('<autoFilter');
    expect(table).toContain('showRowStripes="1"');
    // The empty table has no data row for an Excel table: it keeps a plain filter instead.
    expect(sheet(workbook, 'Open service calls').autoFilter).toBe('A1:C1');
  });
});

describe('planSheetNames', () => {
  const docWith = (tables: [string, string][]): ReportDocument => {
    const base = testDocument('xlsx');
    return {
      ...base,
      sections: tables.map(([section, title]) => ({
        key: 'equipmentStatus',
        title: section,
        summary: [],
        blocks: [
          {
            kind: 'table',
            title,
            columns: [],
            rows: async function* () {
              yield* [];
            },
          },
        ],
      })),
    };
  };

  it('keeps names within 31 characters, without []:*?/\\, unique whatever the case', () => {
    const names = [
      ...planSheetNames(
        docWith([
          ['Costs', 'By month'],
          ['Equipment status', 'Devices: ICU/NICU [critical]?'],
          ['Equipment status', 'devices: icu/nicu [critical]?'],
          ['Summary', ''],
          ['A very long section title indeed', 'And an even longer table title than that'],
          ['A very long section title indeed', 'And an even longer table title than that'],
        ]),
      ).values(),
    ];
    expect(names[0]).toBe('Costs - By month');
    names.forEach((name) => {
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).not.toMatch(/[[\]:*?/\\]/);
    });
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
    expect(names).not.toContain('Summary');
    expect(names[5]).toMatch(/ \(2\)$/);
  });
});
