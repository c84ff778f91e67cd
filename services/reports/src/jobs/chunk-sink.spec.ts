import { REPORT_FILE_CHUNK_BYTES } from '@caliber/contracts';
import { ChunkSink } from './chunk-sink';

async function writeAll(parts: Buffer[]): Promise<{ stored: Buffer[]; size: number }> {
  const stored: Buffer[] = [];
  const sink = new ChunkSink(async (seq, data) => {
    expect(seq).toBe(stored.length);
    stored.push(data);
  });
  for (const part of parts)
    await new Promise<void>((resolve, reject) => sink.write(part, (e) => (e ? reject(e) : resolve())));
  await new Promise<void>((resolve, reject) => sink.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { stored, size: sink.size };
}

describe('ChunkSink', () => {
  it('stores full chunks as they fill and the rest at the end, bytes unchanged', async () => {
    const whole = Buffer.alloc(REPORT_FILE_CHUNK_BYTES * 2 + 1234);
    for (let i = 0; i < whole.length; i += 1) whole[i] = (i * 31) % 256;
    const parts = [whole.subarray(0, 1000), whole.subarray(1000, 300_000), whole.subarray(300_000)];
    const { stored, size } = await writeAll(parts);
    expect(stored.map((chunk) => chunk.length)).toEqual([
      REPORT_FILE_CHUNK_BYTES,
      REPORT_FILE_CHUNK_BYTES,
      1234,
    ]);
    expect(Buffer.concat(stored).equals(whole)).toBe(true);
    expect(size).toBe(whole.length);
  });

  it('stores nothing for an empty file', async () => {
    expect((await writeAll([])).stored).toEqual([]);
  });
});
