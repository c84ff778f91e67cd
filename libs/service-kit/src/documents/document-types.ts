import type { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';
import {
  acceptedFormatsText,
  DOCUMENT_FORMAT_DETAILS,
  DOCUMENT_PURPOSE_RULES,
  type DocumentFormat,
  type DocumentPurpose,
} from '@caliber/contracts';
// The runtime-neutral entry: Jest resolves it (the Node entry is offered only to `import` and
// `module-sync`), and Node 24 loads it with `require` from a service's bundle like any package.
import { fileTypeFromStream } from 'file-type/core';
import { DocumentRefusedError } from './document-refused.error';

/**
 * What a file's bytes say it is: one of the formats Caliber keeps, or a description of what it is
 * instead for the refusal ("a ZIP archive", "of an unknown type").
 */
export type DetectedFormat = { format: DocumentFormat } | { format: null; description: string };

/** Text has no signature: this much of its start must be UTF-8 without a NUL byte. */
export const TEXT_SAMPLE_BYTES = 64 * 1024;

const UNKNOWN = 'of an unknown type';

/** The formats Caliber keeps, by the extension file-type reports for them. */
const KEPT_BY_FILE_TYPE: Readonly<Record<string, DocumentFormat>> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
};

/** What a file is that Caliber does not keep, in words a person recognises (others: "a .xyz file"). */
const REFUSED_BY_FILE_TYPE: Readonly<Record<string, string>> = {
  exe: 'a Windows program (.exe)',
  msi: 'a Windows installer (.msi)',
  elf: 'a Linux program',
  macho: 'a macOS program',
  zip: 'a ZIP archive',
  rar: 'a RAR archive',
  '7z': 'a 7-Zip archive',
  gz: 'a gzip archive',
  tar: 'a tar archive',
  // The prebuilt image library decodes no HEVC, so a HEIC photo can be neither cleaned of its
  // GPS location nor given a thumbnail: it is refused rather than kept with the location in it.
  heic: 'a HEIC photo, whose location Caliber cannot remove',
  heif: 'a HEIF photo, whose location Caliber cannot remove',
  avif: 'an AVIF image',
  gif: 'a GIF image',
  apng: 'an animated PNG',
  bmp: 'a BMP image',
  tif: 'a TIFF image',
  jxl: 'a JPEG XL image',
  jp2: 'a JPEG 2000 image',
  docm: 'a Word document with macros (.docm)',
  dotm: 'a Word template with macros (.dotm)',
  xlsm: 'an Excel workbook with macros (.xlsm)',
  xltm: 'an Excel template with macros (.xltm)',
  pptx: 'a PowerPoint presentation (.pptx)',
  cfb: 'an older Office document (.doc, .xls or .ppt)',
  odt: 'an OpenDocument text (.odt)',
  ods: 'an OpenDocument spreadsheet (.ods)',
  mp4: 'a video (.mp4)',
  mov: 'a video (.mov)',
  xml: 'an XML document',
};

/** The refusal of a file that is not one of the formats a purpose takes. */
export function unsupportedFormatRefusal(
  description: string,
  purpose: DocumentPurpose,
): DocumentRefusedError {
  const rule = DOCUMENT_PURPOSE_RULES[purpose];
  return new DocumentRefusedError(
    'UNSUPPORTED_MEDIA_TYPE',
    `This file is ${description}; ${rule.called} must be ${acceptedFormatsText(rule.formats)}.`,
  );
}

/** How a format is named in a refusal: "a PDF" for a photo that is a PDF. */
export function describeFormat(detected: DetectedFormat): string {
  return detected.format === null
    ? detected.description
    : DOCUMENT_FORMAT_DETAILS[detected.format].description;
}

/**
 * The file's format from its bytes alone: its signature (file-type, which also tells a Word or
 * Excel file from any other ZIP by the parts inside), or, for a file with none, whether it is
 * UTF-8 text named `.txt` or `.csv`. The file is opened once and read only as far as needed: its
 * first 64 KB, and further only while file-type follows a ZIP's parts.
 */
export async function detectDocumentFormat(
  open: () => Promise<Readable>,
  fileName: string,
): Promise<DetectedFormat> {
  const source = await open();
  try {
    const rest = source[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
    const start = await readStart(rest, TEXT_SAMPLE_BYTES);
    // Before the signatures: a UTF-16 byte-order mark reads as an MPEG audio frame to file-type.
    if (isUtf16(start.bytes)) return { format: null, description: 'text in UTF-16 (save it as UTF-8)' };
    const found = await signatureOf(start, rest);
    if (found) {
      const kept = KEPT_BY_FILE_TYPE[found.ext];
      if (kept) return { format: kept };
      return { format: null, description: REFUSED_BY_FILE_TYPE[found.ext] ?? `a .${found.ext} file` };
    }
    return textFormat(start, fileName);
  } finally {
    source.destroy();
  }
}

interface FileStart {
  /** The chunks read, as read. */
  chunks: Uint8Array[];
  /** Their first `limit` bytes. */
  bytes: Buffer;
  /** Whether the chunks are the whole file. */
  whole: boolean;
}

/** The first `limit` bytes of a file (fewer when it is shorter), leaving the rest unread. */
async function readStart(rest: AsyncIterator<Uint8Array>, limit: number): Promise<FileStart> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < limit) {
    const next = await rest.next();
    if (next.done) return { chunks, bytes: Buffer.concat(chunks), whole: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { chunks, bytes: Buffer.concat(chunks).subarray(0, limit), whole: false };
}

function isUtf16(bytes: Buffer): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

/**
 * file-type's answer for the file: its start again, then the rest as file-type asks for it. A
 * file whose structure it cannot follow (a broken ZIP directory) has no signature; a failure of
 * the stream itself (the store could not be read) is no answer about the file and is thrown.
 */
async function signatureOf(
  start: FileStart,
  rest: AsyncIterator<Uint8Array>,
): Promise<{ ext: string } | undefined> {
  let sourceFailure: unknown;
  async function* wholeFile(): AsyncGenerator<Uint8Array> {
    yield* start.chunks;
    if (start.whole) return;
    try {
      for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
    } catch (error) {
      sourceFailure = error;
      throw error;
    }
  }
  try {
    return await fileTypeFromStream(byteStream(wholeFile()));
  } catch {
    if (sourceFailure !== undefined) throw sourceFailure;
    return undefined;
  }
}

/**
 * Chunks as the byte stream file-type's runtime-neutral entry reads (it asks for bytes into its
 * own buffers). Chunks are copied: a byte stream takes over the buffer it is given, and a Node
 * chunk may share its memory with others.
 */
function byteStream(chunks: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    type: 'bytes',
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        // A read waiting for bytes when the stream ends is answered with none.
        controller.byobRequest?.respond(0);
      } else controller.enqueue(new Uint8Array(next.value));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

const TEXT_EXTENSIONS: Readonly<Record<string, DocumentFormat>> = { txt: 'text', csv: 'csv' };
const WEB_PAGE = /^<(!doctype\s+html|html|head|body|script|iframe|meta)\b/i;
const XML_OR_SVG = /^<(\?xml|svg)\b/i;

/**
 * A file with no signature is text when its start is UTF-8 with no NUL byte (a program, an image
 * or a UTF-16 file has them), and kept when it is named `.txt` or `.csv`: the name only chooses
 * between the two, it never makes bytes text. A web page or SVG named `.txt` is still a page, and
 * is refused by name so nobody mistakes it for a kept text.
 */
function textFormat(start: FileStart, fileName: string): DetectedFormat {
  const { bytes } = start;
  if (bytes.length === 0 || bytes.includes(0)) return { format: null, description: UNKNOWN };
  let text: string;
  try {
    // A sample cut in the middle of a character is not an error: `stream` keeps the cut part back.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !start.whole });
  } catch {
    return { format: null, description: UNKNOWN };
  }
  const opening = text.replace(/^\uFEFF?\s*/, '');
  if (WEB_PAGE.test(opening)) return { format: null, description: 'a web page (HTML)' };
  if (XML_OR_SVG.test(opening)) return { format: null, description: 'an XML or SVG document' };
  const extension = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const format = TEXT_EXTENSIONS[extension];
  return format ? { format } : { format: null, description: 'a text file not named .txt or .csv' };
}
