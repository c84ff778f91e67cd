import { z } from 'zod';

/**
 * Documents and photos kept on a record: what each kind of attachment may be and how large. The
 * services check every file against these from its bytes (never from its name or the type the
 * browser sent); the gateway reads the size limits to stop a body early, and the screens read the
 * same table for the file picker's `accept` and the hint under it, so all three say the same.
 */

/** Why a file is attached: decides the formats it may be and its size limit. */
export const DOCUMENT_PURPOSES = ['photo', 'manual', 'report', 'certificate', 'printout', 'notice'] as const;
export const documentPurposeSchema = z.enum(DOCUMENT_PURPOSES);
export type DocumentPurpose = z.infer<typeof documentPurposeSchema>;

/** The formats Caliber keeps, each recognised from the file's own bytes. */
export const DOCUMENT_FORMATS = ['jpeg', 'png', 'webp', 'pdf', 'docx', 'xlsx', 'text', 'csv'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** The formats that are re-encoded without their metadata and given a thumbnail. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const satisfies readonly DocumentFormat[];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface DocumentFormatDetails {
  /** The Content-Type a download is served with. */
  mediaType: string;
  /** The extension a download's name ends with, whatever the file was called. */
  extension: string;
  /** What the file is, as a sentence names it ("a PDF", "a Word document (.docx)"). */
  description: string;
}

export const DOCUMENT_FORMAT_DETAILS: Record<DocumentFormat, DocumentFormatDetails> = {
  jpeg: { mediaType: 'image/jpeg', extension: 'jpg', description: 'a JPEG image' },
  png: { mediaType: 'image/png', extension: 'png', description: 'a PNG image' },
  webp: { mediaType: 'image/webp', extension: 'webp', description: 'a WebP image' },
  pdf: { mediaType: 'application/pdf', extension: 'pdf', description: 'a PDF' },
  docx: {
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    description: 'a Word document (.docx)',
  },
  xlsx: {
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    description: 'an Excel workbook (.xlsx)',
  },
  // Text is taken only when it is UTF-8, so the download says so.
  text: { mediaType: 'text/plain; charset=utf-8', extension: 'txt', description: 'a text file' },
  csv: { mediaType: 'text/csv; charset=utf-8', extension: 'csv', description: 'a CSV file' },
};

export function isImageFormat(format: DocumentFormat): format is ImageFormat {
  return (IMAGE_FORMATS as readonly DocumentFormat[]).includes(format);
}

const MEGABYTE = 1024 * 1024;

export interface DocumentPurposeRule {
  /** The attachment as a sentence names it, with its article: "<a photo> must be …". */
  called: string;
  formats: readonly DocumentFormat[];
  /** The largest file taken, in bytes (MB of 1,048,576 bytes, as `formatFileSize` shows them). */
  maxBytes: number;
}

const IMAGES = IMAGE_FORMATS;

/**
 * What each purpose takes. Photos are images only and small (a phone's photo is 2–8 MB); a
 * service manual is a long PDF and may be 200 MB; a report, certificate or notice is a scan or a
 * vendor's file; an analyser's printout is a PDF, a photo of the paper, or its text export.
 */
export const DOCUMENT_PURPOSE_RULES: Record<DocumentPurpose, DocumentPurposeRule> = {
  photo: { called: 'a photo', formats: IMAGES, maxBytes: 20 * MEGABYTE },
  manual: { called: 'a manual', formats: ['pdf', ...IMAGES, 'docx'], maxBytes: 200 * MEGABYTE },
  report: {
    called: 'a service report',
    formats: ['pdf', ...IMAGES, 'docx', 'xlsx', 'text', 'csv'],
    maxBytes: 50 * MEGABYTE,
  },
  certificate: {
    called: 'a certificate',
    formats: ['pdf', ...IMAGES, 'docx', 'xlsx', 'text', 'csv'],
    maxBytes: 50 * MEGABYTE,
  },
  printout: {
    called: 'a safety-test printout',
    formats: ['pdf', ...IMAGES, 'text', 'csv'],
    maxBytes: 20 * MEGABYTE,
  },
  notice: { called: 'a recall notice', formats: ['pdf', ...IMAGES, 'docx'], maxBytes: 50 * MEGABYTE },
};

/** The largest file any purpose takes: what an upload route that serves several may stream at most. */
export const DOCUMENT_MAX_BYTES = Math.max(
  ...DOCUMENT_PURPOSES.map((purpose) => DOCUMENT_PURPOSE_RULES[purpose].maxBytes),
);

/** How photos are kept: the pixels read at most, the longest side stored, and the thumbnail's. */
export const PHOTO_LIMITS = {
  /** A larger image is refused before it is decoded (a small file can declare huge dimensions). */
  maxInputPixels: 50_000_000,
  maxStoredSide: 4096,
  thumbnailSide: 320,
} as const;

function listOf(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1]}`;
}

const IMAGE_NAMES: Record<ImageFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP' };

/**
 * The formats a purpose takes, as the end of "a photo must be …": "a JPEG, PNG or WebP image";
 * "a PDF, an image (JPEG, PNG or WebP), a Word document (.docx) or a text or CSV file (.txt, .csv)".
 */
export function acceptedFormatsText(formats: readonly DocumentFormat[]): string {
  const images = formats.filter(isImageFormat);
  const imageNames = listOf(images.map((format) => IMAGE_NAMES[format]));
  if (images.length === formats.length) return `a ${imageNames} image`;
  const bothTexts = formats.includes('text') && formats.includes('csv');
  const phrases = formats.map((format) => {
    const details = DOCUMENT_FORMAT_DETAILS[format];
    if (isImageFormat(format)) return `an image (${imageNames})`;
    if (format === 'text' || format === 'csv')
      return bothTexts ? 'a text or CSV file (.txt, .csv)' : `${details.description} (.${details.extension})`;
    return details.description;
  });
  return listOf([...new Set(phrases)]);
}

/** The file picker's `accept` for a purpose: its extensions and media types (a hint; the server decides). */
export function documentAccept(purpose: DocumentPurpose): string {
  const formats = DOCUMENT_PURPOSE_RULES[purpose].formats;
  const extensions = formats.map((format) => `.${DOCUMENT_FORMAT_DETAILS[format].extension}`);
  if (formats.includes('jpeg')) extensions.push('.jpeg');
  const mediaTypes = formats.map((format) => DOCUMENT_FORMAT_DETAILS[format].mediaType.split(';')[0] ?? '');
  return [...extensions, ...mediaTypes].join(',');
}

/** What the screens show under the picker: "A photo must be a JPEG, PNG or WebP image, at most 20 MB." */
export function documentRuleText(purpose: DocumentPurpose): string {
  const rule = DOCUMENT_PURPOSE_RULES[purpose];
  const sentence = `${rule.called} must be ${acceptedFormatsText(rule.formats)}, at most ${rule.maxBytes / MEGABYTE} MB.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
