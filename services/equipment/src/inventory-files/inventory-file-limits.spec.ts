import { refuseUpload } from '@caliber/file-kit/worker';
import { refusalOfCall, sheetXml, workbookDeclaring } from '@caliber/file-kit/testing';
import { INVENTORY_FILE } from './inventory-rows';

/** The kit checks any kind of sheet; these are the inventory file's own limits. */
describe("the inventory file's limits", () => {
  it('refuses a file past its size, naming the file', () => {
    expect(
      refusalOfCall(() => refuseUpload(INVENTORY_FILE, 'csv', Buffer.alloc(8 * 1024 * 1024 + 1, 0x41))),
    ).toEqual(['VALIDATION_FAILED', 'The inventory file is larger than 8 MB.']);
    expect(
      refusalOfCall(() => refuseUpload(INVENTORY_FILE, 'csv', Buffer.alloc(8 * 1024 * 1024, 0x41))),
    ).toBeNull();
  });

  it("refuses a workbook from its ZIP directory at the file's own unpacked bound", () => {
    const declaring = (size: number) => workbookDeclaring(sheetXml([['Name']]), size);
    expect(refusalOfCall(() => refuseUpload(INVENTORY_FILE, 'xlsx', declaring(17 * 1024 * 1024)))).toBeNull();
    expect(refusalOfCall(() => refuseUpload(INVENTORY_FILE, 'xlsx', declaring(97 * 1024 * 1024)))).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The inventory file unpacks to 97.0 MB; an inventory workbook may unpack to at most 96 MB (enough for 20,000 devices in many columns).',
    ]);
  });
});
