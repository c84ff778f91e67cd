import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { DOCUMENT_FORMAT_DETAILS, PHOTO_LIMITS, type ImageFormat } from '@caliber/contracts';
import { DocumentRefusedError } from './document-refused.error';

/**
 * Photos and other images are never kept as they arrive: a phone's JPEG carries where it was taken
 * (EXIF GPS), the device, the time and sometimes the owner's name (XMP, IPTC). Each is decoded and
 * encoded again with none of that, turned upright first (the orientation is metadata too), and
 * kept in its own format at most 4096 px on its longest side, with a WebP thumbnail of 320 px.
 *
 * Colour: the image is converted to sRGB and its ICC profile dropped. An image without a profile
 * is shown as sRGB everywhere, so a wide-gamut phone photo (Display P3) keeps its colours to
 * within what a documentation photo needs, and the profile (which can name the device) goes too.
 *
 * The work is done on files in a temporary folder, not in memory: sharp would gather a streamed
 * input whole and hand its output back whole, while libvips reads and writes files a strip at a
 * time. The input is streamed into the folder, and the outputs are streamed out of it.
 */

export const PHOTO_QUALITY = { jpeg: 85, webp: 85, thumbnail: 75 } as const;
/** A photo that takes longer than this to decode and encode is refused (a pathological file, not a phone's). */
export const PHOTO_TIMEOUT_SECONDS = 60;

export interface ProcessedImage {
  /** The bytes, streamed from the temporary folder; read it before the `keep` callback returns. */
  body: Readable;
  bytes: number;
  width: number;
  height: number;
  mediaType: string;
  extension: string;
}

export interface ProcessedPhoto {
  /** The image to keep: upright, no metadata, at most 4096 px on its longest side, in its own format. */
  image: ProcessedImage;
  /** At most 320 px on its longest side, WebP. */
  thumbnail: ProcessedImage;
}

export interface PhotoProcessingOptions {
  /** Where the temporary folder is made (the system's temporary directory by default). */
  tmpDir?: string;
}

const READ_OPTIONS = {
  limitInputPixels: PHOTO_LIMITS.maxInputPixels,
  // A damaged or cut-off image is refused; libvips' warnings (common in phones' files) are not.
  failOn: 'error',
  sequentialRead: true,
} as const satisfies SharpOptions;

const DAMAGED =
  'This image is damaged or incomplete and cannot be read; send the file again, or another copy of it.';

/**
 * Cleans and resizes an image whose format was read from its bytes, and hands the results to
 * `keep` (which puts them in the store). The temporary files are removed when `keep` settles, and
 * whatever `keep` answers is answered. A file that cannot be read as an image of `format`, or
 * that is too large in pixels, is refused with a DocumentRefusedError before `keep` is called.
 */
export async function processPhoto<T>(
  input: Readable,
  format: ImageFormat,
  keep: (photo: ProcessedPhoto) => Promise<T>,
  options: PhotoProcessingOptions = {},
): Promise<T> {
  const folder = await mkdtemp(join(options.tmpDir ?? tmpdir(), 'caliber-photo-'));
  const opened: Readable[] = [];
  try {
    const original = join(folder, 'original');
    await pipeline(input, createWriteStream(original));
    await refuseUnreadable(original, format);

    const kept = join(folder, `image.${DOCUMENT_FORMAT_DETAILS[format].extension}`);
    const image = await imageLibrary(() =>
      encode(
        sharp(original, READ_OPTIONS).autoOrient().resize({
          width: PHOTO_LIMITS.maxStoredSide,
          height: PHOTO_LIMITS.maxStoredSide,
          fit: 'inside',
          withoutEnlargement: true,
        }),
        format,
      ).toFile(kept),
    );

    // From the kept image: already upright and small, so the second decode is cheap.
    const small = join(folder, 'thumbnail.webp');
    const thumbnail = await imageLibrary(() =>
      sharp(kept, READ_OPTIONS)
        .resize({
          width: PHOTO_LIMITS.thumbnailSide,
          height: PHOTO_LIMITS.thumbnailSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: PHOTO_QUALITY.thumbnail })
        .timeout({ seconds: PHOTO_TIMEOUT_SECONDS })
        .toFile(small),
    );

    const open = (path: string) => {
      const stream = createReadStream(path);
      opened.push(stream);
      return stream;
    };
    return await keep({
      image: {
        body: open(kept),
        bytes: image.size,
        width: image.width,
        height: image.height,
        mediaType: DOCUMENT_FORMAT_DETAILS[format].mediaType,
        extension: DOCUMENT_FORMAT_DETAILS[format].extension,
      },
      thumbnail: {
        body: open(small),
        bytes: thumbnail.size,
        width: thumbnail.width,
        height: thumbnail.height,
        mediaType: DOCUMENT_FORMAT_DETAILS.webp.mediaType,
        extension: DOCUMENT_FORMAT_DETAILS.webp.extension,
      },
    });
  } finally {
    for (const stream of opened) stream.destroy();
    await rm(folder, { recursive: true, force: true });
  }
}

/** The encoder for the image's own format, without metadata (sharp keeps none unless asked). */
function encode(pipelineOf: Sharp, format: ImageFormat): Sharp {
  const timed = pipelineOf.timeout({ seconds: PHOTO_TIMEOUT_SECONDS });
  switch (format) {
    case 'jpeg':
      // mozjpeg's quantisation table (its third, the one its own defaults use) gives most of what
      // mozjpeg saves: on a 12 MP photo 2.3 MB against plain libjpeg's 2.9 MB, in 0.25 s on one
      // core. Its trellis quantisation and scan search would save a fifth more (1.8 MB) for ten
      // times the time (2.4 s, and 4.4 s on a grainy 6 MP close-up): a burst of
      // fifty photos would then hold both cores for over a minute, and the last of them would
      // wait past the gateway's deadline while every other request of the service waited too.
      return timed.jpeg({ quality: PHOTO_QUALITY.jpeg, quantisationTable: 3 });
    case 'png':
      return timed.png();
    case 'webp':
      return timed.webp({ quality: PHOTO_QUALITY.webp });
  }
}

/**
 * Reads only the image's header: what it declares must be an image of the format its signature
 * said, of at most 50 megapixels. A small file can declare 100,000 × 100,000 pixels and would take
 * tens of gigabytes to decode, so the size is refused from the header, before any decoding.
 */
async function refuseUnreadable(path: string, format: ImageFormat): Promise<void> {
  // The header alone is read here, so the pixel limit is lifted to learn the size it declares.
  const header = await imageLibrary(() =>
    sharp(path, { ...READ_OPTIONS, limitInputPixels: false }).metadata(),
  );
  if (header.format !== format || !header.width || !header.height)
    throw new DocumentRefusedError('VALIDATION_FAILED', DAMAGED);
  const pixels = header.width * header.height;
  if (pixels > PHOTO_LIMITS.maxInputPixels)
    throw new DocumentRefusedError(
      'PAYLOAD_TOO_LARGE',
      `This image is ${header.width} × ${header.height} pixels; an image may have at most ${PHOTO_LIMITS.maxInputPixels / 1_000_000} megapixels.`,
    );
}

/** libvips' words for a file it could not write or open for writing: the server's trouble, not the file's. */
const WRITE_FAILURE = /for writing|unable to write|no space|ENOSPC|EMFILE|EACCES/i;

/**
 * A failure of the image library reading the file is a refusal of the file (it read it and found
 * it wanting); a failure to write the results is the server's, and is thrown as it is.
 */
async function imageLibrary<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocumentRefusedError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (WRITE_FAILURE.test(message)) throw error;
    if (/timeout/i.test(message))
      throw new DocumentRefusedError(
        'VALIDATION_FAILED',
        'This image took too long to read; send it as a smaller or simpler image.',
      );
    if (/pixel limit/i.test(message))
      throw new DocumentRefusedError(
        'PAYLOAD_TOO_LARGE',
        `This image has more pixels than Caliber reads; an image may have at most ${PHOTO_LIMITS.maxInputPixels / 1_000_000} megapixels.`,
      );
    throw new DocumentRefusedError('VALIDATION_FAILED', DAMAGED);
  }
}
