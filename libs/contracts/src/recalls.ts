import { z } from 'zod';
import { dateField } from './dates';
import { limitParam, pageFields, pageParam } from './paging';
import { EQUIPMENT_STATUSES, equipmentExample, userRefSchema } from './equipment';
import { EXAMPLE_ENGINEER } from './examples';

/**
 * Recalls and field safety notices. A notice names a manufacturer, one or more models and, when
 * the hazard is limited to some units, their serial numbers (a list and/or ranges) and lots. It is
 * matched against the inventory when it is saved and again whenever a device is added, imported or
 * changed while the notice is open; every device it matched gets an action row that stays open
 * until an Engineer or Admin closes it with a completed task on that device or a written decision.
 */

/** Where a notice comes from; its `sourceReference` is that source's own number for it. */
export const RECALL_SOURCES = ['FDA', 'MHRA', 'Manufacturer', 'Other'] as const;
export type RecallSource = (typeof RECALL_SOURCES)[number];

export const RECALL_LIMITS = {
  /** Serial numbers listed one by one: a large field action lists a few thousand. */
  serialNumbers: 5_000,
  serialRanges: 500,
  lotNumbers: 1_000,
  models: 50,
  /** A closing decision is at least a sentence: it is what an auditor reads instead of a task. */
  decisionMinLength: 20,
  decisionMaxLength: 2_000,
  /** How many matching devices the preview lists (the count is always whole). */
  previewDevices: 50,
} as const;

export const RECALL_STATES = ['open', 'closed'] as const;
export type RecallState = (typeof RECALL_STATES)[number];

/* ------------------------------------------------------------------ matching keys */

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ';
const LOWER = 'abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ';
/**
 * The case folding both sides use, the same in SQL (`translate`, which maps code points whatever
 * the database's locale): ASCII and Latin-1 letters, so 'DRÄGER' is 'dräger'.
 */
export const RECALL_FOLD = { upper: UPPER, lower: LOWER } as const;
/**
 * What a manufacturer's or a model's key drops: ASCII spaces, control characters and punctuation,
 * and the no-break space a spreadsheet cell often carries. The same class in SQL (`recall_key`).
 */
export const RECALL_KEY_DROPPED = '[\\x01-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7F\\xA0]';
const DROPPED = new RegExp(RECALL_KEY_DROPPED, 'g');

function fold(text: string): string {
  let out = '';
  for (const char of text) {
    const at = UPPER.indexOf(char);
    out += at >= 0 ? LOWER.charAt(at) : char;
  }
  return out;
}

/**
 * A manufacturer's or model's matching key: case, spaces and punctuation do not count, so
 * 'GE Healthcare', 'GE-HEALTHCARE' and 'ge healthcare' are one manufacturer, and 'B.Braun
 * Perfusor Space' one model with 'B Braun perfusor-space'. Different words stay different:
 * 'Philips' is not 'Philips Medical Systems'.
 */
export function recallNameKey(text: string): string {
  return fold(text).replace(DROPPED, '');
}

/**
 * What a source reference's key drops: white space, as it is typed anywhere in it (ASCII, the
 * no-break space, the Unicode spaces and the byte-order mark a pasted text may carry). The same
 * class in SQL (`recall_reference_key`: PostgreSQL's regular expressions read these escapes alike).
 */
export const RECALL_REFERENCE_DROPPED =
  '[\\t\\n\\v\\f\\r \\u00a0\\u2000-\\u200b\\u202f\\u205f\\u3000\\ufeff]';
const REFERENCE_DROPPED = new RegExp(RECALL_REFERENCE_DROPPED, 'g');

/**
 * A source reference's key: a source's notice is recorded once, whatever the case and spacing it
 * was typed with ('Z-1234-2026', 'z-1234-2026 ', 'Z -1234-2026'). Punctuation counts: 'Z-1234' is
 * not 'Z1234'.
 */
export function recallReferenceKey(reference: string): string {
  return fold(reference).replace(REFERENCE_DROPPED, '');
}

/** A serial or lot number's matching key: trimmed, case does not count; dashes and spaces inside do. */
export function recallSerialKey(text: string): string {
  return fold(text.trim());
}

export interface SerialParts {
  /** Everything before the trailing digits, as its key. */
  prefix: string;
  /** The trailing digits without leading zeros ('' for zero). */
  digits: string;
}

/** A serial number as prefix and trailing number, or null when it does not end in a digit. */
export function serialParts(serial: string): SerialParts | null {
  const key = recallSerialKey(serial);
  const match = /^(.*?)([0-9]+)$/.exec(key);
  if (!match) return null;
  return { prefix: match[1] ?? '', digits: (match[2] ?? '').replace(/^0+/, '') };
}

/** -1, 0 or 1: two digit strings without leading zeros compared as the numbers they write. */
export function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * The range rule: a serial is in `from`–`to` when it has the same prefix (everything before its
 * trailing digits, case not counting) and its trailing number lies between theirs, numbers
 * compared as numbers. Leading zeros do not count, so 'SN0099'–'SN0150' holds 'SN0100',
 * 'SN00120' and 'SN120' (a unit the inventory wrote without its zeros is still found: a recall
 * errs on the side of the patient, and a false match is closed with a decision), but not
 * 'SN0151', 'SN0100A' (no trailing number) or 'XSN0100' (another prefix).
 */
export function serialInRange(serial: string, range: { from: string; to: string }): boolean {
  const parts = serialParts(serial);
  const from = serialParts(range.from);
  const to = serialParts(range.to);
  if (!parts || !from || !to || parts.prefix !== from.prefix || parts.prefix !== to.prefix) return false;
  return compareDigits(parts.digits, from.digits) >= 0 && compareDigits(parts.digits, to.digits) <= 0;
}

/* ------------------------------------------------------------------ the notice */

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(min, { error: min === 1 ? `${label} is required.` : `${label} needs at least ${min} characters.` })
    .max(max, { error: `${label} must have at most ${max} characters.` });

const serialText = (label: string) =>
  z
    .string({ error: `Each ${label} must be text.` })
    .trim()
    .min(1, { error: `A ${label} cannot be empty.` })
    .max(64, { error: `A ${label} has at most 64 characters.` });

export const serialRangeSchema = z
  .strictObject(
    { from: serialText('range start'), to: serialText('range end') },
    { error: 'A serial range is {from, to}.' },
  )
  .superRefine((range, context) => {
    const from = serialParts(range.from);
    const to = serialParts(range.to);
    if (!from || !to) {
      context.addIssue({
        code: 'custom',
        message: `The range ${range.from} to ${range.to} must start and end with a number, e.g. SN0099 to SN0150.`,
      });
      return;
    }
    if (from.prefix !== to.prefix)
      context.addIssue({
        code: 'custom',
        message: `The range ${range.from} to ${range.to} must have the same letters before its numbers at both ends.`,
      });
    else if (compareDigits(from.digits, to.digits) > 0)
      context.addIssue({
        code: 'custom',
        message: `The range ${range.from} to ${range.to} runs backwards: its start is after its end.`,
      });
  });
export type SerialRange = z.output<typeof serialRangeSchema>;

const bounded = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z
    .array(item, { error: `${what} must be a list.` })
    .max(max, { error: `A notice may list at most ${max.toLocaleString('en-US')} ${what}.` })
    .default([]);

/** A GS1 device identifier: 8, 12, 13 or 14 digits (kept as 14, zero-padded, like the inventory's GTIN). */
const udiDiSchema = z
  .string({ error: 'The UDI-DI (GTIN) must be text.' })
  .trim()
  .nullable()
  .default(null)
  .refine((value) => value === null || value === '' || /^(\d{8}|\d{12,14})$/.test(value), {
    error: 'The UDI-DI (GTIN) is 8, 12, 13 or 14 digits.',
  })
  .transform((value) => (value ? value.padStart(14, '0') : null));

const noticeFields = {
  source: z.enum(RECALL_SOURCES, { error: `Source must be one of ${RECALL_SOURCES.join(', ')}.` }),
  sourceReference: text('Source reference', 100),
  title: text('Title', 200),
  manufacturer: text('Manufacturer', 120),
  models: z
    .array(text('Model', 120), { error: 'Models must be a list.' })
    .min(1, { error: 'Name at least one model.' })
    .max(RECALL_LIMITS.models, { error: `A notice may name at most ${RECALL_LIMITS.models} models.` }),
  serialNumbers: bounded(serialText('serial number'), RECALL_LIMITS.serialNumbers, 'serial numbers'),
  serialRanges: bounded(serialRangeSchema, RECALL_LIMITS.serialRanges, 'serial ranges'),
  lotNumbers: bounded(serialText('lot number'), RECALL_LIMITS.lotNumbers, 'lot numbers'),
  udiDi: udiDiSchema,
  hazard: text('Hazard', 4000),
  actionRequired: text('Action required', 4000),
  publishedOn: dateField('Date published'),
};

const unknownFields = (issue: { code: string }) =>
  issue.code === 'unrecognized_keys'
    ? `Only the notice's fields (${Object.keys(noticeFields).join(', ')}) may be sent.`
    : undefined;

export const recallNoticeSchema = z.strictObject(noticeFields, { error: unknownFields });
export type RecallNoticeRequest = z.input<typeof recallNoticeSchema>;
export type RecallNotice = z.output<typeof recallNoticeSchema>;

/** An edit sends the whole notice and the `version` it read (409 when someone changed it since). */
export const updateRecallNoticeSchema = z.strictObject(
  { ...noticeFields, version: z.number({ error: 'version must be a number.' }).int().positive() },
  { error: unknownFields },
);
export type RecallNoticeUpdate = z.output<typeof updateRecallNoticeSchema>;

/** What a notice's criteria narrow the model's devices to; a notice with none matches every one. */
export function recallScope(notice: Pick<RecallNotice, 'serialNumbers' | 'serialRanges' | 'lotNumbers'>): {
  bySerial: boolean;
  byLot: boolean;
} {
  return {
    bySerial: notice.serialNumbers.length > 0 || notice.serialRanges.length > 0,
    byLot: notice.lotNumbers.length > 0,
  };
}

/** The device fields a notice is matched on. */
export interface RecallCandidate {
  manufacturer: string;
  model: string;
  serialNumber: string;
  lotNumber: string | null;
  gtin: string | null;
}

/**
 * Whether a notice names a device (the equipment service runs the same rule as one SQL statement;
 * its integration test checks they agree):
 * - the manufacturer's key is the notice's and the model's key is one of its models' (case, spaces
 *   and punctuation do not count);
 * - when the notice lists serial numbers or ranges, the device's serial is one of the list (case
 *   not counting) or in one of the ranges (`serialInRange`);
 * - when it lists lots, the device's lot number is one of them (a device without a lot is not);
 * - when it gives a UDI-DI, a device that has a GTIN must have that one (one without is matched on
 *   the rest);
 * - a notice with neither serials nor lots names every device of its models.
 */
export function recallMatches(
  notice: Pick<
    RecallNotice,
    'manufacturer' | 'models' | 'serialNumbers' | 'serialRanges' | 'lotNumbers' | 'udiDi'
  >,
  device: RecallCandidate,
): boolean {
  if (recallNameKey(device.manufacturer) !== recallNameKey(notice.manufacturer)) return false;
  const model = recallNameKey(device.model);
  if (!notice.models.some((candidate) => recallNameKey(candidate) === model)) return false;
  const scope = recallScope(notice);
  if (scope.bySerial) {
    const serial = recallSerialKey(device.serialNumber);
    const listed = notice.serialNumbers.some((candidate) => recallSerialKey(candidate) === serial);
    if (!listed && !notice.serialRanges.some((range) => serialInRange(device.serialNumber, range)))
      return false;
  }
  if (scope.byLot) {
    const lot = device.lotNumber === null ? null : recallSerialKey(device.lotNumber);
    if (lot === null || !notice.lotNumbers.some((candidate) => recallSerialKey(candidate) === lot))
      return false;
  }
  if (notice.udiDi && device.gtin && device.gtin !== notice.udiDi) return false;
  return true;
}

/** What the form says before saving a notice that lists neither serial numbers nor lots. */
export function wholeModelWarning(
  notice: Pick<RecallNotice, 'serialNumbers' | 'serialRanges' | 'lotNumbers'>,
): string | null {
  const scope = recallScope(notice);
  return scope.bySerial || scope.byLot
    ? null
    : 'This notice lists no serial numbers and no lots, so it applies to every device of these models.';
}

/* ------------------------------------------------------------------ closing an action */

export const closeRecallActionSchema = z.discriminatedUnion(
  'closeWith',
  [
    z.strictObject({
      closeWith: z.literal('task'),
      taskId: z
        .string({ error: 'Give the task that did the work.' })
        .trim()
        .min(1, { error: 'Give the task that did the work.' })
        .max(64, { error: 'A task number has at most 64 characters.' }),
      version: z.number().int().positive().optional(),
    }),
    z.strictObject({
      closeWith: z.literal('decision'),
      decision: text('The decision', RECALL_LIMITS.decisionMaxLength, RECALL_LIMITS.decisionMinLength),
      version: z.number().int().positive().optional(),
    }),
  ],
  { error: 'closeWith must be task (with taskId) or decision (with decision).' },
);
export type CloseRecallAction = z.output<typeof closeRecallActionSchema>;

/**
 * Closing a notice that has no open action (one that found no device of the inventory): a written
 * decision, e.g. "None of the hospital's devices is of these models; checked against the
 * purchasing records." A notice whose devices are all closed closes by itself.
 */
export const closeRecallSchema = z.strictObject(
  {
    decision: text('The decision', RECALL_LIMITS.decisionMaxLength, RECALL_LIMITS.decisionMinLength),
    version: z.number({ error: 'version must be a number.' }).int().positive(),
  },
  { error: () => 'Send decision and version.' },
);
export type CloseRecall = z.output<typeof closeRecallSchema>;
export type CloseRecallActionRequest = z.input<typeof closeRecallActionSchema>;

/* ------------------------------------------------------------------ answers */

export const RECALL_LIST_STATES = ['', 'open', 'closed'] as const;
export const listRecallsQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(20, 100),
  state: z.enum(RECALL_LIST_STATES, { error: 'state must be open, closed or empty.' }).default(''),
});
export type ListRecallsQuery = z.output<typeof listRecallsQuerySchema>;

/** How many of a notice's devices one page holds: a whole-model notice finds thousands. */
export const RECALL_ACTIONS_PAGE = { default: 25, max: 100 } as const;

/** A page of a notice's affected devices: open ones first, then by device name. */
export const listRecallActionsQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(RECALL_ACTIONS_PAGE.default, RECALL_ACTIONS_PAGE.max),
});
export type ListRecallActionsQuery = z.output<typeof listRecallActionsQuerySchema>;

const RECALL_EXAMPLE_ID = '4e6d2f9a-8b1c-4d3e-a5f6-7a8b9c0d1e2f';

const summaryExample = {
  _id: RECALL_EXAMPLE_ID,
  source: 'FDA',
  sourceReference: 'Z-1234-2026',
  title: 'Infusomat Space: free-flow risk when the pump door is opened during infusion',
  manufacturer: 'B. Braun',
  models: ['Infusomat Space'],
  publishedOn: '2026-02-20',
  state: 'open',
  affected: 3,
  closed: 1,
  createdAt: '2026-02-23T08:41:17.322Z',
  closedAt: null,
} as const;

const summaryFields = {
  _id: z.string(),
  source: z.enum(RECALL_SOURCES),
  sourceReference: z.string(),
  title: z.string(),
  manufacturer: z.string(),
  models: z.array(z.string()),
  publishedOn: z.string().describe('YYYY-MM-DD'),
  state: z.enum(RECALL_STATES),
  affected: z.number().int().describe('Devices the notice found.'),
  closed: z.number().int().describe('How many of their actions are closed.'),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
};

/** A notice as lists show it: what it is and how far its devices' actions are. */
export const recallSummaryDtoSchema = z
  .object(summaryFields)
  .meta({ id: 'RecallSummary', examples: [summaryExample] });
export type RecallSummaryDto = z.output<typeof recallSummaryDtoSchema>;

/** A notice as recorded, with its counts; its devices are read a page at a time. */
export const recallDtoSchema = z
  .object({
    ...summaryFields,
    serialNumbers: z.array(z.string()),
    serialRanges: z.array(serialRangeSchema),
    lotNumbers: z.array(z.string()),
    udiDi: z.string().nullable().describe('The GS1 device identifier (GTIN, 14 digits), or null.'),
    hazard: z.string(),
    actionRequired: z.string(),
    createdBy: userRefSchema.nullable(),
    updatedBy: userRefSchema.nullable(),
    closingDecision: z
      .string()
      .nullable()
      .describe('Why a notice without open actions was closed by hand (null when its devices closed it).'),
    duplicateOf: z
      .string()
      .nullable()
      .describe(
        'The notice recorded first with the same source and reference, when this one repeats it (a notice saved twice before a reference was recorded once).',
      ),
    version: z.number().int().describe('Optimistic lock: send it back with an edit or a closing.'),
  })
  .meta({
    id: 'Recall',
    examples: [
      {
        ...summaryExample,
        serialNumbers: [equipmentExample.serialNumber],
        serialRanges: [{ from: 'BBR-448900', to: 'BBR-448999' }],
        lotNumbers: [],
        udiDi: '04046964000000',
        hazard:
          'If the pump door is opened while an infusion runs, the anti-free-flow clamp may fail to close.',
        actionRequired: 'Install software 2.3.1 and check the anti-free-flow clamp on each affected pump.',
        createdBy: EXAMPLE_ENGINEER,
        updatedBy: EXAMPLE_ENGINEER,
        closingDecision: null,
        duplicateOf: null,
        version: 1,
      },
    ],
  });
export type RecallDto = z.output<typeof recallDtoSchema>;

export const RECALL_ACTION_CLOSURES = ['task', 'decision'] as const;
export type RecallActionClosure = (typeof RECALL_ACTION_CLOSURES)[number];

/** The examples' pump, found by the notice and closed by its update task. */
const pumpFound = {
  _id: equipmentExample._id,
  name: equipmentExample.name,
  serialNumber: equipmentExample.serialNumber,
  model: equipmentExample.model,
  department: equipmentExample.department,
};
const recallActionExample = {
  _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  recallId: RECALL_EXAMPLE_ID,
  device: { ...pumpFound, status: equipmentExample.status, present: true },
  matched: {
    manufacturer: equipmentExample.manufacturer,
    model: equipmentExample.model,
    serialNumber: equipmentExample.serialNumber,
    lotNumber: equipmentExample.lotNumber,
  },
  stillMatches: true,
  foundAt: summaryExample.createdAt,
  state: 'closed',
  closedWith: 'task',
  taskId: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
  decision: null,
  closedAt: '2026-02-25T14:05:09.871Z',
  closedBy: EXAMPLE_ENGINEER,
  version: 2,
} as const;

/** One affected device's action. The device is as it is now; `matched` as it was when found. */
export const recallActionDtoSchema = z
  .object({
    _id: z.string(),
    recallId: z.string(),
    device: z.object({
      _id: z.string(),
      name: z.string(),
      serialNumber: z.string(),
      model: z.string(),
      department: z.string(),
      status: z.enum(EQUIPMENT_STATUSES),
      present: z.boolean().describe('False when the device was deleted from the inventory since.'),
    }),
    matched: z
      .object({
        manufacturer: z.string(),
        model: z.string(),
        serialNumber: z.string(),
        lotNumber: z.string().nullable(),
      })
      .describe('The device as it was when the notice found it.'),
    stillMatches: z
      .boolean()
      .describe(
        'False when the device no longer matches the notice (edited since): it stays, closable by a decision.',
      ),
    foundAt: z.string(),
    state: z.enum(RECALL_STATES),
    closedWith: z.enum(RECALL_ACTION_CLOSURES).nullable(),
    taskId: z.string().nullable(),
    decision: z.string().nullable(),
    closedAt: z.string().nullable(),
    closedBy: userRefSchema.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'RecallAction', examples: [recallActionExample] });
export type RecallActionDto = z.output<typeof recallActionDtoSchema>;

/** `GET /api/recalls`: a page of notices, open ones first. */
export const recallListResponseSchema = z
  .object({
    recalls: z.array(recallSummaryDtoSchema),
    ...pageFields,
    open: z.number().int().describe('Open notices in the whole list, for the heading.'),
    openActions: z.number().int().describe('Open actions of all the notices, for the heading.'),
  })
  .meta({
    id: 'RecallPage',
    examples: [
      {
        recalls: [summaryExample],
        total: 1,
        page: 1,
        pages: 1,
        limit: 20,
        open: 1,
        openActions: summaryExample.affected - summaryExample.closed,
      },
    ],
  });
export type RecallListResponse = z.output<typeof recallListResponseSchema>;

/** One page of a notice's affected devices, each with its action (`GET /api/recalls/{id}/actions`). */
export const recallActionsPageSchema = z
  .object({ actions: z.array(recallActionDtoSchema), ...pageFields })
  .meta({
    id: 'RecallActionPage',
    // The notice's second page at two a page: its third device, the pump.
    examples: [
      { actions: [recallActionExample], total: summaryExample.affected, page: 2, pages: 2, limit: 2 },
    ],
  });
export type RecallActionsPage = z.output<typeof recallActionsPageSchema>;

/** The matching devices of a notice not yet saved. */
export const recallPreviewSchema = z
  .object({
    total: z.number().int().describe('Every device the notice finds.'),
    devices: z
      .array(
        z.object({
          _id: z.string(),
          name: z.string(),
          serialNumber: z.string(),
          model: z.string(),
          department: z.string(),
        }),
      )
      .describe(`The first ${RECALL_LIMITS.previewDevices}, in name order.`),
    warning: z
      .string()
      .nullable()
      .describe(
        'Said when the notice lists neither serial numbers nor lots (it names every device of its models).',
      ),
  })
  .meta({
    id: 'RecallPreview',
    examples: [{ total: 1, devices: [pumpFound], warning: null }],
  });
export type RecallPreview = z.output<typeof recallPreviewSchema>;

/** A device's recalls, each with its action, for the device page. */
export const deviceRecallsResponseSchema = z
  .object({
    recalls: z.array(z.object({ recall: recallSummaryDtoSchema, action: recallActionDtoSchema })),
  })
  .meta({
    id: 'DeviceRecalls',
    examples: [{ recalls: [{ recall: summaryExample, action: recallActionExample }] }],
  });
export type DeviceRecallsResponse = z.output<typeof deviceRecallsResponseSchema>;

/** The dashboard's recall figures (the equipment part). */
export const recallFiguresSchema = z.object({
  openNotices: z.number().int().describe('Notices still open.'),
  awaitingAction: z.number().int().describe('Affected devices whose action is still open.'),
});
export type RecallFigures = z.output<typeof recallFiguresSchema>;

/* ------------------------------------------------------------------ service calls */

/** What maintenance answers equipment about a task (`maintenance.tasks.ref`). */
export interface TaskRefAnswer {
  _id: string;
  equipmentId: string;
  status: string;
  title: string;
}

/** The compliance report's recall section (`equipment.report.recalls`). */
export interface RecallReportFigures {
  /** Notices open now, and those closed in the period. */
  notices: (RecallSummaryDto & { closedInPeriod: boolean })[];
  /** Open actions, oldest first (at most `RECALL_REPORT_ACTION_ROWS`), and how many there are. */
  openActions: {
    recallTitle: string;
    sourceReference: string;
    deviceName: string;
    serialNumber: string;
    department: string;
    daysOpen: number;
  }[];
  openActionsTotal: number;
}
export const RECALL_REPORT_ACTION_ROWS = 500;
export const RECALL_REPORT_NOTICE_ROWS = 500;
