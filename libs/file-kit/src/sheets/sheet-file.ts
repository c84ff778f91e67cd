/**
 * What kind of spreadsheet an upload is, and how its messages name it: the roster and the
 * inventory are read by the same reader, each with its own row cap, size and unpacked bound.
 */
export interface SheetFile {
  /** What the file is called after "The": "roster file". */
  name: string;
  /** The same at the start of a sentence, with its article: "A roster file". */
  aName: string;
  /** A workbook of this kind, with its article: "a roster workbook". */
  aWorkbook: string;
  /** What its rows are: "people". */
  rowsAre: string;
  /** What the rows make up, for "delete the rows below …": "the roster". */
  whole: string;
  /** The most rows after the header (so the last row a file may use is `maxRows + 1`). */
  maxRows: number;
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The most a workbook may unpack to, all its parts together. */
  unpackedMaxBytes: number;
}

export type SheetFileType = 'xlsx' | 'csv';

/** A file's type by its name: the request's schema allows only .xlsx and .csv. */
export const sheetFileType = (fileName: string): SheetFileType => (/\.csv$/i.test(fileName) ? 'csv' : 'xlsx');

/** A row of a file as read: its number (the header's is 1) and its cells as text, by column from 1. */
export interface SheetRow {
  line: number;
  cells(): Iterable<[number, string]>;
  cell(column: number): string;
  /**
   * A workbook that counts its date serials from 1904 (Excel for Mac before 2016, and any workbook
   * saved with that option): its day numbers are 1,462 days behind the usual 1900 system's.
   */
  dates1904?: boolean;
}

export const unreadableXlsx = (file: SheetFile) =>
  `The ${file.name} could not be read as an Excel workbook (.xlsx).`;
export const unreadableCsv = (file: SheetFile) => `The ${file.name} could not be read as CSV.`;

const MEGABYTE = 1024 * 1024;

/** Megabytes as the messages write them: "16", or "17.0" for a measured size. */
export const megabytes = (bytes: number, decimals = 0) =>
  (bytes / MEGABYTE).toLocaleString('en', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
