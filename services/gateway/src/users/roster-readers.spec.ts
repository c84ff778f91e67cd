import { ServiceError } from '@caliber/service-kit';
import { RosterReaders } from './roster-readers';
import { SHEET_PART, handMadeZip, sheetXml, workbookParts } from './roster-test-files';

/** A reader thread that never answers: the files it is given stay "being read" until it is ended. */
const NEVER_ANSWERS = { script: 'setInterval(() => undefined, 60_000);', options: { eval: true } };
/** A reader thread that answers every file with no people at once. */
const ANSWERS_AT_ONCE = {
  script:
    "const { parentPort } = require('node:worker_threads'); parentPort.on('message', () => parentPort.postMessage({ rows: [] }));",
  options: { eval: true },
};

const CSV = Buffer.from('Service Number,Full Name,Phone\nBME-1,One,+15550100001\n').toString('base64');

const failureOf = (reading: Promise<unknown>) =>
  reading.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('RosterReaders', () => {
  it('reads two files at once, lets eight wait, and answers the next 503 with a Retry-After', async () => {
    const readers = new RosterReaders(NEVER_ANSWERS);
    const reads = Array.from({ length: 10 }, (_, i) =>
      failureOf(readers.read('roster.csv', CSV, `person ${i}`)),
    );
    expect(readers.load).toEqual({ reading: 2, waiting: 8, threads: 2 });
    const busy = await failureOf(readers.read('roster.csv', CSV, 'person 10'));
    expect(busy).toBeInstanceOf(ServiceError);
    expect(busy).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is already reading 10 roster files; try again in a minute.',
      retryAfterSeconds: 60,
    });
    // Stopping ends the threads reading, and the files waiting are not started.
    await readers.onModuleDestroy();
    const ended = await Promise.all(reads);
    expect(ended.map((error) => (error as ServiceError).code)).toEqual(
      Array.from({ length: 10 }, () => 'SERVICE_UNAVAILABLE'),
    );
    expect(readers.load).toEqual({ reading: 0, waiting: 0, threads: 0 });
  });

  it('reads one file of a person at a time: a second one meanwhile is 429, the next one after is read', async () => {
    const readers = new RosterReaders(ANSWERS_AT_ONCE);
    const first = readers.read('roster.csv', CSV, 'engineer');
    expect(await failureOf(readers.read('roster.csv', CSV, 'engineer'))).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Your previous roster file is still being read. Wait for its answer, then send the next.',
    });
    // Someone else is not held up by it.
    expect(await readers.read('roster.csv', CSV, 'admin')).toEqual([]);
    expect(await first).toEqual([]);
    expect(await readers.read('roster.csv', CSV, 'engineer')).toEqual([]);
    await readers.onModuleDestroy();
  });

  it('keeps a thread for the next file, and ends it once it has been idle a minute', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const readers = new RosterReaders(ANSWERS_AT_ONCE);
      expect(await readers.read('roster.csv', CSV, 'engineer')).toEqual([]);
      expect(await readers.read('roster.csv', CSV, 'engineer')).toEqual([]);
      expect(readers.load).toEqual({ reading: 0, waiting: 0, threads: 1 });
      jest.advanceTimersByTime(59_000);
      expect(readers.load.threads).toBe(1);
      jest.advanceTimersByTime(1_000);
      while (readers.load.threads > 0) await new Promise((resolve) => setImmediate(resolve));
      expect(await readers.read('roster.csv', CSV, 'engineer')).toEqual([]);
      expect(readers.load.threads).toBe(1);
      await readers.onModuleDestroy();
      expect(readers.load.threads).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a workbook that declares too much unpacked before it takes a thread', async () => {
    const readers = new RosterReaders(NEVER_ANSWERS);
    const zip = handMadeZip(
      workbookParts(sheetXml([])).map((part) =>
        part.name === SHEET_PART ? { ...part, declaredSize: 17 * 1024 * 1024 } : part,
      ),
    );
    expect(await failureOf(readers.read('staff.xlsx', zip.toString('base64'), 'engineer'))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ path: 'content', message: expect.stringMatching(/^The roster file unpacks to 17\.0 MB/) }],
    });
    expect(readers.load).toEqual({ reading: 0, waiting: 0, threads: 0 });
  });
});
