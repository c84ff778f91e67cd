import { z } from 'zod';
import { ID_PATTERN } from './ids';

/*
 * The hospital's own lists: its departments (each with its wards) and its equipment categories.
 * Every hospital has different ones, so they are data an Admin keeps on screen, not code: the
 * equipment service owns them (`equipment.list_entries`), seeds them with the starting values
 * below, and the other services read them through it (identity and maintenance follow its change
 * feed; reports ask for the lists).
 *
 * - **Add**: a new department, a ward of a department, or a category.
 * - **Rename**: the entry keeps its identity and every name it had. Records carrying the old name
 *   (devices, staff, the device details kept on tasks and PM plans) are rewritten to the new one,
 *   each with an audit row, and the old name still finds the entry wherever a name arrives (an
 *   imported file, a bookmarked filter, a report schedule made before the rename).
 * - **Retire**: the entry is no longer offered for new records, but stays on the records that
 *   carry it, in the filters and reports; a record may keep it. Retiring is undone by restoring.
 * Nothing is ever deleted: a name once used belongs to its entry, so no other entry may take it.
 */

export const LIST_KINDS = ['department', 'ward', 'category'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** How a person reads each kind: 'Department "ICU" …'. */
export const LIST_KIND_LABELS: Readonly<Record<ListKind, string>> = {
  department: 'Department',
  ward: 'Ward',
  category: 'Category',
};

/**
 * How many entries each list may hold, retired ones included (they stay on the records that carry
 * them), and how many former names all the entries may keep together. Every reader gets the whole
 * lists in one answer, so they are bounded (about 560 kB at the limits with the longest names, under
 * the 1 MB a message carries), and a list longer than this is no longer a choice a person makes
 * from a select.
 */
export const LIST_LIMITS = { departments: 300, wards: 1000, categories: 150, formerNames: 500 } as const;

/** The catch-all category, for a device that fits no other (seeded, and kept last in choices). */
export const OTHER_CATEGORY = 'Other';

/** A name the entry had before, and when it stopped being its name. */
export const formerNameSchema = z.object({
  name: z.string(),
  until: z.string().describe('When it stopped being the name (ISO 8601).'),
});
export type FormerName = z.output<typeof formerNameSchema>;

const listEntryFields = {
  _id: z.string(),
  kind: z.enum(LIST_KINDS),
  name: z.string(),
  parentId: z.string().nullable().describe("A ward's department; null for departments and categories."),
  retired: z.boolean(),
  retiredAt: z.string().nullable(),
  formerNames: z
    .array(formerNameSchema)
    .describe('Older names, newest first (other spellings of the place count among them).'),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z
    .number()
    .int()
    .describe('Optimistic lock: a change sends the version it read and is refused (409) if it moved on.'),
};

const wardExample = {
  _id: '5d2c8e1a-7b3f-4a6e-9c0d-1e2f3a4b5c6d',
  kind: 'ward',
  name: 'Bay C',
  parentId: '3a9e6f2b-1c4d-4e8f-a7b6-5c4d3e2f1a0b',
  retired: false,
  retiredAt: null,
  formerNames: [{ name: 'Bay 3', until: '2026-02-14T10:22:41.005Z' }],
  createdAt: '2025-11-03T08:00:00.000Z',
  updatedAt: '2026-02-14T10:22:41.005Z',
  version: 2,
} as const;

/** One entry of a list: a department, a ward of a department, or an equipment category. */
export const listEntryDtoSchema = z
  .object(listEntryFields)
  .meta({ id: 'ListEntry', examples: [wardExample] });
export type ListEntryDto = z.output<typeof listEntryDtoSchema>;

/** The ICU, with its ward. */
const departmentExample = {
  _id: wardExample.parentId,
  kind: 'department',
  name: 'ICU',
  parentId: null,
  retired: false,
  retiredAt: null,
  formerNames: [],
  createdAt: '2025-11-03T08:00:00.000Z',
  updatedAt: '2025-11-03T08:00:00.000Z',
  version: 1,
  wards: [wardExample],
} as const;

/** A department with its wards. */
export const departmentEntryDtoSchema = z
  .object({ ...listEntryFields, wards: z.array(listEntryDtoSchema) })
  .meta({ id: 'DepartmentEntry', examples: [departmentExample] });
export type DepartmentEntryDto = z.output<typeof departmentEntryDtoSchema>;

/** `GET /api/lists`: every entry, retired ones too, each list by name. */
export const hospitalListsDtoSchema = z
  .object({ departments: z.array(departmentEntryDtoSchema), categories: z.array(listEntryDtoSchema) })
  .meta({
    id: 'HospitalLists',
    examples: [
      {
        departments: [departmentExample],
        categories: [
          {
            _id: '8f7e6d5c-4b3a-4291-8a0b-c1d2e3f4a5b6',
            kind: 'category',
            name: 'Ventilator',
            parentId: null,
            retired: false,
            retiredAt: null,
            formerNames: [],
            createdAt: '2025-11-03T08:00:00.000Z',
            updatedAt: '2025-11-03T08:00:00.000Z',
            version: 1,
          },
        ],
      },
    ],
  });
export type HospitalListsDto = z.output<typeof hospitalListsDtoSchema>;

const control = /\p{Cc}/u;

/**
 * The longest name of each kind: a category is stored on every device and on the device details
 * kept on tasks and PM plans in 40 characters; departments and wards in 100.
 */
export const LIST_NAME_MAX: Readonly<Record<ListKind, number>> = { department: 100, ward: 100, category: 40 };

/** Why a name is too long for its kind's list, or null. */
export function listNameLengthRefusal(kind: ListKind, name: string): string | null {
  const max = LIST_NAME_MAX[kind];
  return name.length > max
    ? `A ${LIST_KIND_LABELS[kind].toLowerCase()}'s name may have at most ${max} characters.`
    : null;
}

/** The name of an entry: what a person reads in a select and a report. */
export const listEntryNameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, { error: 'Name is required.', abort: true })
  .max(100, { error: 'Name must have at most 100 characters.' })
  .refine((value) => !control.test(value), { error: 'Name cannot hold control characters.' })
  .transform((value) => value.replace(/\s+/g, ' '));

const unknownFields = (allowed: string) => (issue: { code: string }) =>
  issue.code === 'unrecognized_keys' ? `Only ${allowed} may be sent.` : undefined;

/** Adds a department, a category, or a ward (`parentId`: its department). */
export const addListEntrySchema = z
  .strictObject(
    {
      kind: z.enum(LIST_KINDS, { error: `kind must be one of ${LIST_KINDS.join(', ')}.` }),
      name: listEntryNameSchema,
      parentId: z
        .string()
        .regex(ID_PATTERN, { error: 'parentId must be a department from the list.' })
        .nullish(),
    },
    { error: unknownFields('kind, name and parentId') },
  )
  .refine((entry) => (entry.kind === 'ward') === Boolean(entry.parentId), {
    error: 'A ward names its department (parentId); a department or category names none.',
    path: ['parentId'],
  })
  .superRefine((entry, context) => {
    const refusal = listNameLengthRefusal(entry.kind, entry.name);
    if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['name'] });
  });
export type AddListEntryRequest = z.input<typeof addListEntrySchema>;
export type NewListEntry = z.output<typeof addListEntrySchema>;

/** Renames, retires or restores an entry; `version` is the one the screen read. */
export const updateListEntrySchema = z
  .strictObject(
    {
      name: listEntryNameSchema.optional(),
      retired: z.boolean({ error: 'retired must be true or false.' }).optional(),
      version: z.number({ error: 'version is required.' }).int().positive(),
    },
    { error: unknownFields('name, retired and version') },
  )
  .refine((change) => change.name !== undefined || change.retired !== undefined, {
    error: 'Send a new name, or retired true or false.',
  });
export type UpdateListEntryRequest = z.input<typeof updateListEntrySchema>;
export type ListEntryUpdate = z.output<typeof updateListEntrySchema>;

/** Payload of `lists:changed`: which list changed. */
export interface ListsChangedEvent {
  kind: ListKind;
}

/**
 * Equipment's feed of list entries (identity and maintenance follow it): each entry's whole state
 * with every name it had, so a reader that missed a rename, or reads one twice, still rewrites
 * every old name to the current one.
 */
export interface ListEntryChange {
  entryId: string;
  seq: string;
  kind: ListKind;
  name: string;
  parentId: string | null;
  retired: boolean;
  formerNames: string[];
}

/** Names compare without regard to case or runs of spaces: 'icu ' is ICU. */
export function listNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What the resolver needs of an entry: the DTO, a feed change, or a service's copy. */
export interface ResolvableEntry {
  kind: ListKind;
  name: string;
  parentId: string | null;
  retired: boolean;
  formerNames: readonly (string | { name: string })[];
}

/**
 * Finds entries by any name they have had. A current name wins over a former one (a name is never
 * both, but an older copy of the lists may lag a rename); wards are found within their department.
 */
export class ListIndex<E extends ResolvableEntry> {
  private readonly current = new Map<string, E>();
  private readonly former = new Map<string, E>();

  constructor(entries: Iterable<E>) {
    for (const entry of entries) {
      this.current.set(this.key(entry.kind, entry.parentId, entry.name), entry);
      for (const old of entry.formerNames)
        this.former.set(
          this.key(entry.kind, entry.parentId, typeof old === 'string' ? old : old.name),
          entry,
        );
    }
  }

  private key(kind: ListKind, parentId: string | null, name: string): string {
    return `${kind}\u0000${parentId ?? ''}\u0000${listNameKey(name)}`;
  }

  /** The entry a name stands for, under its current or a former name. */
  find(kind: ListKind, name: string, parentId: string | null = null): E | undefined {
    const key = this.key(kind, parentId, name);
    return this.current.get(key) ?? this.former.get(key);
  }
}

/**
 * Why a name cannot be stored on a record, or null: it must name an entry of the list, and one not
 * retired unless the record carries it already (`kept`: a device keeps its retired department).
 */
export function listValueRefusal(
  kind: 'department' | 'category',
  name: string,
  entry: ResolvableEntry | undefined,
  kept: string | null,
): string | null {
  const label = LIST_KIND_LABELS[kind];
  const shown = name.slice(0, 60);
  if (!entry)
    return kind === 'department'
      ? `${label} "${shown}" is not one of the hospital's departments.`
      : `${label} "${shown}" is not one of the equipment categories.`;
  if (entry.retired && entry.name !== kept)
    return `${label} "${entry.name}" is retired: choose another, or ask an Admin to restore it.`;
  return null;
}

/** The choices a form offers: the active entries by name, with the value the record has kept. */
export function activeChoices(entries: readonly ListEntryDto[], kept?: string | null): string[] {
  const names = entries.filter((entry) => !entry.retired).map((entry) => entry.name);
  const ordered = [...names.filter((name) => name !== OTHER_CATEGORY).sort(byName)];
  if (names.includes(OTHER_CATEGORY)) ordered.push(OTHER_CATEGORY);
  return kept && !ordered.includes(kept) ? [kept, ...ordered] : ordered;
}

/** Names in the order a person reads a list: alphabetical, without regard to case. */
export function byName(a: string, b: string): number {
  return a.localeCompare(b, undefined, { sensitivity: 'base' });
}
