import { Writable } from 'node:stream';
import { REPORT_FILE_CHUNK_BYTES } from '@caliber/contracts';

/**
 * A stream a writer writes the file into, stored piece by piece (256 KB each) as it comes, so a
 * report of any size is never held whole in memory. `size` is the bytes written so far.
 */
export class ChunkSink extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  size = 0;

  constructor(private readonly store: (seq: number, data: Buffer) => Promise<void>) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.size += chunk.length;
    this.flushFull().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flushFull()
      .then(() => (this.pendingBytes > 0 ? this.storeNext(Buffer.concat(this.pending)) : undefined))
      .then(() => callback(), callback);
  }

  private async flushFull(): Promise<void> {
    while (this.pendingBytes >= REPORT_FILE_CHUNK_BYTES) {
      const all = Buffer.concat(this.pending);
      await this.storeNext(all.subarray(0, REPORT_FILE_CHUNK_BYTES));
      const rest = all.subarray(REPORT_FILE_CHUNK_BYTES);
      this.pending = rest.length ? [rest] : [];
      this.pendingBytes = rest.length;
    }
  }

  private async storeNext(data: Buffer): Promise<void> {
    await this.store(this.seq, Buffer.from(data));
    this.seq += 1;
  }
}
