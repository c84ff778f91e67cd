import { fileNameFromDisposition } from './downloads';

describe("a download's file name", () => {
  const FALLBACK = 'cmms-report-1.pdf';

  it('reads the name from Content-Disposition: quoted, bare or RFC 5987', () => {
    expect(fileNameFromDisposition('attachment; filename="cmms-report-1774000000123.pdf"', FALLBACK)).toBe(
      'cmms-report-1774000000123.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=cmms-report-2.xlsx', FALLBACK)).toBe(
      'cmms-report-2.xlsx',
    );
    expect(
      fileNameFromDisposition(
        `attachment; filename="fallback.docx"; filename*=UTF-8''cmms%20report%C3%A9.docx`,
        FALLBACK,
      ),
    ).toBe('cmms reporté.docx');
  });

  it('drops any folder part and falls back when there is no name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/cmms-report-3.pdf"', FALLBACK)).toBe(
      'cmms-report-3.pdf',
    );
    expect(fileNameFromDisposition(null, FALLBACK)).toBe(FALLBACK);
    expect(fileNameFromDisposition('attachment', FALLBACK)).toBe(FALLBACK);
    expect(fileNameFromDisposition('attachment; filename=""', FALLBACK)).toBe(FALLBACK);
  });
});
