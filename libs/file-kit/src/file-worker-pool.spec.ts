import { ServiceError } from '@caliber/service-kit';
import { sourceFileWorker } from './source-file-worker';
import { FileWorkerPool, type FileWorkerThread } from './file-worker-pool';
import { sheetFileType } from './sheets/sheet-file';
import { SHEET_PART, handMadeZip, sheetXml, workbookParts } from './sheets/test-files';
import { TEST_FILE_JOBS, TEST_PERSON_WORK } from './test-file-jobs';

/** A pool as a service makes one: its job table, its people's work, its worker entry. */
class FileWorkers extends FileWorkerPool<typeof TEST_FILE_JOBS, keyof typeof TEST_PERSON_WORK> {
  constructor(worker: FileWorkerThread) {
    super(TEST_FILE_JOBS, TEST_PERSON_WORK, worker);
  }
}

/** The test job table's worker entry, run from source. */
const TEST_FILE_WORKER = sourceFileWorker('libs/file-kit/src/test-file-worker.worker.ts');
/** A page of an export's rows. */
const page = (rows = 1) => Array.from({ length: rows }, (_, i) => [`SN-${i}`, 'Monitor']);

/** A worker thread that never answers: its jobs stay "being done" until it is ended. */
const NEVER_ANSWERS: FileWorkerThread = {
  script: 'setInterval(() => undefined, 60_000);',
  options: { eval: true },
};

/** A worker thread that answers every job at once with `output`, and says how many parts it took. */
const answersAtOnce = (output: unknown): FileWorkerThread => ({
  script: `const { parentPort } = require('node:worker_threads');
    let parts = 0;
    parentPort.on('message', (message) => {
      if (message.type === 'part') { parts += 1; parentPort.postMessage({ type: 'took' }); }
      else if (message.type === 'job' && !message.streamed) parentPort.postMessage({ type: 'done', output: ${JSON.stringify(output)} });
      else if (message.type === 'end') parentPort.postMessage({ type: 'done', output: parts });
    });`,
  options: { eval: true },
});
const ANSWERS_AT_ONCE = answersAtOnce([]);

const CSV = Buffer.from('Service Number,Full Name,Phone\nBME-1,One,+15550100001\n').toString('base64');

/** A roster file read as the roster routes read one: as the person's one file. */
const readRoster = (workers: FileWorkers, fileName: string, base64: string, person: string) =>
  workers.forPerson(person, 'rosterFile', () =>
    workers.run('readRoster', { type: sheetFileType(fileName), bytes: Buffer.from(base64, 'base64') }),
  );

const failureOf = (reading: Promise<unknown>) =>
  reading.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('FileWorkerPool', () => {
  it('does two jobs at once, lets eight wait, and answers the next 503 with a Retry-After', async () => {
    const workers = new FileWorkers(NEVER_ANSWERS);
    const reads = Array.from({ length: 10 }, (_, i) =>
      failureOf(readRoster(workers, 'roster.csv', CSV, `person ${i}`)),
    );
    expect(workers.load).toEqual({ running: 2, waiting: 8, threads: 2 });
    const busy = await failureOf(readRoster(workers, 'roster.csv', CSV, 'person 10'));
    expect(busy).toBeInstanceOf(ServiceError);
    expect(busy).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is already reading 10 roster files; try again in a minute.',
      retryAfterSeconds: 60,
    });
    // Stopping ends the threads working, and the jobs waiting are not started.
    await workers.onModuleDestroy();
    const ended = await Promise.all(reads);
    expect(ended.map((error) => (error as ServiceError).code)).toEqual(
      Array.from({ length: 10 }, () => 'SERVICE_UNAVAILABLE'),
    );
    expect(workers.load).toEqual({ running: 0, waiting: 0, threads: 0 });
  });

  it('reads one file of a person at a time: a second one meanwhile is 429, the next one after is read', async () => {
    const workers = new FileWorkers(ANSWERS_AT_ONCE);
    const first = readRoster(workers, 'roster.csv', CSV, 'engineer');
    expect(await failureOf(readRoster(workers, 'roster.csv', CSV, 'engineer'))).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Your previous roster file is still being read. Wait for its answer, then send the next.',
    });
    // Someone else is not held up by it.
    expect(await readRoster(workers, 'roster.csv', CSV, 'admin')).toEqual([]);
    expect(await first).toEqual([]);
    expect(await readRoster(workers, 'roster.csv', CSV, 'engineer')).toEqual([]);
    await workers.onModuleDestroy();
  });

  it('names what a person still has being done when they ask for other work', async () => {
    const workers = new FileWorkers(ANSWERS_AT_ONCE);
    let finish: () => void = () => undefined;
    const exporting = workers.forPerson(
      'engineer',
      'inventoryExport',
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    expect(await failureOf(readRoster(workers, 'roster.csv', CSV, 'engineer'))).toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'Your previous inventory export is still being written. Wait for it to download, then ask for the next.',
      retryAfterSeconds: 5,
    });
    finish();
    await exporting;
    expect(await readRoster(workers, 'roster.csv', CSV, 'engineer')).toEqual([]);
    await workers.onModuleDestroy();
  });

  it('keeps a thread for the next job, and ends it once it has been idle a minute', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const workers = new FileWorkers(ANSWERS_AT_ONCE);
      expect(await readRoster(workers, 'roster.csv', CSV, 'engineer')).toEqual([]);
      expect(await readRoster(workers, 'roster.csv', CSV, 'engineer')).toEqual([]);
      expect(workers.load).toEqual({ running: 0, waiting: 0, threads: 1 });
      jest.advanceTimersByTime(59_000);
      expect(workers.load.threads).toBe(1);
      jest.advanceTimersByTime(1_000);
      while (workers.load.threads > 0) await new Promise((resolve) => setImmediate(resolve));
      expect(await readRoster(workers, 'roster.csv', CSV, 'engineer')).toEqual([]);
      expect(workers.load.threads).toBe(1);
      await workers.onModuleDestroy();
      expect(workers.load.threads).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a workbook that declares too much unpacked before it takes a thread', async () => {
    const workers = new FileWorkers(NEVER_ANSWERS);
    const zip = handMadeZip(
      workbookParts(sheetXml([])).map((part) =>
        part.name === SHEET_PART ? { ...part, declaredSize: 17 * 1024 * 1024 } : part,
      ),
    );
    expect(
      await failureOf(readRoster(workers, 'staff.xlsx', zip.toString('base64'), 'engineer')),
    ).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ path: 'content', message: expect.stringMatching(/^The roster file unpacks to 17\.0 MB/) }],
    });
    expect(workers.load).toEqual({ running: 0, waiting: 0, threads: 0 });
  });

  it('says what the server is doing, by kind, when it is busy', async () => {
    const workers = new FileWorkers(NEVER_ANSWERS);
    const jobs = [
      ...Array.from({ length: 7 }, () =>
        workers.run('readRoster', { type: 'csv', bytes: Buffer.from('Name\nA\n') }),
      ),
      ...Array.from({ length: 2 }, () =>
        workers.run('readInventory', { type: 'csv', bytes: Buffer.from('Name\nA\n') }),
      ),
      workers.run('writeInventory', { separator: ',' }, (async function* () {})()),
    ].map(failureOf);
    expect(
      await failureOf(workers.run('readRoster', { type: 'csv', bytes: Buffer.from('Name\nA\n') })),
    ).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'The server is already reading 7 roster files, reading 2 inventory files and writing 1 inventory export; try again in a minute.',
    });
    await workers.onModuleDestroy();
    await Promise.all(jobs);
  });

  it("streams a job's parts as the thread takes them, never more than two ahead", async () => {
    const workers = new FileWorkers(NEVER_ANSWERS);
    let pulled = 0;
    async function* pages() {
      for (let count = 0; count < 100; count += 1) {
        pulled += 1;
        yield page();
      }
    }
    const writing = failureOf(workers.run('writeInventory', { separator: ',' }, pages()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Two sent and not taken, and the third waiting for room.
    expect(pulled).toBe(3);
    await workers.onModuleDestroy();
    await writing;
  });

  it('fails the job, and ends its thread, when its parts cannot be had', async () => {
    const workers = new FileWorkers(answersAtOnce([]));
    async function* pages() {
      yield page();
      throw new ServiceError(
        'SERVICE_UNAVAILABLE',
        'The equipment service did not answer in time. Please try again.',
      );
    }
    expect(await failureOf(workers.run('writeInventory', { separator: ',' }, pages()))).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The equipment service did not answer in time. Please try again.',
    });
    expect(workers.load).toEqual({ running: 0, waiting: 0, threads: 0 });
    // Parts that all come are answered as the thread answers them.
    async function* three() {
      for (let count = 0; count < 3; count += 1) yield page();
    }
    expect(await workers.run('writeInventory', { separator: ',' }, three())).toBe(3);
    await workers.onModuleDestroy();
  });

  it('keeps threads by their heap limit, never more alive than jobs at once', async () => {
    const workers = new FileWorkers(ANSWERS_AT_ONCE);
    const roster = () => workers.run('readRoster', { type: 'csv', bytes: Buffer.from('Name\nA\n') });
    const inventory = () => workers.run('readInventory', { type: 'csv', bytes: Buffer.from('Name\nA\n') });
    await Promise.all([roster(), inventory()]);
    expect(workers.load.threads).toBe(2);
    // A second inventory file while both threads idle: the roster's thread (64 MB) makes way.
    await Promise.all([inventory(), inventory()]);
    expect(workers.load.threads).toBe(2);
    await roster();
    expect(workers.load.threads).toBe(2);
    await workers.onModuleDestroy();
  });

  it('reads an upload and writes an export in a real worker thread', async () => {
    const workers = new FileWorkers(TEST_FILE_WORKER);
    try {
      const csv = 'Name,Model\r\nMonitor,N12\r\n';
      expect(await workers.run('readInventory', { type: 'csv', bytes: Buffer.from(csv) })).toEqual([
        ['Name', 'Model'],
        ['Monitor', 'N12'],
      ]);
      async function* pages() {
        for (let count = 0; count < 5; count += 1) yield page(100);
      }
      const written = await workers.run('writeInventory', { separator: ';' }, pages());
      expect(Buffer.from(written).toString().split('\n')).toHaveLength(500);
      expect(
        await failureOf(
          workers.run('readInventory', { type: 'csv', bytes: Buffer.from('Name\r\nMonitor\r\n') }),
        ),
      ).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'content', message: "The first row must name the file's columns; missing: Model." },
        ],
      });
    } finally {
      await workers.onModuleDestroy();
    }
  });
});
