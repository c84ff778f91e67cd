import { ListIndex, listValueRefusal, type ListEntryChange, type ResolvableEntry } from '@caliber/contracts';
import { RENAMED_ON_THE_LISTS, renameStoredValues, ServiceError } from '@caliber/service-kit';
import type { EntityManager } from 'typeorm';

interface CopyRow {
  name: string;
  retired: boolean;
  former_names: string[];
}

/** The lock that keeps a person's department and a rename from passing each other (see below). */
const COPY_LOCK = `hashtext('identity.departments')`;

/**
 * The roster's copy of the department list, to find a department by any name it had. In a
 * transaction that stores a department, the copy stays as read until commit (a shared lock that
 * `applyDepartmentChanges` waits for): a rename applied meanwhile would otherwise miss that row.
 */
export async function departmentIndex(manager: EntityManager): Promise<ListIndex<ResolvableEntry>> {
  await manager.query(`SELECT pg_advisory_xact_lock_shared(${COPY_LOCK})`);
  const rows: CopyRow[] = await manager.query(
    `SELECT "name", "retired", "former_names" FROM "identity"."departments"`,
  );
  return new ListIndex(
    rows.map((row) => ({
      kind: 'department' as const,
      name: row.name,
      parentId: null,
      retired: row.retired,
      formerNames: row.former_names,
    })),
  );
}

/**
 * The department a person gets for `name`: the list's current name for it. Refused (400, on the
 * field) when the hospital has no such department, or when it is retired and the person is not in
 * it already (`kept`).
 */
export function departmentIn(index: ListIndex<ResolvableEntry>, name: string, kept: string | null): string {
  const entry = index.find('department', name);
  const refusal = listValueRefusal('department', name, entry, kept);
  if (refusal || !entry) throw ServiceError.validation([{ path: 'department', message: refusal ?? '' }]);
  return entry.name;
}

/**
 * Applies a page of the list feed: each department's state replaces the copy's (an older state
 * never overwrites a newer one), and staff still carrying one of its former names are rewritten
 * to its name, each with an audit row. A change read twice finds nothing left to rewrite.
 */
export async function applyDepartmentChanges(
  manager: EntityManager,
  changes: ListEntryChange[],
): Promise<void> {
  const departments = changes.filter((change) => change.kind === 'department');
  if (departments.length === 0) return;
  await manager.query(`SELECT pg_advisory_xact_lock(${COPY_LOCK})`);
  await manager.query(
    `INSERT INTO "identity"."departments" ("entry_id", "name", "retired", "former_names", "seq")
     SELECT change.entry_id, change.name, change.retired,
            ARRAY(SELECT jsonb_array_elements_text(change.former))::varchar[], change.seq
       FROM unnest($1::uuid[], $2::varchar[], $3::boolean[], $4::jsonb[], $5::bigint[])
            AS change(entry_id, name, retired, former, seq)
     ON CONFLICT ("entry_id") DO UPDATE SET
       "name" = EXCLUDED."name", "retired" = EXCLUDED."retired",
       "former_names" = EXCLUDED."former_names", "seq" = EXCLUDED."seq"
     WHERE "departments"."seq" < EXCLUDED."seq"`,
    [
      departments.map((change) => change.entryId),
      departments.map((change) => change.name),
      departments.map((change) => change.retired),
      departments.map((change) => JSON.stringify(change.formerNames)),
      departments.map((change) => change.seq),
    ],
  );
  for (const change of departments)
    await renameStoredValues(manager, {
      schema: 'identity',
      table: 'users',
      column: 'department',
      entity: 'user',
      renames: Object.fromEntries(change.formerNames.map((old) => [old, change.name])),
      actor: RENAMED_ON_THE_LISTS,
    });
}
