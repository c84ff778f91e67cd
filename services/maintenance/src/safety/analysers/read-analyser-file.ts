import {
  SAFETY_IMPORT_MAX_BYTES,
  SAFETY_IMPORT_MAX_ROWS,
  SERIAL_NUMBER_MAX,
  type AnalyserFileRead,
} from '@caliber/contracts';
import {
  csvDelimiter,
  csvRows,
  csvText,
  FileRefusal,
  refuseContent,
  refuseUpload,
  unreadableCsv,
  type SheetFile,
} from '@caliber/file-kit/worker';
import {
  UnreadableValue,
  type AnalyserFormat,
  type AnalyserLine,
  type AnalyserParse,
  type NumberStyle,
} from './analyser-format';
import { caliberCsv } from './caliber-csv';
import { flukeAnsur } from './fluke-ansur';
import { rigelMedeBase } from './rigel-medebase';

/** Every analyser format Caliber reads, tried in this order on the file's first line. */
export const ANALYSER_FORMATS: readonly AnalyserFormat[] = [caliberCsv, flukeAnsur, rigelMedeBase];

/**
 * An analyser's export as the file readers name it. Its lines are capped generously above the
 * test rows (a Rigel block takes a dozen lines per test).
 */
export const ANALYSER_FILE: SheetFile = {
  name: 'analyser file',
  aName: 'An analyser file',
  aWorkbook: 'an analyser workbook',
  rowsAre: 'lines',
  whole: 'the tests',
  maxRows: SAFETY_IMPORT_MAX_ROWS * 20,
  maxBytes: SAFETY_IMPORT_MAX_BYTES,
  unpackedMaxBytes: SAFETY_IMPORT_MAX_BYTES,
};

/** The cheap checks before a thread reads it: not empty, within the size, CSV text (not a PDF or a workbook). */
export function refuseAnalyserUpload(bytes: Buffer): void {
  refuseUpload(ANALYSER_FILE, 'csv', bytes);
}

/** The longest serial or asset number the inventory holds. */
const SERIAL_MAX = SERIAL_NUMBER_MAX;

/**
 * Rows whose serial or asset number is longer than any in the inventory are refused here, so the
 * rows sent to maintenance stay within what its message takes; a refusal names at most the
 * serial's first 64 characters.
 */
export function withinBounds(parsed: AnalyserParse): AnalyserParse {
  const refusals = parsed.refusals.map((refusal) => ({
    ...refusal,
    serialNumber: refusal.serialNumber?.slice(0, SERIAL_MAX) ?? null,
    reason: refusal.reason.slice(0, 500),
  }));
  const records = parsed.records.filter((record) => {
    const long = [record.serialNumber, record.assetNumber ?? ''].some((text) => text.length > SERIAL_MAX);
    if (long)
      refusals.push({
        line: record.line,
        serialNumber: record.serialNumber.slice(0, SERIAL_MAX),
        reason: `Unreadable: a serial or asset number is longer than ${SERIAL_MAX} characters, which no device has.`,
      });
    return !long;
  });
  return { records, refusals };
}

/**
 * Reads an analyser's CSV export (runs in a file worker): its lines, the format its first line
 * names (the first of `formats` that knows it), and that format's records and refused rows. A file
 * no format knows, or with no tests in it, is refused as a whole (400).
 */
export function readAnalyserFile(
  bytes: Buffer,
  formats: readonly AnalyserFormat[] = ANALYSER_FORMATS,
): AnalyserFileRead {
  const lines: AnalyserLine[] = [];
  // A semicolon- or tab-separated file is one whose numbers may have decimal commas (see NumberStyle).
  let style: NumberStyle = { decimalComma: false };
  try {
    const text = csvText(bytes, ANALYSER_FILE);
    style = { decimalComma: csvDelimiter(text) !== ',' };
    for (const row of csvRows(text, ANALYSER_FILE)) {
      if (row.line > ANALYSER_FILE.maxRows + 1)
        refuseContent(
          `An analyser file may hold at most ${ANALYSER_FILE.maxRows.toLocaleString('en')} lines; split it and import each part.`,
        );
      lines.push({ line: row.line, cells: [...row.cells()].map(([, text]) => text) });
    }
  } catch (error) {
    // The shared reader's words for binary data offer a workbook, which this import does not take.
    if (error instanceof FileRefusal && /binary data/.test(error.message))
      refuseContent(
        "The analyser file is not CSV text: it holds binary data, as a PDF or a workbook would. Export the tests from the analyser's software as CSV.",
      );
    if (error instanceof FileRefusal) throw error;
    refuseContent(unreadableCsv(ANALYSER_FILE));
  }
  const header = lines.find((line) => line.cells.some((text) => text !== ''));
  if (!header) return refuseContent('The analyser file has no lines.');
  const format = formats.find((candidate) => candidate.detect(header.cells));
  if (!format)
    return refuseContent(
      `This file is not an export Caliber reads. It reads ${formats
        .map((known) => known.name)
        .join(', ')}; its first line "${header.cells.join(',').slice(0, 80)}" is none of them.`,
    );
  let parsed: AnalyserParse;
  try {
    parsed = format.parse(lines.slice(lines.indexOf(header)), style);
  } catch (error) {
    if (error instanceof UnreadableValue) return refuseContent(error.message);
    throw error;
  }
  parsed = withinBounds(parsed);
  const count = parsed.records.length + parsed.refusals.length;
  if (count === 0) return refuseContent(`The ${format.name} file has no tests in it, only its header.`);
  if (count > SAFETY_IMPORT_MAX_ROWS)
    return refuseContent(
      `An analyser file may hold at most ${SAFETY_IMPORT_MAX_ROWS.toLocaleString('en')} tests; this one has ${count.toLocaleString('en')}. Split it and import each part.`,
    );
  return { format: format.id, formatName: format.name, ...parsed };
}
