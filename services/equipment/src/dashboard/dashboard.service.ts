import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DASHBOARD_TREND_DAYS,
  EQUIPMENT_STATUSES,
  type DashboardEquipment,
  type EquipmentCounts,
  type EquipmentStatus,
} from '@caliber/contracts';
import { TimedMemo } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { EQUIPMENT_CONFIG, type EquipmentConfig } from '../config';
import { EQUIPMENT_SCHEMA } from '../database';
import { RecallsService } from '../recalls/recalls.service';
import { ServiceContractsService } from '../service-contracts/service-contracts.service';

const ITEMS = `"${EQUIPMENT_SCHEMA}"."equipment"`;
const HISTORY = `"${EQUIPMENT_SCHEMA}"."status_history"`;

type ByStatus = Record<EquipmentStatus, number>;

/** The stat cards' four figures from counts by status; the total counts every device, retired ones too. */
export function cardsOf(byStatus: ByStatus): EquipmentCounts {
  return {
    total: EQUIPMENT_STATUSES.reduce((sum, status) => sum + byStatus[status], 0),
    serviceable: byStatus.Serviceable,
    maintenance: byStatus['Under Maintenance'],
    unserviceable: byStatus.Unserviceable,
  };
}

function byStatusOf(rows: { status: string; count: number }[]): ByStatus {
  const counts = Object.fromEntries(EQUIPMENT_STATUSES.map((status) => [status, 0])) as ByStatus;
  for (const row of rows)
    if ((EQUIPMENT_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as EquipmentStatus] += row.count;
  return counts;
}

/**
 * The dashboard's inventory figures: devices by status now, and the same figures as they stood
 * 30 days earlier, read from the status history (each device's last status at that instant; a
 * device added later was not there, one deleted since still was). Where the history does not
 * reach back that far the earlier figures are unknown (null), never guessed.
 */
@Injectable()
export class EquipmentDashboardService {
  /** The figures of 30 days ago, reused for a while (`DASHBOARD_TREND_CACHE_SECONDS`). */
  private readonly earlierFigures: TimedMemo<{ status: string; count: number }[] | null>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EQUIPMENT_CONFIG) config: EquipmentConfig,
    private readonly recalls: RecallsService,
    private readonly contracts: ServiceContractsService,
  ) {
    this.earlierFigures = new TimedMemo(config.dashboardTrendCacheMs);
  }

  async figures(at: Date = new Date()): Promise<DashboardEquipment> {
    const then = new Date(at.getTime() - DASHBOARD_TREND_DAYS * 86_400_000);
    const [now, earlier, recalls, contractRenewals] = await Promise.all([
      this.countsNow(),
      this.earlierFigures.get('inventory', () => this.countsAt(then), at.getTime()),
      this.recalls.figures(),
      this.contracts.renewalFigures(),
    ]);
    const byStatus = byStatusOf(now);
    return {
      ...cardsOf(byStatus),
      byStatus,
      earlier: earlier ? cardsOf(byStatusOf(earlier)) : null,
      recalls,
      contractRenewals,
    };
  }

  private countsNow(): Promise<{ status: string; count: number }[]> {
    return this.dataSource.query(
      `SELECT "status", count(*)::int AS "count" FROM ${ITEMS} WHERE "deleted_at" IS NULL GROUP BY "status"`,
    );
  }

  /**
   * Counts by status at `then`, or null when no status was recorded by then. A device that has
   * not changed since (no status row after `then`, not deleted since) stood as it stands now, so
   * only the devices changed since are looked up in the history: the cost follows the last 30
   * days' changes, not the whole inventory's history.
   */
  private async countsAt(then: Date): Promise<{ status: string; count: number }[] | null> {
    const [answer] = (await this.dataSource.query(
      `WITH changed AS (
         SELECT h."equipment_id" AS "id" FROM ${HISTORY} h WHERE h."changed_at" > $1
         UNION
         SELECT e."id" FROM ${ITEMS} e WHERE e."deleted_at" > $1),
       standing AS (
         SELECT e."status", count(*)::int AS "count" FROM ${ITEMS} e
          WHERE e."deleted_at" IS NULL AND NOT EXISTS (SELECT 1 FROM changed c WHERE c."id" = e."id")
          GROUP BY e."status"),
       was AS (
         SELECT s."status", count(*)::int AS "count"
           FROM changed c JOIN ${ITEMS} e ON e."id" = c."id"
           CROSS JOIN LATERAL (
             SELECT h."to_status" AS "status" FROM ${HISTORY} h
              WHERE h."equipment_id" = e."id" AND h."changed_at" <= $1
              ORDER BY h."changed_at" DESC, h."id" DESC LIMIT 1) s
          WHERE e."deleted_at" IS NULL OR e."deleted_at" > $1
          GROUP BY s."status")
       SELECT EXISTS (SELECT 1 FROM ${HISTORY} WHERE "changed_at" <= $1) AS "reaches",
              COALESCE((SELECT json_agg(x) FROM (
                SELECT "status", sum("count")::int AS "count"
                  FROM (SELECT * FROM standing UNION ALL SELECT * FROM was) u GROUP BY "status") x), '[]'::json) AS "rows"`,
      [then.toISOString()],
    )) as [{ reaches: boolean; rows: { status: string; count: number }[] }];
    return answer.reaches ? answer.rows : null;
  }
}
