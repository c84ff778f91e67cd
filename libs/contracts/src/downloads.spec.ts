import { bytesToBase64, fileNameFromDisposition, formatFileSize, readAsBase64 } from './downloads';
import { INVENTORY_IMPORT_MAX_BYTES } from './inventory-import';

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

const bytesOf = (length: number, seed = 7): Uint8Array =>
  Uint8Array.from({ length }, (_, index) => (index * 31 + seed) % 256);

describe("an upload's bytes and size", () => {
  it('encodes bytes as base64 exactly as Node does, with every padding', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 255, 256]) {
      const bytes = bytesOf(length);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('encodes an 8 MB file (many chunks, every byte value, no stack overflow)', () => {
    const bytes = bytesOf(INVENTORY_IMPORT_MAX_BYTES);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('reads a file as base64, text with accents included', async () => {
    const csv = 'Service Number,Full Name\nT-1,Ama Kwarteng-Ðé\n';
    await expect(readAsBase64(new Blob([csv]))).resolves.toBe(Buffer.from(csv, 'utf8').toString('base64'));
  });

  it('writes sizes as a person reads them', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(640 * 1024)).toBe('640 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatFileSize(INVENTORY_IMPORT_MAX_BYTES)).toBe('8 MB');
  });
});
