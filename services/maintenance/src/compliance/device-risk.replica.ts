import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeviceRiskChange } from '@caliber/contracts';
import { FeedFollower, tableFeedPosition } from '@caliber/service-kit';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { MAINTENANCE_CONFIG, type MaintenanceConfig } from '../config';
import { EquipmentPeer } from '../peers/peers.client';
import { LOGGER } from '../tokens';

const POSITION = tableFeedPosition('"maintenance"."feed_positions"', 'equipment.risk');

/**
 * This service's copy of what PM compliance needs of each device (risk flags, name, department,
 * category), read from the equipment service's change feed. `refresh` catches up before each
 * compliance answer, so the figures follow the inventory as of that moment; when the inventory
 * does not answer, the figures are computed from the copy as it is and say when it was last read.
 * It also catches up when the service starts and every `LISTS_FOLLOW_SECONDS`, so an answer seldom
 * has more than a few changes to read first (a new installation's 50,000 devices took seconds).
 */
@Injectable()
export class DeviceRiskReplica implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly follower: FeedFollower<DeviceRiskChange>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    equipment: EquipmentPeer,
    @Inject(MAINTENANCE_CONFIG) private readonly config: MaintenanceConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.follower = new FeedFollower({
      dataSource,
      position: POSITION,
      readPage: (after) => equipment.riskChanges(after),
      apply: applyRiskChanges,
      what: 'Device risk flags',
      logger,
    });
  }

  onApplicationBootstrap(): void {
    this.follower.poll(this.config.listsFollowSeconds * 1000);
  }

  onModuleDestroy(): void {
    this.follower.stopPolling();
  }

  refresh(): Promise<void> {
    return this.follower.refresh();
  }

  /**
   * When the copy was last known to be up to date: the last successful catch-up of this replica,
   * or, before one, the last time any replica moved the copy on (null: never).
   */
  async readAt(): Promise<string | null> {
    if (this.follower.caughtUpAt) return this.follower.caughtUpAt.toISOString();
    const rows: { read_at: Date }[] = await this.dataSource.query(
      `SELECT "read_at" FROM "maintenance"."feed_positions" WHERE "feed" = 'equipment.risk'`,
    );
    return rows[0] ? rows[0].read_at.toISOString() : null;
  }
}

export async function applyRiskChanges(manager: EntityManager, changes: DeviceRiskChange[]): Promise<void> {
  if (changes.length === 0) return;
  // Later rows of one page win: a device appears once per page at most, but be safe.
  const latest = new Map(changes.map((change) => [change.equipmentId, change]));
  const rows = [...latest.values()];
  await manager.query(
    `INSERT INTO "maintenance"."device_risk"
       ("equipment_id", "risk_class", "high_risk", "life_support", "in_pm_program", "name", "serial_number",
        "department", "category", "deleted", "seq", "retired")
     SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::boolean[], $4::boolean[], $5::boolean[], $6::varchar[],
                          $7::varchar[], $8::varchar[], $9::varchar[], $10::boolean[], $11::bigint[], $12::boolean[])
     ON CONFLICT ("equipment_id") DO UPDATE SET
       "risk_class" = EXCLUDED."risk_class", "high_risk" = EXCLUDED."high_risk",
       "life_support" = EXCLUDED."life_support", "in_pm_program" = EXCLUDED."in_pm_program",
       "name" = EXCLUDED."name", "serial_number" = EXCLUDED."serial_number",
       "department" = EXCLUDED."department", "category" = EXCLUDED."category",
       "deleted" = EXCLUDED."deleted", "seq" = EXCLUDED."seq", "retired" = EXCLUDED."retired"
     WHERE "device_risk"."seq" < EXCLUDED."seq"`,
    [
      rows.map((row) => row.equipmentId),
      rows.map((row) => row.riskClass),
      rows.map((row) => row.highRisk),
      rows.map((row) => row.lifeSupport),
      rows.map((row) => row.inPmProgram),
      rows.map((row) => row.name),
      rows.map((row) => row.serialNumber),
      rows.map((row) => row.department),
      rows.map((row) => row.category),
      rows.map((row) => row.deleted),
      rows.map((row) => row.seq),
      rows.map((row) => row.retired),
    ],
  );
}
