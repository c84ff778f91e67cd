import type { ActivityChange, ChangeFeedPage } from '@caliber/contracts';

/**
 * A service's activity feed (`ActivityChange`): its audit rows in chain order, each with the record
 * it is about as that record now stands, for a service that tells people of changes.
 *
 * The position is the audit chain's `chain_seq`. The chain's trigger numbers rows while holding the
 * chain head's lock to commit (`audit-chain.ts`), so a row becomes visible only after every row
 * numbered before it: a reader that has seen number n never later finds a smaller one committed
 * behind it, and keeping the last number it read misses nothing and reads nothing twice.
 *
 * A page scans at most `limit` rows (plus one, which only tells whether more follow), and stops
 * early once the `changes` it holds pass `ACTIVITY_CHANGES_BUDGET_BYTES`, so the answer stays well
 * under NATS's payload limit however large single audit rows are (a task's `created` row holds its
 * whole description). A row past the budget is not sent, and its `changes` not even read.
 */

/**
 * The bytes of `changes` (as JSON text) one page carries at most, besides the first row's, which is
 * always carried. With the snapshots of 500 rows (under 300 KB), a page stays under 1 MB.
 */
export const ACTIVITY_CHANGES_BUDGET_BYTES = 256 * 1024;

/** What a row carries of the record it is about. */
export type ActivitySnapshot = Pick<ActivityChange, 'task' | 'device' | 'safetyTest' | 'recall'>;

/** The audit columns of a scanned row (`auditActivityScanSql`). */
export interface AuditActivityRow {
  seq: string;
  at: Date;
  entity: string;
  entity_id: string;
  action: string;
  /** Null for a row past the page's budget (not in the page). */
  changes: ActivityChange['changes'] | null;
  actor_id: string | null;
  actor_label: string;
  /** Whether the row is within the page's budget. */
  within: boolean;
}

/**
 * The rows of `schema`'s audit log after position `$1`, at most `$2` of them, in chain order, as a
 * subquery to select from (its rows are not ordered: order by its `seq_num`). `$3` is the byte
 * budget of `changes`; a row whose earlier rows already hold that much is not `within`. Its columns
 * are those of `AuditActivityRow`, plus `seq_num` (the position as a number).
 */
export function auditActivityScanSql(schema: string): string {
  return `SELECT s."seq_num", s."seq_num"::text AS "seq", s."at", s."entity", s."entity_id", s."action",
                 s."actor_id", s."actor_label", s."before" < $3 AS "within",
                 CASE WHEN s."before" < $3 THEN s."changes" END AS "changes"
            FROM (SELECT l."chain_seq" AS "seq_num", l."at", l."entity", l."entity_id", l."action", l."changes",
                         l."actor_id", l."actor_label",
                         coalesce(sum(octet_length(l."changes"::text)) OVER (
                           ORDER BY l."chain_seq" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "before"
                    FROM (SELECT * FROM "${schema}"."audit_log"
                           WHERE "chain_seq" > $1::bigint ORDER BY "chain_seq" LIMIT $2) l) s`;
}

/** The parameters of `auditActivityScanSql`: after `after`, `limit` rows and the one that tells of more. */
export function auditActivityScanParams(after: string, limit: number): [string, number, number] {
  return [after, limit + 1, ACTIVITY_CHANGES_BUDGET_BYTES];
}

/**
 * The id of the scanned row `a` as a uuid when it is a row of `entity`, else null: the join key of
 * the record an entity's rows are about. Null too for an id that is not a uuid, so no row can stop
 * the feed with a failed cast (and the cast is never tried on another entity's ids).
 */
export function auditEntityUuidSql(entity: string): string {
  return `(CASE WHEN a."entity" = '${entity.replace(/'/g, "''")}'
                 AND a."entity_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            THEN a."entity_id"::uuid END)`;
}

/**
 * A page of the feed from the scanned rows (in chain order). `snapshot` answers what a row carries
 * besides its audit columns (`{task}`, `{device}`…, or `{}` when the record it is about is gone),
 * or null for a row of an entity nobody is told about: that row is left out, but `last` still
 * moves past it, so the reader does not read it again.
 */
export function activityFeedPage<Row extends AuditActivityRow>(
  rows: readonly Row[],
  limit: number,
  after: string,
  snapshot: (row: Row) => ActivitySnapshot | null,
): ChangeFeedPage<ActivityChange> {
  const scanned = rows.filter((row) => row.within).slice(0, limit);
  const changes: ActivityChange[] = [];
  for (const row of scanned) {
    const carried = snapshot(row);
    if (!carried) continue;
    changes.push({
      seq: row.seq,
      at: row.at.toISOString(),
      entity: row.entity,
      entityId: row.entity_id,
      action: row.action,
      changes: row.changes ?? {},
      actorId: row.actor_id,
      actorLabel: row.actor_label,
      ...carried,
    });
  }
  return { changes, last: scanned.at(-1)?.seq ?? after, more: rows.length > scanned.length };
}
