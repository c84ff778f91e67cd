import { call } from '@caliber/testing/http';
import { rosterStaff, signIn, useSignInStack } from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';
import { testFileStore } from '@caliber/testing/file-stores';
import { FileWorkers } from '../files/file-workers';
import { SHEET_PART, handMadeZip, sheetXml, workbookParts } from '@caliber/file-kit/testing';
import { ROSTER_HEADER, cellOnTheLastRow } from './roster-test-files';

const CAP = (row: string) =>
  `A roster file may hold at most 2,500 people, on rows 2 to 2,501; this one has a row ${row}. Empty rows count too: delete the rows below the roster.`;

/**
 * The limits of reading a roster file, through the gateway into identity's file workers: hostile
 * files (a sheet that jumps to its last row, a ZIP that declares or hides a gigabyte, a CSV of empty
 * lines, a body past 2 MB) are refused with a message that names the limit, identity answers other
 * requests while it reads one, and no incoming copy is left in the store.
 */
describe('Roster file limits (real stack)', () => {
  const stack = useSignInStack('roster-limits');
  let token = '';

  beforeAll(async () => {
    const engineer = await rosterStaff(stack.db, { role: 'Engineer', name: 'Limits Engineer' });
    token = await signIn(stack.gateway.url, engineer.serviceNumber);
  });

  const preview = (fileName: string, bytes: Buffer) =>
    call(stack.gateway.url, 'POST', `/api/users/import/preview?fileName=${encodeURIComponent(fileName)}`, {
      token,
      rawBody: bytes,
      contentType: 'application/octet-stream',
    });

  afterAll(async () => {
    // Every file was read or refused, and its incoming copy removed whatever the outcome.
    expect(await testFileStore({}).list('incoming/')).toEqual([]);
  });

  it('refuses a 6 KB workbook with a cell on row 1,048,576 at the row cap, answering other requests meanwhile', async () => {
    const hostile = await cellOnTheLastRow();
    const workers = stack.identity.get(FileWorkers);
    const importing = preview('staff.xlsx', hostile);
    // Read on the event loop, this file held it for seconds (and took over 1 GB): nothing else was
    // answered until it was. Read in a thread, identity answers while the thread reads.
    await until(() => workers.load.running === 1, { what: 'identity to start reading the file' });
    const meanwhile = await call(stack.gateway.url, 'GET', '/api/users?limit=1', { token });
    expect([meanwhile.status, workers.load.running]).toEqual([200, 1]);
    // One file a person at once: a second while the first is read is refused, and says why.
    const second = await preview(
      'roster.csv',
      Buffer.from(`${ROSTER_HEADER.join(',')}\nBME-2,Two,+15550100002\n`),
    );
    expect([second.status, second.body['code'], second.body['message']]).toEqual([
      429,
      'RATE_LIMITED',
      'Your previous roster file is still being read. Wait for its answer, then send the next.',
    ]);
    const answer = await importing;
    expect([answer.status, answer.body['message']]).toEqual([400, CAP('1,048,576')]);
    expect(workers.load).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses a workbook whose ZIP directory declares more than 16 MB unpacked, before inflating it', async () => {
    // The sheet's data is not deflate data: had the gateway inflated it, it would say so.
    const zip = handMadeZip(
      workbookParts(sheetXml([[...ROSTER_HEADER], ['BME-1', 'One', '+15550100001']])).map((part) =>
        part.name === SHEET_PART ? { ...part, declaredSize: 1024 * 1024 * 1024 } : part,
      ),
    );
    const data = zip.indexOf(Buffer.from(SHEET_PART)) + SHEET_PART.length;
    zip.fill(0xff, data, data + 16);
    const answer = await preview('staff.xlsx', zip);
    expect([answer.status, answer.body['code'], answer.body['message']]).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
      'The roster file unpacks to 1,024.0 MB; a roster workbook may unpack to at most 16 MB (enough for 2,500 people in many columns).',
    ]);
  });

  it('stops inflating a sheet that declares 1 KB and unpacks to 40 MB', async () => {
    const sheet = sheetXml([[...ROSTER_HEADER], ['BME-1', 'One', '+15550100001']], 40 * 1024 * 1024);
    const zip = handMadeZip(
      workbookParts(sheet).map((part) => (part.name === SHEET_PART ? { ...part, declaredSize: 1024 } : part)),
    );
    expect(zip.length).toBeLessThan(100_000);
    const answer = await preview('staff.xlsx', zip);
    expect([answer.status, answer.body['message']]).toEqual([
      400,
      'The roster file could not be read as an Excel workbook (.xlsx): its part xl/worksheets/sheet1.xml unpacks to more than the 1,024 bytes its ZIP directory declares.',
    ]);
  });

  it('refuses a workbook that needs more memory to read than a reader thread may use, and reads the next', async () => {
    // 15.5 MB of one-letter rich-text strings, within the bound unpacked: each is three objects
    // in the shared strings the reader keeps, past the thread's heap.
    const strings = '<si><r><t>a</t></r></si>'.repeat(Math.floor((15.5 * 1024 * 1024) / 24));
    const zip = handMadeZip([
      ...workbookParts(sheetXml([[...ROSTER_HEADER], ['BME-1', 'One', '+15550100001']])),
      {
        name: 'xl/sharedStrings.xml',
        text: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings}</sst>`,
      },
    ]);
    const answer = await preview('staff.xlsx', zip);
    expect([answer.status, answer.body['code'], answer.body['message']]).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
      'The roster file needs more than the 64 MB of memory one file may use to read.',
    ]);
    const next = await preview(
      'roster.csv',
      Buffer.from(`${ROSTER_HEADER.join(',')}\nBME-X,Next One,+15550100002\n`),
    );
    expect([next.status, (next.body['rows'] as unknown[]).length]).toEqual([200, 1]);
  });

  it('refuses a body past 2 MB as it arrives, before identity is asked', async () => {
    const csv = Buffer.concat([
      Buffer.from(`${ROSTER_HEADER.join(',')}\n`),
      Buffer.alloc(2 * 1024 * 1024, 0x0a),
    ]);
    const answer = await preview('roster.csv', csv);
    expect([answer.status, answer.body['code'], answer.body['message']]).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
      'The file is larger than 2 MB, the most its purpose takes.',
    ]);
  });

  it('refuses a CSV file of a million empty lines at the row cap', async () => {
    const csv = Buffer.from(`${ROSTER_HEADER.join(',')}\n${'\n'.repeat(1_000_000)}`);
    const answer = await preview('roster.csv', csv);
    expect([answer.status, answer.body['message']]).toEqual([400, CAP('2,502')]);
  });
});
