import ExcelJS from 'exceljs';
import {
  SHEET_PART,
  handMadeZip,
  refusalOf,
  sheetXml,
  workbookParts,
  workbookWithRows,
} from '@caliber/file-kit/testing';
import { readRosterRows } from './roster-rows';
import { ROSTER_HEADER, cellOnTheLastRow } from './roster-test-files';

const CAP_MESSAGE = (row: string) =>
  `A roster file may hold at most 2,500 people, on rows 2 to 2,501; this one has a row ${row}. Empty rows count too: delete the rows below the roster.`;

describe('reading a roster file', () => {
  it('reads a workbook with the streaming reader: any column order, numbers, rich text, formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Full Name', 'Service Number', 'Phone Number', 'Department', 'Active', 'Notes']);
    sheet.addRow(['  Ama Mensah ', 'BME-1', 5550104001, 'ICU', true, 'ignored']);
    sheet.addRow([{ richText: [{ text: 'Kofi ' }, { text: 'Boateng' }] }, 'BME-2', '+1 555 010 4002', 'MEU']);
    sheet.addRow([]);
    sheet.addRow(['Formula Person', { formula: '"BME-"&"3"', result: 'BME-3' }, '+15550104003', 'TSEU']);
    const rows = await readRosterRows('xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(
      rows.map((row) => [row.line, row.serviceNumber, row.name, row.phoneNumber, row.department, row.active]),
    ).toEqual([
      [2, 'BME-1', 'Ama Mensah', '5550104001', 'ICU', 'true'],
      [3, 'BME-2', 'Kofi Boateng', '+1 555 010 4002', 'MEU', ''],
      [5, 'BME-3', 'Formula Person', '+15550104003', 'TSEU', ''],
    ]);
  });

  it("reads the workbook's first sheet in the workbook's order, whatever the order of its parts", async () => {
    const workbook = new ExcelJS.Workbook();
    const notes = workbook.addWorksheet('Notes');
    notes.addRow(['Nothing to import here']);
    const roster = workbook.addWorksheet('Roster');
    roster.addRow([...ROSTER_HEADER]);
    roster.addRow(['BME-7', 'Second Part', '+15550107000']);
    // exceljs writes the workbook's sheets by `orderNo` (untyped): Roster first, in the second part.
    Object.assign(roster, { orderNo: 0 });
    Object.assign(notes, { orderNo: 1 });
    const rows = await readRosterRows('xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.map((row) => row.serviceNumber)).toEqual(['BME-7']);
  });

  it('refuses a sheet with one cell on row 1,048,576 at the row cap, without reading on to it', async () => {
    const hostile = await cellOnTheLastRow();
    expect(hostile.length).toBeLessThan(10_000);
    expect(await refusalOf(readRosterRows('xlsx', hostile))).toEqual({
      code: 'VALIDATION_FAILED',
      message: CAP_MESSAGE('1,048,576'),
    });
  });

  it('counts every row towards the cap, empty ones too: row 2,501 is the last a file may use', async () => {
    const people = Object.fromEntries(
      Array.from({ length: 2500 }, (_, i) => [i + 2, [`BME-${i}`, `Person ${i}`, '+15550100000']]),
    );
    expect(await readRosterRows('xlsx', await workbookWithRows(ROSTER_HEADER, people))).toHaveLength(2500);
    // Excel writes a row it has formatted even when it holds nothing; it counts as a row.
    const emptyRowBelow = sheetXml([[...ROSTER_HEADER], ['BME-1', 'One', '+15550100001']]).replace(
      '</sheetData>',
      '<row r="2502"/></sheetData>',
    );
    expect(await refusalOf(readRosterRows('xlsx', handMadeZip(workbookParts(emptyRowBelow))))).toEqual({
      code: 'VALIDATION_FAILED',
      message: CAP_MESSAGE('2,502'),
    });
    // Rows without their number follow one another; repeating a number does not escape the count.
    for (const rows of ['<row/>', '<row r="2"/>'].map((row) => row.repeat(2501))) {
      const sheet = sheetXml([[...ROSTER_HEADER], ['BME-1', 'One', '+15550100001']]).replace(
        '</sheetData>',
        `${rows}</sheetData>`,
      );
      expect(await refusalOf(readRosterRows('xlsx', handMadeZip(workbookParts(sheet))))).toEqual({
        code: 'VALIDATION_FAILED',
        message: CAP_MESSAGE('2,502'),
      });
    }
  });

  it('says what is wrong with a workbook it cannot use', async () => {
    expect(await refusalOf(readRosterRows('xlsx', Buffer.from('not a workbook')))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The roster file could not be read as an Excel workbook (.xlsx).',
    });
    const noWorkbook = handMadeZip(
      workbookParts(sheetXml([])).filter((part) => part.name !== 'xl/workbook.xml'),
    );
    expect((await refusalOf(readRosterRows('xlsx', noWorkbook))).message).toBe(
      'The roster file could not be read as an Excel workbook (.xlsx).',
    );
    const brokenXml = handMadeZip(workbookParts(sheetXml([[...ROSTER_HEADER]]).replace('</row>', '</rw>')));
    expect((await refusalOf(readRosterRows('xlsx', brokenXml))).message).toBe(
      'The roster file could not be read as an Excel workbook (.xlsx).',
    );
    expect(await refusalOf(readRosterRows('xlsx', handMadeZip(workbookParts(sheetXml([])))))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The roster file has no rows.',
    });
    const headerOnly = handMadeZip(workbookParts(sheetXml([[...ROSTER_HEADER], ['', '', '']])));
    expect((await refusalOf(readRosterRows('xlsx', headerOnly))).message).toBe(
      'The roster file has no people in it, only its header.',
    );
    const noHeader = handMadeZip(workbookParts(sheetXml([[...ROSTER_HEADER]]).replace('r="1"', 'r="2"')));
    expect((await refusalOf(readRosterRows('xlsx', noHeader))).message).toBe(
      'The first row must name the columns; missing: Service Number, Full Name, Phone.',
    );
  });

  it('refuses a workbook whose parts declare more than 16 MB unpacked, before inflating them', async () => {
    // The sheet's bytes are not deflate data at all: inflating them would fail as unreadable.
    const parts = workbookParts(sheetXml([[...ROSTER_HEADER], ['BME-1', 'One', '+15550100001']])).map(
      (part) => (part.name === SHEET_PART ? { ...part, declaredSize: 64 * 1024 * 1024 } : part),
    );
    const zip = handMadeZip(parts);
    const sheetData = zip.indexOf(Buffer.from(SHEET_PART)) + SHEET_PART.length;
    zip.fill(0xff, sheetData, sheetData + 16);
    expect(await refusalOf(readRosterRows('xlsx', zip))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The roster file unpacks to 64.0 MB; a roster workbook may unpack to at most 16 MB (enough for 2,500 people in many columns).',
    });
  });

  it('stops inflating a part that unpacks to more than its ZIP directory declares', async () => {
    // 40 MB of spaces inside the sheet deflate to about 40 KB; the directory declares 1 KB.
    const sheet = sheetXml([[...ROSTER_HEADER], ['BME-1', 'One', '+15550100001']], 40 * 1024 * 1024);
    const parts = workbookParts(sheet).map((part) =>
      part.name === SHEET_PART ? { ...part, declaredSize: 1024 } : part,
    );
    expect(await refusalOf(readRosterRows('xlsx', handMadeZip(parts)))).toEqual({
      code: 'VALIDATION_FAILED',
      message:
        'The roster file could not be read as an Excel workbook (.xlsx): its part xl/worksheets/sheet1.xml unpacks to more than the 1,024 bytes its ZIP directory declares.',
    });
  });

  it('reads a CSV file as written: quotes, line breaks of any kind, leading zeros and plus signs kept', async () => {
    const csv = [
      '\uFEFFService Number,Full Name,Phone,Department',
      '007,"Mensah, Ama","+233 20 123 4567",ICU',
      '',
      'BME-2,"Kofi ""KB"" Boateng",0201234568,"Multi',
      'line"',
    ].join('\r\n');
    const rows = await readRosterRows('csv', Buffer.from(`${csv}\rBME-3,Last,+15550100003,MEU\n`));
    expect(
      rows.map((row) => [row.line, row.serviceNumber, row.name, row.phoneNumber, row.department]),
    ).toEqual([
      [2, '007', 'Mensah, Ama', '+233 20 123 4567', 'ICU'],
      [4, 'BME-2', 'Kofi "KB" Boateng', '0201234568', 'Multi\r\nline'],
      [5, 'BME-3', 'Last', '+15550100003', 'MEU'],
    ]);
  });

  it('refuses a CSV file of a million empty lines at the row cap', async () => {
    const csv = Buffer.from(`${ROSTER_HEADER.join(',')}\n${'\n'.repeat(1_000_000)}`);
    expect(await refusalOf(readRosterRows('csv', csv))).toEqual({
      code: 'VALIDATION_FAILED',
      message: CAP_MESSAGE('2,502'),
    });
    expect((await refusalOf(readRosterRows('csv', Buffer.from('a,"b\n1,2\n')))).message).toBe(
      'The roster file could not be read as CSV.',
    );
  });
});
