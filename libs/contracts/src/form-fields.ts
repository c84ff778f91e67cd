import { z } from 'zod';
import { optionalDateField } from './dates';
import { ID_PATTERN } from './ids';

/*
 * Field schemas the task and PM plan contracts share, each with the message a person reads when
 * it is wrong. Optional fields read '' and null as "none".
 */
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must have at most ${max} characters.` });
export const requiredText = (label: string, max: number) =>
  text(label, max).min(1, { error: `${label} is required.` });
export const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((value) => value || null);
export const optionalDate = optionalDateField;
export const userId = (label: string) =>
  z
    .union([z.literal(''), z.string().trim().regex(ID_PATTERN)], {
      error: `${label} must be a person from the list.`,
    })
    .nullish()
    .transform((value) => value || null);
export const equipmentId = z
  .string({ error: 'Equipment is required.' })
  .trim()
  .min(1, { error: 'Equipment is required.' })
  .regex(ID_PATTERN, { error: 'Equipment must be an item from the inventory.' });
export const version = z.number({ error: 'version must be a number.' }).int().positive().optional();

export const unknownFields = (allowed: string) => (issue: { code: string }) =>
  issue.code === 'unrecognized_keys' ? `Only ${allowed} may be sent.` : undefined;
