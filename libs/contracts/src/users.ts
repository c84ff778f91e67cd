import { z } from 'zod';
import { DEFAULT_ROLE, ROLES, type Role } from './roles';
import { DEFAULT_USER_DEPARTMENT, departmentSchema } from './departments';
import { PAGE_SIZES, THEMES } from './limits';
import { REPORT_FORMATS } from './reports';
import { limitParam, pageFields, pageParam, searchParam } from './paging';
import { EXAMPLE_ENGINEER } from './examples';

/** A saved default format: any format the Generate Report dialog makes. */
export const reportDefaultsFormatSchema = z.enum(REPORT_FORMATS, {
  error: `format must be one of ${REPORT_FORMATS.join(', ')}.`,
});

/** Which mails a person receives (the Settings screen's Notifications card). */
export const notificationSettingsAnswerSchema = z.object({
  taskUpdates: z.boolean(),
  inventory: z.boolean(),
  weeklyDigest: z.boolean(),
});
export type NotificationSettings = z.output<typeof notificationSettingsAnswerSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  taskUpdates: true,
  inventory: true,
  weeklyDigest: false,
};

/** How the Generate Report dialog opens for the person (the Settings screen's Reports card). */
export const reportDefaultsAnswerSchema = z.object({
  includeCharts: z.boolean(),
  includeSummary: z.boolean(),
  format: reportDefaultsFormatSchema,
});
export type ReportDefaults = z.output<typeof reportDefaultsAnswerSchema>;
export const DEFAULT_REPORT_DEFAULTS: ReportDefaults = {
  includeCharts: true,
  includeSummary: true,
  format: 'pdf',
};

/** The engineer of the examples as the roster holds her. */
export const userExample = {
  ...EXAMPLE_ENGINEER,
  serviceNumber: 'BME-1042',
  email: 'grace.okafor@hospital.example',
  emailConfirmed: true,
  pendingEmail: null,
  phoneNumber: '+15550100142',
  role: 'Engineer',
  department: 'ICU',
  isActive: true,
  preApproved: true,
  avatar: null,
  lastLoginAt: '2026-03-02T07:41:12.000Z',
  notifications: DEFAULT_NOTIFICATION_SETTINGS,
  reportDefaults: DEFAULT_REPORT_DEFAULTS,
  theme: null,
  createdAt: '2025-11-18T09:05:00.000Z',
  updatedAt: '2026-03-02T07:41:12.000Z',
} as const;

/** A user as every call answers it. `_id` is the identifier's name throughout the API. */
export const userDtoSchema = z
  .object({
    _id: z.string(),
    serviceNumber: z.string(),
    name: z.string(),
    email: z
      .string()
      .nullable()
      .describe('The address in force: the one reports may be e-mailed to once it is confirmed.'),
    emailConfirmed: z
      .boolean()
      .describe(
        'Whether the person proved `email` is theirs (opened a confirmation link sent to it). An address set by someone else (the roster screens, an import) or kept from before is not.',
      ),
    pendingEmail: z
      .string()
      .nullable()
      .describe(
        'An address the person asked for and has not confirmed yet; `email` stays in force until then.',
      ),
    phoneNumber: z.string(),
    role: z.enum(ROLES),
    department: z.string(),
    isActive: z.boolean(),
    preApproved: z.boolean().describe('Whether the person may receive tasks.'),
    avatar: z.string().nullable(),
    lastLoginAt: z.string().nullable(),
    notifications: notificationSettingsAnswerSchema,
    reportDefaults: reportDefaultsAnswerSchema,
    theme: z
      .enum(THEMES)
      .nullable()
      .describe("The theme chosen on any device, or null to follow each device's system setting."),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'User', examples: [userExample] });
export type UserDto = z.output<typeof userDtoSchema>;

const SERVICE_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9/-]{1,31}$/;

/**
 * Service numbers are matched without regard to case or surrounding spaces: `bme-1001 ` and
 * `BME-1001` are the same person.
 */
export const serviceNumberSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'Service number is required.' : 'Service number must be text.',
  })
  .trim()
  .min(1, { error: 'Service number is required.' })
  .transform((value) => value.toUpperCase())
  .pipe(
    z.string().regex(SERVICE_NUMBER_PATTERN, {
      error: 'Service number may contain only letters, digits, "-" and "/" (2 to 32 characters).',
    }),
  );

/** International or local phone numbers: digits with an optional leading +, 7 to 15 digits. */
export const phoneNumberSchema = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{7,15}$/, { error: 'Phone number must have 7 to 15 digits.' }));

/** A staff member put on the roster (command line, seed, and later the user screens). */
export const newStaffSchema = z.strictObject({
  serviceNumber: serviceNumberSchema,
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(2, { error: 'Name must have at least 2 characters.' })
    .max(120, { error: 'Name must have at most 120 characters.' }),
  phoneNumber: phoneNumberSchema,
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }).default(DEFAULT_ROLE),
  department: departmentSchema.default(DEFAULT_USER_DEPARTMENT),
  email: z.email({ error: 'Email must be a valid e-mail address.' }).max(254).nullable().default(null),
  isActive: z.boolean().default(true),
  preApproved: z.boolean().default(false),
});
export type NewStaff = z.output<typeof newStaffSchema>;
export type NewStaffInput = z.input<typeof newStaffSchema>;

/** Who may manage the roster, on the screens and through the API: Engineers and Admins. */
export const ROSTER_MANAGER_ROLES: readonly Role[] = ['Engineer', 'Admin'];

export const USER_SORTS = [
  'name',
  'serviceNumber',
  'role',
  'department',
  'createdAt',
  'lastLoginAt',
] as const;

/**
 * Query of the users list. `q` searches name, service number, e-mail and phone; empty strings
 * mean "no filter"; `active` is `true`, `false` or empty for both.
 */
export const listUsersQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PAGE_SIZES.users, 100),
  q: searchParam(),
  role: z
    .union([z.literal(''), z.enum(ROLES)], { error: `role must be one of ${ROLES.join(', ')}.` })
    .default(''),
  department: z.string().trim().max(120).default(''),
  active: z
    // Parsed twice (the gateway, then identity): null is the first parse's "both".
    .union([z.literal(''), z.literal('true'), z.literal('false'), z.boolean(), z.null()], {
      error: 'active must be true or false.',
    })
    .default('')
    .transform((value) => (value === '' || value === null ? null : value === true || value === 'true')),
  sort: z
    .string()
    .default('name')
    .refine((value) => (USER_SORTS as readonly string[]).includes(value.replace(/^-/, '')), {
      error: `sort must be one of ${USER_SORTS.join(', ')}, with - in front for descending.`,
    }),
});
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

/**
 * The users list. `data` repeats `users` because the Schedule Preventive page of the original
 * product read the list under that name.
 */
export const userListResponseSchema = z
  .object({
    users: z.array(userDtoSchema),
    data: z.array(userDtoSchema).describe('The same people as `users`.'),
    ...pageFields,
  })
  .meta({
    id: 'UserPage',
    examples: [
      { users: [userExample], data: [userExample], total: 1, page: 1, pages: 1, limit: PAGE_SIZES.users },
    ],
  });
export type UserListResponse = z.output<typeof userListResponseSchema>;

const nameSchema = newStaffSchema.shape.name;
const emailSchema = z
  .union([z.literal(''), z.email({ error: 'Email must be a valid e-mail address.' }).max(254)], {
    error: 'Email must be a valid e-mail address.',
  })
  .nullish()
  .transform((value) => value || null);

/**
 * Add User: a person signs in with their service number and a code sent to their phone, so both
 * are required (the original form's password is not used by this product).
 */
export const createUserSchema = z.strictObject(
  {
    serviceNumber: serviceNumberSchema,
    name: nameSchema,
    email: emailSchema,
    phoneNumber: phoneNumberSchema,
    role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }).default(DEFAULT_ROLE),
    department: departmentSchema.default(DEFAULT_USER_DEPARTMENT),
    isActive: z.boolean({ error: 'isActive must be true or false.' }).default(true),
    preApproved: z.boolean({ error: 'preApproved must be true or false.' }).default(false),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only serviceNumber, name, email, phoneNumber, role, department, isActive and preApproved may be sent.'
        : undefined,
  },
);
export type CreateUserRequest = z.input<typeof createUserSchema>;
export type NewUser = z.output<typeof createUserSchema>;

/** Edit User: any of the fields; a field not sent stays as it is. */
export const updateUserSchema = z
  .strictObject(
    {
      serviceNumber: serviceNumberSchema.optional(),
      name: nameSchema.optional(),
      email: emailSchema.optional(),
      phoneNumber: phoneNumberSchema.optional(),
      role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }).optional(),
      department: departmentSchema.optional(),
      isActive: z.boolean({ error: 'isActive must be true or false.' }).optional(),
      preApproved: z.boolean({ error: 'preApproved must be true or false.' }).optional(),
      version: z.number({ error: 'version must be a number.' }).int().positive().optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Only serviceNumber, name, email, phoneNumber, role, department, isActive, preApproved and version may be sent.'
          : undefined,
    },
  )
  .refine((value) => Object.keys(value).some((key) => key !== 'version'), {
    error: 'Send at least one field to change.',
  });
export type UpdateUserRequest = z.input<typeof updateUserSchema>;
export type UserChanges = z.output<typeof updateUserSchema>;

/** A person who may receive tasks (active, and pre-approved for it), for the assignee lists. */
const assignee = z.object({ _id: z.string(), name: z.string(), role: z.string(), serviceNumber: z.string() });
/** The engineer of the examples in an assignee list. */
export const assigneeExample = assignee.parse(userExample);
export const assigneeDtoSchema = assignee.meta({ id: 'Assignee', examples: [assigneeExample] });
export type AssigneeDto = z.output<typeof assigneeDtoSchema>;

/** `GET /users/preapproved/technicians`: who may receive tasks (or every active person), by name. */
export const assigneeListResponseSchema = z
  .object({ technicians: z.array(assigneeDtoSchema) })
  .meta({ id: 'AssigneeList', examples: [{ technicians: [assigneeExample] }] });
export type AssigneeListResponse = z.output<typeof assigneeListResponseSchema>;

/** `GET /auth/users`: the Create Task form's Assign To list (the approved assignees). */
export const taskUsersResponseSchema = z
  .object({ users: z.array(assigneeDtoSchema) })
  .meta({ id: 'TaskUserList', examples: [{ users: [assigneeExample] }] });
export type TaskUsersResponse = z.output<typeof taskUsersResponseSchema>;
