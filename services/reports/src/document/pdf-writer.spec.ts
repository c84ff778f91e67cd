import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportDocumentOptions } from './report-document';
import { assetTag, LONG_TABLE_ROWS, LONG_TABLE_TITLE, testDocument } from './test-document';
import { PDF_MAX_TABLE_ROWS } from './pdf-table';
import { writeReport } from './write-report';

let folder = '';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'caliber-pdf-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes the test report as a PDF and answers its text, page by page (poppler's pdftotext). */
async function writeAndRead(name: string, options: Partial<ReportDocumentOptions> = {}): Promise<string[]> {
  const file = join(folder, `${name}.pdf`);
  await writeReport(testDocument('pdf', options), createWriteStream(file), { timeZone: 'Asia/Riyadh' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  return Array.from({ length: pages }, (_, index) =>
    execFileSync('pdftotext', ['-layout', '-f', String(index + 1), '-l', String(index + 1), file, '-'], {
      encoding: 'utf8',
    }),
  );
}

const pagesWith = (pages: readonly string[], text: string) =>
  pages.flatMap((page, index) => (page.includes(text) ? [index] : []));

describe('writePdf', () => {
  let pages: string[] = [];

  beforeAll(async () => {
    pages = await writeAndRead('full');
  });

  it('opens with a cover: title, product, period, for whom, when, filters and contents', () => {
    const cover = pages[0] ?? '';
    expect(cover).toContain('Caliber maintenance report');
    expect(cover).toContain('CALIBER CMMS');
    expect(cover).toContain('1 January 2026 – 31 March 2026');
    expect(cover).toContain('Dr. Amina Haddad');
    expect(cover).toContain('2 April 2026, 10:15 (Asia/Riyadh)');
    expect(cover).toContain('Departments: ICU, NICU, Radiology');
    expect(cover).toContain('Categories: Life support, Diagnostic');
    expect(cover).toMatch(/1\.\s+Equipment status\s+\.+\s+2\b/);
    expect(cover).toMatch(/2\.\s+Downtime analysis\s+\.+\s+\d+/);
  });

  it('starts each section on its own page with its heading and summary', () => {
    expect(pages[1]).toMatch(/^\s*Equipment status$/m);
    expect(pages[1]).toContain('412 devices are in service and 120 are not serviceable');
    const downtime = pagesWith(pages, 'Downtime fell by 18%');
    expect(downtime).toHaveLength(1);
    expect(pages[downtime[0] ?? 0]).toMatch(/^\s*Downtime analysis$/m);
  });

  it('numbers every page "Page n of m" and repeats the title in the header', () => {
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    pages
      .slice(1)
      .forEach((page) =>
        expect(page.split('\n').slice(0, 3).join('\n')).toContain('Caliber maintenance report'),
      );
  });

  it('spreads the long table over pages, its header repeated on each, every row once', () => {
    const first = pagesWith(pages, assetTag(1));
    const last = pagesWith(pages, assetTag(LONG_TABLE_ROWS));
    expect(first).toHaveLength(1);
    expect(last).toHaveLength(1);
    const [from = 0, to = 0] = [first[0], last[0]];
    expect(to - from).toBeGreaterThanOrEqual(2);
    for (let page = from + 1; page <= to; page++) {
      expect(pages[page]).toContain(`${LONG_TABLE_TITLE} (continued)`);
      expect(pages[page]).toMatch(/Asset tag\s+Device\s+Department/);
    }
    const tags = pages.join('\n').match(/BME-\d{4}/g) ?? [];
    expect(new Set(tags).size).toBe(LONG_TABLE_ROWS);
    expect(tags).toHaveLength(LONG_TABLE_ROWS);
    // The last row, whole: right-aligned numbers in their formats, the unknown value as a dash.
    expect(pages[to]).toMatch(
      /BME-0120\s+Infusion pump 120\s+ICU\s+8 February 2026.*180\.0\s+0\s+90\.0%\s+USD 2,500\.00\s+—/,
    );
  });

  it('writes unknown values as a dash, never as 0', () => {
    const line =
      pages
        .join('\n')
        .split('\n')
        .find((l) => l.includes(assetTag(7))) ?? '';
    // Row 7 has no repair cost recorded.
    expect(line).toMatch(/97\.0%\s+—\s+2\.70/);
  });

  it('cuts a long text cell with an ellipsis rather than letting the row overflow', () => {
    const text = pages.join('\n');
    expect(text).toContain('Anaesthesia workstation');
    expect(text).toContain('…');
    expect(text).not.toContain('left side rail');
  });

  it('draws the charts with legends, the forecast labelled, and the heat map with its values', () => {
    const text = pages.join('\n');
    expect(text).toContain('Devices by status');
    expect(text).toMatch(/In service\s+412\s+\(77\.4%\)/);
    expect(text).toContain('Downtime hours (forecast)');
    expect(text).toContain('Preventive and corrective tasks by department');
    expect(text).toMatch(/ICU\s+160\s+140\s+120/);
    expect(text).toMatch(/NICU\s+40\s+—\s+35/);
  });

  it('writes the figures, notes, and "No rows." under an empty table', () => {
    const text = pages.join('\n');
    expect(text).toContain('Repair cost this period');
    expect(text).toContain('USD 186,250.00');
    expect(text).toContain('Devices on loan from suppliers are not part of the inventory.');
    expect(text).toContain('Downtime counts from the report of the fault to the return to service.');
    expect(text).toMatch(
      /Open service calls[\s\S]*No rows\.[\s\S]*Service calls still open at the end of the period\./,
    );
  });

  it('leaves charts and summaries out when they were not asked for', async () => {
    const plain = (await writeAndRead('plain', { charts: false, summary: false })).join('\n');
    expect(plain).not.toContain('Devices by status');
    expect(plain).not.toContain('forecast');
    expect(plain).not.toContain('412 devices are in service');
    expect(plain).toContain('Key figures');
    expect(plain).toContain(assetTag(LONG_TABLE_ROWS));
  });
});

describe('writePdf with a table longer than a PDF shows', () => {
  it(`shows the first ${PDF_MAX_TABLE_ROWS} rows and says how many there are`, async () => {
    const file = join(folder, 'capped.pdf');
    const rows = Array.from({ length: 1500 }, (_, index) => [
      `Device ${String(index + 1).padStart(4, '0')}`,
      index,
    ]);
    const document = testDocument('pdf', { charts: false });
    document.sections = [
      {
        key: 'equipmentStatus',
        title: 'Equipment status',
        summary: [],
        blocks: [
          {
            kind: 'table',
            title: 'Every device',
            columns: [
              { header: 'Device', type: 'text' },
              { header: 'Days', type: 'integer' },
            ],
            rows: async function* () {
              for (let start = 0; start < rows.length; start += 500) yield rows.slice(start, start + 500);
            },
          },
        ],
      },
    ];
    await writeReport(document, createWriteStream(file));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Device ${String(PDF_MAX_TABLE_ROWS).padStart(4, '0')}`);
    expect(text).not.toContain(`Device ${String(PDF_MAX_TABLE_ROWS + 1).padStart(4, '0')}`);
    expect(text).toContain(
      `The first ${PDF_MAX_TABLE_ROWS.toLocaleString('en-GB')} of 1,500 rows are shown; the Excel export has them all.`,
    );
  });
});
