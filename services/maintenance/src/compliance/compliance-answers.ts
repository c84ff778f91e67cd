import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KeptAnswers } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';

/** How long a replica keeps a compliance answer at most, whatever happened. */
export const COMPLIANCE_KEPT_MS = 60_000;
/** How many answers a replica keeps at most (the oldest goes first). */
const COMPLIANCE_KEPT_ENTRIES = 500;

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
    const [row] = (await this.dataSource.query(
      `SELECT pg_current_snapshot()::text AS "now",
              $1::text IS NOT NULL AND EXISTS (
                SELECT 1 FROM "maintenance"."pm_compliance_writes" w
                 WHERE w."xid" >= pg_snapshot_xmin($1::pg_snapshot)
                   AND NOT pg_visible_in_snapshot(w."xid", $1::pg_snapshot)) AS "written"`,
      [since?.snapshot ?? null],
    )) as [{ now: string; written: boolean }];
    if (since === null || row.written || Date.now() - since.at >= COMPLIANCE_KEPT_MS) {
      this.kept.changed();
      this.drops += 1;
      this.since = { snapshot: row.now, at: Date.now() };
    }
  }
}
