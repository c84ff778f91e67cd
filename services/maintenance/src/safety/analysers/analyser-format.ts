import {
  dateOrderOf,
  readSheetDate,
  SAFETY_LIMITS,
  SAFETY_RESULTS,
  type AnalyserRecord,
  type AnalyserRefusal,
  type AppliedPartType,
  type DateOrder,
  type ReadingBound,
  type SafetyResult,
  type SafetyTestSource,
  type SafetyUnit,
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
  /** Kept as each imported test's source: lower-case, at most 20 characters, never `form`. */
  id: SafetyTestSource;
  name: string;
  detect(header: readonly string[]): boolean;
  parse(lines: readonly AnalyserLine[], style: NumberStyle): AnalyserParse;
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

/** How a file writes its numbers; decided by the parser from the file's separator. */
/**
 * A one-test-a-row file: each row's cell by column name ('' when the file has no such column), and
 * the rows with anything in them.
 */
export function rowTable(columns: ReadonlyMap<string, number>, rows: readonly AnalyserLine[]) {
  const cell = (row: AnalyserLine, name: string) => {
    const index = columns.get(headerKey(name));
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  return { cell, filled: rows.filter((row) => row.cells.some((text) => text.trim() !== '')) };
}

/** The order a file writes its test dates in: the one its dates show, else `usual` (the format's). */
export function testDateOrder(dates: readonly string[], usual: DateOrder): DateOrder {
  const shown = dateOrderOf(dates.map((date) => date.split(/[ T]/)[0] ?? ''));
  return shown === 'DMY' || shown === 'MDY' ? shown : usual;
}

export interface NumberStyle {
  /**
   * True in a semicolon- or tab-separated file: there a comma in a number is its decimal comma
   * (`0,085`), which is why such analysers separate cells with semicolons. In a comma-separated
   * file a comma inside a (quoted) number is not a decimal comma one can trust: `1,200` may be
   * 1200 with a grouping comma or 1.2, so a number shaped like thousands is refused as ambiguous,
   * and any other comma (`12,5`) is read as decimal.
   */
  decimalComma: boolean;
}

/** A reading: its value in the unit Caliber keeps, and the bound when written as `>x` or `<x`. */
export interface Reading {
  value: number;
  bound: ReadingBound | null;
}

/** The decimal prefixes analysers write before Ω and A, as powers of ten. */
const PREFIXES: Record<string, number> = { n: -9, u: -6, µ: -6, μ: -6, m: -3, '': 0, k: 3, K: 3, M: 6, G: 9 };
/** The unit Caliber keeps each measurement in: its base (ohm or ampere) and power of ten. */
const KEPT: Record<SafetyUnit, { base: 'ohm' | 'A'; power: number; prefixes: readonly string[] }> = {
  Ω: { base: 'ohm', power: 0, prefixes: ['m', '', 'k', 'M', 'G'] },
  MΩ: { base: 'ohm', power: 6, prefixes: ['m', '', 'k', 'M', 'G'] },
  µA: { base: 'A', power: -6, prefixes: ['n', 'u', 'µ', 'μ', 'm', ''] },
};

/**
 * The power of ten of a unit as written (`mA`, `uA`, `kOhm`, `MΩ`, `mOhm`, `Ohm`) against the
 * unit kept, or null when it is not a unit of the same quantity. Case matters for the prefix
 * only: `m` is milli and `M` mega, as the SI writes them.
 */
function powerOf(unit: string, kept: SafetyUnit): number | null {
  const match = /^(n|u|µ|μ|m|k|K|M|G)?(ohms?|Ω|Ω|a|amps?)$/i.exec(unit);
  if (!match) return null;
  const [, written = '', baseText = ''] = match;
  const base = /^a(mps?)?$/i.test(baseText) ? 'A' : 'ohm';
  const { base: keptBase, power, prefixes } = KEPT[kept];
  if (base !== keptBase) return null;
  // `U` for micro as some analysers write in capitals (`UA`).
  const prefix = written === 'U' ? 'u' : written;
  if (!prefixes.includes(prefix)) return null;
  return (PREFIXES[prefix] ?? 0) - power;
}

/** `x` times ten to `power`, without the binary rounding of multiplying by 0.001. */
function scaled(value: number, power: number): number {
  return power >= 0 ? value * 10 ** power : value / 10 ** -power;
}

/**
 * A measured value as analysers write it: `0.085`, `0,085` (a decimal comma, see NumberStyle),
 * `>200` or `< 1` (beyond the analyser's range: the bound is kept), with or without its unit. A
 * unit is converted to the one Caliber keeps (`0.5 mA` is 500 µA, `500 kΩ` is 0.5 MΩ, `85 mOhm`
 * is 0.085 Ω); a unit of another quantity is refused. Empty, `-`, `N/A` or `not measured`: null.
 * Anything else is unreadable.
 */
export function readReading(
  text: string,
  label: string,
  unit: SafetyUnit,
  style: NumberStyle,
): Reading | null {
  const trimmed = text.trim();
  if (trimmed === '' || /^(-+|n\/?a|not measured|not applicable)$/i.test(trimmed)) return null;
  const match = /^(?:([<>])=?\s*)?(\d[\d.,]*)\s*([a-zA-Zµμ\u03A9\u2126]+)?$/.exec(trimmed);
  const number = match?.[2] ?? '';
  const notANumber = () => new UnreadableValue(`${label} "${trimmed.slice(0, 40)}" is not a number.`);
  if (!match) throw notANumber();
  const bound = (match[1] ?? null) as ReadingBound | null;
  const written = match[3] ?? '';
  let digits: string;
  if (style.decimalComma && /^\d+,\d+$/.test(number)) digits = number.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(number))
    throw new UnreadableValue(
      `${label} "${trimmed.slice(0, 40)}" is ambiguous: its comma may group thousands or mark decimals. Write it without the comma (1200 or 1.2).`,
    );
  else if (/^\d+,\d+$/.test(number)) digits = number.replace(',', '.');
  else if (/^\d+(\.\d+)?$/.test(number)) digits = number;
  else throw notANumber();
  const value = Number(digits);
  if (written === '') return { value, bound };
  const power = powerOf(written, unit);
  if (power === null)
    throw new UnreadableValue(
      `${label} "${trimmed.slice(0, 40)}" is in ${written}, which is not a unit of ${KEPT[unit].base === 'A' ? 'current' : 'resistance'}: it must be in ${unit} or a multiple of it.`,
    );
  return { value: scaled(value, power), bound };
}

/** A reading's value only (see readReading), for values judged without their bound. */
export function readValue(text: string, label: string, unit: SafetyUnit, style: NumberStyle): number | null {
  return readReading(text, label, unit, style)?.value ?? null;
}

/** The bounds of a record's readings, by the evaluation's measurement key (see readingBounds). */
export class BoundsOf {
  private readonly items: { key: string; bound: ReadingBound }[] = [];

  /** Reads `text` as readReading does and keeps its bound under `key`. */
  read(key: string, text: string, label: string, unit: SafetyUnit, style: NumberStyle): number | null {
    return this.keep(key, readReading(text, label, unit, style));
  }

  /** Keeps a reading's bound under `key`; its value. */
  keep(key: string, reading: Reading | null): number | null {
    if (reading?.bound) this.items.push({ key, bound: reading.bound });
    return reading?.value ?? null;
  }

  /** The bounds as the record carries them: omitted when there are none. */
  get list(): { readingBounds?: { key: string; bound: ReadingBound }[] } {
    return this.items.length > 0 ? { readingBounds: [...this.items] } : {};
  }
}

/**
 * Whether protective earth was measured with the power cord, from the limit the analyser applied
 * (IEC 62353 5.3.2: 0.3 Ω from the mains plug with the cord, 0.2 Ω from the appliance inlet
 * without it). When the file gives no limit, or another one, the test is judged with the cord
 * (the more lenient limit, as the record form's default) and the row's notes say so, so a reviewer
 * sees the assumption rather than a silent one.
 */
export function withCordOf(
  limit: number | null,
  notes: string,
  measured: boolean,
): { peWithCord: boolean; notes: string } {
  if (limit === SAFETY_LIMITS.peWithoutCord.max) return { peWithCord: false, notes };
  if (limit === SAFETY_LIMITS.peWithCord.max || !measured) return { peWithCord: true, notes };
  const why =
    limit === null
      ? 'the analyser file does not say whether the cord was included'
      : `the analyser's limit of ${limit} Ω is neither 0.2 Ω (without the cord) nor 0.3 Ω (with it)`;
  const note = `Protective earth judged against the 0.3 Ω limit with the power cord: ${why}.`;
  return { peWithCord: true, notes: [notes, note].filter(Boolean).join(' ').slice(0, 2000) };
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
