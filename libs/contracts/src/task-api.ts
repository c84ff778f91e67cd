import { z } from 'zod';
import { equipmentExample, userRefSchema } from './equipment';
import { addedReportSchema } from './fault-reports';
import { EXAMPLE_ENGINEER, EXAMPLE_TECHNICIAN } from './examples';
import { ID_PATTERN } from './ids';
import {
  equipmentId,
  optionalDate,
  optionalText,
  requiredText,
  text,
  unknownFields,
  userId,
  version,
} from './form-fields';
import { PAGE_SIZES, TECHNICIAN_LIST_LIMIT } from './limits';
import { limitParam, pageFields, pageParam, searchParam } from './paging';
import { taskVendorChargesSchema } from './vendor-charges';
import { parseSpareParts, SPARE_PART_LIMITS, sparePartDtoSchema, sparePartExample } from './spare-parts';
import type { AssigneeDto } from './users';
import {
  DEFAULT_ISSUE_SEVERITY,
  ISSUE_SEVERITIES,
  PM_INTERVALS,
  PM_TYPES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  type IssueSeverity,
  type PmInterval,
  type PmType,
  type TaskPriority,
  type TaskType,
} from './tasks';

/** The device a task is about, as it was named when the task was last told of it. */
const taskEquipmentRef = z.object({
  _id: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  department: z.string(),
  category: z.string(),
});
/** The examples' infusion pump, as a task names it. */
export const deviceSnapshotExample = taskEquipmentRef.parse(equipmentExample);
/** The examples' ICU ventilator, as its PM plan and its safety tests name it. */
export const ventilatorSnapshotExample = {
  _id: '2f6a8d14-9c3b-4e7a-b5d1-0c8e6f4a2b97',
  name: 'Ventilator',
  serialNumber: 'HAM-C6-20931',
  department: 'ICU',
  category: 'Ventilator',
};
export const taskEquipmentRefSchema = taskEquipmentRef.meta({
  id: 'DeviceSnapshot',
  examples: [deviceSnapshotExample],
});
export type TaskEquipmentRef = z.output<typeof taskEquipmentRefSchema>;

/** The examples' repair of the pump: done by the technician, waiting for an engineer to certify it. */
export const taskExample = {
  _id: '5b2e9f41-8c3d-4a7e-b6f0-2d1c9e8a7b63',
  title: 'Occlusion alarm does not sound',
  description: 'The downstream occlusion alarm stays silent when the line is clamped.',
  taskType: 'Repair',
  pmType: null,
  pmInterval: null,
  priority: 'High',
  assignedTo: EXAMPLE_TECHNICIAN,
  equipment: deviceSnapshotExample,
  dueDate: '2026-03-06',
  status: 'Completed',
  createdAt: '2026-03-02T08:12:40.311Z',
  updatedAt: '2026-03-04T14:05:18.902Z',
  createdBy: EXAMPLE_ENGINEER,
  updatedBy: EXAMPLE_TECHNICIAN,
  completedDate: '2026-03-04T14:05:18.902Z',
  needsCertification: true,
  certified: false,
  certificationEngineer: null,
  certifiedBy: null,
  certifiedAt: null,
  faultDescription: 'Pressure sensor membrane cracked.',
  repairDetails: 'Replaced the pressure sensor and ran the occlusion test: alarm at 450 mmHg.',
  comments: null,
  spareParts: [sparePartExample],
  labourHours: 1.5,
  location: null,
  reportedBy: null,
  severity: null,
  plan: null,
  overdue: false,
  version: 4,
} as const;

/** One task as every call answers it. Dates are `YYYY-MM-DD`; times are ISO 8601. */
export const taskDtoSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    taskType: z.enum(TASK_TYPES),
    pmType: z.enum(PM_TYPES).nullable(),
    pmInterval: z.enum(PM_INTERVALS).nullable(),
    priority: z.enum(TASK_PRIORITIES),
    assignedTo: userRefSchema.nullable(),
    equipment: taskEquipmentRefSchema,
    dueDate: z.string().nullable().describe('YYYY-MM-DD'),
    status: z.enum(TASK_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: userRefSchema.nullable(),
    updatedBy: userRefSchema.nullable(),
    completedDate: z
      .string()
      .nullable()
      .describe('When the task was last completed (ISO 8601); cleared when it is reopened.'),
    needsCertification: z.boolean(),
    certified: z.boolean(),
    certificationEngineer: z
      .string()
      .nullable()
      .describe("The certifying engineer's name, as the card shows it ('Certified by {name}')."),
    certifiedBy: userRefSchema.nullable(),
    certifiedAt: z.string().nullable(),
    faultDescription: z.string().nullable(),
    repairDetails: z.string().nullable(),
    comments: z.string().nullable(),
    spareParts: z.array(sparePartDtoSchema),
    labourHours: z.number().nullable(),
    location: z.string().nullable().describe('Report Issue: where the fault was seen.'),
    reportedBy: userRefSchema.nullable().describe('Report Issue: who reported the fault.'),
    severity: z.enum(ISSUE_SEVERITIES).nullable().describe('Report Issue: how severe the fault is.'),
    plan: z
      .object({ _id: z.string(), occurrence: z.number().int() })
      .nullable()
      .describe('The PM plan this task is an occurrence of (0 is the first occurrence), or null.'),
    overdue: z.boolean().describe('Its due date has passed and it is neither completed nor cancelled.'),
    version: z
      .number()
      .int()
      .describe('Optimistic lock: send it back with a change to refuse overwriting a newer one.'),
  })
  .meta({ id: 'Task', examples: [taskExample] });
export type TaskDto = z.output<typeof taskDtoSchema>;

/** The technician completing the pump's repair. */
const taskStatusChangeExample = {
  from: 'In Progress',
  to: 'Completed',
  at: taskExample.completedDate,
  by: EXAMPLE_TECHNICIAN,
} as const;

export const taskStatusHistoryEntrySchema = z
  .object({
    from: z.enum(TASK_STATUSES).nullable(),
    to: z.enum(TASK_STATUSES),
    at: z.string(),
    by: userRefSchema.nullable(),
  })
  .meta({ id: 'TaskStatusChange', examples: [taskStatusChangeExample] });
export type TaskStatusHistoryEntry = z.output<typeof taskStatusHistoryEntrySchema>;

/** The audit row of that change, with the repair's notes written at the same time. */
const taskAuditExample = {
  at: taskExample.completedDate,
  action: 'status-changed',
  by: 'BME-2051',
  changes: {
    status: { from: taskStatusChangeExample.from, to: taskStatusChangeExample.to },
    repairDetails: { from: null, to: taskExample.repairDetails },
  },
};

/** One audited change: who (their service number, or `cli`/`seed`), when, and each field's from/to. */
export const auditEntryDtoSchema = z
  .object({
    at: z.string(),
    action: z.string(),
    by: z.string().describe('Their service number, or `cli`/`seed`.'),
    changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  })
  .meta({ id: 'TaskAuditEntry', examples: [taskAuditExample] });
export type AuditEntryDto = z.output<typeof auditEntryDtoSchema>;

/**
 * A task with its status history, audit trail and the reports others added to it, newest first.
 * A task's life is a handful of changes; the detail carries at most TASK_HISTORY_LIMIT of each,
 * and says how many there are.
 */
const taskLabourCostExample = {
  role: 'Technician',
  pricedOn: '2026-03-14',
  hourlyRate: 95,
  amount: 142.5,
  currency: 'GHS',
} as const;

export const taskLabourCostSchema = z
  .object({
    role: z
      .string()
      .nullable()
      .describe(
        'The role whose work the hours are: the assignee’s when they recorded them; a correction by someone else keeps it. Null for hours recorded before roles were kept.',
      ),
    pricedOn: z
      .string()
      .describe(
        'The day the hours are priced at (YYYY-MM-DD, the hospital’s): the completion day, or today while open.',
      ),
    hourlyRate: z
      .number()
      .nullable()
      .describe('The role’s rate in force that day; null when it had none (the hours are not priced).'),
    amount: z.number().nullable().describe('Hours × rate, rounded to the cent; null when not priced.'),
    currency: z.string().nullable(),
  })
  .meta({ id: 'TaskLabourCost', examples: [taskLabourCostExample] });
export type TaskLabourCost = z.output<typeof taskLabourCostSchema>;

export const taskDetailSchema = taskDtoSchema
  .extend({
    labourCost: taskLabourCostSchema
      .nullable()
      .describe(
        'What the recorded hours cost, for Engineers, Managers and Admins; null for others and when no hours are recorded.',
      ),
    vendorCharges: taskVendorChargesSchema
      .nullable()
      .describe('What vendors charged for the work, for Engineers, Managers and Admins; null for others.'),
    statusHistory: z.array(taskStatusHistoryEntrySchema),
    statusHistoryTotal: z.number().int(),
    audit: z.array(auditEntryDtoSchema),
    auditTotal: z.number().int(),
    addedReports: z
      .array(addedReportSchema)
      .describe('What others reported of the same fault (Report Issue), newest first, at most 100.'),
    addedReportsTotal: z.number().int(),
  })
  .meta({
    id: 'TaskDetail',
    examples: [
      {
        ...taskExample,
        labourCost: {
          role: 'Technician',
          pricedOn: '2026-03-14',
          hourlyRate: 95,
          amount: 142.5,
          currency: 'GHS',
        },
        vendorCharges: { charges: [], total: 0, currency: 'GHS', version: 0 },
        statusHistory: [taskStatusChangeExample],
        statusHistoryTotal: 1,
        audit: [taskAuditExample],
        auditTotal: 1,
        addedReports: [],
        addedReportsTotal: 0,
      },
    ],
  });
export type TaskDetail = z.output<typeof taskDetailSchema>;

export const TASK_HISTORY_LIMIT = 100;

/** A biomedical department's tasks by status. */
export const taskCountsExample = { total: 318, pending: 41, inProgress: 22, completed: 255 };

export const taskCountsSchema = z
  .object({
    total: z.number().int(),
    pending: z.number().int(),
    inProgress: z.number().int(),
    completed: z.number().int(),
  })
  .meta({ id: 'TaskCounts', examples: [taskCountsExample] });
export type TaskCounts = z.output<typeof taskCountsSchema>;

/**
 * How many matches a search counts before it stops and says "more than": counting every match of
 * a common word (a fifth of all tasks for "battery") costs the database tens of milliseconds on
 * each keystroke, while nobody pages through a thousand results. A search counts at least as far
 * as the page asked for, and one further, so the pager always knows whether a next page exists.
 */
export const TASK_SEARCH_COUNT_LIMIT = 1000;

export const taskListResponseSchema = z
  .object({
    tasks: z.array(taskDtoSchema),
    total: z
      .number()
      .int()
      .describe('The matching tasks; when `more` is set, a lower bound: more than this many match.'),
    more: z
      .boolean()
      .describe(
        'Set when a search matched more tasks than it counts: `total` is then how many were counted, and `pages` ends one page past them.',
      ),
    page: z.number().int(),
    pages: z.number().int(),
    limit: z.number().int(),
    counts: taskCountsSchema
      .nullable()
      .describe(
        "Tasks by status with the list's filters except the status; null when a search matched more tasks than it counts.",
      ),
  })
  .meta({
    id: 'TaskPage',
    // The completed tasks (`status=Completed`), page 1: the counts are of every status.
    examples: [
      {
        tasks: [taskExample],
        total: taskCountsExample.completed,
        more: false,
        page: 1,
        pages: Math.ceil(taskCountsExample.completed / PAGE_SIZES.tasks),
        limit: PAGE_SIZES.tasks,
        counts: taskCountsExample,
      },
    ],
  });
export type TaskListResponse = z.output<typeof taskListResponseSchema>;

/**
 * `due` is the due date, or the creation date where there is none (the Preventive Maintenance
 * panel's order); `completedDate` breaks ties by the last update, then creation (the history's).
 */
export const TASK_SORTS = [
  'createdAt',
  'updatedAt',
  'dueDate',
  'due',
  'priority',
  'title',
  'completedDate',
] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const MAX_TASK_PAGE_SIZE = 100;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.literal(''), z.enum(values)], { error: `${label} must be one of ${values.join(', ')}.` })
    .default('');

/** A yes/no query flag: `1`/`true` or `0`/`false`/empty (a boolean too: the gateway parses the query first). */
const flagParam = (name: string) =>
  z
    .union(
      [z.boolean(), z.literal(''), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')],
      { error: `${name} must be 1 or 0.` },
    )
    .default('')
    .transform((value) => value === true || value === '1' || value === 'true');

const idFilter = (label: string) =>
  z
    .string()
    .trim()
    .max(64)
    .default('')
    .refine((value) => value === '' || ID_PATTERN.test(value), {
      error: `${label} must be an id from the list.`,
    });

/**
 * Query of the task list; empty strings mean "no filter". `my=1` asks for the tasks assigned to
 * the caller, `reported=1` for the faults the caller reported. A Technician gets only the tasks
 * assigned to them and those they reported, whatever the query says (the technician filter is for
 * those who see everyone's).
 */
export const listTasksQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PAGE_SIZES.tasks, MAX_TASK_PAGE_SIZE),
  q: searchParam(),
  my: flagParam('my'),
  /** Only the faults the caller reported (Report Issue). */
  reported: flagParam('reported'),
  /** Only tasks assigned to no one. */
  unassigned: flagParam('unassigned'),
  /** Only tasks neither completed nor cancelled. */
  open: flagParam('open'),
  /** Only overdue tasks: due date passed, neither completed nor cancelled. */
  overdue: flagParam('overdue'),
  /** Only completed work an Engineer has yet to certify. */
  awaitingCertification: flagParam('awaitingCertification'),
  /** Only occurrences of PM plans, or only of this plan. */
  planned: flagParam('planned'),
  plan: idFilter('plan'),
  technician: idFilter('technician'),
  equipment: idFilter('equipment'),
  status: optionalEnum(TASK_STATUSES, 'status'),
  taskType: optionalEnum(TASK_TYPES, 'taskType'),
  priority: optionalEnum(TASK_PRIORITIES, 'priority'),
  sort: z
    .string()
    .default('-createdAt')
    .refine((value) => (TASK_SORTS as readonly string[]).includes(value.replace(/^-/, '')), {
      error: `sort must be one of ${TASK_SORTS.join(', ')}, with - in front for descending.`,
    }),
});
export type ListTasksQuery = z.output<typeof listTasksQuerySchema>;

const PM_ONLY = 'PM type and interval belong to Preventive tasks only.';
const PM_REQUIRED = 'For Preventive tasks, select PM Type and Periodic Interval.';

/** A Preventive task names its PM type and interval; any other type has neither. */
function checkPreventive(
  value: { taskType?: TaskType; pmType?: PmType | null; pmInterval?: PmInterval | null },
  ctx: z.RefinementCtx,
) {
  if (value.taskType === 'Preventive') {
    if (!value.pmType || !value.pmInterval)
      ctx.addIssue({ code: 'custom', message: PM_REQUIRED, path: ['pmType'] });
  } else if (value.taskType && (value.pmType || value.pmInterval)) {
    ctx.addIssue({ code: 'custom', message: PM_ONLY, path: ['pmType'] });
  }
}

/**
 * Preventive work recurs, so a new Preventive task is a PM plan's first occurrence: the plan takes
 * its device, work, PM type, interval, assignee and priority, and its due date is when the first
 * occurrence falls due. So it needs that date, starts Pending, and has no comments (a plan has
 * none; add them to the occurrence afterwards).
 */
function checkNewPreventive(
  value: { taskType?: TaskType; dueDate?: string | null; status?: string; comments?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.taskType !== 'Preventive') return;
  if (!value.dueDate)
    ctx.addIssue({
      code: 'custom',
      message: 'Preventive work recurs as a PM plan: give the due date of its first occurrence.',
      path: ['dueDate'],
    });
  if (value.status && value.status !== 'Pending')
    ctx.addIssue({
      code: 'custom',
      message: "A PM plan's first occurrence starts Pending.",
      path: ['status'],
    });
  if (value.comments)
    ctx.addIssue({
      code: 'custom',
      message: 'A PM plan has no comments: add them to its occurrence once it is scheduled.',
      path: ['comments'],
    });
}

const taskFields = {
  title: requiredText('Title', 200),
  // The Assign Task modal may leave it empty; the Create Task form asks for it itself.
  description: text('Description', 4000).default(''),
  taskType: z.enum(TASK_TYPES, { error: `Task type must be one of ${TASK_TYPES.join(', ')}.` }),
  pmType: z
    .union([z.literal(''), z.enum(PM_TYPES)], { error: `PM type must be one of ${PM_TYPES.join(', ')}.` })
    .nullish()
    .transform((value) => value || null),
  pmInterval: z
    .union([z.literal(''), z.enum(PM_INTERVALS)], {
      error: `Interval must be one of ${PM_INTERVALS.join(', ')}.`,
    })
    .nullish()
    .transform((value) => value || null),
  priority: z.enum(TASK_PRIORITIES, { error: `Priority must be one of ${TASK_PRIORITIES.join(', ')}.` }),
  assignedTo: userId('Assign To'),
  dueDate: optionalDate('Due date'),
  comments: optionalText('Comments', 4000),
};

/**
 * The one create contract, for the Assign Task modal and the Create Task form alike:
 * `equipmentId` names the device (the modal's `equipment` field is sent under this name), the
 * type defaults to Repair (the Create Task form has no type field), the description may be empty
 * (the modal's required fields are title, type, equipment and due date; the Create Task form
 * requires a description on its own), and a new task is Pending, or In Progress when it is
 * assigned and work has already begun. A Preventive task starts a PM plan (`checkNewPreventive`).
 */
export const createTaskSchema = z
  .strictObject(
    {
      ...taskFields,
      taskType: taskFields.taskType.default('Repair'),
      equipmentId,
      status: z
        .enum(['Pending', 'In Progress'], { error: 'A new task is Pending or In Progress.' })
        .default('Pending'),
    },
    {
      error: unknownFields(
        'title, description, taskType, pmType, pmInterval, priority, assignedTo, dueDate, comments, equipmentId and status',
      ),
    },
  )
  .superRefine(checkPreventive)
  .superRefine(checkNewPreventive)
  .refine((value) => value.status === 'Pending' || value.assignedTo, {
    error: 'Assign the task before starting it.',
    path: ['status'],
  });
export type CreateTaskRequest = z.input<typeof createTaskSchema>;
export type NewTask = z.output<typeof createTaskSchema>;

/**
 * Engineers and Admins edit a task's fields (not its status, work or certification) with this.
 * A field that is not sent stays as it is (absent from the output, never a default); `''` or
 * `null` clears an optional one, and `assignedTo: null` unassigns.
 */
export const updateTaskSchema = z
  .strictObject(
    {
      title: taskFields.title.optional(),
      description: text('Description', 4000).optional(),
      taskType: taskFields.taskType.optional(),
      pmType: taskFields.pmType.optional(),
      pmInterval: taskFields.pmInterval.optional(),
      priority: taskFields.priority.optional(),
      assignedTo: taskFields.assignedTo.optional(),
      dueDate: taskFields.dueDate.optional(),
      comments: taskFields.comments.optional(),
      version,
    },
    {
      error: unknownFields(
        'title, description, taskType, pmType, pmInterval, priority, assignedTo, dueDate, comments and version',
      ),
    },
  )
  .refine((value) => Object.keys(value).some((key) => key !== 'version'), {
    error: 'Send at least one field to change.',
  });
export type UpdateTaskRequest = z.input<typeof updateTaskSchema>;
export type TaskChanges = z.output<typeof updateTaskSchema>;

/** Certify takes no body, or the `version` the screen read (409 if the work changed since). */
export const certifyTaskSchema = z.strictObject({ version }, { error: unknownFields('version') });
export type CertifyTaskRequest = z.input<typeof certifyTaskSchema>;

export const changeTaskStatusSchema = z.strictObject(
  {
    status: z.enum(TASK_STATUSES, { error: `Status must be one of ${TASK_STATUSES.join(', ')}.` }),
    version,
  },
  { error: unknownFields('status and version') },
);
export type ChangeTaskStatusRequest = z.input<typeof changeTaskStatusSchema>;

const sparePartSchema = z.strictObject(
  {
    name: requiredText('Part name', SPARE_PART_LIMITS.name),
    quantity: z
      .number({ error: 'Quantity must be a number.' })
      .int({ error: 'Quantity must be a whole number.' })
      .min(1, { error: 'Quantity must be at least 1.' })
      .max(SPARE_PART_LIMITS.maxQuantity, {
        error: `Quantity must be at most ${SPARE_PART_LIMITS.maxQuantity}.`,
      })
      .default(1),
    description: text('Part description', SPARE_PART_LIMITS.description).default(''),
    unitCost: z
      .number({ error: 'Unit cost must be a number.' })
      .min(0, { error: 'Unit cost cannot be negative.' })
      .max(100_000_000, { error: 'Unit cost is too large.' })
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: unknownFields('name, quantity, description and unitCost') },
);

/**
 * The work record: what was wrong, what was done, the parts used (rows, replacing the previous
 * list) and optionally the hours spent. The spec's body names the parts `sparePartsUsed`.
 */
export const recordWorkSchema = z
  .strictObject(
    {
      faultDescription: optionalText('Fault description', 4000),
      repairDetails: optionalText('Repair details', 4000),
      sparePartsUsed: z
        .array(sparePartSchema, { error: 'sparePartsUsed must be a list of parts.' })
        .max(SPARE_PART_LIMITS.maxParts, {
          error: `A task may list at most ${SPARE_PART_LIMITS.maxParts} spare parts.`,
        })
        .default([]),
      labourHours: z
        .number({ error: 'Labour hours must be a number.' })
        .min(0, { error: 'Labour hours cannot be negative.' })
        .max(1000, { error: 'Labour hours must be at most 1000.' })
        .nullish()
        .transform((value) => value ?? null),
      /**
       * The parts as the work form's text instead (`name x quantity - description`, one per line),
       * read by `parseSpareParts`, the function the screen previews with; each bad line is refused
       * with its line number.
       */
      sparePartsText: z
        .string({ error: 'sparePartsText must be text.' })
        .max(20_000, { error: 'sparePartsText must have at most 20000 characters.' })
        .optional(),
      version,
    },
    {
      error: unknownFields(
        'faultDescription, repairDetails, sparePartsUsed, sparePartsText, labourHours and version',
      ),
    },
  )
  .superRefine((value, ctx) => {
    if (value.sparePartsText === undefined) return;
    if (value.sparePartsUsed.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: 'Send the spare parts as sparePartsUsed or as sparePartsText, not both.',
        path: ['sparePartsText'],
      });
    for (const error of parseSpareParts(value.sparePartsText).errors)
      ctx.addIssue({ code: 'custom', message: error.message, path: ['sparePartsText'] });
  })
  .transform(({ sparePartsText, ...work }) =>
    sparePartsText === undefined
      ? work
      : {
          ...work,
          // The fields of a part the work record takes: its output is parsed again by the service.
          sparePartsUsed: parseSpareParts(sparePartsText).parts.map(
            ({ name, quantity, description, unitCost }) => ({ name, quantity, description, unitCost }),
          ),
        },
  );
export type RecordWorkRequest = z.input<typeof recordWorkSchema>;
export type WorkRecord = z.output<typeof recordWorkSchema>;

/** The priority a reported fault's task gets from its severity. */
export const PRIORITY_OF_SEVERITY: Record<IssueSeverity, TaskPriority> = {
  Low: 'Low',
  Medium: 'Medium',
  High: 'High',
  Critical: 'Urgent',
};

/**
 * Report Issue. `reportedBy` is what the form shows (the signed-in person's name) and is
 * ignored: the reporter is always who is signed in.
 */
export const reportIssueSchema = z.strictObject(
  {
    equipment: equipmentId,
    title: requiredText('Title', 200),
    description: requiredText('Description', 4000),
    severity: z
      .enum(ISSUE_SEVERITIES, { error: `Severity must be one of ${ISSUE_SEVERITIES.join(', ')}.` })
      .default(DEFAULT_ISSUE_SEVERITY),
    location: optionalText('Location', 120),
    reportedBy: z.string().max(200).optional(),
  },
  { error: unknownFields('equipment, title, description, severity, location and reportedBy') },
);
export type ReportIssueRequest = z.input<typeof reportIssueSchema>;
export type IssueReport = z.output<typeof reportIssueSchema>;

/**
 * One task of a device's maintenance history, as anyone signed in reads it in the device's
 * details (a Technician included, whoever the task was assigned to): what was wrong, what was
 * done, by whom, and whether an engineer certified it. The technician's notes, labour hours and
 * part costs are not part of it: they stay with the task and its own rules.
 */
const deviceHistoryTask = taskDtoSchema
  .pick({
    _id: true,
    title: true,
    taskType: true,
    pmType: true,
    status: true,
    priority: true,
    dueDate: true,
    createdAt: true,
    completedDate: true,
    assignedTo: true,
    reportedBy: true,
    faultDescription: true,
    repairDetails: true,
    certified: true,
    certificationEngineer: true,
    certifiedAt: true,
  })
  .extend({
    spareParts: z.array(sparePartDtoSchema.pick({ name: true, quantity: true, description: true })),
  });
/** The pump's repair, as its maintenance history shows it. */
const deviceHistoryTaskExample = deviceHistoryTask.parse(taskExample);
export const deviceHistoryTaskSchema = deviceHistoryTask.meta({
  id: 'DeviceHistoryTask',
  examples: [deviceHistoryTaskExample],
});
export type DeviceHistoryTask = z.output<typeof deviceHistoryTaskSchema>;

/** `GET /equipment/{id}/maintenance`: one page of the device's tasks, newest first. */
export const deviceHistoryPageSchema = z
  .object({
    tasks: z.array(deviceHistoryTaskSchema),
    ...pageFields,
  })
  .meta({
    id: 'DeviceHistoryPage',
    examples: [
      { tasks: [deviceHistoryTaskExample], total: 1, page: 1, pages: 1, limit: PAGE_SIZES.deviceMaintenance },
    ],
  });
export type DeviceHistoryPage = z.output<typeof deviceHistoryPageSchema>;

export const MAX_DEVICE_HISTORY_PAGE_SIZE = 50;
export const deviceHistoryQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PAGE_SIZES.deviceMaintenance, MAX_DEVICE_HISTORY_PAGE_SIZE),
});
export type DeviceHistoryQuery = z.output<typeof deviceHistoryQuerySchema>;

/** The answer to a create or Report Issue: the task in a field named `task`. */
export const taskCreatedResponseSchema = z
  .object({ task: taskDtoSchema })
  .meta({ id: 'TaskCreated', examples: [{ task: taskExample }] });
export type TaskCreatedResponse = z.output<typeof taskCreatedResponseSchema>;

/** The answer to a delete: the id of the task removed. */
export const taskDeletedResponseSchema = z
  .object({ _id: z.string() })
  .meta({ id: 'TaskDeleted', examples: [{ _id: taskExample._id }] });
export type TaskDeletedResponse = z.output<typeof taskDeletedResponseSchema>;

/**
 * A person as the roster has them now, for a service acting later on their behalf; null: not on
 * the roster. `email` is their roster address and `emailConfirmed` whether they proved it is
 * theirs: the reports service mails a report to that address only when it is confirmed (any other
 * address only at the allowed domains). A previous identity release leaves `emailConfirmed` out,
 * which reads as not confirmed.
 */
export interface StaffStanding {
  person: (AssigneeDto & { isActive: boolean; email: string | null; emailConfirmed?: boolean }) | null;
}

/**
 * `GET /users/preapproved/technicians`: `approved=true` (the default) lists who may receive
 * tasks; `approved=any` (the Tasks page's technician filter) also lists active people who may
 * not, because old tasks stay assigned to them. At most `limit` (200) people, by name.
 */
export const assigneeQuerySchema = z.object({
  approved: z
    .union([z.literal('true'), z.literal('any')], { error: 'approved must be true or any.' })
    .default('true'),
  limit: limitParam(TECHNICIAN_LIST_LIMIT, TECHNICIAN_LIST_LIMIT),
  q: searchParam(),
});
export type AssigneeQuery = z.output<typeof assigneeQuerySchema>;

/** Task live events: the task as it is now (or its id when deleted) and who it concerns. */
export interface TaskChangedEvent {
  task: TaskDto;
  /** Whoever the task was assigned to before this change, when that changed. */
  previousAssigneeId?: string | null;
}
/** What a Technician's sockets receive when a task is reassigned away from them: its id alone. */
export interface TaskWithdrawnEvent {
  _id: string;
}
export interface TaskDeletedEvent {
  _id: string;
  assigneeId: string | null;
  /** Who reported it (Report Issue), so the reporter's list drops it too. */
  reporterId?: string | null;
}

/**
 * What maintenance asks the equipment service to apply for a task, exactly once per task and
 * kind (a relay retries until equipment confirms):
 * - `reported`: a fault was reported; the device is taken out of use (Unserviceable);
 * - `certified`: an engineer certified completed work; the device is back in service.
 * A device that is Decommissioned or Auctioned is never moved by a task.
 */
export const TASK_EFFECT_KINDS = ['reported', 'certified'] as const;
export type TaskEffectKind = (typeof TASK_EFFECT_KINDS)[number];

export interface TaskEffect {
  taskId: string;
  kind: TaskEffectKind;
  equipmentId: string;
  taskTitle: string;
  /**
   * For `certified`: whether the device may go back to service. False while other corrective
   * work on it (a Repair task neither certified nor cancelled) is still open: one certified repair
   * does not put a ventilator with another open fault back at a bedside.
   */
  returnToService: boolean;
}

export interface TaskEffectResult {
  /** False when this task's effect of this kind had been applied before (a retry). */
  applied: boolean;
  /** The device's status afterwards (null when the device is no longer in the inventory). */
  status: string | null;
}
