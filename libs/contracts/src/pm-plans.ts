import { z } from 'zod';
import { userRefSchema } from './equipment';
import { dateField } from './dates';
import { equipmentId, requiredText, text, unknownFields, userId, version } from './form-fields';
import { ID_PATTERN } from './ids';
import { PAGE_SIZES } from './limits';
import { limitParam, pageFields, pageParam } from './paging';
import { EXAMPLE_ENGINEER, EXAMPLE_TECHNICIAN } from './examples';
import { taskDtoSchema, taskEquipmentRefSchema, taskExample, ventilatorSnapshotExample } from './task-api';
import { PM_INTERVALS, PM_TYPES, TASK_PRIORITIES } from './tasks';

/**
 * Why a device is maintained on its schedule, as an accreditation survey asks: the manufacturer's
 * recommendation, or an alternative equipment maintenance (AEM) schedule, which needs its
 * justification written down.
 */
export const SCHEDULE_BASES = ['Manufacturer recommendation', 'Alternative maintenance schedule'] as const;
export type ScheduleBasis = (typeof SCHEDULE_BASES)[number];

/**
 * Equipment kept on the manufacturer's schedule whatever the evidence: CMS does not allow an
 * alternative maintenance schedule for imaging and radiologic equipment (nor for medical lasers
 * and new equipment without a maintenance history, which the inventory does not tell apart).
 */
export const MANUFACTURER_SCHEDULE_ONLY: readonly string[] = ['X-Ray', 'Ultrasound'];

/** A PM date: a real calendar date within this century (a typo such as 2206 is refused, not stored). */
const pmDate = (what: string) => dateField(`The ${what}`, { from: '2000-01-01', to: '2099-12-31' });

/** The examples' ventilator on a quarterly plan: its first two occurrences are created. */
export const pmPlanExample = {
  _id: '9e4c2a71-3b5d-4f8e-a1c6-7d2b0e9f4a13',
  equipment: ventilatorSnapshotExample,
  title: 'Quarterly ventilator preventive maintenance',
  description: 'Replace the inlet filters, check the flow sensor and run the self-test.',
  pmType: 'Filter Replacement',
  interval: 'Quarterly',
  estimatedHours: 1.5,
  assignedTo: EXAMPLE_TECHNICIAN,
  priority: 'High',
  firstDueDate: '2026-01-15',
  anchorDate: '2026-01-15',
  anchorOccurrence: 0,
  nextOccurrence: 2,
  nextDueDate: '2026-07-15',
  retiredAt: null,
  scheduleBasis: 'Manufacturer recommendation',
  justification: null,
  active: true,
  createdAt: '2026-01-05T10:22:07.415Z',
  createdBy: EXAMPLE_ENGINEER,
  version: 1,
} as const;

/** The plan's first occurrence: a Preventive task due on the plan's first due date. */
export const pmFirstOccurrenceExample = {
  ...taskExample,
  _id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6',
  title: pmPlanExample.title,
  description: pmPlanExample.description,
  taskType: 'Preventive',
  pmType: pmPlanExample.pmType,
  pmInterval: pmPlanExample.interval,
  priority: pmPlanExample.priority,
  assignedTo: pmPlanExample.assignedTo,
  equipment: pmPlanExample.equipment,
  dueDate: pmPlanExample.firstDueDate,
  status: 'Pending',
  createdAt: pmPlanExample.createdAt,
  updatedAt: pmPlanExample.createdAt,
  createdBy: pmPlanExample.createdBy,
  updatedBy: pmPlanExample.createdBy,
  completedDate: null,
  needsCertification: false,
  faultDescription: null,
  repairDetails: null,
  spareParts: [],
  labourHours: null,
  plan: { _id: pmPlanExample._id, occurrence: 0 },
  version: 1,
} as const;

/** A PM plan: recurring preventive work on one device. Its occurrences are Preventive tasks. */
export const pmPlanDtoSchema = z
  .object({
    _id: z.string(),
    equipment: taskEquipmentRefSchema,
    title: z.string(),
    description: z.string(),
    pmType: z.enum(PM_TYPES),
    interval: z.enum(PM_INTERVALS),
    estimatedHours: z.number().nullable(),
    assignedTo: userRefSchema.nullable(),
    priority: z.enum(TASK_PRIORITIES),
    firstDueDate: z.string().describe('When the first occurrence falls due (YYYY-MM-DD).'),
    anchorDate: z
      .string()
      .describe(
        'The schedule after the last change of interval or due date: occurrence `anchorOccurrence` falls due on `anchorDate` (YYYY-MM-DD), and each later one an interval after it.',
      ),
    anchorOccurrence: z.number().int(),
    nextOccurrence: z.number().int().describe('The number of the next occurrence not created yet.'),
    nextDueDate: z.string().describe('The due date of the next occurrence not created yet (YYYY-MM-DD).'),
    retiredAt: z
      .string()
      .nullable()
      .describe('When it was retired (no more occurrences), or null while active.'),
    scheduleBasis: z.enum(SCHEDULE_BASES),
    justification: z.string().nullable(),
    active: z.boolean(),
    createdAt: z.string(),
    createdBy: userRefSchema.nullable(),
    version: z
      .number()
      .int()
      .describe('Optimistic lock: send it back with a change to refuse overwriting a newer one.'),
  })
  .meta({ id: 'PmPlan', examples: [pmPlanExample] });
export type PmPlanDto = z.output<typeof pmPlanDtoSchema>;

/** The answer to scheduling: the plan and its first occurrence. */
export const pmPlanCreatedResponseSchema = z.object({ plan: pmPlanDtoSchema, task: taskDtoSchema }).meta({
  id: 'PmPlanCreated',
  // As scheduled: only the first occurrence is created.
  examples: [
    {
      plan: { ...pmPlanExample, nextOccurrence: 1, nextDueDate: '2026-04-15' },
      task: pmFirstOccurrenceExample,
    },
  ],
});
export type PmPlanCreatedResponse = z.output<typeof pmPlanCreatedResponseSchema>;

/**
 * Both schedule forms (the Maintenance page's modal and `/schedule-preventive`) create a plan
 * with this body; the schedule page's frequencies are mapped to intervals first
 * (`INTERVAL_OF_SCHEDULE_FREQUENCY`), and its `duration` is `estimatedHours`.
 */
export const createPmPlanSchema = z
  .strictObject(
    {
      equipmentId,
      title: requiredText('Title', 200),
      description: text('Description', 4000).default(''),
      pmType: z.enum(PM_TYPES, { error: `PM type must be one of ${PM_TYPES.join(', ')}.` }),
      interval: z.enum(PM_INTERVALS, { error: `Interval must be one of ${PM_INTERVALS.join(', ')}.` }),
      estimatedHours: z
        .number({ error: 'Duration must be a number of hours.' })
        .min(0, { error: 'Duration cannot be negative.' })
        .max(1000, { error: 'Duration must be at most 1000 hours.' })
        .refine((hours) => Number.isInteger(hours * 2), { error: 'Duration goes in steps of 0.5 hours.' })
        .nullish()
        .transform((hours) => hours ?? null),
      assignedTo: userId('Assign To'),
      priority: z
        .enum(TASK_PRIORITIES, { error: `Priority must be one of ${TASK_PRIORITIES.join(', ')}.` })
        .default('Medium'),
      firstDueDate: pmDate('scheduled date'),
      scheduleBasis: z
        .enum(SCHEDULE_BASES, { error: `The schedule basis must be one of ${SCHEDULE_BASES.join(', ')}.` })
        .default('Manufacturer recommendation'),
      justification: text('Justification', 2000)
        .nullish()
        .transform((value) => value || null),
    },
    {
      error: unknownFields(
        'equipmentId, title, description, pmType, interval, estimatedHours, assignedTo, priority, firstDueDate, scheduleBasis and justification',
      ),
    },
  )
  .refine((plan) => plan.scheduleBasis !== 'Alternative maintenance schedule' || plan.justification, {
    error: 'An alternative maintenance schedule needs its justification.',
    path: ['justification'],
  });
export type CreatePmPlanRequest = z.input<typeof createPmPlanSchema>;
export type NewPmPlan = z.output<typeof createPmPlanSchema>;

const basisFields = {
  scheduleBasis: z.enum(SCHEDULE_BASES, {
    error: `The schedule basis must be one of ${SCHEDULE_BASES.join(', ')}.`,
  }),
  justification: text('Justification', 2000)
    .nullish()
    .transform((value) => value || null),
};

/**
 * A plan's change (Engineer and Admin). It shapes the occurrences created after it; those already
 * created, finished or not, stay as they are (each can be edited as a task). A new interval or
 * `nextDueDate` re-anchors the schedule at the next occurrence not created yet.
 */
export const updatePmPlanSchema = z
  .strictObject(
    {
      title: requiredText('Title', 200).optional(),
      description: text('Description', 4000).optional(),
      pmType: z.enum(PM_TYPES, { error: `PM type must be one of ${PM_TYPES.join(', ')}.` }).optional(),
      interval: z
        .enum(PM_INTERVALS, { error: `Interval must be one of ${PM_INTERVALS.join(', ')}.` })
        .optional(),
      estimatedHours: createPmPlanSchema.shape.estimatedHours.optional(),
      assignedTo: userId('Assign To').optional(),
      priority: z
        .enum(TASK_PRIORITIES, { error: `Priority must be one of ${TASK_PRIORITIES.join(', ')}.` })
        .optional(),
      nextDueDate: pmDate('next due date').optional(),
      scheduleBasis: basisFields.scheduleBasis.optional(),
      justification: basisFields.justification.optional(),
      version,
    },
    {
      error: unknownFields(
        'title, description, pmType, interval, estimatedHours, assignedTo, priority, nextDueDate, scheduleBasis, justification and version',
      ),
    },
  )
  .refine((value) => Object.keys(value).some((key) => key !== 'version'), {
    error: 'Send at least one field to change.',
  });
export type UpdatePmPlanRequest = z.input<typeof updatePmPlanSchema>;
export type PmPlanChanges = z.output<typeof updatePmPlanSchema>;

/** Retiring ends a plan: no more occurrences; why is recorded. */
export const retirePmPlanSchema = z.strictObject(
  { reason: requiredText('Reason', 500), version },
  { error: unknownFields('reason and version') },
);
export type RetirePmPlanRequest = z.input<typeof retirePmPlanSchema>;

export const listPmPlansQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PAGE_SIZES.tasks, 100),
  equipment: z
    .string()
    .trim()
    .max(64)
    .default('')
    .refine((value) => value === '' || ID_PATTERN.test(value), {
      error: 'equipment must be an id from the list.',
    }),
  /** `active` (the default), `retired` or `all`. */
  state: z
    .enum(['active', 'retired', 'all'], { error: 'state must be active, retired or all.' })
    .default('active'),
});
export type ListPmPlansQuery = z.output<typeof listPmPlansQuerySchema>;

export const pmPlanListResponseSchema = z
  .object({
    plans: z.array(pmPlanDtoSchema),
    ...pageFields,
  })
  .meta({
    id: 'PmPlanPage',
    examples: [{ plans: [pmPlanExample], total: 1, page: 1, pages: 1, limit: PAGE_SIZES.tasks }],
  });
export type PmPlanListResponse = z.output<typeof pmPlanListResponseSchema>;
