import { ROSTER_SHEET, handMadeZip, refusalOfCall } from './test-files';
import { inflateEntry, refuseDeclaredBeyond, storedZip, zipDirectory } from './zip';

const UNREADABLE = ['VALIDATION_FAILED', 'The roster file could not be read as an Excel workbook (.xlsx).'];

describe('a workbook as a ZIP file (a roster file)', () => {
  it('lists the entries with their declared sizes from the directory, and inflates each to its bytes', () => {
    const zip = handMadeZip([
      { name: 'a.xml', text: '<a/>' },
      { name: 'b.xml', text: 'b'.repeat(10_000) },
    ]);
    const entries = zipDirectory(zip, ROSTER_SHEET);
    expect(entries.map(({ name, method, declaredSize }) => [name, method, declaredSize])).toEqual([
      ['a.xml', 8, 4],
      ['b.xml', 8, 10_000],
    ]);
    expect(entries.map((entry) => inflateEntry(zip, entry, ROSTER_SHEET).toString())).toEqual([
      '<a/>',
      'b'.repeat(10_000),
    ]);
  });

  it('writes the parts it read as a stored ZIP that reads back the same', () => {
    const parts = [
      { name: 'xl/workbook.xml', bytes: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', bytes: Buffer.from('<worksheet>é</worksheet>') },
    ];
    const zip = Buffer.concat([...storedZip(parts)]);
    const entries = zipDirectory(zip, ROSTER_SHEET);
    expect(entries.map(({ name, method }) => [name, method])).toEqual([
      ['xl/workbook.xml', 0],
      ['xl/worksheets/sheet1.xml', 0],
    ]);
    expect(entries.map((entry) => inflateEntry(zip, entry, ROSTER_SHEET).toString())).toEqual([
      '<workbook/>',
      '<worksheet>é</worksheet>',
    ]);
  });

  it('refuses declared sizes beyond the bound, every entry counted', () => {
    const half = ROSTER_SHEET.unpackedMaxBytes / 2;
    const declaring = (image: number) =>
      zipDirectory(
        handMadeZip([
          { name: 'xl/worksheets/sheet1.xml', text: '<a/>', declaredSize: half },
          { name: 'xl/media/image1.png', text: '<b/>', declaredSize: image },
        ]),
        ROSTER_SHEET,
      );
    expect(() => refuseDeclaredBeyond(declaring(half), ROSTER_SHEET)).not.toThrow();
    expect(refusalOfCall(() => refuseDeclaredBeyond(declaring(half + 1), ROSTER_SHEET))).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The roster file unpacks to 16.0 MB; a roster workbook may unpack to at most 16 MB (enough for 2,500 people in many columns).',
    ]);
  });

  it('refuses a file that is not a ZIP, is cut short, or needs ZIP64', () => {
    const zip = handMadeZip([{ name: 'a.xml', text: '<a/>' }]);
    expect(
      refusalOfCall(() => zipDirectory(Buffer.from('not a zip at all, just text'), ROSTER_SHEET)),
    ).toEqual(UNREADABLE);
    expect(refusalOfCall(() => zipDirectory(zip.subarray(0, zip.length - 30), ROSTER_SHEET))).toEqual(
      UNREADABLE,
    );
    const zip64 = Buffer.from(zip);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 22 - 46 + 24);
    expect(refusalOfCall(() => zipDirectory(zip64, ROSTER_SHEET))).toEqual(UNREADABLE);
    const [entry] = zipDirectory(zip, ROSTER_SHEET);
    if (!entry) throw new Error('no entry');
    expect(refusalOfCall(() => inflateEntry(zip, { ...entry, localHeaderOffset: 5 }, ROSTER_SHEET))).toEqual(
      UNREADABLE,
    );
    expect(refusalOfCall(() => inflateEntry(zip, { ...entry, method: 12 }, ROSTER_SHEET))).toEqual(
      UNREADABLE,
    );
  });

  it('stops inflating at the declared size when an entry unpacks to more', () => {
    const zip = handMadeZip([
      { name: 'xl/sharedStrings.xml', text: ' '.repeat(8 * 1024 * 1024), declaredSize: 100 },
    ]);
    const [entry] = zipDirectory(zip, ROSTER_SHEET);
    if (!entry) throw new Error('no entry');
    expect(refusalOfCall(() => inflateEntry(zip, entry, ROSTER_SHEET))).toEqual([
      'VALIDATION_FAILED',
      'The roster file could not be read as an Excel workbook (.xlsx): its part xl/sharedStrings.xml unpacks to more than the 100 bytes its ZIP directory declares.',
    ]);
  });
});
