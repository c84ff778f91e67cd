import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReportFormat } from '@caliber/contracts';
import { writeDocx } from './docx-writer';
import type { WriteOptions } from './format';
import { writePdf } from './pdf-writer';
import type { ReportDocument } from './report-document';
import { writeXlsx } from './xlsx-writer';

export type { WriteOptions } from './format';

const WRITERS: Record<
  ReportFormat,
  (doc: ReportDocument, out: Writable, options: WriteOptions) => Promise<void>
> = {
  pdf: writePdf,
  xlsx: writeXlsx,
  docx: writeDocx,
};

/**
 * Writes the report in the format its options name to `out`, and ends `out`. Resolves once `out`
 * has finished (every byte flushed); rejects when reading rows, writing the file or `out` fails.
 * On failure `out` is left as it is (not ended), for the caller to destroy or discard: a file cut
 * short is not a report.
 */
export async function writeReport(
  doc: ReportDocument,
  out: Writable,
  options: WriteOptions = {},
): Promise<void> {
  const writer = WRITERS[doc.options.format];
  // Both at once: `out` failing (a closed connection) must end the wait even while the writer is
  // blocked on it, and `finished` listens from the start so an early error is not missed.
  await Promise.all([writer(doc, out, options), finished(out)]);
}
