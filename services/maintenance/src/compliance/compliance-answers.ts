import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KeptAnswers } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';

/** How long a replica keeps a compliance answer at most, whatever happened. */
export const COMPLIANCE_KEPT_MS = 60_000;
/** How many answers a replica keeps at most (the oldest goes first). */
const COMPLIANCE_KEPT_ENTRIES = 500;

/**
 * The snapshot now, and whether a transaction the snapshot `$1` did not see has written a note
 * since (null `$1`: nothing to compare). A transaction is not visible in a snapshot when it began
 * at or after the snapshot's xmax, or was in progress when it was taken (its xip list). Asked as
 * those two, each is one step down the xid index: the newest note, and the first note at or after
 * each in-progress xid. Asked as "any note not visible" (what it means), the planner read the
 * notes of a table it had no statistics for yet (after a bulk load: tens of thousands of notes)
 * from end to end on every answer, 2 to 6 ms of the database each time.
 */
export const WRITTEN_SINCE = `SELECT pg_current_snapshot()::text AS "now",
  $1::text IS NOT NULL AND COALESCE(
    (SELECT max(w."xid") FROM "maintenance"."pm_compliance_writes" w) >= pg_snapshot_xmax($1::pg_snapshot)
    OR EXISTS (
      SELECT 1 FROM pg_snapshot_xip($1::pg_snapshot) AS running("xid")
       WHERE (SELECT min(w."xid") FROM "maintenance"."pm_compliance_writes" w
               WHERE w."xid" >= running."xid") = running."xid"),
    false) AS "written"`;

/**
 * Compliance answers (the figures, and the pages of the two lists) kept between requests on each
 * replica, by question (period, places, whose overdue work, the page, and the day it is asked on,
 * so nothing kept outlives the day it counted "overdue" for). They are dropped before an answer whenever a write changed what one shows, on any replica
 * and by any path, by construction rather than by message:
 *
 * - every statement that changes an occurrence, a device of the copy of the inventory or a plan's
 *   coverage adds a row to `pm_compliance_writes`, with its transaction's id, in its transaction;
 * - the replica remembers the database snapshot it took just before it last dropped everything;
 *   every answer kept since was computed from later snapshots;
 * - before each answer it asks whether a row exists that this snapshot did not see (a transaction
 *   committed after it): if so it drops everything and remembers the snapshot of that question.
 *   A write committed before a request arrives is so always in its answer.
 *
 * Everything is dropped, too, after `COMPLIANCE_KEPT_MS`, so the remembered snapshot is never older
 * than that, and the rows of transactions finished more than twice that long ago can go
 * (`ComplianceCounts.prune`).
 */
@Injectable()
export class ComplianceAnswers {
  private readonly kept = new KeptAnswers(COMPLIANCE_KEPT_MS, COMPLIANCE_KEPT_ENTRIES);
  /** The snapshot taken before the last drop, and when (this process's clock). */
  private since: { snapshot: string; at: number } | null = null;
  /** How many times everything was dropped (for the tests). */
  drops = 0;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The answer kept for `key`, or `compute`'s, kept. */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    await this.dropIfWritten();
    return this.kept.get(key, compute);
  }

  private async dropIfWritten(): Promise<void> {
    const since = this.since;
    const [row] = (await this.dataSource.query(WRITTEN_SINCE, [since?.snapshot ?? null])) as [
      { now: string; written: boolean },
    ];
    if (since === null || row.written || Date.now() - since.at >= COMPLIANCE_KEPT_MS) {
      this.kept.changed();
      this.drops += 1;
      this.since = { snapshot: row.now, at: Date.now() };
    }
  }
}
