import {
  DATES_READ_ONE_WAY_NOTE,
  formatFileSize,
  INVENTORY_IMPORT_COLUMNS,
  INVENTORY_IMPORT_MAX_BYTES,
  INVENTORY_IMPORT_MAX_ROWS,
  inventoryImportQuerySchema,
  type InventoryDateOrder,
  type InventoryFieldChange,
  type InventoryImportAction,
  type InventoryImportDto,
  type InventoryImportSummary,
  type InventoryRowProblem,
} from '@caliber/contracts';

/*
 * The inventory import as its screen needs it: the file checked and read before it is sent, and
 * every sentence the preview and the result say. No DOM here, so it is tested under Node.
 */

/** The file input's `accept`: the two kinds of file the server reads. */
export const INVENTORY_FILE_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

const number = (value: number) => value.toLocaleString('en');

/** What the file field's label says up front: the kinds of file and the limits. */
export function inventoryFileLimits(): string {
  return `.xlsx or .csv, at most ${formatFileSize(INVENTORY_IMPORT_MAX_BYTES)} and ${number(INVENTORY_IMPORT_MAX_ROWS)} devices`;
}

/**
 * Why a chosen file cannot be sent, checked before it is read: the wrong kind, empty, or larger
 * than the server accepts. Null when it may be sent.
 */
export function inventoryFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name.trim())) return 'The inventory file must be .xlsx or .csv.';
  if (file.size === 0) return 'The inventory file is empty.';
  if (file.size > INVENTORY_IMPORT_MAX_BYTES) {
    const limit = formatFileSize(INVENTORY_IMPORT_MAX_BYTES);
    const size = formatFileSize(file.size);
    return `The inventory file is larger than ${limit}${size === limit ? '' : ` (this one is ${size})`}: split it by department, or remove columns the import does not read.`;
  }
  return null;
}

export type InventoryRequestCheck = { ok: true; path: string } | { ok: false; message: string };

/**
 * Where a chosen file is sent: checked first (kind, size), its name and date order checked as the
 * server will, then in the upload's query. The file itself is the request's body, streamed by the
 * browser (never read here, never base64).
 */
export function inventoryImportRequest(file: File, dateOrder: InventoryDateOrder): InventoryRequestCheck {
  const problem = inventoryFileProblem(file);
  if (problem) return { ok: false, message: problem };
  const query = { fileName: file.name, dateOrder };
  const parsed = inventoryImportQuerySchema.safeParse(query);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'The file cannot be sent.' };
  return { ok: true, path: `/inventory-imports?${new URLSearchParams(query).toString()}` };
}

const listOf = (words: readonly string[]): string =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** Which columns the file's first row names: the required ones, then the rest (from the contract). */
export function importColumnsLine(): string {
  const needed = INVENTORY_IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.header);
  const optional = INVENTORY_IMPORT_COLUMNS.filter((column) => !column.required).map(
    (column) => column.header,
  );
  return (
    `The file's first row names its columns, in any order: ${listOf(needed)} are needed; ` +
    `${listOf(optional)} may be added.`
  );
}

/** The date orders the screen offers, as a person chooses between them. */
export const DATE_ORDER_CHOICES: readonly { value: InventoryDateOrder; label: string; hint: string }[] = [
  {
    value: 'auto',
    label: 'Automatic',
    hint: 'Read from the dates in the file (day first when none decides)',
  },
  { value: 'DMY', label: 'Day first', hint: '03/04/2021 is 3 April 2021' },
  { value: 'MDY', label: 'Month first', hint: '03/04/2021 is 4 March 2021' },
];

const OTHER_ORDER = 'To read them another way, discard and upload the file again with another date order.';

/**
 * How the file's dates were read: the server's sentence (which says why), or, without one, the
 * order it used with an example; then how to read them in the other order, unless no date of the
 * file depends on it.
 */
export function dateOrderLine(preview: Pick<InventoryImportDto, 'dateOrder' | 'dateOrderNote'>): string {
  const note = preview.dateOrderNote.trim();
  if (note === DATES_READ_ONE_WAY_NOTE) return note;
  const choice = DATE_ORDER_CHOICES.find((candidate) => candidate.value === preview.dateOrder);
  const read =
    note ||
    `Dates were read ${preview.dateOrder === 'DMY' ? 'day' : 'month'} first${choice ? ` (${choice.hint})` : ''}.`;
  return `${read} ${OTHER_ORDER}`;
}

/** "12 to add, 3 to update, 1,980 unchanged, 5 refused" */
export function summaryLine(summary: InventoryImportSummary): string {
  return `${number(summary.add)} to add, ${number(summary.update)} to update, ${number(summary.unchanged)} unchanged, ${number(summary.refused)} refused`;
}

/** How many devices applying would write: the additions and the updates. */
export function writtenRows(summary: InventoryImportSummary): number {
  return summary.add + summary.update;
}

const devices = (count: number) => `${number(count)} ${count === 1 ? 'device' : 'devices'}`;

/** What the confirmation asks before Apply: what will be written, and what is left out. */
export function applyQuestion(summary: InventoryImportSummary): string {
  const parts = [
    summary.add > 0 ? `add ${devices(summary.add)}` : '',
    summary.update > 0 ? `update ${devices(summary.update)}` : '',
  ].filter(Boolean);
  const refused =
    summary.refused > 0
      ? ` The ${number(summary.refused)} refused ${summary.refused === 1 ? 'row is' : 'rows are'} left out.`
      : '';
  return `This will ${parts.join(' and ')} in the inventory.${refused}`;
}

/** "1,990 added, 3 updated" */
export function appliedLine(applied: { added: number; updated: number }): string {
  return `${number(applied.added)} added, ${number(applied.updated)} updated`;
}

export const ACTION_LABELS: Record<InventoryImportAction, string> = {
  add: 'Add',
  update: 'Update',
  unchanged: 'Unchanged',
  refused: 'Refused',
};

export const ACTION_TONES = {
  add: 'green',
  update: 'blue',
  unchanged: 'grey',
  refused: 'red',
} as const satisfies Record<InventoryImportAction, string>;

/** A field as the file names it ('serialNumber' → 'Serial Number'); a name it does not know, as sent. */
export function fieldLabel(field: string): string {
  const column = INVENTORY_IMPORT_COLUMNS.find(
    (candidate) => candidate.key === field || candidate.header.toLowerCase() === field.toLowerCase(),
  );
  return column ? column.header : field;
}

/** "Department: ICU → NICU"; an empty value reads "(empty)". */
export function changeLine(change: InventoryFieldChange): string {
  const shown = (value: string) => (value === '' ? '(empty)' : value);
  return `${fieldLabel(change.field)}: ${shown(change.from)} → ${shown(change.to)}`;
}

/**
 * "F12: Department "Intensiv Care" is not …": the cell first, so it can be found in the file; the
 * column's name too, unless the message starts with it already.
 */
export function problemLine(problem: InventoryRowProblem): string {
  const named = problem.column && problem.message.toLowerCase().startsWith(problem.column.toLowerCase());
  const place = [problem.cell, named ? null : problem.column].filter(Boolean).join(' ');
  return place ? `${place}: ${problem.message}` : problem.message;
}

/** The rows call's query: a page, and one action or all. */
export function rowsQuery(page: number, limit: number, action: InventoryImportAction | ''): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (action) params.set('action', action);
  return params.toString();
}
