import { z } from 'zod';
import { userExample } from './users';

/**
 * Roster import: an Engineer or Admin uploads an XLSX or CSV file; the server answers a preview,
 * row by row, of what will be added or changed and each row's errors; applying is a second call
 * with the same file, which writes every valid row in one transaction (rows with errors are left
 * out, and said so). The file is the request's body, streamed by the gateway into the file store;
 * identity is handed its key and reads it in its own file workers.
 */
export const ROSTER_FILE_TYPES = ['xlsx', 'csv'] as const;
export type RosterFileType = (typeof ROSTER_FILE_TYPES)[number];

/** A roster file may hold at most this many people (a hospital's biomedical staff is far fewer). */
export const ROSTER_IMPORT_MAX_ROWS = 2500;
/** The largest file accepted. */
export const ROSTER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const rosterFileName = z
  .string({ error: 'fileName is required.' })
  .trim()
  .min(1, { error: 'fileName is required.' })
  .max(255, { error: 'fileName must have at most 255 characters.' })
  .refine((name) => /\.(xlsx|csv)$/i.test(name), { error: 'The roster file must be .xlsx or .csv.' });

/** The upload's query: its file's name, whose ending says how it is read (the file is the body). */
export const rosterImportQuerySchema = z.strictObject(
  { fileName: rosterFileName },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only fileName may be sent.' : undefined),
  },
);
export type RosterImportQuery = z.input<typeof rosterImportQuerySchema>;

/**
 * What the gateway sends identity for a preview or an apply: where it streamed the file in the
 * file store (never its bytes nor its rows) and the file's name. Identity reads it there in its
 * own file workers and removes it whatever the outcome.
 */
export const rosterImportCommandSchema = z.strictObject({
  incomingKey: z.string().regex(/^incoming\/[a-f0-9-]{36}$/),
  fileName: rosterFileName,
});
export type RosterImportCommand = z.input<typeof rosterImportCommandSchema>;

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

/** One row of a roster file, checked: what importing it does, and why it is refused. */
export const rosterImportRowResultSchema = z.object({
  line: z.number().int().describe('The row in the file (the header is line 1).'),
  serviceNumber: z.string(),
  name: z.string(),
  action: z.enum(ROSTER_IMPORT_ACTIONS),
  changes: z.array(z.string()).describe('For `change`: the fields that change.'),
  errors: z.array(z.string()).describe('For `refused`: every reason, each a sentence.'),
});
export type RosterImportRowResult = z.output<typeof rosterImportRowResultSchema>;

const previewShape = {
  rows: z.array(rosterImportRowResultSchema),
  summary: z
    .object(
      Object.fromEntries(ROSTER_IMPORT_ACTIONS.map((action) => [action, z.number().int()])) as Record<
        RosterImportAction,
        z.ZodNumber
      >,
    )
    .describe('How many rows of each action.'),
};

/** A roster file of three rows: a newcomer, the engineer moving department, a row without its service number. */
const rosterPreviewExample = {
  rows: [
    {
      line: 2,
      serviceNumber: 'BME-1077',
      name: 'Tomas Reyes',
      action: 'add',
      changes: [],
      errors: [],
    },
    {
      line: 3,
      serviceNumber: userExample.serviceNumber,
      name: userExample.name,
      action: 'change',
      changes: ['department'],
      errors: [],
    },
    {
      line: 4,
      serviceNumber: '',
      name: 'Lena Fischer',
      action: 'refused',
      changes: [],
      errors: ['Service number is required.'],
    },
  ],
  summary: { add: 1, change: 1, unchanged: 0, refused: 1 },
} as const;

/** What importing a roster file would do, row by row. */
export const rosterImportPreviewSchema = z
  .object(previewShape)
  .meta({ id: 'RosterImportPreview', examples: [rosterPreviewExample] });
export type RosterImportPreview = z.output<typeof rosterImportPreviewSchema>;

/** The answer to applying: what was written (the refused rows were left out). */
export const rosterImportResultSchema = z
  .object({
    ...previewShape,
    applied: z.object({ added: z.number().int(), changed: z.number().int() }),
  })
  .meta({
    id: 'RosterImportResult',
    examples: [{ ...rosterPreviewExample, applied: { added: 1, changed: 1 } }],
  });
export type RosterImportResult = z.output<typeof rosterImportResultSchema>;
