import {
  INVENTORY_STAGE_CHUNK_BYTES,
  INVENTORY_STAGE_CHUNK_ROWS,
  type InventoryFileRow,
} from '@caliber/contracts';

/** What a staging message holds besides its rows: `{"importId":"<uuid>","rows":[]}`, with room. */
const ENVELOPE_BYTES = 128;

/**
 * A file's rows in the chunks they cross the bus in, in file order: at most `maxRows` rows, and at
 * most `maxBytes` of JSON, each (a row of long texts is about 20 KB, so the bytes bind before the
 * rows do only for such files). Each chunk stays far below the bus's 1 MiB message limit.
 */
export function* stageChunks(
  rows: readonly InventoryFileRow[],
  maxRows = INVENTORY_STAGE_CHUNK_ROWS,
  maxBytes = INVENTORY_STAGE_CHUNK_BYTES,
): Generator<InventoryFileRow[]> {
  let chunk: InventoryFileRow[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const row of rows) {
    // The row and the comma before it.
    const size = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (chunk.length > 0 && (chunk.length >= maxRows || bytes + size > maxBytes)) {
      yield chunk;
      chunk = [];
      bytes = ENVELOPE_BYTES;
    }
    chunk.push(row);
    bytes += size;
  }
  if (chunk.length > 0) yield chunk;
}
