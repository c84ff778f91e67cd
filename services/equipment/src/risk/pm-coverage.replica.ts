import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CHANGE_FEED_PAGE_LIMIT, isRecordId, SUBJECTS, type PmCoverageChange } from '@caliber/contracts';
import { FeedFollower, tableFeedPosition } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { MaintenancePeer } from '../peers/peers.client';
import { LOGGER } from '../tokens';

/** Where the position in maintenance's coverage feed is kept (one row per feed read). */
const COVERAGE_POSITION = tableFeedPosition('"equipment"."feed_positions"', SUBJECTS.maintenance.pmCoverage);

/**
 * The changes worth applying: one per device (the newest of a page wins), and only well-formed
 * ones, so a bad row from the peer cannot fail the page for ever.
 */
export function newestCoverage(changes: readonly PmCoverageChange[]): Map<string, number> {
  const newest = new Map<string, number>();
  for (const change of changes) {
    if (!isRecordId(change.equipmentId)) continue;
    if (!Number.isInteger(change.activePlans) || change.activePlans < 0) continue;
    newest.set(change.equipmentId, change.activePlans);
  }
  return newest;
}

async function applyCoverage(manager: EntityManager, changes: PmCoverageChange[]): Promise<void> {
  const newest = newestCoverage(changes);
  if (newest.size === 0) return;
  await manager.query(
    `INSERT INTO "equipment"."pm_coverage" ("equipment_id", "active_plans")
     SELECT * FROM unnest($1::uuid[], $2::int[])
     ON CONFLICT ("equipment_id") DO UPDATE SET "active_plans" = EXCLUDED."active_plans"`,
    [[...newest.keys()], [...newest.values()]],
  );
}

/**
 * This service's copy of how many active PM plans each device has, read from maintenance's
 * change feed when a list asks for devices in the PM program without a plan. Requests arriving
 * while a catch-up runs wait for that one instead of starting their own. If maintenance does not
 * answer, the list is answered from the copy as it stands (a filter a little behind is better
 * than no inventory), and the next such list tries again.
 */
@Injectable()
export class PmCoverageReplica {
  private readonly follower: FeedFollower<PmCoverageChange>;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    maintenance: MaintenancePeer,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.follower = new FeedFollower({
      dataSource,
      position: COVERAGE_POSITION,
      readPage: (after) => maintenance.pmCoverage({ after, limit: CHANGE_FEED_PAGE_LIMIT }),
      apply: applyCoverage,
      what: 'PM plan coverage',
      logger,
    });
  }

  refresh(): Promise<void> {
    return this.follower.refresh();
  }
}
