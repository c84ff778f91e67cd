import { z } from 'zod';
import { amountField } from './amounts';
import { addDays, addYears, dateField, daysBetween } from './dates';
import { ID_PATTERN } from './ids';
import { limitParam, pageFields, pageParam, searchParam } from './paging';
import { roleIs, type Role } from './roles';
import { lineField, notesField } from './text-fields';

/*
 * Service contracts: what the hospital pays a vendor each year to maintain some of its devices,
 * and what it gets for it. A contract covers the devices it names, every device of the models it
 * names, and every device of a department (any of the three, together), from its first day to its
 * last. Its annual cost is a cost, read by Engineers, Managers and Admins, who keep the contracts;
 * the cover itself (who to call, how fast they come, until when) is for everyone at a failed
 * device, and is answered apart (`deviceCoverSchema`), without the cost.
 *
 * Amounts are in the hospital currency. A contract's cost is spread evenly over the days of each
 * contract year (from its start date, year by year), so a period's share is what its days accrued
 * (`contractShare`): the shares of two periods that meet add up to the share of both to the cent,
 * and a whole contract year costs exactly its annual cost.
 */

export const CONTRACT_KINDS = ['full-service', 'pm-only', 'parts', 'time-and-materials'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const CONTRACT_KIND_LABELS: Readonly<Record<ContractKind, string>> = {
  'full-service': 'Full service',
  'pm-only': 'PM only',
  parts: 'Parts',
  'time-and-materials': 'Time and materials',
};

/** Those who record and change contracts (the same people read their costs). */
export const CONTRACT_KEEPER_ROLES: readonly Role[] = ['Engineer', 'Manager', 'Admin'];

export function keepsContracts(role: string | null | undefined): boolean {
  return CONTRACT_KEEPER_ROLES.some((keeper) => roleIs(role, keeper));
}

/**
 * Bounds of one contract: a term of at most ten years (a longer one is renewed, not typed), what
 * it names, and each text field. The highest annual cost is a slip of the keyboard beyond it.
 */
export const CONTRACT_LIMITS = {
  years: 10,
  devices: 2000,
  models: 50,
  reference: 60,
  manufacturer: 120,
  model: 120,
  notes: 1000,
  annualCost: 100_000_000,
  responseHours: 720,
} as const;

/** Days before its last day a contract is due for renewal: first notice, then the urgent one. */
export const RENEWAL_NOTICE_DAYS = [90, 30] as const;

export const CONTRACTS_PAGE_SIZE = 50;
export const CONTRACTS_PAGE_MAX = 100;

const modelSchema = z.object({ manufacturer: z.string(), model: z.string() });

const summaryExample = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  vendorId: '4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d',
  vendorName: 'Philips Healthcare',
  reference: 'PH-SC-2026-014',
  kind: 'full-service',
  startsOn: '2026-04-01',
  endsOn: '2029-03-31',
  annualCost: 18400,
  currency: 'GHS',
  responseHours: 8,
  pmIncluded: true,
  models: [{ manufacturer: 'Philips', model: 'HeartStart XL+' }],
  departmentId: null,
  departmentName: null,
  notes: 'Two PM visits a year; parts included except batteries.',
  renewal: null,
  createdAt: '2026-03-20T10:00:00.000Z',
  updatedAt: '2026-03-20T10:00:00.000Z',
  updatedByLabel: 'BME-1001',
  version: 1,
} as const;

const contractExample = {
  ...summaryExample,
  devices: [
    { id: '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b', name: 'IntelliVue MX450', serialNumber: 'DE12345678' },
  ],
} as const;

export const renewalSchema = z
  .enum(['due-90', 'due-30', 'ended'])
  .nullable()
  .describe(
    'Where the contract stands against its last day (the hospital’s date): `due-90` within 90 days, `due-30` within 30, `ended` past it; null otherwise.',
  );
export type Renewal = z.output<typeof renewalSchema>;

export const serviceContractSchema = z
  .object({
    id: z.string(),
    vendorId: z.string(),
    vendorName: z.string(),
    reference: z.string().describe('The contract number, as the vendor writes it.'),
    kind: z.enum(CONTRACT_KINDS),
    startsOn: z.string().describe('Its first day (YYYY-MM-DD).'),
    endsOn: z.string().describe('Its last day (YYYY-MM-DD).'),
    annualCost: z.number().describe('What a contract year costs, in the hospital currency.'),
    currency: z.string().nullable(),
    responseHours: z.number().int().nullable().describe('How soon the vendor must respond, in hours.'),
    pmIncluded: z.boolean().describe('Whether the vendor does the planned maintenance.'),
    devices: z
      .array(z.object({ id: z.string(), name: z.string(), serialNumber: z.string() }))
      .describe('The devices it names.'),
    models: z.array(modelSchema).describe('Every device of these models is covered.'),
    departmentId: z.string().nullable().describe('Every device of this department is covered.'),
    departmentName: z.string().nullable(),
    notes: z.string().nullable(),
    renewal: renewalSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedByLabel: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'ServiceContract', examples: [contractExample] });
export type ServiceContract = z.output<typeof serviceContractSchema>;

/** A contract in a list: without the devices it names (their count instead). */
export const serviceContractSummarySchema = serviceContractSchema
  .omit({ devices: true })
  .extend({ deviceCount: z.number().int() })
  .meta({
    id: 'ServiceContractSummary',
    examples: [{ ...summaryExample, deviceCount: 1 }],
  });
export type ServiceContractSummary = z.output<typeof serviceContractSummarySchema>;

export const serviceContractPageSchema = z
  .object({ rows: z.array(serviceContractSummarySchema), ...pageFields })
  .meta({
    id: 'ServiceContractPage',
    examples: [
      {
        rows: [{ ...summaryExample, deviceCount: 1 }],
        total: 1,
        page: 1,
        pages: 1,
        limit: CONTRACTS_PAGE_SIZE,
      },
    ],
  });
export type ServiceContractPage = z.output<typeof serviceContractPageSchema>;

export const CONTRACT_STATES = ['current', 'renewal-due', 'upcoming', 'ended', 'all'] as const;

export const serviceContractQuerySchema = z.strictObject(
  {
    q: searchParam(),
    vendorId: z.string().regex(ID_PATTERN, { error: 'vendorId must be a vendor id.' }).optional(),
    equipmentId: z.string().regex(ID_PATTERN, { error: 'equipmentId must be a device id.' }).optional(),
    state: z
      .enum(CONTRACT_STATES, { error: `state must be one of ${CONTRACT_STATES.join(', ')}.` })
      .default('current'),
    page: pageParam(),
    limit: limitParam(CONTRACTS_PAGE_SIZE, CONTRACTS_PAGE_MAX),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only q, vendorId, equipmentId, state, page and limit may be asked.'
        : undefined,
  },
);
export type ServiceContractQuery = z.output<typeof serviceContractQuerySchema>;

const idField = (label: string) =>
  z.string({ error: `${label} is required.` }).regex(ID_PATTERN, { error: `${label} must be an id.` });

const contractFields = {
  vendorId: idField('vendorId').transform((id) => id.toLowerCase()),
  reference: lineField('Contract number', CONTRACT_LIMITS.reference).refine((value) => value.length > 0, {
    error: 'Contract number is required.',
  }),
  kind: z.enum(CONTRACT_KINDS, { error: `kind must be one of ${CONTRACT_KINDS.join(', ')}.` }),
  startsOn: dateField('Start date', { example: '2026-04-01' }),
  endsOn: dateField('End date', { example: '2029-03-31' }),
  annualCost: amountField('Annual cost', CONTRACT_LIMITS.annualCost),
  responseHours: z
    .number({ error: 'Response time must be a number of hours.' })
    .int({ error: 'Response time must be a whole number of hours.' })
    .min(1, { error: 'Response time must be at least 1 hour.' })
    .max(CONTRACT_LIMITS.responseHours, {
      error: `Response time must be at most ${CONTRACT_LIMITS.responseHours} hours.`,
    })
    .nullish()
    .transform((value) => value ?? null),
  pmIncluded: z.boolean({ error: 'pmIncluded must be true or false.' }),
  equipmentIds: z
    .array(idField('Each device'), { error: 'equipmentIds must be a list.' })
    .max(CONTRACT_LIMITS.devices, {
      error: `A contract may name at most ${CONTRACT_LIMITS.devices} devices.`,
    })
    .default([])
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  models: z
    .array(
      z.strictObject({
        manufacturer: lineField('Manufacturer', CONTRACT_LIMITS.manufacturer).refine(
          (value) => value.length > 0,
          {
            error: 'Each model names its manufacturer.',
          },
        ),
        model: lineField('Model', CONTRACT_LIMITS.model).refine((value) => value.length > 0, {
          error: 'Each model names its model.',
        }),
      }),
      { error: 'models must be a list.' },
    )
    .max(CONTRACT_LIMITS.models, { error: `A contract may name at most ${CONTRACT_LIMITS.models} models.` })
    .default([])
    .transform((models) => {
      const seen = new Set<string>();
      return models.filter((entry) => {
        const key = `${entry.manufacturer.toLowerCase()}\u0000${entry.model.toLowerCase()}`;
        return seen.has(key) ? false : (seen.add(key), true);
      });
    }),
  departmentId: idField('departmentId')
    .nullish()
    .transform((value) => value?.toLowerCase() ?? null),
  notes: notesField('Notes', CONTRACT_LIMITS.notes)
    .nullish()
    .transform((value) => value || null),
};

type ContractFields = z.output<z.ZodObject<typeof contractFields>>;

/** The checks across fields: a term of a day to ten years, and something covered. */
function checkContract(contract: ContractFields, context: z.RefinementCtx): void {
  if (contract.endsOn < contract.startsOn)
    context.addIssue({
      code: 'custom',
      path: ['endsOn'],
      message: 'The end date cannot be before the start date.',
    });
  else if (contract.endsOn >= addYears(contract.startsOn, CONTRACT_LIMITS.years))
    context.addIssue({
      code: 'custom',
      path: ['endsOn'],
      message: `A contract runs at most ${CONTRACT_LIMITS.years} years: record a renewal as a new contract.`,
    });
  if (contract.equipmentIds.length === 0 && contract.models.length === 0 && !contract.departmentId)
    context.addIssue({
      code: 'custom',
      path: ['equipmentIds'],
      message: 'Name what the contract covers: devices, models or a department.',
    });
}

const FIELD_NAMES =
  'vendorId, reference, kind, startsOn, endsOn, annualCost, responseHours, pmIncluded, equipmentIds, models, departmentId and notes';

export const addServiceContractSchema = z
  .strictObject(contractFields, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Only ${FIELD_NAMES} may be sent.` : undefined),
  })
  .superRefine(checkContract);
export type AddServiceContractRequest = z.input<typeof addServiceContractSchema>;
export type NewServiceContract = z.output<typeof addServiceContractSchema>;

/** The whole contract as the form holds it, with the `version` read. */
export const updateServiceContractSchema = z
  .strictObject(
    { ...contractFields, version: z.number({ error: 'version is required.' }).int().positive() },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Only ${FIELD_NAMES} and version may be sent.` : undefined,
    },
  )
  .superRefine(checkContract);
export type UpdateServiceContractRequest = z.input<typeof updateServiceContractSchema>;
export type ServiceContractUpdate = z.output<typeof updateServiceContractSchema>;

/** One cover of a device, as anyone at the failed device reads it: no cost. */
export const coverSchema = z.object({
  source: z.enum(['warranty', 'contract']),
  kind: z.enum(CONTRACT_KINDS).nullable().describe('The contract’s kind; null for the warranty.'),
  until: z.string().describe('Its last day (YYYY-MM-DD).'),
  vendorName: z.string().nullable().describe('Who to call; for a warranty, the manufacturer.'),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  reference: z.string().nullable().describe('The contract number to quote.'),
  responseHours: z.number().int().nullable(),
  pmIncluded: z.boolean().nullable(),
});
export type Cover = z.output<typeof coverSchema>;

export const deviceCoverSchema = z
  .object({
    equipmentId: z.string(),
    covers: z
      .array(coverSchema)
      .describe('The warranty and the contracts covering the device today, the one ending last first.'),
  })
  .meta({
    id: 'DeviceCover',
    examples: [
      {
        equipmentId: '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b',
        covers: [
          {
            source: 'warranty',
            kind: null,
            until: '2027-03-12',
            vendorName: 'Philips',
            phone: null,
            email: null,
            reference: null,
            responseHours: null,
            pmIncluded: null,
          },
        ],
      },
    ],
  });
export type DeviceCover = z.output<typeof deviceCoverSchema>;

/** The most covers answered for one device: its warranty and the contracts ending last. */
export const MAX_COVERS = 20;

/**
 * Cents the contract accrued from its first day through `date` inclusive: each full contract year
 * its annual cost, and of the year `date` falls in the part its days make of that year's days,
 * rounded to the cent. Rounding only this running total makes every share a difference of two
 * totals, so shares of adjacent periods add up exactly.
 */
function accruedCents(
  contract: { startsOn: string; endsOn: string; annualCost: number },
  date: string,
): number {
  if (date < contract.startsOn) return 0;
  const through = date > contract.endsOn ? contract.endsOn : date;
  const annualCents = Math.round(contract.annualCost * 100);
  let years = 0;
  while (addYears(contract.startsOn, years + 1) <= through) years += 1;
  const yearStart = addYears(contract.startsOn, years);
  const yearDays = daysBetween(yearStart, addYears(contract.startsOn, years + 1));
  const elapsed = daysBetween(yearStart, through) + 1;
  return years * annualCents + Math.round((annualCents * elapsed) / yearDays);
}

/**
 * A contract's cost falling within `from`..`to` (YYYY-MM-DD, both inclusive), in the hospital
 * currency: nothing outside its term, its annual cost for a whole contract year.
 */
export function contractShare(
  contract: { startsOn: string; endsOn: string; annualCost: number },
  from: string,
  to: string,
): number {
  if (to < from) return 0;
  return (accruedCents(contract, to) - accruedCents(contract, addDays(from, -1))) / 100;
}

/** The dashboard's renewal figures: contracts in force whose last day is near (the 90 count the 30). */
export const contractRenewalFiguresSchema = z.object({
  within30: z.number().int().describe('Contracts ending within 30 days (the hospital’s today included).'),
  within90: z.number().int().describe('Contracts ending within 90 days, those within 30 among them.'),
});
export type ContractRenewalFigures = z.output<typeof contractRenewalFiguresSchema>;

/**
 * Where a contract stands on `today`: due for renewal within 90 or 30 days, ended, or neither (a
 * contract not started yet is not due, however short its term).
 */
export function renewalOf(contract: { startsOn: string; endsOn: string }, today: string): Renewal {
  const { startsOn, endsOn } = contract;
  if (startsOn > today) return null;
  if (endsOn < today) return 'ended';
  const left = daysBetween(today, endsOn);
  if (left <= RENEWAL_NOTICE_DAYS[1]) return 'due-30';
  if (left <= RENEWAL_NOTICE_DAYS[0]) return 'due-90';
  return null;
}

/**
 * `equipment.contracts.renewal-due`, for the notifying service: the contracts in force whose last
 * day is within 90 days of `date`, a page at a time (ids ascending), each with the notice it is at
 * (90, or 30 within 30 days). Asked every day, so a notice a stopped service missed is still given
 * the next day; the notifying service keeps each notice once per contract, end date and stage.
 */
export const contractsRenewalDueRequestSchema = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be YYYY-MM-DD' }),
  after: z.string().regex(ID_PATTERN).optional(),
  limit: z.number().int().min(1).max(500).default(200),
});
export type ContractsRenewalDueRequest = z.input<typeof contractsRenewalDueRequestSchema>;
export type ContractsRenewalDueQuery = z.output<typeof contractsRenewalDueRequestSchema>;

export interface ContractRenewalDue {
  id: string;
  reference: string;
  vendorName: string;
  kind: ContractKind;
  endsOn: string;
  /** The notice it is at: 90 days before its last day, or 30. */
  notice: (typeof RENEWAL_NOTICE_DAYS)[number];
}

export interface ContractsRenewalDuePage {
  contracts: ContractRenewalDue[];
  /** Ask again with `after` set to this for more; null when there are no more. */
  next: string | null;
}
