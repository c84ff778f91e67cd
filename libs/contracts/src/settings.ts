import { z } from 'zod';
import { THEMES, type Theme } from './limits';
import { reportDefaultsFormatSchema, type NotificationSettings, type ReportDefaults } from './users';

/**
 * The signed-in user's own settings (Settings screen). The spec shows no validation for the
 * profile; the server still refuses what it cannot store: a name outside 2–120 characters or an
 * e-mail that is not one. An empty e-mail clears it.
 */
export const updateProfileSchema = z.strictObject(
  {
    name: z
      .string({ error: 'Name is required.' })
      .trim()
      .min(2, { error: 'Name must have at least 2 characters.' })
      .max(120, { error: 'Name must have at most 120 characters.' }),
    email: z
      .union([z.literal(''), z.email({ error: 'Email must be a valid e-mail address.' }).max(254)], {
        error: 'Email must be a valid e-mail address.',
      })
      .nullable()
      .transform((value) => (value ? value.trim() : null)),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only name and email may be sent.' : undefined) },
);
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

export const notificationSettingsSchema = z.strictObject(
  {
    taskUpdates: flag('taskUpdates'),
    inventory: flag('inventory'),
    weeklyDigest: flag('weeklyDigest'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only taskUpdates, inventory and weeklyDigest may be sent.'
        : undefined,
  },
) satisfies z.ZodType<NotificationSettings>;

export const reportDefaultsSchema = z.strictObject(
  {
    includeCharts: flag('includeCharts'),
    includeSummary: flag('includeSummary'),
    format: reportDefaultsFormatSchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only includeCharts, includeSummary and format may be sent.'
        : undefined,
  },
) satisfies z.ZodType<ReportDefaults>;

/**
 * The Appearance card: the theme is kept on the device and saved to the account, so it follows
 * the person to the next device they sign in on. null returns to each device's system setting.
 */
export const appearanceSettingsSchema = z.strictObject(
  {
    theme: z.enum(THEMES, { error: `theme must be one of ${THEMES.join(', ')}, or null.` }).nullable(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only theme may be sent.' : undefined) },
);
export interface AppearanceSettings {
  theme: Theme | null;
}

/** Internal commands from the gateway to identity: the change (who asks is in the signed statement). */
export interface UpdateProfileCommand {
  profile: z.output<typeof updateProfileSchema>;
}
export interface UpdateNotificationsCommand {
  notifications: NotificationSettings;
}
export interface UpdateReportDefaultsCommand {
  reportDefaults: ReportDefaults;
}
export interface UpdateAppearanceCommand {
  appearance: AppearanceSettings;
}
