import {
  acceptedFormatsText,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_PURPOSE_RULES,
  DOCUMENT_PURPOSES,
  documentAccept,
  documentPurposeSchema,
  documentRuleText,
} from './documents';

describe('document purposes', () => {
  it('says what each purpose takes, as the screens show it under the file picker', () => {
    expect(DOCUMENT_PURPOSES.map(documentRuleText)).toEqual([
      'A photo must be a JPEG, PNG or WebP image, at most 20 MB.',
      'A manual must be a PDF, an image (JPEG, PNG or WebP) or a Word document (.docx), at most 200 MB.',
      'A service report must be a PDF, an image (JPEG, PNG or WebP), a Word document (.docx), an Excel workbook (.xlsx) or a text or CSV file (.txt, .csv), at most 50 MB.',
      'A certificate must be a PDF, an image (JPEG, PNG or WebP), a Word document (.docx), an Excel workbook (.xlsx) or a text or CSV file (.txt, .csv), at most 50 MB.',
      'A safety-test printout must be a PDF, an image (JPEG, PNG or WebP) or a text or CSV file (.txt, .csv), at most 20 MB.',
      'A recall notice must be a PDF, an image (JPEG, PNG or WebP) or a Word document (.docx), at most 50 MB.',
    ]);
  });

  it('names one format alone and a text format without the other', () => {
    expect(acceptedFormatsText(['pdf'])).toBe('a PDF');
    expect(acceptedFormatsText(['png'])).toBe('a PNG image');
    expect(acceptedFormatsText(['pdf', 'csv'])).toBe('a PDF or a CSV file (.csv)');
    expect(acceptedFormatsText(['text', 'jpeg'])).toBe('a text file (.txt) or an image (JPEG)');
  });

  it("gives the file picker each purpose's extensions and media types", () => {
    expect(documentAccept('photo')).toBe('.jpg,.png,.webp,.jpeg,image/jpeg,image/png,image/webp');
    expect(documentAccept('printout')).toBe(
      '.pdf,.jpg,.png,.webp,.txt,.csv,.jpeg,application/pdf,image/jpeg,image/png,image/webp,text/plain,text/csv',
    );
  });

  it('knows the largest file any purpose takes, and refuses a purpose it does not know', () => {
    expect(DOCUMENT_MAX_BYTES).toBe(DOCUMENT_PURPOSE_RULES.manual.maxBytes);
    expect(documentPurposeSchema.safeParse('selfie').success).toBe(false);
  });
});
