import { ServiceError } from '@caliber/service-kit';
import { RosterReaders } from './roster-readers';
import { SHEET_PART, handMadeZip, sheetXml, workbookParts } from './roster-test-files';

/** A reader thread that never answers: the files it is given stay "being read" until it is ended. */
const NEVER_ANSWERS = { script: 'setInterval(() => undefined, 60_000);', options: { eval: true } };

const CSV = Buffer.from('Service Number,Full Name,Phone\nBME-1,One,+15550100001\n').toString('base64');

const failureOf = (reading: Promise<unknown>) =>
  reading.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('RosterReaders', () => {
  it('reads two files at once, lets eight wait, and answers the next 503 with a Retry-After', async () => {
    const readers = new RosterReaders(NEVER_ANSWERS);
    const reads = Array.from({ length: 10 }, () => failureOf(readers.read('roster.csv', CSV)));
    expect(readers.load).toEqual({ reading: 2, waiting: 8 });
    const busy = await failureOf(readers.read('roster.csv', CSV));
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
    expect(readers.load).toEqual({ reading: 0, waiting: 0 });
  });

  it('refuses a workbook that declares too much unpacked before it takes a thread', async () => {
    const readers = new RosterReaders(NEVER_ANSWERS);
    const zip = handMadeZip(
      workbookParts(sheetXml([])).map((part) =>
        part.name === SHEET_PART ? { ...part, declaredSize: 17 * 1024 * 1024 } : part,
      ),
    );
    expect(await failureOf(readers.read('staff.xlsx', zip.toString('base64')))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ path: 'content', message: expect.stringMatching(/^The roster file unpacks to 17\.0 MB/) }],
    });
    expect(readers.load).toEqual({ reading: 0, waiting: 0 });
  });
});
