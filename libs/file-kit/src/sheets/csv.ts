import { refuseContent } from './file-refusal';
import { unreadableCsv, type SheetFile, type SheetRow } from './sheet-file';

/*
 * CSV files as hospitals have them: saved by Excel on Windows (Windows-1252, or UTF-8 with a BOM
 * for "CSV UTF-8"), as "Unicode text" (UTF-16 with a BOM, tab-separated), by European Excel (";"
 * between cells, as "," is their decimal comma), or by any other program (UTF-8, ",").
 */

/**
 * Windows-1252's characters for the bytes 0x80 to 0x9F (the WHATWG Encoding Standard's table; the
 * five bytes it leaves to the C1 controls are the same code point). Node's TextDecoder gives these
 * bytes their Latin-1 code points instead since 20.18.3 and 22.13.0 (nodejs/node#60888), which
 * would turn a "€" or a curly quote into an invisible control character.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function windows1252(bytes: Buffer): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_HIGH.charAt(c.charCodeAt(0) - 0x80));
}

/** The group separator a GS1 barcode scanner types between the parts of a UDI: text in a cell, not binary. */
const GROUP_SEPARATOR = 0x1d;

/**
 * Whether the text holds characters no text file holds: NUL and the C0 controls other than tab,
 * the line and page breaks and a scanner's group separator.
 */
function holdsBinary(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x20 && (code < 0x09 || code > 0x0d) && code !== GROUP_SEPARATOR) return true;
  }
  return false;
}

/** The ASCII "substitute" (0x1A) that ends many files written by old DOS and Windows tools. */
const SUBSTITUTE = 0x1a;

/**
 * A CSV file's text: its byte-order mark says UTF-8 or UTF-16 (little or big endian); without one
 * it is UTF-8 when its bytes are valid UTF-8, and Windows-1252 otherwise (what Excel writes for
 * "CSV" on Windows; every byte is a character in it, so it never fails). Text with characters no
 * text file holds is not CSV: a PDF or a workbook renamed, say.
 */
export function csvText(bytes: Buffer, file: SheetFile): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    text = new TextDecoder('utf-8').decode(bytes.subarray(3));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = windows1252(bytes);
    }
  }
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === SUBSTITUTE) end -= 1;
  text = text.slice(0, end);
  if (holdsBinary(text))
    refuseContent(
      `The ${file.name} is not CSV text: it holds binary data, as a PDF or a workbook would. Send the spreadsheet itself as .xlsx, or save it from the spreadsheet program as CSV.`,
    );
  return text;
}

export type CsvDelimiter = ',' | ';' | '\t';
const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/**
 * The character between cells, found from the header line: the one of comma, semicolon and tab
 * that it holds most often outside quotes (a comma when there is a tie or none: one column).
 */
export function csvDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const character = text.charAt(at);
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && counts.has(character as CsvDelimiter))
      counts.set(character as CsvDelimiter, (counts.get(character as CsvDelimiter) ?? 0) + 1);
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/**
 * A CSV file's records (RFC 4180: double quotes doubled inside quoted fields, line breaks CRLF, LF
 * or CR), one at a time, so reading stops where the caller stops. The delimiter is the header
 * line's (see csvDelimiter). Cells are the text as written, trimmed: a leading zero or plus sign
 * stays.
 */
export function* csvRows(text: string, file: SheetFile): Generator<SheetRow> {
  const delimiter = csvDelimiter(text).charCodeAt(0);
  let at = 0;
  let line = 0;
  const stopsField = (code: number) => code === delimiter || code === 10 || code === 13; // \n \r
  while (at < text.length) {
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text.charCodeAt(at) === 34) {
        at += 1;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote < 0) return refuseContent(unreadableCsv(file));
          field += text.slice(at, quote);
          at = quote + 1;
          if (text.charCodeAt(at) !== 34) break;
          field += '"';
          at += 1;
        }
      }
      let stop = at;
      while (stop < text.length && !stopsField(text.charCodeAt(stop))) stop += 1;
      fields.push(field + text.slice(at, stop));
      at = stop;
      if (text.charCodeAt(at) !== delimiter) break;
      at += 1;
    }
    if (text.charCodeAt(at) === 13) at += 1;
    if (text.charCodeAt(at) === 10) at += 1;
    line += 1;
    yield {
      line,
      cells: () => fields.map((field, index): [number, string] => [index + 1, field.trim()]),
      cell: (column) => (fields[column - 1] ?? '').trim(),
    };
  }
}
