import {
  formatFileSize,
  ROSTER_COLUMNS,
  ROSTER_IMPORT_MAX_BYTES,
  rosterImportQuerySchema,
  type RosterImportAction,
  type RosterImportPreview,
  type RosterImportResult,
} from '@caliber/contracts';

/**
 * The roster import and export, as the Users screen needs them: the file checked before it is sent
 * (as the request's body, its name in the query), the texts of the preview, and the export's file
 * name. No DOM here, so it is tested under Node.
 */

/** The file input's `accept`: the two kinds of file the server reads. */
export const ROSTER_FILE_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** The export's name when the server's Content-Disposition gives none. */
export const ROSTER_EXPORT_FALLBACK_NAME = 'roster.xlsx';

/**
 * Why a chosen file cannot be sent, checked before it is read: the wrong kind, empty, or larger
 * than the server accepts (ROSTER_IMPORT_MAX_BYTES). Null when it may be sent.
 */
export function rosterFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name.trim())) return 'The roster file must be .xlsx or .csv.';
  if (file.size === 0) return 'The roster file is empty.';
  if (file.size > ROSTER_IMPORT_MAX_BYTES) {
    const limit = formatFileSize(ROSTER_IMPORT_MAX_BYTES);
    const size = formatFileSize(file.size);
    return `The roster file is larger than ${limit}${size === limit ? '' : ` (this one is ${size})`}: split it, or remove what is not needed.`;
  }
  return null;
}

export type RosterFileCheck = { ok: true; query: string } | { ok: false; message: string };

/**
 * The query of the preview and import calls for a chosen file (its name), checked first (kind,
 * size) and against the contract as the server will check it; the file itself is the body.
 */
export function rosterFileQuery(file: { name: string; size: number }): RosterFileCheck {
  const problem = rosterFileProblem(file);
  if (problem) return { ok: false, message: problem };
  const query = { fileName: file.name };
  const parsed = rosterImportQuerySchema.safeParse(query);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'The file cannot be sent.' };
  return { ok: true, query: new URLSearchParams(query).toString() };
}

/** The columns a roster file must have; the others may be left out (the server reads the same). */
export const REQUIRED_ROSTER_COLUMNS: readonly RosterColumnKey[] = ['serviceNumber', 'name', 'phoneNumber'];

type RosterColumnKey = (typeof ROSTER_COLUMNS)[number]['key'];

const listOf = (words: readonly string[]): string =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** Which columns the file's first row names: the required ones, then the rest (from the contract). */
export function rosterColumnsLine(): string {
  const needed = ROSTER_COLUMNS.filter((column) => REQUIRED_ROSTER_COLUMNS.includes(column.key));
  const optional = ROSTER_COLUMNS.filter((column) => !REQUIRED_ROSTER_COLUMNS.includes(column.key));
  return (
    `The file's first row names its columns, in any order: ${listOf(needed.map((column) => column.header))} ` +
    `are needed; ${listOf(optional.map((column) => column.header))} may be added.`
  );
}

/** "3 to add, 1 to change, 40 unchanged, 2 refused" */
export function previewSummaryLine(summary: RosterImportPreview['summary']): string {
  return `${summary.add} to add, ${summary.change} to change, ${summary.unchanged} unchanged, ${summary.refused} refused`;
}

/** How many rows applying would write: the additions and the changes. */
export function applicableRows(summary: RosterImportPreview['summary']): number {
  return summary.add + summary.change;
}

export function applyLabel(count: number): string {
  return `Apply ${count} ${count === 1 ? 'row' : 'rows'}`;
}

/** "Roster imported: 47 added, 0 changed." */
export function importedMessage(result: Pick<RosterImportResult, 'applied'>): string {
  return `Roster imported: ${result.applied.added} added, ${result.applied.changed} changed.`;
}

export const ACTION_LABELS: Record<RosterImportAction, string> = {
  add: 'Add',
  change: 'Change',
  unchanged: 'Unchanged',
  refused: 'Refused',
};

export const ACTION_TONES = {
  add: 'green',
  change: 'blue',
  unchanged: 'grey',
  refused: 'red',
} as const satisfies Record<RosterImportAction, string>;

/** A changed field as the file names it ('phoneNumber' → 'Phone'); a name it does not know, as sent. */
export function changedFieldLabel(field: string): string {
  const column = ROSTER_COLUMNS.find(
    (candidate) => candidate.key === field || candidate.header.toLowerCase() === field.toLowerCase(),
  );
  if (column) return column.header;
  if (field === 'isActive') return 'Active';
  return field;
}
