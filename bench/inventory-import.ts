import ExcelJS from 'exceljs';
import { STARTING_CATEGORIES as CATEGORIES } from '@caliber/service-kit';
import {
  DEFAULT_REPORT_DEPARTMENTS,
  DEVICE_IMPORT_COLUMNS,
  type InventoryImportDto,
  type DeviceImportKey,
  type RecallDto,
} from '@caliber/contracts';

type Cells = Record<DeviceImportKey, string>;

export interface InventoryImportTiming {
  rows: number;
  xlsxBytes: number;
  csvBytes: number;
  /** Seconds from sending the file to the preview's answer, through the gateway. */
  xlsxPreview: number;
  apply: number;
  /** The same devices again, as CSV: every row is a device of the inventory now. */
  csvPreview: number;
  exportXlsx: number;
  exportCsv: number;
  /** With `BENCH_OPEN_RECALL=1`: the devices an open recall found while the import was applied. */
  recallFound: number | null;
}

const STATUSES = ['Serviceable', 'Serviceable', 'Serviceable', 'Under Maintenance', 'Unserviceable'];

/**
 * `rows` devices as a hospital's inventory spreadsheet lists them: a unique serial number each,
 * across the usual departments and the starting categories, dates written day first as most of
 * the world writes them (31/03/2019), a warranty on two devices in three.
 */
function generatedInventory(rows: number, run: string): Cells[] {
  return Array.from({ length: rows }, (_, i) => {
    const category = CATEGORIES[i % CATEGORIES.length] ?? 'Monitor';
    const department = DEFAULT_REPORT_DEPARTMENTS[i % DEFAULT_REPORT_DEPARTMENTS.length] ?? 'ICU';
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (i % 12)).padStart(2, '0');
    const year = 2010 + (i % 15);
    return {
      name: `${department} ${category} ${i + 1}`,
      manufacturer: ['Dräger', 'Philips', 'Mindray', 'GE Healthcare', 'B. Braun'][i % 5] ?? 'Philips',
      model: `Model ${(i % 40) + 1}`,
      serialNumber: `INV-${run}-${String(i + 1).padStart(6, '0')}`,
      udi: '',
      department,
      location: `${department} Room ${(i % 30) + 1}`,
      installationDate: `${day}/${month}/${year}`,
      warrantyExpiry: i % 3 === 0 ? '' : `${day}/${month}/${year + 3}`,
      status: STATUSES[i % STATUSES.length] ?? 'Serviceable',
      category,
    };
  });
}

function csvOf(devices: readonly Cells[]): Buffer {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = devices.map((device) => DEVICE_IMPORT_COLUMNS.map(({ key }) => cell(device[key])).join(','));
  return Buffer.from(
    `${[DEVICE_IMPORT_COLUMNS.map((column) => column.header).join(','), ...lines].join('\r\n')}\r\n`,
    'utf8',
  );
}

async function xlsxOf(devices: readonly Cells[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Inventory');
  sheet.addRow(DEVICE_IMPORT_COLUMNS.map((column) => column.header));
  for (const device of devices) sheet.addRow(DEVICE_IMPORT_COLUMNS.map(({ key }) => device[key]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function timed<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ seconds: number; body: T; bytes: number }> {
  const started = process.hrtime.bigint();
  // A file is sent as the body itself (as the import screen sends it); anything else as JSON.
  const file = body instanceof Buffer;
  const answer = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': file ? 'application/octet-stream' : 'application/json' }),
    },
    ...(body === undefined ? {} : { body: file ? new Uint8Array(body) : JSON.stringify(body) }),
  });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (!answer.ok)
    throw new Error(`${path} answered ${answer.status}: ${bytes.toString('utf8').slice(0, 300)}`);
  const json = answer.headers.get('content-type')?.includes('json');
  return { seconds, body: (json ? JSON.parse(bytes.toString('utf8')) : null) as T, bytes: bytes.length };
}

function expectSummary(what: string, dto: InventoryImportDto, expected: InventoryImportDto['summary']): void {
  if (
    (Object.keys(expected) as (keyof typeof expected)[]).some(
      (action) => dto.summary[action] !== expected[action],
    )
  )
    throw new Error(`${what} answered ${JSON.stringify(dto.summary)}, not ${JSON.stringify(expected)}.`);
}

/**
 * An inventory workbook of `rows` new devices through the gateway, as the import screen sends it:
 * the preview (read in a worker thread, staged, every row read against the lists), then Apply (one
 * transaction), then the same devices as CSV previewed again (all unchanged), then the inventory
 * exported as XLSX and CSV. Each answer must account for every row, or the timing does not count.
 */
export async function measureInventoryImport(
  baseUrl: string,
  token: string,
  rows = 20_000,
): Promise<InventoryImportTiming> {
  const run = Date.now().toString(36).toUpperCase();
  const devices = generatedInventory(rows, run);
  const xlsx = await xlsxOf(devices);
  const csv = csvOf(devices);

  const preview = await timed<InventoryImportDto>(
    baseUrl,
    token,
    'POST',
    '/inventory-imports?fileName=inventory.xlsx',
    xlsx,
  );
  expectSummary('the workbook preview', preview.body, { add: rows, update: 0, unchanged: 0, refused: 0 });
  // An open recall of every Philips "Model 2" (one device in forty of the file): Apply then matches
  // the new devices against it in its own transaction.
  const recall =
    process.env['BENCH_OPEN_RECALL'] === '1'
      ? await timed<RecallDto>(baseUrl, token, 'POST', '/recalls', {
          source: 'Manufacturer',
          sourceReference: `BENCH-${run}`,
          title: 'Bench recall',
          manufacturer: 'Philips',
          models: ['Model 2'],
          hazard: 'None: a benchmark.',
          actionRequired: 'None.',
          publishedOn: '2026-01-01',
        })
      : null;
  const applied = await timed<InventoryImportDto>(
    baseUrl,
    token,
    'POST',
    `/inventory-imports/${preview.body._id}/apply`,
    {},
  );
  if (applied.body.applied?.added !== rows)
    throw new Error(`Applying wrote ${JSON.stringify(applied.body.applied)}, not ${rows} new devices.`);
  const found = recall
    ? (await timed<RecallDto>(baseUrl, token, 'GET', `/recalls/${recall.body._id}`)).body.affected -
      recall.body.affected
    : null;
  if (found !== null && found !== rows / 40)
    throw new Error(`The open recall found ${found} of the imported devices, not ${rows / 40}.`);
  const again = await timed<InventoryImportDto>(
    baseUrl,
    token,
    'POST',
    '/inventory-imports?fileName=inventory.csv',
    csv,
  );
  expectSummary('the CSV preview', again.body, { add: 0, update: 0, unchanged: rows, refused: 0 });
  // The second preview is not applied: discard it, as the screen's Discard does.
  await timed(baseUrl, token, 'DELETE', `/inventory-imports/${again.body._id}`);
  const search = `q=INV-${run}`;
  const exportXlsx = await timed(baseUrl, token, 'GET', `/equipment/export?format=xlsx&${search}`);
  const exportCsv = await timed(baseUrl, token, 'GET', `/equipment/export?format=csv&${search}`);
  return {
    rows,
    xlsxBytes: xlsx.length,
    csvBytes: csv.length,
    xlsxPreview: preview.seconds,
    apply: applied.seconds,
    csvPreview: again.seconds,
    exportXlsx: exportXlsx.seconds,
    exportCsv: exportCsv.seconds,
    recallFound: found,
  };
}

/** The timings as the bench prints them, with the targets they are held to. */
export function printInventoryImport(timing: InventoryImportTiming, say: (line: string) => void): void {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const count = timing.rows.toLocaleString('en');
  const line = (step: string, seconds: number, target = '') =>
    say(`  ${step.padEnd(56)}${seconds.toFixed(2).padStart(7)}  ${target}`);
  say(`\nInventory import through the gateway (${count} new devices)`);
  say(`  ${'step'.padEnd(56)}${'seconds'.padStart(7)}  target`);
  line(`preview, XLSX (${mb(timing.xlsxBytes)}): ${count} to add`, timing.xlsxPreview, 'under 10');
  line('apply, in one transaction', timing.apply, 'under 20');
  line(`preview, as CSV (${mb(timing.csvBytes)}): ${count} unchanged`, timing.csvPreview, 'under 10');
  line(`export of those ${count} devices, XLSX`, timing.exportXlsx);
  line(`export of those ${count} devices, CSV`, timing.exportCsv);
  if (timing.recallFound !== null)
    say(
      `  (an open recall was matched during apply: it found ${timing.recallFound.toLocaleString('en')} devices)`,
    );
}
