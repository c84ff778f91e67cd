import { INVENTORY_IMPORT_KEYS, type InventoryFileRow } from '@caliber/contracts';
import { stageChunks } from './inventory-staging';

const row = (line: number, name = 'Monitor'): InventoryFileRow => ({
  line,
  cells: {
    ...Object.fromEntries(INVENTORY_IMPORT_KEYS.map((key) => [key, ''])),
    name,
  } as InventoryFileRow['cells'],
});

describe('staging a file in chunks', () => {
  it('sends at most 500 rows a chunk, in file order', () => {
    const rows = Array.from({ length: 1_201 }, (_, i) => row(i + 2));
    const chunks = [...stageChunks(rows)];
    expect(chunks.map((chunk) => chunk.length)).toEqual([500, 500, 201]);
    expect(chunks.flat()).toEqual(rows);
  });

  it('keeps each chunk under 512 KiB of JSON, however long its texts', () => {
    // Eleven cells of 300 characters that JSON writes six bytes each: about 20 KB a row.
    const long = '\u0001'.repeat(300);
    const rows = Array.from({ length: 100 }, (_, i) => ({
      line: i + 2,
      cells: Object.fromEntries(INVENTORY_IMPORT_KEYS.map((key) => [key, long])) as InventoryFileRow['cells'],
    }));
    const chunks = [...stageChunks(rows)];
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks)
      expect(
        Buffer.byteLength(JSON.stringify({ importId: '0f8c1a2b-1c2d-4e5f-8a9b-0123456789ab', rows: chunk })),
      ).toBeLessThanOrEqual(512 * 1024);
    expect(chunks.flat()).toEqual(rows);
  });

  it('sends nothing for no rows', () => {
    expect([...stageChunks([])]).toEqual([]);
  });
});
