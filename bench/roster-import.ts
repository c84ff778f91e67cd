import ExcelJS from 'exceljs';
import {
  DEFAULT_REPORT_DEPARTMENTS,
  ROSTER_COLUMNS,
  type RosterFileRow,
  type RosterImportPreview,
  type RosterImportResult,
} from '@caliber/contracts';

type Cells = Omit<RosterFileRow, 'line'>;

export interface RosterImportTiming {
  rows: number;
  csvBytes: number;
  xlsxBytes: number;
  /** Seconds from sending the file to the whole answer, through the gateway. */
  csvPreview: number;
  apply: number;
  /** The same people again, as a workbook: every row is someone on the roster now. */
  xlsxPreview: number;
}

/**
 * `rows` people as a hospital's roster file would list them: a unique service number each, a
 * third with an e-mail address, a phone in the fictional +1 555 range, mostly Technicians, across
 * the department list.
 */
function generatedRoster(rows: number, run: string): Cells[] {
  return Array.from({ length: rows }, (_, i) => {
    const number = String(i + 1).padStart(4, '0');
    return {
      serviceNumber: `BENCH-${run}-${number}`,
      name: `Bench Person ${run} ${number}`,
      email: i % 3 === 0 ? `bench.${run.toLowerCase()}.${number}@hospital.example` : '',
      phoneNumber: `+1 555 ${String(i + 1).padStart(7, '0')}`,
      role: i % 10 === 0 ? 'Engineer' : 'Technician',
      department: DEFAULT_REPORT_DEPARTMENTS[i % DEFAULT_REPORT_DEPARTMENTS.length] ?? '',
      active: 'Yes',
      preApproved: i % 2 === 0 ? 'Yes' : 'No',
    };
  });
}

function csvOf(people: readonly Cells[]): Buffer {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = people.map((person) => ROSTER_COLUMNS.map(({ key }) => cell(person[key])).join(','));
  return Buffer.from(
    `${[ROSTER_COLUMNS.map((column) => column.header).join(','), ...lines].join('\n')}\n`,
    'utf8',
  );
}

async function xlsxOf(people: readonly Cells[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Roster');
  sheet.addRow(ROSTER_COLUMNS.map((column) => column.header));
  for (const person of people) sheet.addRow(ROSTER_COLUMNS.map(({ key }) => person[key]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends a roster file to the gateway as the Users screen does, and times the whole answer. */
async function send<T>(
  baseUrl: string,
  token: string,
  path: string,
  fileName: string,
  file: Buffer,
): Promise<{ seconds: number; body: T }> {
  const started = process.hrtime.bigint();
  const answer = await fetch(`${baseUrl}/api${path}?${new URLSearchParams({ fileName }).toString()}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      accept: 'application/json',
    },
    body: new Uint8Array(file),
  });
  const text = await answer.text();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${text.slice(0, 300)}`);
  return { seconds, body: JSON.parse(text) as T };
}

/**
 * A roster file of `rows` new people through the gateway: the preview, then applying it (one
 * transaction), then the same people as a workbook previewed again. Each answer must account for
 * every row as expected, or the timing does not count.
 */
export async function measureRosterImport(
  baseUrl: string,
  token: string,
  rows = 2000,
): Promise<RosterImportTiming> {
  const people = generatedRoster(rows, Date.now().toString(36).toUpperCase());
  const csv = csvOf(people);
  const xlsx = await xlsxOf(people);

  const preview = await send<RosterImportPreview>(baseUrl, token, '/users/import/preview', 'roster.csv', csv);
  expectSummary('the CSV preview', preview.body.summary, { add: rows, change: 0, unchanged: 0, refused: 0 });
  const applied = await send<RosterImportResult>(baseUrl, token, '/users/import', 'roster.csv', csv);
  if (applied.body.applied.added !== rows || applied.body.applied.changed !== 0)
    throw new Error(`Applying wrote ${JSON.stringify(applied.body.applied)}, not ${rows} new people.`);
  const again = await send<RosterImportPreview>(baseUrl, token, '/users/import/preview', 'roster.xlsx', xlsx);
  expectSummary('the workbook preview', again.body.summary, {
    add: 0,
    change: 0,
    unchanged: rows,
    refused: 0,
  });

  return {
    rows,
    csvBytes: csv.length,
    xlsxBytes: xlsx.length,
    csvPreview: preview.seconds,
    apply: applied.seconds,
    xlsxPreview: again.seconds,
  };
}

function expectSummary(
  what: string,
  summary: RosterImportPreview['summary'],
  expected: RosterImportPreview['summary'],
): void {
  if (JSON.stringify(summary) !== JSON.stringify(expected))
    throw new Error(`${what} answered ${JSON.stringify(summary)}, not ${JSON.stringify(expected)}.`);
}

/** The timings as the bench prints them. */
export function printRosterImport(timing: RosterImportTiming, say: (line: string) => void): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const count = timing.rows.toLocaleString('en');
  const line = (step: string, seconds: number) =>
    say(`  ${step.padEnd(48)}${seconds.toFixed(2).padStart(7)}`);
  say(`\nRoster import through the gateway (${count} new people)`);
  say(`  ${'step'.padEnd(48)}${'seconds'.padStart(7)}`);
  line(`preview, CSV (${kb(timing.csvBytes)}): ${count} to add`, timing.csvPreview);
  line('apply, the same CSV, in one transaction', timing.apply);
  line(`preview, as XLSX (${kb(timing.xlsxBytes)}): ${count} unchanged`, timing.xlsxPreview);
}
