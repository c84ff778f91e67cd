import { z } from 'zod';
import { isBase64 } from './base64';

/**
 * Roster import: an Engineer or Admin uploads an XLSX or CSV file; the server answers a preview,
 * row by row, of what will be added or changed and each row's errors; applying is a second call
 * with the same file, which writes every valid row in one transaction (rows with errors are left
 * out, and said so). The file travels as base64 in JSON, so it passes the gateway's body checks.
 */
export const ROSTER_FILE_TYPES = ['xlsx', 'csv'] as const;
export type RosterFileType = (typeof ROSTER_FILE_TYPES)[number];

/** A roster file may hold at most this many people (a hospital's biomedical staff is far fewer). */
export const ROSTER_IMPORT_MAX_ROWS = 2500;
/** The largest file accepted, before base64. */
export const ROSTER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const rosterImportRequestSchema = z.strictObject(
  {
    fileName: z
      .string({ error: 'fileName is required.' })
      .trim()
      .min(1, { error: 'fileName is required.' })
      .max(255)
      .refine((name) => /\.(xlsx|csv)$/i.test(name), { error: 'The roster file must be .xlsx or .csv.' }),
    content: z
      .string({ error: 'content is required: the file, base64-encoded.' })
      .min(1, { error: 'The roster file is empty.' })
      .max(Math.ceil((ROSTER_IMPORT_MAX_BYTES * 4) / 3) + 4, {
        error: 'The roster file is larger than 2 MB.',
      })
      .refine(isBase64, { error: 'content must be the file, base64-encoded.' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Only fileName and content may be sent.' : undefined,
  },
);
export type RosterImportRequest = z.input<typeof rosterImportRequestSchema>;

/**
 * One row of a roster file as read, every cell as text ('' when empty). `line` is the row's number
 * in the file (the header is line 1), as a person looking at the file counts.
 */
export interface RosterFileRow {
  line: number;
  serviceNumber: string;
  name: string;
  email: string;
  phoneNumber: string;
  role: string;
  department: string;
  active: string;
  preApproved: string;
}

/** The columns of a roster file, in export order, with the header each is written under. */
export const ROSTER_COLUMNS: readonly { key: Exclude<keyof RosterFileRow, 'line'>; header: string }[] = [
  { key: 'serviceNumber', header: 'Service Number' },
  { key: 'name', header: 'Full Name' },
  { key: 'email', header: 'Email' },
  { key: 'phoneNumber', header: 'Phone' },
  { key: 'role', header: 'Role' },
  { key: 'department', header: 'Department' },
  { key: 'active', header: 'Active' },
  { key: 'preApproved', header: 'May Receive Tasks' },
];

export const ROSTER_IMPORT_ACTIONS = ['add', 'change', 'unchanged', 'refused'] as const;
export type RosterImportAction = (typeof ROSTER_IMPORT_ACTIONS)[number];

export interface RosterImportRowResult {
  line: number;
  serviceNumber: string;
  name: string;
  action: RosterImportAction;
  /** For `change`: the fields that change. */
  changes: string[];
  /** For `refused`: every reason, each a sentence. */
  errors: string[];
}

export interface RosterImportPreview {
  rows: RosterImportRowResult[];
  summary: Record<RosterImportAction, number>;
}

/** The answer to applying: what was written (the refused rows were left out). */
export interface RosterImportResult extends RosterImportPreview {
  applied: { added: number; changed: number };
}
