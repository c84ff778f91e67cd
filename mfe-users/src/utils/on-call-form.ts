import { z } from 'zod';

/**
 * The add-a-shift form: an engineer and two date-times as the browser's date-time fields give
 * them (`2026-11-29T18:00`, this device's time). The service checks the rest (the engineer is an
 * active Engineer, the shift ends in the future and lasts at most 31 days).
 */
export const shiftFormSchema = z
  .object({
    engineerId: z.string().min(1, { error: 'Choose an engineer.' }),
    from: z.string().min(1, { error: 'From is required.' }),
    to: z.string().min(1, { error: 'To is required.' }),
  })
  .refine((form) => !form.from || !form.to || instantOf(form.to) > instantOf(form.from), {
    error: 'To must be after From.',
    path: ['to'],
  });
export type ShiftForm = z.output<typeof shiftFormSchema>;

export const EMPTY_SHIFT_FORM: ShiftForm = { engineerId: '', from: '', to: '' };

/** A date-time field's value (this device's time) as an instant, ms. */
export function instantOf(value: string): number {
  return new Date(value).getTime();
}

/** The request's ISO 8601 date-time, with its offset (UTC). */
export function isoOf(value: string): string {
  return new Date(value).toISOString();
}
