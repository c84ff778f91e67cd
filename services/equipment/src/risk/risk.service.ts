import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  assessRisk,
  hasFullAccess,
  type Actor,
  type ChangeFeedPage,
  type DeviceRiskChange,
  type EquipmentDto,
  type RiskAssessmentDto,
  type RiskClass,
  type RiskScores,
} from '@caliber/contracts';
import { auditActorOf, changeFeedPage, diffFields, ServiceError, writeAudit } from '@caliber/service-kit';
import { DataSource } from 'typeorm';
import { EQUIPMENT_CONFIG, type EquipmentConfig } from '../config';
import { EquipmentEvents } from '../inventory/equipment-events';
import { EquipmentEntity } from '../inventory/equipment.entity';
import { toEquipmentDto, toRiskAssessment } from '../inventory/equipment.mapper';
import { findLiveItem, refuseStale } from '../inventory/equipment.service';

/** The refusal for everyone but Engineers and Admins: an assessment decides who gets scheduled PM. */
export const ASSESS_RISK_REFUSAL = 'Only Engineers and Admins may assess the risk of equipment.';

/** What an assessment stores and audits: the scores and what follows from them. */
export function riskColumns(scores: RiskScores, threshold: number) {
  const outcome = assessRisk(scores, threshold);
  return {
    riskFunction: scores.function,
    riskPhysical: scores.physicalRisk,
    riskMaintenance: scores.maintenance,
    riskIncidents: scores.incidentHistory,
    riskTotal: outcome.total,
    riskClass: outcome.riskClass,
    highRisk: outcome.highRisk,
    lifeSupport: outcome.lifeSupport,
    inPmProgram: outcome.inPmProgram,
  };
}

/** The values an assessment's audit row compares (who and when are the audit row's own). */
const AUDITED_RISK_FIELDS = [
  'function',
  'physicalRisk',
  'maintenance',
  'incidentHistory',
  'total',
  'riskClass',
  'highRisk',
  'lifeSupport',
  'inPmProgram',
] as const satisfies readonly (keyof RiskAssessmentDto)[];

function auditedRisk(risk: RiskAssessmentDto | null): Record<string, unknown> {
  return Object.fromEntries(AUDITED_RISK_FIELDS.map((field) => [field, risk ? risk[field] : null]));
}

interface FeedRow {
  id: string;
  seq: string;
  risk_class: RiskClass | null;
  high_risk: boolean;
  life_support: boolean;
  in_pm_program: boolean;
  name: string;
  serial_number: string;
  department: string;
  category: string;
  retired: boolean;
  deleted: boolean;
}

/**
 * An item's Fennigkoh–Smith assessment, and the feed of what the PM program needs of each device.
 * - Engineers and Admins assess; the total, class and flags come from `assessRisk` with this
 *   deployment's PM program threshold, never from the caller.
 * - An assessment may carry the `version` the screen read; a newer change makes it 409.
 * - Every assessment is audited with the old and new values, and published as an update.
 */
@Injectable()
export class RiskService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EquipmentEvents,
    @Inject(EQUIPMENT_CONFIG) private readonly config: EquipmentConfig,
  ) {}

  async assess(actor: Actor, id: string, scores: RiskScores, version?: number): Promise<EquipmentDto> {
    if (!hasFullAccess(actor.role)) throw new ServiceError('FORBIDDEN', ASSESS_RISK_REFUSAL);
    const item = await this.dataSource.transaction(async (manager) => {
      const current = await findLiveItem(manager, id, true);
      refuseStale(current, version);
      const columns = riskColumns(scores, this.config.pmProgramThreshold);
      await manager.update(EquipmentEntity, current.id, {
        ...columns,
        assessedAt: () => 'now()',
        assessedById: actor._id,
        assessedByName: actor.name,
        updatedById: actor._id,
        updatedByName: actor.name,
        updatedAt: () => 'now()',
        version: () => '"version" + 1',
      });
      const saved = await manager.findOneByOrFail(EquipmentEntity, { id: current.id });
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'equipment',
        entityId: current.id,
        equipmentId: current.id,
        action: 'risk-assessed',
        changes: diffFields(auditedRisk(toRiskAssessment(current)), auditedRisk(toRiskAssessment(saved))),
      });
      return saved;
    });
    const dto = toEquipmentDto(item);
    await this.events.updated({ equipment: dto });
    return dto;
  }

  /**
   * The devices changed after `after`, in feed order. Deleted devices are in it too (`deleted`),
   * so a reader's copy drops them; their last known flags and place come with them.
   */
  async changes(after: string, limit: number): Promise<ChangeFeedPage<DeviceRiskChange>> {
    const rows: FeedRow[] = await this.dataSource.query(
      `SELECT "id", "feed_seq"::text AS "seq", "risk_class", "high_risk", "life_support", "in_pm_program",
              "name", "serial_number", "department", "category",
              "status" IN ('Decommissioned', 'Auctioned') AS "retired", "deleted_at" IS NOT NULL AS "deleted"
         FROM "equipment"."equipment"
        WHERE "feed_seq" > $1::bigint
        ORDER BY "feed_seq"
        LIMIT $2`,
      [after, limit + 1],
    );
    return changeFeedPage(rows, limit, after, (row) => ({
      equipmentId: row.id,
      seq: row.seq,
      riskClass: row.risk_class,
      highRisk: row.high_risk,
      lifeSupport: row.life_support,
      inPmProgram: row.in_pm_program,
      name: row.name,
      serialNumber: row.serial_number,
      department: row.department,
      category: row.category,
      retired: row.retired,
      deleted: row.deleted,
    }));
  }
}
