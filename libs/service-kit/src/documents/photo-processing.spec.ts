import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ImageFormat } from '@caliber/contracts';
import { DocumentRefusedError } from './document-refused.error';
import { opener, phoneJpeg, pixelBombPng, png, webp } from './document-files.fixture';
import { processPhoto, type ProcessedPhoto } from './photo-processing';

let tmpDir: string;
beforeEach(async () => {
  tmpDir = await mkdtemp(join(tmpdir(), 'photo-processing-spec-'));
});
afterEach(async () => {
  await rm(tmpDir, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Kept {
  photo: Omit<ProcessedPhoto, 'image' | 'thumbnail'> & {
    image: Omit<ProcessedPhoto['image'], 'body'>;
    thumbnail: Omit<ProcessedPhoto['thumbnail'], 'body'>;
  };
  image: Buffer;
  thumbnail: Buffer;
}

/** Processes the bytes as a service would, streamed from its store, and reads back what it would keep. */
async function process(bytes: Buffer, format: ImageFormat): Promise<Kept> {
  return processPhoto(
    await opener(bytes)(),
    format,
    async ({ image, thumbnail }) => {
      const { body: imageBody, ...imageRest } = image;
      const { body: thumbnailBody, ...thumbnailRest } = thumbnail;
      return {
        photo: { image: imageRest, thumbnail: thumbnailRest },
        image: await bytesOf(imageBody),
        thumbnail: await bytesOf(thumbnailBody),
      };
    },
    { tmpDir },
  );
}

async function refusal(promise: Promise<unknown>): Promise<DocumentRefusedError> {
  const error = await promise.then(
    () => new Error('kept'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocumentRefusedError);
  return error as DocumentRefusedError;
}

/** The colour of one pixel of an image. */
async function pixel(image: Buffer, left: number, top: number): Promise<{ r: number; g: number; b: number }> {
  const { data } = await sharp(image)
    .extract({ left, top, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { r: data[0] ?? -1, g: data[1] ?? -1, b: data[2] ?? -1 };
}

describe('processPhoto', () => {
  it('keeps a phone JPEG upright with no location, camera, owner or caption left in it', async () => {
    const original = await phoneJpeg(400, 200);
    const before = await sharp(original).metadata();
    // The test file carries what a phone's photo carries.
    expect([before.orientation, Boolean(before.exif), Boolean(before.xmp), Boolean(before.iptc)]).toEqual([
      6,
      true,
      true,
      true,
    ]);
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');

    const { photo, image, thumbnail } = await process(original, 'jpeg');

    const after = await sharp(image).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.comments).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(image.includes(Buffer.from('Nurse Example'))).toBe(false);
    expect(image.includes(Buffer.from('Ward 7'))).toBe(false);
    // Turned upright: 200 wide and 400 high, the stored left half (red) now on top.
    expect([after.width, after.height]).toEqual([200, 400]);
    expect({ width: photo.image.width, height: photo.image.height, bytes: photo.image.bytes }).toEqual({
      width: 200,
      height: 400,
      bytes: image.length,
    });
    const top = await pixel(image, 100, 20);
    const bottom = await pixel(image, 100, 380);
    expect(top.r).toBeGreaterThan(180);
    expect(top.b).toBeLessThan(80);
    expect(bottom.b).toBeGreaterThan(180);
    expect(bottom.r).toBeLessThan(80);
    expect([photo.image.mediaType, photo.image.extension]).toEqual(['image/jpeg', 'jpg']);

    const small = await sharp(thumbnail).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 160, 320]);
    expect([small.exif, small.xmp, small.icc]).toEqual([undefined, undefined, undefined]);
    expect(photo.thumbnail).toEqual({
      bytes: thumbnail.length,
      width: 160,
      height: 320,
      mediaType: 'image/webp',
      extension: 'webp',
    });
  });

  it('keeps a PNG as a PNG, with its transparency and without its EXIF', async () => {
    const { photo, image, thumbnail } = await process(await png(300, 120), 'png');
    const after = await sharp(image).metadata();
    expect([after.format, after.width, after.height, after.hasAlpha, after.exif]).toEqual([
      'png',
      300,
      120,
      true,
      undefined,
    ]);
    expect(photo.image.mediaType).toBe('image/png');
    const small = await sharp(thumbnail).metadata();
    expect([small.format, small.width, small.height, small.hasAlpha]).toEqual(['webp', 300, 120, true]);
  });

  it('keeps a WebP as a WebP without its EXIF', async () => {
    const { image, thumbnail } = await process(await webp(500, 500), 'webp');
    const after = await sharp(image).metadata();
    expect([after.format, after.width, after.height, after.exif]).toEqual(['webp', 500, 500, undefined]);
    const small = await sharp(thumbnail).metadata();
    expect([small.width, small.height]).toEqual([320, 320]);
  });

  it('stores at most 4096 px on the longest side, and the thumbnail at most 320', async () => {
    const wide = await sharp({ create: { width: 6000, height: 1500, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const { photo, image } = await process(wide, 'jpeg');
    const after = await sharp(image).metadata();
    expect([after.width, after.height]).toEqual([4096, 1024]);
    expect([photo.thumbnail.width, photo.thumbnail.height]).toEqual([320, 80]);
  });

  it('refuses an image that declares more than 50 megapixels before decoding it, and keeps nothing', async () => {
    const bomb = pixelBombPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2000);
    const keep = jest.fn();
    const error = await refusal(processPhoto(await opener(bomb)(), 'png', keep, { tmpDir }));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe(
      'This image is 100000 × 100000 pixels; an image may have at most 50 megapixels.',
    );
    expect(keep).not.toHaveBeenCalled();
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('refuses a cut-off JPEG as damaged', async () => {
    const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#204080' } })
      .jpeg()
      .toBuffer();
    const keep = jest.fn();
    const error = await refusal(
      processPhoto(await opener(whole.subarray(0, whole.length / 2))(), 'jpeg', keep, { tmpDir }),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(
      'This image is damaged or incomplete and cannot be read; send the file again, or another copy of it.',
    );
    expect(keep).not.toHaveBeenCalled();
  });

  it('refuses a file that is not the image its signature said', async () => {
    const error = await refusal(processPhoto(await opener(await png())(), 'jpeg', jest.fn(), { tmpDir }));
    expect(error.code).toBe('VALIDATION_FAILED');
  });

  it('removes its temporary files once the results are kept, and when keeping them fails', async () => {
    await process(await phoneJpeg(), 'jpeg');
    expect(await readdir(tmpDir)).toEqual([]);

    const storeDown = new Error('the store refused the write');
    await expect(
      processPhoto(
        await opener(await phoneJpeg())(),
        'jpeg',
        async () => {
          throw storeDown;
        },
        { tmpDir },
      ),
    ).rejects.toBe(storeDown);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('throws a failure of the store while reading the original as it is', async () => {
    const broken = new Error('the store is unreachable');
    const input = Readable.from(
      (async function* () {
        yield Buffer.from([0xff, 0xd8, 0xff]);
        throw broken;
      })(),
    );
    await expect(processPhoto(input, 'jpeg', jest.fn(), { tmpDir })).rejects.toBe(broken);
    expect(await readdir(tmpDir)).toEqual([]);
  });
});
