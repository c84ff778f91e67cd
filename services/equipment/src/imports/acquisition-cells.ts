import {
  ACQUISITION_IMPORT_KEYS,
  INVENTORY_IMPORT_COLUMNS,
  hasFullAccess,
  readSheetDate,
  setDeviceAcquisitionSchema,
  type AcquisitionFigures,
  type AcquisitionImportKey,
  type DateOrder,
  type InventoryFieldChange,
  type InventoryFileColumns,
  type InventoryImportKey,
} from '@caliber/contracts';

/*
 * An inventory file's acquisition figures (what a device cost, when it was bought, from whom, how
 * long it is meant to serve), read from its cells and checked by the acquisition screen's own
 * schema (`setDeviceAcquisitionSchema`), so a file and the screen accept the same figures. Like the
 * file's other optional columns, a column the file does not have leaves a device's figure as it
 * is, and an empty cell of a column it has clears it: an export re-imported (with or without its
 * cost columns) changes nothing.
 */

const HEADER = Object.fromEntries(
  INVENTORY_IMPORT_COLUMNS.map(({ key, header }) => [key, header]),
) as Readonly<Record<InventoryImportKey, string>>;

const DATE_EXAMPLE: Readonly<Record<DateOrder, string>> = { DMY: '31/03/2021', MDY: '03/31/2021' };

/** An amount with a point for decimals: 48500, 48500.5, 48500.50. */
const PLAIN_AMOUNT = /^-?\d+(\.\d+)?$/;
/** Thousands grouped by commas, decimals after a point: 48,500.00, as Excel shows an amount. */
const GROUPED_AMOUNT = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;
/** A comma for decimals, as a spreadsheet in French or German saves it: 48500,5 or 48500,50. */
const DECIMAL_COMMA_AMOUNT = /^-?\d+,\d{1,2}$/;
/** Whole years, optionally followed by the word: 10, 10 years, 8 yrs. */
const YEARS = /^(-?\d+(?:\.\d+)?)\s*(?:years?|yrs?)?$/i;

/**
 * An acquisition cost as a sheet writes it, or undefined when it is not an amount. A comma is a
 * thousands separator when three digits follow it and a decimal comma when one or two do (an
 * amount has at most two decimals, so "1,500" can only be fifteen hundred); a currency sign or
 * code is not taken (the amount is in the hospital currency, and a sign of another would be
 * silently wrong). A workbook's number cell arrives as the binary number it holds
 * (1234.5600000000002 for a sum of cells); it is read to the 15 significant digits Excel shows.
 */
export function readAmount(text: string): number | undefined {
  const trimmed = text.trim();
  let written: string;
  if (PLAIN_AMOUNT.test(trimmed)) written = trimmed;
  else if (GROUPED_AMOUNT.test(trimmed)) written = trimmed.replace(/,/g, '');
  else if (DECIMAL_COMMA_AMOUNT.test(trimmed)) written = trimmed.replace(',', '.');
  else return undefined;
  return Number(Number(written).toPrecision(15));
}

/** Whole years as a sheet writes them ("10", "10 years"), or undefined when not a number. */
export function readYears(text: string): number | undefined {
  const match = YEARS.exec(text.trim());
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** A refused figure, by its column. */
export interface FigureProblem {
  key: AcquisitionImportKey;
  message: string;
}

/** What a row's acquisition cells say. */
export interface FiguresRead {
  /** The figures of the columns the file has: a column it lacks is absent (the device keeps its figure). */
  figures: Partial<AcquisitionFigures>;
  problems: FigureProblem[];
}

/** What the acquisition cells are read against: the file's columns, its date order, today at the hospital. */
export interface FiguresContext {
  columns: InventoryFileColumns;
  dateOrder: DateOrder;
  /** Today's date in the hospital's time zone (`YYYY-MM-DD`): a purchase date may not be after it. */
  hospitalToday: string;
}

/** The schema's message with its field's name as the file's column: "Acquisition Cost cannot be negative." */
const inColumnWords = (key: AcquisitionImportKey, message: string) =>
  message.startsWith(key) ? `${HEADER[key]}${message.slice(key.length)}` : message;

/** A cell read as its figure, or why it is not one (before the schema's limits are checked). */
type CellReading = { value: string | number } | { problem: string };

/** One non-empty cell as its figure: an amount, a date not after today, whole years, or text. */
function readCell(key: AcquisitionImportKey, text: string, context: FiguresContext): CellReading {
  const shown = `${HEADER[key]} "${text.slice(0, 40)}"`;
  switch (key) {
    case 'acquisitionCost': {
      const amount = readAmount(text);
      return amount === undefined
        ? {
            problem: `${shown} is not an amount: write the number alone, such as 48500.00, in the hospital currency and without a currency sign.`,
          }
        : { value: amount };
    }
    case 'purchaseDate': {
      const date = readSheetDate(text, context.dateOrder);
      if (date === null)
        return {
          problem: `${shown} is not a date: write it as 2021-03-31 or ${DATE_EXAMPLE[context.dateOrder]}.`,
        };
      return date > context.hospitalToday
        ? {
            problem: `${HEADER[key]} ${date} is in the future: today is ${context.hospitalToday} at the hospital.`,
          }
        : { value: date };
    }
    case 'expectedLifeYears': {
      const years = readYears(text);
      return years === undefined
        ? { problem: `${shown} is not a number: write the whole years, such as 10.` }
        : { value: years };
    }
    case 'supplier':
      return { value: text };
  }
}

/**
 * Reads a row's acquisition cells (trimmed): each cell of a column the file has as its figure ('' is
 * none), checked as the acquisition screen checks a change, with the purchase date not after the
 * hospital's today. Every problem is said at once, each in its column.
 */
export function readFigures(
  cells: Readonly<Record<AcquisitionImportKey, string>>,
  context: FiguresContext,
): FiguresRead {
  const problems: FigureProblem[] = [];
  const present = ACQUISITION_IMPORT_KEYS.filter((key) => context.columns[key] !== undefined);
  // Most files have none of these columns: their 20,000 rows are not put through the schema.
  if (present.length === 0) return { figures: {}, problems };
  const candidate: Record<string, string | number | null> = {};
  for (const key of present) {
    const text = cells[key];
    const read = text === '' ? { value: null } : readCell(key, text, context);
    if ('problem' in read) problems.push({ key, message: read.problem });
    else candidate[key] = read.value;
  }
  const checked = setDeviceAcquisitionSchema.safeParse(candidate);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const key = ACQUISITION_IMPORT_KEYS.find((name) => name === issue.path[0]);
      if (key) problems.push({ key, message: inColumnWords(key, issue.message) });
    }
  if (!checked.success || problems.length > 0) {
    // In the file's order of columns, as the row's other problems are.
    const order = (problem: FigureProblem) => ACQUISITION_IMPORT_KEYS.indexOf(problem.key);
    return { figures: {}, problems: problems.sort((a, b) => order(a) - order(b)) };
  }
  const figures: Partial<AcquisitionFigures> = {};
  for (const key of present) Object.assign(figures, { [key]: checked.data[key] });
  return { figures, problems };
}

/** How a figure is shown in the preview's changes: an amount with its two decimals. */
function shownFigure(key: AcquisitionImportKey, value: AcquisitionFigures[AcquisitionImportKey]): string {
  if (value === null) return '';
  return key === 'acquisitionCost' && typeof value === 'number' ? value.toFixed(2) : String(value);
}

/** The figures a row changes, as the preview lists them (under the file's headers). */
export function figureChanges(before: AcquisitionFigures, after: AcquisitionFigures): InventoryFieldChange[] {
  return ACQUISITION_IMPORT_KEYS.filter((key) => before[key] !== after[key]).map((key) => ({
    field: HEADER[key],
    from: shownFigure(key, before[key]),
    to: shownFigure(key, after[key]),
  }));
}

/**
 * Why a person may not import a file with these columns, or null. Only those who may set the
 * figures on the acquisition screen (Engineers and Admins) may bring them in by a file. Today the
 * import itself is theirs alone; the rule stands on its own so that opening the import to another
 * role never lets it write costs: such a file is refused whole, never read with its costs dropped.
 */
export function acquisitionColumnsRefusal(role: string, columns: InventoryFileColumns): string | null {
  if (hasFullAccess(role)) return null;
  const named = ACQUISITION_IMPORT_KEYS.filter((key) => columns[key] !== undefined);
  return named.length === 0
    ? null
    : `The file has acquisition figures (${named.map((key) => HEADER[key]).join(', ')}): only Engineers and Admins record what a device cost. Delete those columns and upload it again.`;
}
