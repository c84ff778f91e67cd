import { z } from 'zod';

/*
 * The text fields of the records people type in (vendors, service contracts): one definition of
 * each kind, so every form and service trims, limits and refuses alike, in the same words.
 */

const control = /\p{Cc}/u;

/** A one-line text field: trimmed, runs of spaces made one, no control characters. */
export function lineField(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must have at most ${max} characters.` })
    .refine((value) => !control.test(value), { error: `${label} cannot hold control characters.` })
    .transform((value) => value.replace(/\s+/g, ' '));
}

/** Free text over several lines: trimmed, line ends made `\n`, tabs kept, no other control characters. */
export function notesField(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must have at most ${max} characters.` })
    .transform((value) => value.replace(/\r\n?/g, '\n'))
    .refine((value) => !control.test(value.replace(/[\n\t]/g, ' ')), {
      error: `${label} cannot hold control characters.`,
    });
}
