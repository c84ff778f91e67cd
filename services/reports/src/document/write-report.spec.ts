import { PassThrough, Writable } from 'node:stream';
import type { ReportFormat } from '@caliber/contracts';
import type { ReportDocument } from './report-document';
import { devicesTable, testDocument } from './test-document';
import { writeReport } from './write-report';

const FORMATS: ReportFormat[] = ['pdf', 'xlsx', 'docx'];

/** A sink that keeps what it is given. */
function collector(): { out: PassThrough; bytes: () => Buffer } {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { out, bytes: () => Buffer.concat(chunks) };
}

/** The test report whose long table fails after its first page. */
function failingDocument(format: ReportFormat): ReportDocument {
  const doc = testDocument(format);
  const [first, ...rest] = doc.sections;
  if (!first) throw new Error('The test document has sections.');
  const table = {
    ...devicesTable(120),
    rows: async function* () {
      yield [['BME-0001', null, null, null, null, null, null, null, null, null]];
      throw new Error('The equipment service did not answer.');
    },
  };
  return { ...doc, sections: [{ ...first, blocks: [table] }, ...rest] };
}

describe('writeReport', () => {
  it.each([
    ['pdf', '%PDF-'],
    ['xlsx', 'PK'],
    ['docx', 'PK'],
  ] as const)('writes a %s file and resolves once the output has finished', async (format, magic) => {
    const { out, bytes } = collector();
    await writeReport(testDocument(format), out);
    expect(out.writableFinished).toBe(true);
    expect(bytes().subarray(0, magic.length).toString('latin1')).toBe(magic);
  });

  it.each(FORMATS)('rejects a %s report whose rows cannot be read', async (format) => {
    const { out } = collector();
    await expect(writeReport(failingDocument(format), out)).rejects.toThrow(
      'The equipment service did not answer.',
    );
    expect(out.writableFinished).toBe(false);
  });

  it.each(FORMATS)('rejects a %s report when the output fails', async (format) => {
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('The disk is full.'));
      },
    });
    await expect(writeReport(testDocument(format), out)).rejects.toThrow('The disk is full.');
  });
});
