import { formatFileSize, jobFileName } from './report-file';

describe('report file names', () => {
  it("names a finished report by the server's name, else cmms-report-{when it was asked}.{format}", () => {
    const createdAt = '2026-03-31T10:00:00.000Z';
    expect(jobFileName({ fileName: 'cmms-report-9.docx', format: 'docx', createdAt })).toBe(
      'cmms-report-9.docx',
    );
    expect(jobFileName({ fileName: null, format: 'xlsx', createdAt })).toBe(
      `cmms-report-${Date.parse(createdAt)}.xlsx`,
    );
    expect(jobFileName({ fileName: null, format: 'pdf', createdAt: 'garbled' })).toMatch(
      /^cmms-report-\d+\.pdf$/,
    );
  });
});

describe('file sizes', () => {
  it('reads as people read them', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(900)).toBe('900 bytes');
    expect(formatFileSize(48_000)).toBe('47 KB');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatFileSize(1.54 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(null)).toBe('—');
    expect(formatFileSize(-1)).toBe('—');
  });
});
