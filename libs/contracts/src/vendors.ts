import { z } from 'zod';
import { limitParam, pageFields, pageParam, searchParam } from './paging';
import { roleIs, type Role } from './roles';
import { lineField, notesField } from './text-fields';

/*
 * The companies the department deals with: the manufacturers of its devices, the suppliers it buys
 * them and their parts from, and the service providers that maintain them under contract or call
 * out. One company is often all three, so a vendor carries each role it plays (`kinds`).
 *
 * A managed list, like the hospital lists: records point at a vendor by its id (service contracts,
 * a device's supplier, tasks' vendor charges and their parts' suppliers do; a device's
 * manufacturer is its own text), so renaming one (a company taken over) renames it everywhere it
 * is named (but on a task's charges and parts, which keep the name of the invoice),
 * and a vendor is never deleted:
 * one the hospital stops dealing with is retired, no longer offered for new records and still
 * shown on the records that name it. A name belongs to one vendor whatever its case.
 *
 * Everyone of the department reads them (the technician at a failed device calls the vendor's
 * number); Engineers, Managers and Admins keep them, as those who buy, contract and call out.
 */

export const VENDOR_KINDS = ['manufacturer', 'supplier', 'service'] as const;
export type VendorKind = (typeof VENDOR_KINDS)[number];

export const VENDOR_KIND_LABELS: Readonly<Record<VendorKind, string>> = {
  manufacturer: 'Manufacturer',
  supplier: 'Supplier',
  service: 'Service provider',
};

/** Those who add, change, retire and restore vendors. */
export const VENDOR_KEEPER_ROLES: readonly Role[] = ['Engineer', 'Manager', 'Admin'];

export function keepsVendors(role: string | null | undefined): boolean {
  return VENDOR_KEEPER_ROLES.some((keeper) => roleIs(role, keeper));
}

/**
 * How many vendors the list holds, retired ones included (they stay on the records naming them):
 * a regional hospital deals with a few hundred; beyond this the list is a slip of an import.
 * The longest value of each field.
 */
export const VENDOR_LIMITS = {
  vendors: 5000,
  name: 120,
  contactName: 120,
  phone: 40,
  email: 254,
  website: 200,
  notes: 1000,
} as const;

/** Vendors a page holds unless asked otherwise, and at most. */
export const VENDORS_PAGE_SIZE = 50;
export const VENDORS_PAGE_MAX = 100;

const vendorExample = {
  id: '4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d',
  name: 'Philips Healthcare',
  kinds: ['manufacturer', 'service'],
  contactName: 'Service desk',
  phone: '+44 20 7946 0321',
  email: 'service.uk@philips.example',
  website: 'https://www.philips.example/healthcare',
  notes: 'Field engineer on site within 8 working hours under contract.',
  retired: false,
  retiredAt: null,
  createdAt: '2026-01-12T09:30:00.000Z',
  updatedAt: '2026-05-03T14:02:11.220Z',
  updatedByLabel: 'BME-1001',
  version: 3,
} as const;

export const vendorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kinds: z.array(z.enum(VENDOR_KINDS)).describe('The roles the company plays for the hospital.'),
    contactName: z.string().nullable().describe('Who, or which desk, to ask for.'),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    notes: z.string().nullable().describe('Account numbers, hours, how to log a call.'),
    retired: z.boolean().describe('No longer offered for new records; still shown on those naming it.'),
    retiredAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedByLabel: z.string().describe('The service number of who last changed it.'),
    version: z
      .number()
      .int()
      .describe('Optimistic lock: a change sends the version it read and is refused (409) if it moved on.'),
  })
  .meta({ id: 'Vendor', examples: [vendorExample] });
export type Vendor = z.output<typeof vendorSchema>;

export const vendorPageSchema = z
  .object({ rows: z.array(vendorSchema).describe('A page of vendors, by name.'), ...pageFields })
  .meta({
    id: 'VendorPage',
    examples: [{ rows: [vendorExample], total: 1, page: 1, pages: 1, limit: VENDORS_PAGE_SIZE }],
  });
export type VendorPage = z.output<typeof vendorPageSchema>;

export const VENDOR_STATUSES = ['active', 'retired', 'all'] as const;

export const vendorQuerySchema = z.strictObject(
  {
    q: searchParam(),
    kind: z.enum(VENDOR_KINDS, { error: `kind must be one of ${VENDOR_KINDS.join(', ')}.` }).optional(),
    status: z
      .enum(VENDOR_STATUSES, { error: `status must be one of ${VENDOR_STATUSES.join(', ')}.` })
      .default('active'),
    page: pageParam(),
    limit: limitParam(VENDORS_PAGE_SIZE, VENDORS_PAGE_MAX),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Only q, kind, status, page and limit may be asked.' : undefined,
  },
);
export type VendorQuery = z.output<typeof vendorQuerySchema>;
export type VendorQueryRequest = z.input<typeof vendorQuerySchema>;

/** An optional field: left out, null or blank all mean none. */
function optional<T extends z.ZodType<string, string>>(field: T) {
  return field
    .nullish()
    .transform((value) => value || null)
    .default(null);
}

/** A number as people write it: digits with +, spaces, dots, dashes, brackets, and an extension. */
const PHONE = /^\+?[\d\s().-]{4,}(\s*(ext\.?|x)\s*\d{1,6})?$/i;

const vendorFields = {
  name: lineField('Name', VENDOR_LIMITS.name).refine((value) => value.length > 0, {
    error: 'Name is required.',
  }),
  kinds: z
    .array(z.enum(VENDOR_KINDS, { error: `Each kind must be one of ${VENDOR_KINDS.join(', ')}.` }), {
      error: 'kinds must be a list.',
    })
    .min(1, { error: 'Choose what the vendor is: manufacturer, supplier or service provider.' })
    .max(VENDOR_KINDS.length)
    .transform((kinds) => VENDOR_KINDS.filter((kind) => kinds.includes(kind))),
  contactName: optional(lineField('Contact', VENDOR_LIMITS.contactName)),
  phone: optional(
    lineField('Phone', VENDOR_LIMITS.phone).refine((value) => value === '' || PHONE.test(value), {
      error: 'Phone must be a telephone number (digits, spaces, +, brackets and an extension).',
    }),
  ),
  email: optional(
    z
      .string({ error: 'Email must be text.' })
      .trim()
      .max(VENDOR_LIMITS.email, { error: `Email must have at most ${VENDOR_LIMITS.email} characters.` })
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        error: 'Email must be a valid e-mail address.',
      }),
  ),
  website: optional(
    z
      .string({ error: 'Website must be text.' })
      .trim()
      .max(VENDOR_LIMITS.website, { error: `Website must have at most ${VENDOR_LIMITS.website} characters.` })
      .refine((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
        error: 'Website must be an address starting with https:// or http://.',
      }),
  ),
  notes: optional(notesField('Notes', VENDOR_LIMITS.notes)),
};

const FIELD_NAMES = 'name, kinds, contactName, phone, email, website and notes';

/** A new vendor. */
export const addVendorSchema = z.strictObject(vendorFields, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? `Only ${FIELD_NAMES} may be sent.` : undefined),
});
export type AddVendorRequest = z.input<typeof addVendorSchema>;
export type NewVendor = z.output<typeof addVendorSchema>;

/**
 * A vendor's record replaced as a whole (a field left out is cleared, as on the form), retired or
 * restored, with the `version` read.
 */
export const updateVendorSchema = z.strictObject(
  {
    ...vendorFields,
    retired: z.boolean({ error: 'retired must be true or false.' }),
    version: z.number({ error: 'version is required.' }).int().positive(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only ${FIELD_NAMES}, retired and version may be sent.`
        : undefined,
  },
);
export type UpdateVendorRequest = z.input<typeof updateVendorSchema>;
export type VendorUpdate = z.output<typeof updateVendorSchema>;
