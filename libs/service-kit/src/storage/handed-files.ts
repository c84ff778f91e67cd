import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { OUTGOING_FILE_TYPES, outgoingFileType, type OutgoingFile } from '@caliber/contracts';
import { ServiceError } from '../service-error';
import { FileNotStoredError, FileTooLargeError, type FileStore } from './file-store';

/*
 * Files handed between the gateway and a domain service through the file store: an upload the
 * gateway streamed in (`incoming/…`) for the service to read, and a download the service wrote
 * (`outgoing/…`) for the gateway to stream out. Neither crosses NATS, whose messages are bounded.
 */

/**
 * The bytes of a file the gateway streamed into the store (`incoming/…`), at most `maxBytes`: a
 * larger one is refused (413, naming `what`: "the roster file") from its stored size, before it
 * is read. An upload is read whole because its reader needs it whole (a workbook is a ZIP, read
 * from its end); its limit keeps that small. Once read, the stored copy is removed: nothing of an
 * upload is kept past its reading. (A caller still removes it when it refuses the file unread.)
 */
export async function incomingBytes(
  store: FileStore,
  key: string,
  maxBytes: number,
  what: string,
): Promise<Buffer> {
  const gone = () => new ServiceError('BAD_REQUEST', 'The file did not arrive whole. Send it again.');
  const tooLarge = () =>
    new ServiceError('PAYLOAD_TOO_LARGE', `The ${what} is larger than ${maxBytes / (1024 * 1024)} MB.`);
  const size = await store.size(key);
  if (size === null) throw gone();
  if (size > maxBytes) throw tooLarge();
  const stream = await store.get(key).catch((error: unknown) => {
    if (error instanceof FileNotStoredError) throw gone();
    throw error;
  });
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) {
      stream.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  await store.delete(key);
  return Buffer.concat(chunks, length);
}

/**
 * The most one file written for download may hold: an export of 50,000 devices is about 8 MB as
 * a workbook and 25 MB as CSV, several times that when every text fills its column in a script of
 * three-byte characters. A file past it is refused (413) and nothing is kept.
 */
export const OUTGOING_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Writes a file for download into the store under `outgoing/<uuid>`, as `body` yields it (a CSV
 * export is never whole in memory), and answers its key for the gateway to stream and remove. A
 * body that fails part-way keeps nothing, and its own error is the one thrown (a page that did
 * not come, say), not the store's.
 */
export async function keepOutgoing(
  store: FileStore,
  fileName: string,
  body: Iterable<Buffer | string> | AsyncIterable<Buffer | string>,
  maxBytes = OUTGOING_MAX_BYTES,
): Promise<OutgoingFile> {
  let failure: unknown;
  async function* watched(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of body) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    } catch (error) {
      failure = error;
      throw error;
    }
  }
  const outgoingKey = `outgoing/${randomUUID()}`;
  const readable = Readable.from(watched());
  try {
    const stored = await store.put(outgoingKey, readable, {
      maxBytes,
      contentType: OUTGOING_FILE_TYPES[outgoingFileType(fileName)],
    });
    return { outgoingKey, fileName, bytes: stored.bytes };
  } catch (error) {
    readable.destroy();
    if (failure !== undefined) throw failure;
    if (error instanceof FileTooLargeError)
      throw new ServiceError(
        'PAYLOAD_TOO_LARGE',
        `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most one download may be.`,
      );
    throw error;
  }
}
