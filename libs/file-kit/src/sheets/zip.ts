import { crc32, inflateRawSync } from 'node:zlib';
import { refuseContent, refuseSize } from './file-refusal';
import { megabytes, unreadableXlsx, type SheetFile } from './sheet-file';

/*
 * A workbook is a ZIP file. Its directory is read here by hand, so the sizes its parts declare are
 * checked against the file's unpacked bound before anything is inflated, and each part is inflated
 * no further than it declared.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const STREAM_CHUNK = 64 * 1024;
/** Sizes and offsets of this value mean ZIP64, which a file of a few megabytes never needs. */
const ZIP64_MARK = 0xffffffff;

/** An entry of a ZIP file as its central directory lists it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** The uncompressed size the directory declares; a hostile file may lie, so inflating counts. */
  declaredSize: number;
  localHeaderOffset: number;
}

const unreadable = (file: SheetFile): never => refuseContent(unreadableXlsx(file));

/** The end-of-directory record: the last 22 bytes, or earlier when the file ends with a comment. */
function endOfDirectory(zip: Buffer, file: SheetFile): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1)
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return unreadable(file);
}

/** The entries of a ZIP file, read from its central directory without inflating anything. */
export function zipDirectory(zip: Buffer, file: SheetFile): ZipEntry[] {
  if (zip.length < 22) return unreadable(file);
  const end = endOfDirectory(zip, file);
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === ZIP64_MARK || offset + size > end) return unreadable(file);
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_HEADER) return unreadable(file);
    const encrypted = (zip.readUInt16LE(at + 8) & 1) === 1;
    const nameEnd = at + 46 + zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: zip.toString('utf8', at + 46, Math.min(nameEnd, end)),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    };
    if (
      encrypted ||
      nameEnd > end ||
      entry.compressedSize === ZIP64_MARK ||
      entry.declaredSize === ZIP64_MARK ||
      entry.localHeaderOffset === ZIP64_MARK
    )
      return unreadable(file);
    entries.push(entry);
    at = nameEnd + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Refuses, before anything is inflated, a workbook whose parts declare more than the file's bound
 * unpacked, every part counted (those the import does not read too: they are the file's size).
 */
export function refuseDeclaredBeyond(entries: readonly ZipEntry[], file: SheetFile): void {
  const declared = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > file.unpackedMaxBytes)
    refuseSize(
      `The ${file.name} unpacks to ${megabytes(declared, 1)} MB; ${file.aWorkbook} may unpack to at most ${megabytes(
        file.unpackedMaxBytes,
      )} MB (enough for ${file.maxRows.toLocaleString('en')} ${file.rowsAre} in many columns).`,
    );
}

/**
 * One entry's bytes. Inflating stops as soon as the output passes the size the directory declared
 * (zlib counts the bytes as it inflates and gives up there), so a part that lies about its size
 * costs at most that size, and the declared sizes together are within the bound already.
 */
export function inflateEntry(zip: Buffer, entry: ZipEntry, file: SheetFile): Buffer {
  const header = entry.localHeaderOffset;
  if (header + 30 > zip.length || zip.readUInt32LE(header) !== LOCAL_HEADER) return unreadable(file);
  const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  const stop = start + entry.compressedSize;
  if (stop > zip.length) return unreadable(file);
  const compressed = zip.subarray(start, stop);
  let bytes: Buffer;
  if (entry.method === STORED) bytes = compressed;
  else if (entry.method !== DEFLATED) return unreadable(file);
  else
    try {
      bytes = inflateRawSync(compressed, { maxOutputLength: Math.max(1, entry.declaredSize) });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return lyingAbout(entry, file);
      return unreadable(file);
    }
  if (bytes.length > entry.declaredSize) return lyingAbout(entry, file);
  if (bytes.length < entry.declaredSize) return unreadable(file);
  return bytes;
}

const lyingAbout = (entry: ZipEntry, file: SheetFile): never =>
  refuseContent(
    `${unreadableXlsx(file).slice(0, -1)}: its part ${entry.name} unpacks to more than the ${entry.declaredSize.toLocaleString(
      'en',
    )} bytes its ZIP directory declares.`,
  );

/**
 * A ZIP file of `parts` as they are (stored, not compressed), in this order, as chunks to stream:
 * what the streaming workbook reader is given once every part has been inflated within the bound.
 */
export function* storedZip(parts: readonly { name: string; bytes: Buffer }[]): Generator<Buffer> {
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, bytes } of parts) {
    const fileName = Buffer.from(name, 'utf8');
    const checksum = crc32(bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // the name is UTF-8
    local.writeUInt16LE(STORED, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(bytes.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(DIRECTORY_HEADER, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4, 30); // version needed … extra length, as in the local header
    central.writeUInt32LE(offset, 42);
    directory.push(central, fileName);
    yield local;
    yield fileName;
    // In small chunks: the reader parses a chunk's XML events all at once, so a part given whole
    // would hold every event of a part of many megabytes in memory together.
    for (let at = 0; at < bytes.length; at += STREAM_CHUNK) yield bytes.subarray(at, at + STREAM_CHUNK);
    offset += local.length + fileName.length + bytes.length;
  }
  const directorySize = directory.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  yield* directory;
  yield end;
}
