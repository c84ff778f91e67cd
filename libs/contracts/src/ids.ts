/**
 * The form of every record id (a UUID, as PostgreSQL's `gen_random_uuid()` makes them). A text
 * that does not have it names no record: services answer 404 without asking the database, and
 * the contracts refuse it where a body must name a record.
 */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(value: string): boolean {
  return ID_PATTERN.test(value);
}
