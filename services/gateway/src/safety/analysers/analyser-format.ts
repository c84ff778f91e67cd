import {
  readSheetDate,
  SAFETY_RESULTS,
  type AnalyserRecord,
  type AnalyserRefusal,
  type AppliedPartType,
  type DateOrder,
  type SafetyResult,
  type SafetyTestSource,
} from '@caliber/contracts';

/** A file's line as read: its number (the first line is 1) and its cells, trimmed. */
export interface AnalyserLine {
  line: number;
  cells: string[];
}

/** What a parser makes of a file's lines: the tests it read, and the rows it could not read. */
export interface AnalyserParse {
  records: AnalyserRecord[];
  refusals: AnalyserRefusal[];
}

/**
 * One analyser's CSV export. `detect` looks at the file's first line only, so a file is given to
 * the one parser that knows its layout; `parse` reads every line into test records (in the shape
 * the record form sends, checked by the maintenance service with the same schema) or refuses a
 * row with its line and reason. A parser never judges pass or fail: the analyser's own verdict is
 * kept as it wrote it, and the result is computed from the limits by the maintenance service.
 */
export interface AnalyserFormat {
  id: Exclude<SafetyTestSource, 'form'>;
  name: string;
  detect(header: readonly string[]): boolean;
  parse(lines: readonly AnalyserLine[]): AnalyserParse;
}

/** A row a parser could not read: thrown inside a row's reading, caught as that row's refusal. */
export class UnreadableValue extends Error {}

/** Headers compared without regard to case, spaces, punctuation or units' spelling. */
export const headerKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/µ|μ/g, 'u')
    .replace(/ω|Ω/gi, 'ohm')
    .replace(/[^a-z0-9]+/g, '');

/** The column of each header, by its key. */
export function columnsOf(header: readonly string[]): Map<string, number> {
  const columns = new Map<string, number>();
  header.forEach((text, index) => {
    const key = headerKey(text);
    if (key && !columns.has(key)) columns.set(key, index);
  });
  return columns;
}

/**
 * A measured value as analysers write it: `0.085`, `0,085` (a decimal comma), `>200` or `< 1`
 * (beyond the range: the bound is kept, which is the value judged), with or without its unit.
 * Empty, `-`, `N/A` or `not measured`: null. Anything else is unreadable.
 */
export function readValue(text: string, label: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || /^(-+|n\/?a|not measured|not applicable)$/i.test(trimmed)) return null;
  const match = /^([<>]=?)?\s*(\d+(?:[.,]\d+)?)\s*(?:[a-zA-Zµμ\u03A9]+)?$/.exec(trimmed);
  if (!match) throw new UnreadableValue(`${label} "${trimmed.slice(0, 40)}" is not a number.`);
  return Number((match[2] ?? '').replace(',', '.'));
}

/** Pass or Fail as analysers write it (Pass, Passed, P, OK; Fail, Failed, F), or null when empty. */
export function readVerdict(text: string, label: string): SafetyResult | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return null;
  if (['pass', 'passed', 'p', 'ok'].includes(trimmed)) return 'Pass';
  if (['fail', 'failed', 'f'].includes(trimmed)) return 'Fail';
  throw new UnreadableValue(
    `${label} "${text.trim().slice(0, 40)}" is neither ${SAFETY_RESULTS.join(' nor ')}.`,
  );
}

export function readAppliedPartType(text: string, label: string): AppliedPartType {
  const match = /^(?:type\s*)?(B|BF|CF)$/i.exec(text.trim());
  if (!match) throw new UnreadableValue(`${label} "${text.trim().slice(0, 40)}" is not B, BF or CF.`);
  return (match[1] ?? '').toUpperCase() as AppliedPartType;
}

const TIME = /^(.*?)[ T]+(\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)$/i;

/**
 * A date, or a date and time, as an analyser wrote it: the test's date (`YYYY-MM-DD`) and the key
 * that tells this test from another of the same device (the date with its time, as written).
 */
export function readTestedAt(text: string, order: DateOrder): { testedOn: string; testedAt: string } {
  const trimmed = text.trim();
  const timed = TIME.exec(trimmed);
  const datePart = timed ? (timed[1] ?? '') : trimmed;
  const testedOn = readSheetDate(datePart, order);
  if (!testedOn) throw new UnreadableValue(`The test date "${trimmed.slice(0, 40)}" is not a date.`);
  const time = timed ? (timed[2] ?? '').replace(/\s+/g, ' ').toUpperCase() : '';
  return { testedOn, testedAt: time ? `${testedOn} ${time}` : testedOn };
}

/** An optional date (a calibration date): null when empty, unreadable otherwise. */
export function readOptionalDate(text: string, label: string, order: DateOrder): string | null {
  if (text.trim() === '') return null;
  const date = readSheetDate(text, order);
  if (!date) throw new UnreadableValue(`${label} "${text.trim().slice(0, 40)}" is not a date.`);
  return date;
}

/** Reads a row with `read`; an unreadable value becomes the row's refusal, naming its line. */
export function eachRow<T>(
  line: number,
  serialNumber: string | null,
  read: () => T,
  into: { records: T[]; refusals: AnalyserRefusal[] },
): void {
  try {
    into.records.push(read());
  } catch (error) {
    if (!(error instanceof UnreadableValue)) throw error;
    into.refusals.push({ line, serialNumber, reason: `Unreadable: ${error.message}` });
  }
}
