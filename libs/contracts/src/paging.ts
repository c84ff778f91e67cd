import { z } from 'zod';

/**
 * The query parameters every paged list shares. Each arrives as text in a URL and is read as a
 * number; a page past the end is an empty page, not an error, but no page number is unbounded.
 */
export const pageParam = () =>
  z.coerce
    .number({ error: 'page must be a number.' })
    .int({ error: 'page must be a whole number.' })
    .min(1, { error: 'page starts at 1.' })
    .max(1_000_000, { error: 'page is too large.' })
    .default(1);

/** How many rows a page holds: `fallback` when not given, never more than `max`. */
export const limitParam = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(max, { error: `limit must be at most ${max}.` })
    .default(fallback);

/** A list's search text: trimmed, at most 100 characters, empty for none. */
export const searchParam = () =>
  z.string().trim().max(100, { error: 'The search may have at most 100 characters.' }).default('');

/** The fields every page of a list answers besides its rows: where it is, and how much there is. */
export const pageFields = {
  total: z.number().int().describe('How many rows the list holds in all.'),
  page: z.number().int().describe('This page, from 1.'),
  pages: z.number().int().describe('How many pages the list has at this limit.'),
  limit: z.number().int().describe('Rows per page.'),
};
