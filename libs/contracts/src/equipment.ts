import type { Principal } from './trust';
import { z } from 'zod';
import { PAGE_SIZES } from './limits';
import { limitParam, pageFields, pageParam, searchParam } from './paging';
import { departmentSchema } from './departments';
import { hasFullAccess } from './roles';
import { dateField, optionalDateField } from './dates';
import { optionalUdiField, readUdi } from './udi';
import { riskAssessmentDtoSchema, riskAssessmentExample, type RiskClass } from './risk';
import { EXAMPLE_ENGINEER } from './examples';

/** Equipment status values. */
export const EQUIPMENT_STATUSES = [
  'Serviceable',
  'Under Maintenance',
  'Unserviceable',
  'Decommissioned',
  'Auctioned',
] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

/** Statuses that take a device out of service for good: only Engineers and Admins set them. */
export const RETIRED_STATUSES: readonly EquipmentStatus[] = ['Decommissioned', 'Auctioned'];

/**
 * What the status badge, the status-change message and the history say: the inventory has always
 * shown Under Maintenance as 'Unserviceable' (the device is out of use either way). The badge's
 * colour still tells them apart, so it follows the status, never this text.
 */
export function equipmentStatusLabel(status: string): string {
  return status === 'Under Maintenance' ? 'Unserviceable' : status;
}

/**
 * Who may move an item from one status to another, for the equipment service (which enforces it)
 * and the details dialog (which offers only what is allowed). Answers the refusal, or null.
 * - Decommissioned and Auctioned retire a device for good: setting them, and bringing a device
 *   back from them, are for Engineers and Admins.
 * - Returning a device to Serviceable from any other status puts it back at a patient's side, so
 *   an Engineer or Admin must have checked it; anyone may report a device Unserviceable or Under
 *   Maintenance. A new item may be added as Serviceable by anyone: it has no earlier status.
 */
export function statusChangeRefusal(
  role: string | null | undefined,
  from: EquipmentStatus | null,
  to: EquipmentStatus,
): string | null {
  if (from === to || hasFullAccess(role)) return null;
  if (RETIRED_STATUSES.includes(to)) return `Only Engineers and Admins may set the status ${to}.`;
  if (from && RETIRED_STATUSES.includes(from))
    return `Only Engineers and Admins may bring back equipment that is ${from}.`;
  if (from && to === 'Serviceable')
    return 'Only Engineers and Admins may return equipment to service: an engineer checks it first.';
  return null;
}

/** A person as a record names them: who added, changed or assessed it. */
export const userRefSchema = z
  .object({ _id: z.string(), name: z.string() })
  .meta({ id: 'UserRef', examples: [EXAMPLE_ENGINEER] });
export type UserRef = z.output<typeof userRefSchema>;

/** The examples' infusion pump in the ICU, as the inventory answers it. */
export const equipmentExample = {
  _id: '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b',
  name: 'Infusion Pump',
  manufacturer: 'B. Braun',
  model: 'Infusomat Space',
  serialNumber: 'BBR-448812',
  department: 'ICU',
  location: 'Bed 4',
  installationDate: '2023-05-12',
  warrantyExpiry: '2026-05-12',
  status: 'Serviceable',
  category: 'Infusion Pump',
  udi: null,
  gtin: null,
  lotNumber: null,
  expiryDate: null,
  manufactureDate: null,
  createdAt: '2026-01-08T09:14:03.120Z',
  updatedAt: '2026-03-02T15:40:11.508Z',
  createdBy: EXAMPLE_ENGINEER,
  updatedBy: EXAMPLE_ENGINEER,
  version: 3,
  risk: riskAssessmentExample,
  openRecallActions: 0,
} as const;

/** One item of the inventory as every call answers it. Dates are `YYYY-MM-DD`. */
export const equipmentDtoSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    manufacturer: z.string(),
    model: z.string(),
    serialNumber: z.string(),
    department: z.string(),
    location: z.string(),
    installationDate: z.string().describe('YYYY-MM-DD'),
    warrantyExpiry: z.string().nullable().describe('YYYY-MM-DD'),
    status: z.enum(EQUIPMENT_STATUSES),
    category: z.string(),
    udi: z
      .string()
      .nullable()
      .describe(
        "The device's GS1 UDI in its human-readable form. GTIN, lot and dates are read from it (never sent on their own), so they always agree with it; its serial (21) is the device's serial.",
      ),
    gtin: z.string().nullable(),
    lotNumber: z.string().nullable(),
    expiryDate: z.string().nullable(),
    manufactureDate: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: userRefSchema.nullable(),
    updatedBy: userRefSchema.nullable(),
    version: z
      .number()
      .int()
      .describe('Optimistic lock: send it back with an update to refuse overwriting a newer change.'),
    risk: riskAssessmentDtoSchema
      .nullable()
      .describe('The Fennigkoh–Smith assessment, or null while nobody has assessed the item.'),
    openRecallActions: z
      .number()
      .int()
      .describe("Recall actions on this device still open (its card's Recall badge)."),
  })
  .meta({ id: 'Equipment', examples: [equipmentExample] });
export type EquipmentDto = z.output<typeof equipmentDtoSchema>;

/** The pump's return to service after its repair. */
export const statusChangeExample = {
  from: 'Under Maintenance',
  to: 'Serviceable',
  at: equipmentExample.updatedAt,
  by: EXAMPLE_ENGINEER,
  reason: 'Pressure sensor replaced; the occlusion alarm sounds at 450 mmHg.',
  taskId: null,
} as const;

export const statusHistoryEntrySchema = z
  .object({
    from: z.enum(EQUIPMENT_STATUSES).nullable(),
    to: z.enum(EQUIPMENT_STATUSES),
    at: z.string(),
    by: userRefSchema.nullable(),
    reason: z.string().nullable(),
    taskId: z.string().nullable(),
  })
  .meta({ id: 'StatusChange', examples: [statusChangeExample] });
export type StatusHistoryEntry = z.output<typeof statusHistoryEntrySchema>;

/**
 * An item with the newest page of its status history. The history of a long-lived device grows
 * without bound, so no answer carries all of it: older changes come from the history call.
 */
export const equipmentDetailSchema = equipmentDtoSchema
  .extend({
    statusHistory: z.array(statusHistoryEntrySchema).describe('The newest status changes, newest first.'),
    statusHistoryTotal: z.number().int().describe('How many status changes the item has in all.'),
  })
  .meta({
    id: 'EquipmentDetail',
    examples: [{ ...equipmentExample, statusHistory: [statusChangeExample], statusHistoryTotal: 1 }],
  });
export type EquipmentDetail = z.output<typeof equipmentDetailSchema>;

export const MAX_STATUS_HISTORY_PAGE_SIZE = 100;

/** One page of an item's status history, newest first. */
export const statusHistoryQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PAGE_SIZES.statusHistory, MAX_STATUS_HISTORY_PAGE_SIZE),
});
export type StatusHistoryQuery = z.output<typeof statusHistoryQuerySchema>;

/** One page of an item's status history, newest first. */
export const statusHistoryPageSchema = z
  .object({ entries: z.array(statusHistoryEntrySchema), ...pageFields })
  .meta({
    id: 'StatusHistoryPage',
    examples: [
      { entries: [statusChangeExample], total: 1, page: 1, pages: 1, limit: PAGE_SIZES.statusHistory },
    ],
  });
export type StatusHistoryPage = z.output<typeof statusHistoryPageSchema>;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must have at most ${max} characters.` });

const statusSchema = z.enum(EQUIPMENT_STATUSES, {
  error: `Status must be one of ${EQUIPMENT_STATUSES.join(', ')}.`,
});
/**
 * A category as a request carries it. The categories are the hospital's own list (`lists.ts`): the
 * equipment service checks the name against it.
 */
const categorySchema = z
  .string({ error: 'Category is required.' })
  .trim()
  .min(1, { error: 'Category is required.', abort: true })
  .max(100, { error: 'Category must have at most 100 characters.' });

/** The longest serial number a device may have (an analyser file's longer serials match none). */
export const SERIAL_NUMBER_MAX = 64;

/** The most serial numbers one `equipment.by-serials` call looks up (an analyser file's rows). */
export const SERIALS_LOOKED_UP_MAX = 1000;

/** The `equipment.by-serials` request: serial numbers matched exactly, in any case. */
export const bySerialsSchema = z.strictObject({
  serialNumbers: z.array(z.string().max(SERIAL_NUMBER_MAX)).max(SERIALS_LOOKED_UP_MAX),
});

const equipmentFields = {
  name: requiredText('Name', 120),
  manufacturer: requiredText('Manufacturer', 120),
  model: requiredText('Model', 120),
  serialNumber: requiredText('Serial number', SERIAL_NUMBER_MAX),
  department: departmentSchema,
  location: requiredText('Location', 120),
  installationDate: dateField('Installation date'),
  warrantyExpiry: optionalDateField('Warranty expiry'),
  status: statusSchema,
  category: categorySchema,
  udi: optionalUdiField,
};

const unknownFields = (allowed: string) => (issue: { code: string }) =>
  issue.code === 'unrecognized_keys' ? `Only ${allowed} may be sent.` : undefined;

const warrantyAfterInstallation = (value: { installationDate?: string; warrantyExpiry?: string | null }) =>
  !value.installationDate || !value.warrantyExpiry || value.warrantyExpiry >= value.installationDate;
const WARRANTY_MESSAGE = 'Warranty expiry cannot be before the installation date.';

const EQUIPMENT_FIELD_NAMES = Object.keys(equipmentFields).join(', ');

/**
 * Why a UDI and a serial number cannot both be the device's, or null: a UDI that carries a serial
 * (AI 21) names one device, so the inventory's serial number must be that serial.
 */
export function udiSerialRefusal(
  udi: string | null | undefined,
  serialNumber: string | undefined,
): string | null {
  if (!udi || serialNumber === undefined) return null;
  const reading = readUdi(udi);
  if (!reading.ok || reading.parts.serialNumber === null) return null;
  return reading.parts.serialNumber.toLowerCase() === serialNumber.trim().toLowerCase()
    ? null
    : `The serial number ${serialNumber.trim()} is not the UDI's serial (21) ${reading.parts.serialNumber}.`;
}

export const createEquipmentSchema = z
  .strictObject(equipmentFields, { error: unknownFields(`the equipment fields (${EQUIPMENT_FIELD_NAMES})`) })
  .refine(warrantyAfterInstallation, { error: WARRANTY_MESSAGE, path: ['warrantyExpiry'] })
  .superRefine((value, context) => {
    const refusal = udiSerialRefusal(value.udi, value.serialNumber);
    if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['serialNumber'] });
  });
export type CreateEquipmentRequest = z.input<typeof createEquipmentSchema>;
export type NewEquipment = z.output<typeof createEquipmentSchema>;

/**
 * An update sends the fields it changes (at least one), and may send the `version` it read:
 * then a newer change made meanwhile is refused with 409 instead of being overwritten.
 */
export const updateEquipmentSchema = z
  .strictObject(
    {
      ...Object.fromEntries(Object.entries(equipmentFields).map(([key, schema]) => [key, schema.optional()])),
      version: z.number().int().positive().optional(),
    } as { [K in keyof typeof equipmentFields]: z.ZodOptional<(typeof equipmentFields)[K]> } & {
      version: z.ZodOptional<z.ZodNumber>;
    },
    { error: unknownFields(`the equipment fields (${EQUIPMENT_FIELD_NAMES}) and version`) },
  )
  .refine((value) => Object.keys(value).some((key) => key !== 'version'), {
    error: 'Send at least one field to change.',
  });
export type UpdateEquipmentRequest = z.input<typeof updateEquipmentSchema>;
export type EquipmentChanges = z.output<typeof updateEquipmentSchema>;

/**
 * A status change may carry the `version` the screen read, like a field update: a screen showing
 * an older state cannot overwrite a newer status (409).
 */
export const changeEquipmentStatusSchema = z.strictObject(
  {
    status: statusSchema,
    reason: z.string().trim().max(500, { error: 'Reason must have at most 500 characters.' }).optional(),
    version: z.number({ error: 'version must be a number.' }).int().positive().optional(),
  },
  { error: unknownFields('status, reason and version') },
);
export type ChangeEquipmentStatusRequest = z.input<typeof changeEquipmentStatusSchema>;

export const EQUIPMENT_SORTS = [
  'name',
  'serialNumber',
  'installationDate',
  'createdAt',
  'updatedAt',
] as const;
export type EquipmentSort = (typeof EQUIPMENT_SORTS)[number];
export const MAX_EQUIPMENT_PAGE_SIZE = 100;

/**
 * The list's risk class filter: a class, or the items nobody has assessed yet. Spelled out here
 * rather than built from RISK_CLASSES (see the type import above); risk.spec.ts checks they agree.
 */
export const RISK_CLASS_FILTERS = ['High', 'Medium', 'Low', 'unassessed'] as const satisfies readonly (
  RiskClass | 'unassessed'
)[];
export type RiskClassFilter = (typeof RISK_CLASS_FILTERS)[number];
/** `unplanned`: in the PM program (EM number at the threshold or above) and without an active PM plan. */
export const PM_PROGRAM_FILTERS = ['unplanned'] as const;
export type PmProgramFilter = (typeof PM_PROGRAM_FILTERS)[number];
/** `open`: a device with a recall action still open. */
export const RECALL_FILTERS = ['open'] as const;
export type RecallFilter = (typeof RECALL_FILTERS)[number];

/** Query parameters of the inventory list; empty strings mean "no filter" (the 'All …' options). */
export const listEquipmentQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PAGE_SIZES.equipment, MAX_EQUIPMENT_PAGE_SIZE),
  q: searchParam(),
  /** A department name; a former name (a bookmarked 'Radiology') finds the department it became. */
  department: z.string().trim().max(100).default(''),
  status: z.union([z.literal(''), statusSchema]).default(''),
  category: z.string().trim().max(100).default(''),
  riskClass: z
    .union([z.literal(''), z.enum(RISK_CLASS_FILTERS)], {
      error: `riskClass must be one of ${RISK_CLASS_FILTERS.join(', ')}.`,
    })
    .default(''),
  pmProgram: z
    .union([z.literal(''), z.enum(PM_PROGRAM_FILTERS)], { error: 'pmProgram must be unplanned or empty.' })
    .default(''),
  /** `open`: devices with a recall action still open. */
  recall: z
    .union([z.literal(''), z.enum(RECALL_FILTERS)], { error: 'recall must be open or empty.' })
    .default(''),
  sort: z
    .string()
    .default('name')
    .refine((value) => (EQUIPMENT_SORTS as readonly string[]).includes(value.replace(/^-/, '')), {
      error: `sort must be one of ${EQUIPMENT_SORTS.join(', ')}, with - in front for descending.`,
    }),
});
export type ListEquipmentQuery = z.output<typeof listEquipmentQuerySchema>;

/** The list's filters without its paging and order: what an export or a sheet of labels covers. */
export const equipmentFiltersSchema = listEquipmentQuerySchema.pick({
  q: true,
  department: true,
  status: true,
  category: true,
  riskClass: true,
  pmProgram: true,
  recall: true,
});
export type EquipmentFilters = z.output<typeof equipmentFiltersSchema>;

export const equipmentFilterOptionsSchema = z.object({
  departments: z.array(z.string()),
  statuses: z.array(z.enum(EQUIPMENT_STATUSES)),
  categories: z.array(z.string()),
});
export type EquipmentFilterOptions = z.output<typeof equipmentFilterOptionsSchema>;

export const equipmentListResponseSchema = z
  .object({
    equipment: z.array(equipmentDtoSchema),
    ...pageFields,
    filters: equipmentFilterOptionsSchema.describe(
      'The values present in the inventory, for the filter selects.',
    ),
  })
  .meta({
    id: 'EquipmentPage',
    examples: [
      {
        equipment: [equipmentExample],
        total: 1,
        page: 1,
        pages: 1,
        limit: PAGE_SIZES.equipment,
        filters: {
          departments: [equipmentExample.department],
          statuses: [equipmentExample.status],
          categories: [equipmentExample.category],
        },
      },
    ],
  });
export type EquipmentListResponse = z.output<typeof equipmentListResponseSchema>;

/**
 * Who acts, as a service learns it from the signed statement of the message (never from its
 * payload): the person, and the principal that vouched for them (the gateway for a signed-in
 * person, a service acting later on someone's behalf).
 */
export interface Actor {
  _id: string;
  name: string;
  role: string;
  serviceNumber: string;
  via: Principal;
  /** Clinical staff only: the ward they work in (`ActingUser.ward`). */
  ward?: string;
}

/** Payload of the equipment live events (`equipment:created`, `:updated`, `:statusChanged`, `:deleted`). */
export interface EquipmentChangedEvent {
  equipment: EquipmentDto;
}
export interface EquipmentStatusChangedEvent {
  equipment: EquipmentDto;
  from: EquipmentStatus;
  to: EquipmentStatus;
}
export interface EquipmentDeletedEvent {
  _id: string;
}
