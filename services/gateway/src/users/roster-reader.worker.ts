import { parentPort } from 'node:worker_threads';
import type { RosterReaderAnswer, RosterReaderFile } from './roster-reader-messages';
import { RosterRefusal } from './roster-refusal';
import { readRosterRows } from './roster-rows';

/**
 * A worker thread that reads roster files, one at a time as the gateway sends them, and answers
 * each file's people or its refusal. The gateway keeps it for the next file while it is used, with
 * a memory limit, and ends it when it fails, takes too long or has been idle (see RosterReaders):
 * a file that is slow or large to read holds this thread and its own heap, never the gateway's
 * event loop.
 */
async function answer({ kind, bytes }: RosterReaderFile): Promise<RosterReaderAnswer> {
  try {
    return {
      rows: await readRosterRows(kind, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    };
  } catch (error) {
    if (!(error instanceof RosterRefusal)) throw error;
    return { refusal: { code: error.code, message: error.message } };
  }
}

parentPort?.on('message', (file: RosterReaderFile) => {
  void answer(file).then((reply) => parentPort?.postMessage(reply));
});
