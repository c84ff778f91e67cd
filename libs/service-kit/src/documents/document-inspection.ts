import type { Readable } from 'node:stream';
import {
  DOCUMENT_FORMAT_DETAILS,
  DOCUMENT_PURPOSE_RULES,
  documentPurposeSchema,
  formatFileSize,
  isImageFormat,
  type DocumentFormat,
  type DocumentPurpose,
} from '@caliber/contracts';
import { DocumentRefusedError } from './document-refused.error';
import { describeFormat, detectDocumentFormat, unsupportedFormatRefusal } from './document-types';
import { safeFileName } from './safe-file-name';

export interface DocumentToInspect {
  /** Opens the stored file from its start (called once; the file is read only as far as needed). */
  open: () => Promise<Readable>;
  /** What the person called the file: used only for the download name and to tell .txt from .csv. */
  fileName: string;
  /** Why it is attached: decides the formats and the size it may have. */
  purpose: DocumentPurpose;
  /** Its length as stored (the store's count of what it wrote, not what the browser claimed). */
  bytes: number;
}

export interface InspectedDocument {
  format: DocumentFormat;
  /** The Content-Type to serve it with, from its bytes. */
  mediaType: string;
  extension: string;
  /** The name to download it under, ending with `extension`. */
  safeName: string;
  /** A JPEG, PNG or WebP: it must go through `processPhoto` before it is kept. */
  isImage: boolean;
}

/**
 * The checks every uploaded document or photo passes before it is kept: its size within its
 * purpose's limit (from the stored length, before a byte is read), then its format from its bytes
 * within the purpose's formats. The name and the browser's Content-Type are never believed: a
 * page called `notice.pdf` is refused, and a PDF called `notice.exe` is kept as `notice.pdf`.
 * A refusal is a DocumentRefusedError whose message says what the file is and what it must be.
 */
export async function inspectDocument(document: DocumentToInspect): Promise<InspectedDocument> {
  const purpose = documentPurposeSchema.safeParse(document.purpose);
  if (!purpose.success)
    throw new DocumentRefusedError(
      'VALIDATION_FAILED',
      `"${String(document.purpose)}" is not a kind of document Caliber keeps.`,
    );
  const rule = DOCUMENT_PURPOSE_RULES[purpose.data];
  if (document.bytes <= 0) throw new DocumentRefusedError('VALIDATION_FAILED', 'This file is empty.');
  if (document.bytes > rule.maxBytes) {
    const limit = formatFileSize(rule.maxBytes);
    // 20 MB and one byte shows as "20 MB": "over 20 MB" then, never "20 MB; at most 20 MB".
    const size = formatFileSize(document.bytes) === limit ? `over ${limit}` : formatFileSize(document.bytes);
    throw new DocumentRefusedError(
      'PAYLOAD_TOO_LARGE',
      `This file is ${size}; ${rule.called} may be at most ${limit}.`,
    );
  }

  const detected = await detectDocumentFormat(document.open, document.fileName);
  if (detected.format === null || !rule.formats.includes(detected.format))
    throw unsupportedFormatRefusal(describeFormat(detected), purpose.data);

  const details = DOCUMENT_FORMAT_DETAILS[detected.format];
  const isImage = isImageFormat(detected.format);
  return {
    format: detected.format,
    mediaType: details.mediaType,
    extension: details.extension,
    safeName: safeFileName(document.fileName, details.extension),
    isImage,
  };
}
