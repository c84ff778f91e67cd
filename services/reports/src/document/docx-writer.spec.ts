import { PassThrough } from 'node:stream';
import JSZip from 'jszip';
import { DOCX_MAX_TABLE_ROWS } from './docx-writer';
import type { Cell, ReportDocument, ReportDocumentOptions, TableBlock } from './report-document';
import { assetTag, devicesTable, LONG_TABLE_ROWS, testDocument } from './test-document';
import { writeReport } from './write-report';

/** Writes a DOCX to memory and answers the parts a reader sees. */
async function writeDocument(doc: ReportDocument) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeReport(doc, out, { timeZone: 'Asia/Riyadh' });
  const zip = await JSZip.loadAsync(Buffer.concat(chunks));
  const part = async (name: string) => (await zip.file(name)?.async('string')) ?? '';
  const footers = await Promise.all(
    Object.keys(zip.files)
      .filter((name) => /^word\/footer\d*\.xml$/.test(name))
      .map(part),
  );
  return { xml: await part('word/document.xml'), footers: footers.join('\n') };
}

/** The text of each paragraph, and the style it has. */
function paragraphs(xml: string): { style: string; text: string }[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(p)?.[1] ?? '',
    text: [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
  }));
}

const texts = (xml: string) => paragraphs(xml).map((p) => p.text);
const styled = (xml: string, style: string) =>
  paragraphs(xml)
    .filter((p) => p.style === style)
    .map((p) => p.text);

function docWithTable(table: TableBlock, options: Partial<ReportDocumentOptions> = {}): ReportDocument {
  const base = testDocument('docx', options);
  return {
    ...base,
    sections: [{ key: 'equipmentStatus', title: 'Equipment status', summary: [], blocks: [table] }],
  };
}

describe('writeDocx', () => {
  let xml = '';
  let footers = '';

  beforeAll(async () => {
    ({ xml, footers } = await writeDocument(testDocument('docx')));
  });

  it('titles the document and heads each section and block', () => {
    expect(styled(xml, 'Title')).toEqual(['Caliber maintenance report']);
    expect(styled(xml, 'Heading1')).toEqual(['Equipment status', 'Downtime analysis']);
    expect(styled(xml, 'Heading2')).toEqual([
      'Key figures',
      'Devices not serviceable',
      'Devices by status',
      'Preventive and corrective tasks by department',
      'Downtime',
      'Downtime hours by month',
      'Downtime causes by month',
      'Downtime hours by department and month',
      'Open service calls',
    ]);
  });

  it('puts every table in its place: after its heading, before its notes, no placeholder left', () => {
    expect(xml).not.toMatch(/caliber-table-/);
    // The cover's details, then each section's figures, tables, charts' data and heat map.
    const body = xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, '<TABLE/>');
    const order = [...body.matchAll(/<TABLE\/>|<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1] ?? 'TABLE');
    const after = (heading: string) => order[order.indexOf(heading) + 1];
    expect(after('Key figures')).toBe('TABLE');
    expect(after('Devices not serviceable')).toBe('TABLE');
    expect(after('Open service calls')).toBe('TABLE');
    expect(order[order.lastIndexOf('TABLE') + 1]).toBe('No rows.');
  });

  it('writes the cover details and the summaries', () => {
    const all = texts(xml);
    expect(all).toContain('1 January 2026 – 31 March 2026');
    expect(all).toContain('Dr. Amina Haddad');
    expect(all).toContain('2 April 2026, 10:15 (Asia/Riyadh)');
    expect(all).toContain('Categories: Life support, Diagnostic');
    expect(all).toContain('412 devices are in service and 120 are not serviceable at the end of the period.');
  });

  it('writes tables with a repeated header row, every row of a short table, dashes for unknowns', () => {
    expect(xml).toContain('<w:tblHeader/>');
    const all = texts(xml);
    expect(all).toContain(assetTag(LONG_TABLE_ROWS));
    expect(all).toContain('USD 2,500.00');
    expect(all).toContain('8 February 2026');
    expect(all).toContain('—');
    expect(all).not.toContainEqual(expect.stringMatching(/^Showing the first/));
    expect(all).toContain('Downtime counts from the report of the fault to the return to service.');
    expect(all).toContain('No rows.');
  });

  it('writes figures as label and value, charts as their data, forecasts named so', () => {
    const all = texts(xml);
    expect(all).toContain('Repair cost this period');
    expect(all).toContain('USD 186,250.00');
    expect(all).toContain('Downtime hours (forecast)');
    expect(all).toContain('77.4%');
    expect(all).toContain('Values in hours.');
  });

  it('shades the heat map cells', () => {
    const fills = [...xml.matchAll(/<w:shd [^>]*w:fill="([0-9A-F]{6})"/g)].map((m) => m[1]);
    expect(new Set(fills).size).toBeGreaterThan(5);
    expect(texts(xml)).toContainEqual(
      expect.stringMatching(/^Shaded from 0 \(lightest\) to 160 downtime hours/),
    );
  });

  it('numbers the pages "Page X of Y" with fields', () => {
    expect(footers).toContain('Page ');
    expect(footers).toContain(' of ');
    expect(footers).toMatch(/PAGE/);
    expect(footers).toMatch(/NUMPAGES/);
  });

  it('leaves the charts out when they were not asked for', async () => {
    const plain = await writeDocument(testDocument('docx', { charts: false, summary: false }));
    expect(styled(plain.xml, 'Heading2')).not.toContain('Devices by status');
    expect(texts(plain.xml)).not.toContain(
      '412 devices are in service and 120 are not serviceable at the end of the period.',
    );
  });
});

describe('writeDocx, long tables', () => {
  const CAP_MESSAGE = `Showing the first ${DOCX_MAX_TABLE_ROWS} of 250 rows; the Excel export has them all.`;

  it('writes the first 200 rows and says how many there are', async () => {
    const { xml } = await writeDocument(docWithTable(devicesTable(250)));
    const all = texts(xml);
    expect(all).toContain(assetTag(DOCX_MAX_TABLE_ROWS));
    expect(all).not.toContain(assetTag(DOCX_MAX_TABLE_ROWS + 1));
    expect(all).toContain(CAP_MESSAGE);
  });

  it('stops reading after the 201st row when the total is known', async () => {
    let pagesRead = 0;
    const table: TableBlock = {
      ...devicesTable(250),
      rows: async function* () {
        for (const page of chunks(250, 25)) {
          pagesRead++;
          yield page;
        }
      },
    };
    const { xml } = await writeDocument(docWithTable(table));
    expect(texts(xml)).toContain(CAP_MESSAGE);
    // Row 201 is on the ninth page of 25.
    expect(pagesRead).toBe(9);
  });

  it('counts the rows while reading when the total is not given', async () => {
    const { xml } = await writeDocument(docWithTable(devicesTable(250, 40, false)));
    expect(texts(xml)).toContain(CAP_MESSAGE);
  });
});

function chunks(count: number, size: number): Cell[][][] {
  const rows = Array.from({ length: count }, (_, index): Cell[] => [assetTag(index + 1)]);
  return Array.from({ length: Math.ceil(count / size) }, (_, page) =>
    rows.slice(page * size, (page + 1) * size),
  );
}
