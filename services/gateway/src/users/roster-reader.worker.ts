import { parentPort, workerData } from 'node:worker_threads';
import { RosterRefusal } from './roster-refusal';
import { readRosterRows, type RosterFileKind } from './roster-rows';
import type { RosterReaderAnswer } from './roster-reader-messages';

/**
 * A worker thread that reads one roster file and answers its people or its refusal, then ends.
 * The gateway starts one per file (see RosterReaders), with a memory limit, so a file that is slow
 * or large to read holds this thread and its own heap, never the gateway's event loop.
 */
async function main(): Promise<void> {
  const { kind, bytes } = workerData as { kind: RosterFileKind; bytes: Uint8Array };
  let answer: RosterReaderAnswer;
  try {
    answer = {
      rows: await readRosterRows(kind, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    };
  } catch (error) {
    if (!(error instanceof RosterRefusal)) throw error;
    answer = { refusal: { code: error.code, message: error.message } };
  }
  parentPort?.postMessage(answer);
}

void main();
