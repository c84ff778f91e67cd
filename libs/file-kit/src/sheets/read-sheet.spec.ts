import { refuseUpload } from './read-sheet';
import {
  INVENTORY_SHEET,
  ROSTER_SHEET,
  handMadeZip,
  refusalOfCall,
  sheetXml,
  workbookDeclaring,
  workbookParts,
} from './test-files';

const WORKBOOK = handMadeZip(workbookParts(sheetXml([['Name'], ['Monitor']])));

describe('the checks an upload passes before a thread reads it', () => {
  it('refuses an empty file and one past the size, naming the file', () => {
    expect(refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'csv', Buffer.alloc(0)))).toEqual([
      'VALIDATION_FAILED',
      'The inventory file is empty.',
    ]);
    expect(
      refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'csv', Buffer.alloc(8 * 1024 * 1024 + 1, 0x41))),
    ).toEqual(['VALIDATION_FAILED', 'The inventory file is larger than 8 MB.']);
    expect(
      refusalOfCall(() => refuseUpload(ROSTER_SHEET, 'csv', Buffer.alloc(2 * 1024 * 1024 + 1, 0x41))),
    ).toEqual(['VALIDATION_FAILED', 'The roster file is larger than 2 MB.']);
  });

  it('says what a file is when it is not what its name says', () => {
    const pdf = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n', 'latin1');
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'csv', pdf))?.[1]).toBe(
      'The inventory file is a PDF document, not a spreadsheet: send the .xlsx or .csv file itself.',
    );
    expect(refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'xlsx', pdf))?.[1]).toBe(
      'The inventory file is a PDF document, not a spreadsheet: send the .xlsx or .csv file itself.',
    );
    expect(refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'xlsx', xls))?.[1]).toBe(
      'The inventory file is an Excel 97-2003 workbook (.xls) or a workbook protected by a password, which cannot be read: open it in Excel, remove any password, and save it as "Excel Workbook (.xlsx)" or as CSV.',
    );
    expect(refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'csv', WORKBOOK))?.[1]).toBe(
      'The inventory file is a workbook (a ZIP file), not CSV text: if it is an Excel workbook, name it .xlsx.',
    );
    expect(
      refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'xlsx', Buffer.from('Name,Model\nMonitor,N12\n'))),
    ).toEqual(['VALIDATION_FAILED', 'The inventory file could not be read as an Excel workbook (.xlsx).']);
    expect(refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'xlsx', WORKBOOK))).toBeNull();
    expect(
      refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'csv', Buffer.from('Name\nMonitor\n'))),
    ).toBeNull();
  });

  it("refuses a workbook from its ZIP directory, before inflating, at the file's own bound", () => {
    const declaring = (size: number) => workbookDeclaring(sheetXml([['Name']]), size);
    // 17 MB is past a roster's 16 MB bound and well within an inventory's 96 MB.
    expect(refusalOfCall(() => refuseUpload(ROSTER_SHEET, 'xlsx', declaring(17 * 1024 * 1024)))?.[0]).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(
      refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'xlsx', declaring(17 * 1024 * 1024))),
    ).toBeNull();
    expect(refusalOfCall(() => refuseUpload(INVENTORY_SHEET, 'xlsx', declaring(97 * 1024 * 1024)))).toEqual([
      'PAYLOAD_TOO_LARGE',
      expect.stringMatching(
        /^The inventory file unpacks to 97\.0 MB; an inventory workbook may unpack to at most 96 MB \(enough for 20,000 devices in many columns\)\.$/,
      ),
    ]);
  });
});
