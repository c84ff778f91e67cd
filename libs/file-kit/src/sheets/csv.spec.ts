import { csvDelimiter, csvRows, csvText } from './csv';
import { ROSTER_SHEET, refusalOfCall } from './test-files';

const rowsOf = (text: string) =>
  [...csvRows(text, ROSTER_SHEET)].map((row) => [...row.cells()].map(([, cell]) => cell));

const utf16 = (text: string, endian: 'le' | 'be') => {
  const little = Buffer.from(text, 'utf16le');
  const bytes = endian === 'le' ? little : Buffer.from(little).swap16();
  return Buffer.concat([Buffer.from(endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), bytes]);
};

describe('a CSV file as hospitals have them', () => {
  const TEXT = 'Name,Manufacturer\r\nMonitor “ICU”,Dräger – €\r\n';

  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(csvText(Buffer.from(TEXT), ROSTER_SHEET)).toBe(TEXT);
    expect(csvText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]), ROSTER_SHEET)).toBe(
      TEXT,
    );
  });

  it("reads Excel's Unicode text: UTF-16 little or big endian, with its byte-order mark", () => {
    expect(csvText(utf16(TEXT, 'le'), ROSTER_SHEET)).toBe(TEXT);
    expect(csvText(utf16(TEXT, 'be'), ROSTER_SHEET)).toBe(TEXT);
  });

  it('reads Windows-1252 when the bytes are not UTF-8, its curly quotes, dashes and euro sign included', () => {
    // What Excel on Windows writes for "CSV": "Dräger" with ä as the one byte 0xE4.
    const bytes = Buffer.from([
      ...Buffer.from('Name,Manufacturer\r\nMonitor '),
      0x93,
      ...Buffer.from('ICU'),
      0x94,
      ...Buffer.from(',Dr'),
      0xe4,
      ...Buffer.from('ger '),
      0x96,
      0x20,
      0x80,
      ...Buffer.from('\r\n'),
    ]);
    expect(csvText(bytes, ROSTER_SHEET)).toBe(TEXT);
  });

  it("refuses binary data (a PDF or a workbook renamed .csv), and lets a scanner's group separator and a closing Ctrl-Z be", () => {
    const message =
      'The roster file is not CSV text: it holds binary data, as a PDF or a workbook would. Send the spreadsheet itself as .xlsx, or save it from the spreadsheet program as CSV.';
    expect(refusalOfCall(() => csvText(Buffer.from('Name\r\nA\u0000B\r\n'), ROSTER_SHEET))?.[1]).toBe(
      message,
    );
    expect(
      refusalOfCall(() =>
        csvText(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0a, 0xe2, 0x01, 0x9c]), ROSTER_SHEET),
      )?.[1],
    ).toBe(message);
    expect(csvText(Buffer.from('UDI\r\n0109506000134352\u001d21SN-1\r\n\u001a'), ROSTER_SHEET)).toBe(
      'UDI\r\n0109506000134352\u001d21SN-1\r\n',
    );
  });

  it('finds the delimiter from the header line: comma, semicolon (European Excel) or tab, quoted ones aside', () => {
    expect(csvDelimiter('Name,Model,Serial\r\na;b;c;d;e\r\n')).toBe(',');
    expect(csvDelimiter('Name;Model;"Serial, number"\r\n')).toBe(';');
    expect(csvDelimiter('Name\tModel\t"S;N"\n')).toBe('\t');
    expect(csvDelimiter('Name\n')).toBe(',');
    expect(rowsOf('Name;Model\r\n"Monitor; bedside";"N12"\r\n')).toEqual([
      ['Name', 'Model'],
      ['Monitor; bedside', 'N12'],
    ]);
    expect(rowsOf('Name\tModel\nMonitor, bedside\tN12\n')).toEqual([
      ['Name', 'Model'],
      ['Monitor, bedside', 'N12'],
    ]);
  });
});
