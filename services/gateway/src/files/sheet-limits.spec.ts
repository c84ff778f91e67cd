import { refuseUpload } from '@caliber/file-kit/worker';
import { refusalOfCall, sheetXml, workbookDeclaring } from '@caliber/file-kit/testing';
import { ROSTER_FILE } from '../users/roster-rows';

/** The kit checks any kind of sheet; these are the roster's own limits. */
describe("the roster's file limits", () => {
  it('refuses a file past its size, naming the file', () => {
    expect(
      refusalOfCall(() => refuseUpload(ROSTER_FILE, 'csv', Buffer.alloc(2 * 1024 * 1024 + 1, 0x41))),
    ).toEqual(['VALIDATION_FAILED', 'The roster file is larger than 2 MB.']);
  });

  it("refuses a workbook from its ZIP directory at the file's own unpacked bound", () => {
    const declaring = (size: number) => workbookDeclaring(sheetXml([['Name']]), size);
    expect(refusalOfCall(() => refuseUpload(ROSTER_FILE, 'xlsx', declaring(17 * 1024 * 1024)))).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The roster file unpacks to 17.0 MB; a roster workbook may unpack to at most 16 MB (enough for 2,500 people in many columns).',
    ]);
  });
});
