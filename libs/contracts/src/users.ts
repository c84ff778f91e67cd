import { z } from 'zod';
import { DEFAULT_ROLE, ROLES, type Role } from './roles';
import { DEFAULT_USER_DEPARTMENT, departmentSchema } from './departments';
import type { Theme } from './limits';
import { SETTINGS_REPORT_FORMATS, type SettingsReportFormat } from './reports';

export interface NotificationSettings {
  taskUpdates: boolean;
  inventory: boolean;
  weeklyDigest: boolean;
}
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  taskUpdates: true,
  inventory: true,
  weeklyDigest: false,
};

export interface ReportDefaults {
  includeCharts: boolean;
  includeSummary: boolean;
  format: SettingsReportFormat;
}
export const DEFAULT_REPORT_DEFAULTS: ReportDefaults = {
  includeCharts: true,
  includeSummary: true,
  format: 'pdf',
};

/** A user as every call answers it. `_id` is the identifier's name throughout the API. */
export interface UserDto {
  _id: string;
  serviceNumber: string;
  name: string;
  email: string | null;
  phoneNumber: string;
  role: Role;
  department: string;
  isActive: boolean;
  preApproved: boolean;
  avatar: string | null;
  lastLoginAt: string | null;
  notifications: NotificationSettings;
  reportDefaults: ReportDefaults;
  /** The theme chosen on any device, or null to follow each device's system setting. */
  theme: Theme | null;
  createdAt: string;
  updatedAt: string;
}

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

export const reportDefaultsFormatSchema = z.enum(SETTINGS_REPORT_FORMATS, {
  error: `format must be one of ${SETTINGS_REPORT_FORMATS.join(', ')}.`,
});

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
