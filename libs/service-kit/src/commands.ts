import { z } from 'zod';

/*
 * The shapes the gateway forwards an operation in (`operation.forward`): the path's `{id}`, the
 * parsed `query`, the body as `data`. Each handler then parses the part it takes with its own
 * contract schema (`parsePayload`), so the message's envelope is checked once, here.
 */

/** An operation on one record: `{id}`. */
export const idCommand = z.object({ id: z.string().max(64) }).loose();
/** A list's query (none sent: every default). */
export const queryCommand = z.object({ query: z.unknown().default({}) }).loose();
/** A body for a new record. */
export const bodyCommand = z.object({ data: z.unknown() }).loose();
/** A body for one record: `{id, data}`. */
export const idBodyCommand = z.object({ id: z.string().max(64), data: z.unknown() }).loose();
