import { DOCUMENT_PURPOSE_RULES, type DocumentPurpose } from '@caliber/contracts';
import { ServiceError } from '../service-error';
import { DocumentRefusedError } from './document-refused.error';
import { inspectDocument, type InspectedDocument } from './document-inspection';
import {
  docx,
  heicPhoto,
  opener,
  pdf,
  phoneJpeg,
  pixelBombPng,
  png,
  WEB_PAGE,
  windowsProgram,
  xlsx,
} from './document-files.fixture';

function inspect(bytes: Buffer, fileName: string, purpose: DocumentPurpose): Promise<InspectedDocument> {
  return inspectDocument({ open: opener(bytes), fileName, purpose, bytes: bytes.length });
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => new Error('kept'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocumentRefusedError);
  // A ServiceError: a service's handler lets it travel as its answer, with its code.
  expect(error).toBeInstanceOf(ServiceError);
  const { code, message } = error as DocumentRefusedError;
  return { code, message };
}

describe('inspectDocument', () => {
  it('takes a phone photo as a photo, to be cleaned and given a thumbnail', async () => {
    expect(await inspect(await phoneJpeg(), 'IMG_0042.JPG', 'photo')).toEqual({
      format: 'jpeg',
      mediaType: 'image/jpeg',
      extension: 'jpg',
      safeName: 'IMG_0042.jpg',
      isImage: true,
    });
    expect(await inspect(await png(), 'screen.png', 'photo')).toMatchObject({ format: 'png', isImage: true });
  });

  it('takes a PDF, a Word and an Excel file where their purpose allows, named by what they are', async () => {
    expect(await inspect(await pdf(), 'Service manual v3.exe', 'manual')).toEqual({
      format: 'pdf',
      mediaType: 'application/pdf',
      extension: 'pdf',
      safeName: 'Service manual v3.pdf',
      isImage: false,
    });
    expect(await inspect(await docx(), 'FSN 2026-07', 'notice')).toMatchObject({
      format: 'docx',
      safeName: 'FSN 2026-07.docx',
      isImage: false,
    });
    expect(await inspect(await xlsx(), '../../readings.xlsx', 'certificate')).toMatchObject({
      format: 'xlsx',
      safeName: 'readings.xlsx',
    });
    expect(await inspect(await phoneJpeg(), 'photo of the printout.jpeg', 'printout')).toMatchObject({
      format: 'jpeg',
      safeName: 'photo of the printout.jpg',
      isImage: true,
    });
  });

  it('takes an analyser export as text or CSV', async () => {
    const export_ = Buffer.from('Test;Result\nProtective earth;0.08 Ω\n');
    expect(await inspect(export_, 'ESA-612 export.csv', 'printout')).toEqual({
      format: 'csv',
      mediaType: 'text/csv; charset=utf-8',
      extension: 'csv',
      safeName: 'ESA-612 export.csv',
      isImage: false,
    });
    expect(await inspect(export_, 'export.txt', 'report')).toMatchObject({
      format: 'text',
      safeName: 'export.txt',
    });
  });

  it('refuses a format its purpose does not take, saying what the file is and what it must be', async () => {
    expect(await refusal(inspect(await pdf(), 'crack.jpg', 'photo'))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This file is a PDF; a photo must be a JPEG, PNG or WebP image.',
    });
    expect(await refusal(inspect(await docx(), 'printout.docx', 'printout'))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message:
        'This file is a Word document (.docx); a safety-test printout must be a PDF, an image (JPEG, PNG or WebP) or a text or CSV file (.txt, .csv).',
    });
    expect(await refusal(inspect(await xlsx(), 'manual.xlsx', 'manual'))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message:
        'This file is an Excel workbook (.xlsx); a manual must be a PDF, an image (JPEG, PNG or WebP) or a Word document (.docx).',
    });
  });

  it('refuses a program whatever it is called', async () => {
    expect(await refusal(inspect(windowsProgram(), 'certificate.pdf', 'certificate'))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message:
        'This file is a Windows program (.exe); a certificate must be a PDF, an image (JPEG, PNG or WebP), a Word document (.docx), an Excel workbook (.xlsx) or a text or CSV file (.txt, .csv).',
    });
  });

  it('refuses a HEIC photo for every purpose: its location could not be removed', async () => {
    expect(await refusal(inspect(heicPhoto(), 'IMG_0001.HEIC', 'photo'))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message:
        'This file is a HEIC photo, whose location Caliber cannot remove; a photo must be a JPEG, PNG or WebP image.',
    });
    expect(await refusal(inspect(heicPhoto(), 'IMG_0001.HEIC', 'report'))).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('refuses a web page, also when it is named .pdf or .txt', async () => {
    const expected = {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message:
        'This file is a web page (HTML); a recall notice must be a PDF, an image (JPEG, PNG or WebP) or a Word document (.docx).',
    };
    expect(await refusal(inspect(WEB_PAGE, 'page.html', 'notice'))).toEqual(expected);
    expect(await refusal(inspect(WEB_PAGE, 'FSN-2026-07.pdf', 'notice'))).toEqual(expected);
    expect(await refusal(inspect(WEB_PAGE, 'notes.txt', 'report'))).toMatchObject({
      message: expect.stringMatching(/^This file is a web page \(HTML\); a service report must be /),
    });
  });

  it('refuses text with a NUL byte as of an unknown type', async () => {
    expect(await refusal(inspect(Buffer.from('PE\u0000\u0000readings'), 'readings.txt', 'report'))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message:
        'This file is of an unknown type; a service report must be a PDF, an image (JPEG, PNG or WebP), a Word document (.docx), an Excel workbook (.xlsx) or a text or CSV file (.txt, .csv).',
    });
  });

  it("refuses a file larger than its purpose's limit from its stored length, before reading it", async () => {
    const open = jest.fn();
    const bytes = DOCUMENT_PURPOSE_RULES.photo.maxBytes + 1;
    expect(await refusal(inspectDocument({ open, fileName: 'big.jpg', purpose: 'photo', bytes }))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This file is over 20 MB; a photo may be at most 20 MB.',
    });
    expect(
      await refusal(
        inspectDocument({ open, fileName: 'm.pdf', purpose: 'manual', bytes: 250 * 1024 * 1024 }),
      ),
    ).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'This file is 250 MB; a manual may be at most 200 MB.' });
    expect(open).not.toHaveBeenCalled();
  });

  it('takes a file of exactly the limit', async () => {
    const start = await pdf();
    const bytes = DOCUMENT_PURPOSE_RULES.printout.maxBytes;
    await expect(
      inspectDocument({ open: opener(start), fileName: 'p.pdf', purpose: 'printout', bytes }),
    ).resolves.toMatchObject({ format: 'pdf' });
  });

  it('refuses an empty file and an unknown purpose as bad requests', async () => {
    expect(await refusal(inspect(Buffer.alloc(0), 'empty.pdf', 'manual'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This file is empty.',
    });
    const purpose = 'selfie' as DocumentPurpose;
    expect(await refusal(inspect(await pdf(), 'a.pdf', purpose))).toEqual({
      code: 'VALIDATION_FAILED',
      message: '"selfie" is not a kind of document Caliber keeps.',
    });
  });

  it('takes a pixel bomb as a PNG: its pixels are refused when it is processed, before decoding', async () => {
    expect(await inspect(pixelBombPng(100_000, 100_000), 'bomb.png', 'photo')).toMatchObject({
      format: 'png',
      isImage: true,
    });
  });
});
