import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/**
 * Real files for the documents tests, made in the test: a phone-like JPEG with its location, a
 * PNG, a PDF, a Word and an Excel file, and the hostile ones (a program, a page, a pixel bomb).
 */

/** Where the JPEG says it was taken: the GPS tags a phone writes. */
export const TAKEN_AT = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 30/1 2612/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '0/1 7/1 3960/100',
};

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Nurse Example</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** An IPTC caption in a Photoshop APP13 segment, as photo tools write it, put right after the JPEG's SOI. */
function withIptcCaption(jpeg: Buffer, caption: string): Buffer {
  const text = Buffer.from(caption, 'latin1');
  const iptc = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, text.length >> 8, text.length & 0xff]), text]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(iptc.length);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0x00, 0x00]),
    size,
    iptc,
    iptc.length % 2 ? Buffer.from([0]) : Buffer.alloc(0),
  ]);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const header = Buffer.from([0xff, 0xed, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

/**
 * A phone photo: `width` × `height` as stored, left half red and right half blue, EXIF
 * orientation 6 (shown turned a quarter clockwise, so upright it is `height` × `width` with red on
 * top), GPS location, camera make and owner in EXIF, a creator in XMP, a caption in IPTC.
 */
export async function phoneJpeg(width = 400, height = 200): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: { r: 20, g: 40, b: 220 } },
  })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 220, g: 30, b: 30 } } })
    .composite([{ input: blue, left: half, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Nurse Example' }, IFD3: TAKEN_AT })
    .withXmp(XMP)
    .toBuffer();
  return withIptcCaption(jpeg, 'Ward 7, bed 4');
}

export async function png(width = 300, height = 120): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 160, b: 90, alpha: 0.5 } } })
    .png()
    .withExif({ IFD3: TAKEN_AT })
    .toBuffer();
}

export async function webp(width = 500, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .webp()
    .withExif({ IFD3: TAKEN_AT })
    .toBuffer();
}

export async function pdf(): Promise<Buffer> {
  const document = new PDFDocument();
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.text('Infusion pump service manual');
  document.end();
  await done;
  return Buffer.concat(chunks);
}

export async function docx(): Promise<Buffer> {
  const document = new Document({ sections: [{ children: [new Paragraph('Service report')] }] });
  return Packer.toBuffer(document);
}

export async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Readings').addRow(['Earth leakage', 0.1]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The start of a Windows program: what file-type knows a .exe by. */
export function windowsProgram(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  return bytes;
}

/** The start of an iPhone's HEIC photo: the ftyp box file-type knows it by. */
export function heicPhoto(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.alloc(4),
    Buffer.from('mif1heic', 'latin1'),
    Buffer.alloc(64),
  ]);
}

export const WEB_PAGE = Buffer.from(
  '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
);

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG of a few hundred bytes that declares `width` × `height` pixels (a decompression bomb):
 * a valid header, one compressed row of zeros, and the end.
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per sample
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + Math.min(width, 1024)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A store's `get` for bytes: each call a fresh stream from the start, in small chunks as a disk gives them. */
export function opener(bytes: Buffer, chunkSize = 16 * 1024): () => Promise<Readable> {
  return async () => {
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
    return Readable.from(chunks);
  };
}
