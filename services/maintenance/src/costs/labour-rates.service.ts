import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  rateInForce,
  RATED_ROLES,
  type Actor,
  type AddLabourRate,
  type CostSettings,
  type LabourRate,
  type LabourRatePage,
  type LabourRateQuery,
  type Role,
  type SetCostSettings,
} from '@caliber/contracts';
import { auditActorOf, ServiceError, violatedIndex, writeAudit } from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { hospitalToday } from '../hospital-clock';
import { rateAdditionRefusal, rateWithdrawalRefusal } from './labour-rate-rules';

interface RateRow {
  id: string;
  role: Role;
  hourlyRate: string;
  from: string;
  addedByLabel: string;
  addedAt: Date;
}

const RATE_COLUMNS = `"id", "role", "hourly_rate" AS "hourlyRate", to_char("starts_on", 'YYYY-MM-DD') AS "from",
  "added_by_label" AS "addedByLabel", "added_at" AS "addedAt"`;

/** A rate as the API answers it: `until` is the role's next rate's first day, from `following`. */
function rateOf(row: RateRow, following: string | null): LabourRate {
  return {
    id: row.id,
    role: row.role,
    hourlyRate: Number(row.hourlyRate),
    from: row.from,
    until: following,
    addedByLabel: row.addedByLabel,
    addedAt: row.addedAt.toISOString(),
  };
}

const NO_RATE = 'No such labour rate.';

/**
 * The hospital currency and the labour rates, each change written with its audit row in one
 * transaction. Changes of one role's rates take turns (an advisory lock), so the rules (one rate
 * a day, a later rate after the latest) hold when two Admins add at once.
 */
@Injectable()
export class LabourRatesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async settings(): Promise<CostSettings> {
    return { currency: await this.currency(this.dataSource.manager) };
  }

  async setSettings(actor: Actor, command: SetCostSettings): Promise<CostSettings> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.currency(manager, true);
      if (before === command.currency) return { currency: before };
      await manager.query(
        `UPDATE "maintenance"."cost_settings" SET "currency" = $1, "updated_at" = now() WHERE "id" = 1`,
        [command.currency],
      );
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'cost-settings',
        entityId: 'currency',
        action: 'currency-changed',
        changes: { currency: { from: before, to: command.currency } },
      });
      return { currency: command.currency };
    });
  }

  async list(query: LabourRateQuery, today = hospitalToday()): Promise<LabourRatePage> {
    const manager = this.dataSource.manager;
    const roles = query.role ? [query.role] : [...RATED_ROLES];
    const [{ total }]: [{ total: number }] = await manager.query(
      `SELECT count(*)::int AS "total" FROM "maintenance"."labour_rates" WHERE "role" = ANY($1)`,
      [roles],
    );
    // Each row's `until` is the start of the role's next rate: the window function reads it over
    // the role's whole list, before the page is cut.
    const rows: (RateRow & { until: string | null })[] = await manager.query(
      `SELECT * FROM (
         SELECT ${RATE_COLUMNS},
                to_char(lead("starts_on") OVER (PARTITION BY "role" ORDER BY "starts_on"), 'YYYY-MM-DD') AS "until",
                array_position($1::text[], "role"::text) AS "roleOrder", "starts_on"
           FROM "maintenance"."labour_rates" WHERE "role" = ANY($1)
       ) AS "rates"
       ORDER BY "roleOrder", "starts_on" DESC LIMIT $2 OFFSET $3`,
      [roles, query.limit, (query.page - 1) * query.limit],
    );
    // Today's rates are every role's, whatever the page is filtered to: the screen shows them all.
    const current: (RateRow & { until: string | null })[] = await manager.query(
      `SELECT DISTINCT ON ("role") ${RATE_COLUMNS},
              (SELECT to_char(min(n."starts_on"), 'YYYY-MM-DD') FROM "maintenance"."labour_rates" n
                WHERE n."role" = r."role" AND n."starts_on" > r."starts_on") AS "until"
         FROM "maintenance"."labour_rates" r WHERE "role" = ANY($1) AND "starts_on" <= $2
        ORDER BY "role", "starts_on" DESC`,
      [RATED_ROLES, today],
    );
    const inForce = RATED_ROLES.map((role) => rateInForce(current, role, today)).filter(
      (row): row is RateRow & { until: string | null } => row !== null,
    );
    return {
      currency: await this.currency(manager),
      inForce: inForce.map((row) => rateOf(row, row.until)),
      rows: rows.map((row) => rateOf(row, row.until)),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  async add(actor: Actor, command: AddLabourRate, today = hospitalToday()): Promise<LabourRate> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.currency(manager)))
        throw ServiceError.validation([
          {
            path: 'hourlyRate',
            message: "Set the hospital's currency first: every rate and cost is in it.",
          },
        ]);
      await this.lockRole(manager, command.role);
      const kept: { from: string }[] = await manager.query(
        `SELECT to_char("starts_on", 'YYYY-MM-DD') AS "from" FROM "maintenance"."labour_rates" WHERE "role" = $1`,
        [command.role],
      );
      const refusal = rateAdditionRefusal(kept, command, today);
      if (refusal?.conflict) throw new ServiceError('CONFLICT', refusal.message);
      if (refusal) throw ServiceError.validation([{ path: refusal.path, message: refusal.message }]);
      const [row]: RateRow[] = await manager
        .query(
          `INSERT INTO "maintenance"."labour_rates" ("role", "hourly_rate", "starts_on", "added_by_label")
           VALUES ($1, $2, $3, $4) RETURNING ${RATE_COLUMNS}`,
          [command.role, command.hourlyRate.toFixed(2), command.from, actor.serviceNumber.slice(0, 64)],
        )
        .catch((error: unknown) => {
          // The lock above makes this unreachable through the API; a write outside it (a script,
          // the demo seed) is still answered as the conflict it is, not as a server error.
          if (violatedIndex(error) === 'labour_rate_one_a_day')
            throw new ServiceError('CONFLICT', `This role has a rate from ${command.from} already.`);
          throw error;
        });
      if (!row) throw new Error('The rate was not written.');
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'labour-rate',
        entityId: row.id,
        action: 'created',
        changes: {
          role: { from: null, to: row.role },
          hourlyRate: { from: null, to: Number(row.hourlyRate) },
          from: { from: null, to: row.from },
        },
      });
      const following =
        kept
          .map((rate) => rate.from)
          .filter((from) => from > row.from)
          .sort()[0] ?? null;
      return rateOf(row, following);
    });
  }

  async withdraw(actor: Actor, id: string, today = hospitalToday()): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [found]: RateRow[] = await manager.query(
        `SELECT ${RATE_COLUMNS} FROM "maintenance"."labour_rates" WHERE "id" = $1`,
        [id],
      );
      if (!found) throw new ServiceError('NOT_FOUND', NO_RATE);
      await this.lockRole(manager, found.role);
      const refusal = rateWithdrawalRefusal(found, today);
      if (refusal) throw new ServiceError('CONFLICT', refusal);
      const [[row]]: [RateRow[], number] = await manager.query(
        `DELETE FROM "maintenance"."labour_rates" WHERE "id" = $1 RETURNING ${RATE_COLUMNS}`,
        [id],
      );
      if (!row) throw new ServiceError('NOT_FOUND', NO_RATE);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'labour-rate',
        entityId: row.id,
        action: 'withdrawn',
        changes: {
          role: { from: row.role, to: null },
          hourlyRate: { from: Number(row.hourlyRate), to: null },
          from: { from: row.from, to: null },
        },
      });
    });
  }

  private async currency(manager: EntityManager, lock = false): Promise<string | null> {
    const [row]: { currency: string | null }[] = await manager.query(
      `SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1${lock ? ' FOR UPDATE' : ''}`,
    );
    return row?.currency ?? null;
  }

  /** Two Admins changing one role's rates at once take turns. */
  private async lockRole(manager: EntityManager, role: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('labour-rates:' || $1))`, [role]);
  }
}
