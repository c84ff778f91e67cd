import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isRecordId,
  keepsContracts,
  MAX_COVERS,
  readsCosts,
  renewalOf,
  RENEWAL_NOTICE_DAYS,
  withinWard,
  wardLimit,
  type Actor,
  type ContractRenewalDue,
  type ContractRenewalFigures,
  type ContractsRenewalDuePage,
  type ContractsRenewalDueQuery,
  type DeviceCover,
  type NewServiceContract,
  type ServiceContract,
  type ServiceContractPage,
  type ServiceContractQuery,
  type ServiceContractSummary,
  type ServiceContractUpdate,
} from '@caliber/contracts';
import {
  auditActorOf,
  containsPattern,
  diffFields,
  ServiceError,
  violatedIndex,
  writeAudit,
} from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { EQUIPMENT_CONFIG, type EquipmentConfig } from '../config';
import { hospitalToday } from '../inventory-files/inventory-export-cells';
import { findLiveItem } from '../inventory/equipment.service';
import { MaintenancePeer } from '../peers/peers.client';
import { coversDevice } from './contract-cover.sql';

export const READ_REFUSAL = 'Service contracts are for Engineers, Managers and Admins.';
export const KEEP_REFUSAL = 'Only Engineers, Managers and Admins record service contracts.';
const NO_SUCH_CONTRACT = 'No such service contract.';

const SUMMARY_COLUMNS = `c."id", c."vendor_id", v."name" AS "vendor_name", c."reference", c."kind",
  c."starts_on"::text AS "starts_on", c."ends_on"::text AS "ends_on", c."annual_cost"::text AS "annual_cost",
  c."response_hours", c."pm_included", c."models", c."department_id", dept."name" AS "department_name",
  c."notes", c."created_at", c."updated_at", c."updated_by_label", c."version",
  (SELECT count(*)::int FROM "equipment"."service_contract_devices" AS named
    WHERE named."contract_id" = c."id") AS "device_count"`;
const FROM = `"equipment"."service_contracts" AS c
  JOIN "equipment"."vendors" AS v ON v."id" = c."vendor_id"
  LEFT JOIN "equipment"."list_entries" AS dept ON dept."id" = c."department_id"`;

interface ContractRow {
  id: string;
  vendor_id: string;
  vendor_name: string;
  reference: string;
  kind: ServiceContract['kind'];
  starts_on: string;
  ends_on: string;
  annual_cost: string;
  response_hours: number | null;
  pm_included: boolean;
  models: ServiceContract['models'];
  department_id: string | null;
  department_name: string | null;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
  updated_by_label: string;
  version: number;
  device_count: number;
}

/** What a person changes of a contract, as the audit trail compares it (its devices apart). */
type Terms = Omit<NewServiceContract, 'equipmentIds'>;

function termsOf(contract: Terms): Terms {
  const { vendorId, reference, kind, startsOn, endsOn, annualCost, responseHours, pmIncluded, models } =
    contract;
  return {
    vendorId,
    reference,
    kind,
    startsOn,
    endsOn,
    annualCost,
    responseHours,
    pmIncluded,
    models,
    departmentId: contract.departmentId,
    notes: contract.notes,
  };
}

function termsOfRow(row: ContractRow): Terms {
  return termsOf({
    vendorId: row.vendor_id,
    reference: row.reference,
    kind: row.kind,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    annualCost: Number(row.annual_cost),
    responseHours: row.response_hours,
    pmIncluded: row.pm_included,
    models: row.models,
    departmentId: row.department_id,
    notes: row.notes,
  });
}

/**
 * Service contracts, kept in equipment beside the devices and vendors they name.
 * - Their costs are for Engineers, Managers and Admins, who record and change them; the cover of a
 *   device (who to call, until when, how fast) is for anyone who may see the device, and carries
 *   no cost.
 * - A contract names a vendor on the list, its devices (in the inventory), models and a department
 *   of the hospital list; a retired vendor or department, or a device since deleted, may stay on a
 *   contract that had it but is not taken for a new one.
 * - A contract number is one vendor's once; every change carries the version read (409 if it
 *   moved on), writes nothing when nothing changed, and is audited (devices as added and removed).
 */
@Injectable()
export class ServiceContractsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly maintenance: MaintenancePeer,
    @Inject(EQUIPMENT_CONFIG) private readonly config: EquipmentConfig,
  ) {}

  private today(): string {
    return hospitalToday(this.config.timeZone);
  }

  async page(actor: Actor, query: ServiceContractQuery): Promise<ServiceContractPage> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', READ_REFUSAL);
    const today = this.today();
    const values: unknown[] = [];
    const where: string[] = [];
    if (query.q) {
      values.push(containsPattern(query.q));
      where.push(`(lower(c."reference") LIKE $${values.length} OR lower(v."name") LIKE $${values.length})`);
    }
    if (query.vendorId) {
      values.push(query.vendorId.toLowerCase());
      where.push(`c."vendor_id" = $${values.length}`);
    }
    if (query.equipmentId) {
      values.push(query.equipmentId.toLowerCase());
      where.push(`EXISTS (SELECT 1 FROM "equipment"."equipment" AS e
                           WHERE e."id" = $${values.length} AND ${coversDevice('c', 'e')})`);
    }
    if (query.state !== 'all') {
      values.push(today);
      const day = `$${values.length}::date`;
      const states: Record<Exclude<ServiceContractQuery['state'], 'all'>, string> = {
        current: `c."starts_on" <= ${day} AND c."ends_on" >= ${day}`,
        // In force and ending within 90 days: what the dashboard counts and the notices tell.
        'renewal-due': `c."starts_on" <= ${day} AND c."ends_on" >= ${day} AND c."ends_on" <= ${day} + ${RENEWAL_NOTICE_DAYS[0]}`,
        upcoming: `c."starts_on" > ${day}`,
        ended: `c."ends_on" < ${day}`,
      };
      where.push(states[query.state]);
    }
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM ${FROM} ${filter}`,
      values,
    )) as [{ total: number }];
    const rows = (await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM ${FROM} ${filter}
        ORDER BY c."ends_on", lower(c."reference"), c."id"
        LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, query.limit, (query.page - 1) * query.limit],
    )) as ContractRow[];
    const currency = await this.maintenance.currency(actor);
    return {
      rows: rows.map((row) => this.summary(row, currency, today)),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  async get(actor: Actor, id: string): Promise<ServiceContract> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', READ_REFUSAL);
    const currency = await this.maintenance.currency(actor);
    return this.detail(this.dataSource.manager, id, currency);
  }

  async add(actor: Actor, contract: NewServiceContract): Promise<ServiceContract> {
    if (!keepsContracts(actor.role)) throw new ServiceError('FORBIDDEN', KEEP_REFUSAL);
    // Asked before anything is written: a maintenance service that does not answer fails the save whole.
    const currency = await this.maintenance.currency(actor);
    return this.dataSource.transaction(async (manager) => {
      await this.checkNames(manager, contract, null);
      const [row] = (await this.write(() =>
        manager.query(
          `INSERT INTO "equipment"."service_contracts" ("vendor_id", "reference", "kind", "starts_on", "ends_on",
             "annual_cost", "response_hours", "pm_included", "models", "department_id", "notes", "updated_by_label")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12) RETURNING "id"`,
          [...this.termValues(contract), auditActorOf(actor).label],
        ),
      )) as [{ id: string }];
      await this.nameDevices(manager, row.id, contract.equipmentIds);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'service-contract',
        entityId: row.id,
        action: 'added',
        changes: {
          ...diffFields<Terms>({}, termsOf(contract)),
          ...(contract.equipmentIds.length
            ? { devicesAdded: { from: null, to: contract.equipmentIds } }
            : {}),
        },
      });
      return this.detail(manager, row.id, currency);
    });
  }

  async update(actor: Actor, id: string, change: ServiceContractUpdate): Promise<ServiceContract> {
    if (!keepsContracts(actor.role)) throw new ServiceError('FORBIDDEN', KEEP_REFUSAL);
    const currency = await this.maintenance.currency(actor);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.row(manager, id, true);
      if (change.version !== current.version)
        throw new ServiceError(
          'CONFLICT',
          `Contract ${current.reference} was changed by someone else since you opened it. Reload it and try again.`,
        );
      const named = await this.namedDevices(manager, current.id);
      await this.checkNames(manager, change, { row: current, devices: named });
      const { equipmentIds } = change;
      const changes: Record<string, { from: unknown; to: unknown }> = diffFields<Terms>(
        termsOfRow(current),
        termsOf(change),
      );
      const added = equipmentIds.filter((device) => !named.includes(device));
      const removed = named.filter((device) => !equipmentIds.includes(device));
      if (added.length) changes.devicesAdded = { from: null, to: added };
      if (removed.length) changes.devicesRemoved = { from: removed, to: null };
      // A save that changes nothing writes nothing: no new version, no audit row.
      if (Object.keys(changes).length === 0) return this.detail(manager, current.id, currency);
      await this.write(() =>
        manager.query(
          `UPDATE "equipment"."service_contracts" SET "vendor_id" = $1, "reference" = $2, "kind" = $3,
             "starts_on" = $4, "ends_on" = $5, "annual_cost" = $6, "response_hours" = $7, "pm_included" = $8,
             "models" = $9::jsonb, "department_id" = $10, "notes" = $11, "updated_by_label" = $12,
             "updated_at" = now(), "version" = "version" + 1
           WHERE "id" = $13`,
          [...this.termValues(change), auditActorOf(actor).label, current.id],
        ),
      );
      if (removed.length)
        await manager.query(
          `DELETE FROM "equipment"."service_contract_devices"
            WHERE "contract_id" = $1 AND "equipment_id" = ANY($2::uuid[])`,
          [current.id, removed],
        );
      await this.nameDevices(manager, current.id, added);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'service-contract',
        entityId: current.id,
        action: 'changed',
        changes,
      });
      return this.detail(manager, current.id, currency);
    });
  }

  /** The contracts in force within 90 days of their end on `date`, for the renewal notices. */
  async renewalDue(query: ContractsRenewalDueQuery): Promise<ContractsRenewalDuePage> {
    const rows = (await this.dataSource.query(
      `SELECT c."id", c."reference", v."name" AS "vendorName", c."kind", c."ends_on"::text AS "endsOn",
              CASE WHEN c."ends_on" <= $1::date + ${RENEWAL_NOTICE_DAYS[1]} THEN ${RENEWAL_NOTICE_DAYS[1]}
                   ELSE ${RENEWAL_NOTICE_DAYS[0]} END AS "notice"
         FROM "equipment"."service_contracts" AS c
         JOIN "equipment"."vendors" AS v ON v."id" = c."vendor_id"
        WHERE c."starts_on" <= $1::date AND c."ends_on" >= $1::date
          AND c."ends_on" <= $1::date + ${RENEWAL_NOTICE_DAYS[0]}
          AND ($2::uuid IS NULL OR c."id" > $2::uuid)
        ORDER BY c."id" LIMIT $3`,
      [query.date, query.after ?? null, query.limit + 1],
    )) as ContractRenewalDue[];
    const more = rows.length > query.limit;
    const contracts = rows.slice(0, query.limit);
    return { contracts, next: more ? (contracts.at(-1)?.id ?? null) : null };
  }

  /** How many contracts in force end within 30 and within 90 days: the dashboard's renewal card. */
  async renewalFigures(): Promise<ContractRenewalFigures> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE "ends_on" <= $1::date + ${RENEWAL_NOTICE_DAYS[1]})::int AS "within30",
              count(*)::int AS "within90"
         FROM "equipment"."service_contracts"
        WHERE "ends_on" >= $1::date AND "ends_on" <= $1::date + ${RENEWAL_NOTICE_DAYS[0]}
          AND "starts_on" <= $1::date`,
      [this.today()],
    )) as [ContractRenewalFigures];
    return row;
  }

  /**
   * The warranty and the contracts covering a device today, for anyone who may see it (clinical
   * staff, a device of their ward): who to call and until when, never what it costs.
   */
  async cover(actor: Actor, equipmentId: string): Promise<DeviceCover> {
    const item = await findLiveItem(this.dataSource.manager, equipmentId);
    if (!withinWard(wardLimit(actor), item.department))
      throw new ServiceError('NOT_FOUND', 'This equipment is not in your ward’s inventory.');
    const today = this.today();
    const rows = (await this.dataSource.query(
      `SELECT c."kind", c."ends_on"::text AS "until", v."name" AS "vendor_name", v."phone", v."email",
              c."reference", c."response_hours", c."pm_included"
         FROM "equipment"."service_contracts" AS c
         JOIN "equipment"."vendors" AS v ON v."id" = c."vendor_id"
         JOIN "equipment"."equipment" AS e ON e."id" = $1
        WHERE c."starts_on" <= $2::date AND c."ends_on" >= $2::date AND ${coversDevice('c', 'e')}
        ORDER BY c."ends_on" DESC, c."id" LIMIT ${MAX_COVERS}`,
      [item.id, today],
    )) as {
      kind: ServiceContract['kind'];
      until: string;
      vendor_name: string;
      phone: string | null;
      email: string | null;
      reference: string;
      response_hours: number | null;
      pm_included: boolean;
    }[];
    const covers: DeviceCover['covers'] = rows.map((row) => ({
      source: 'contract',
      kind: row.kind,
      until: row.until,
      vendorName: row.vendor_name,
      phone: row.phone,
      email: row.email,
      reference: row.reference,
      responseHours: row.response_hours,
      pmIncluded: row.pm_included,
    }));
    const warranty = item.warrantyExpiry;
    if (warranty && warranty >= today) {
      // The warranty is the manufacturer's: its number is the one of the active vendor of the
      // manufacturer's name on the list, when there is one.
      const [maker] = (await this.dataSource.query(
        `SELECT "name", "phone", "email" FROM "equipment"."vendors"
          WHERE lower("name") = lower($1) AND "retired_at" IS NULL LIMIT 1`,
        [item.manufacturer],
      )) as { name: string; phone: string | null; email: string | null }[];
      covers.unshift({
        source: 'warranty',
        kind: null,
        until: warranty,
        vendorName: maker?.name ?? (item.manufacturer || null),
        phone: maker?.phone ?? null,
        email: maker?.email ?? null,
        reference: null,
        responseHours: null,
        pmIncluded: null,
      });
    }
    return { equipmentId: item.id, covers: covers.slice(0, MAX_COVERS) };
  }

  private termValues(contract: Terms): unknown[] {
    return [
      contract.vendorId.toLowerCase(),
      contract.reference,
      contract.kind,
      contract.startsOn,
      contract.endsOn,
      contract.annualCost,
      contract.responseHours,
      contract.pmIncluded,
      JSON.stringify(contract.models),
      contract.departmentId,
      contract.notes,
    ];
  }

  /**
   * The vendor, department and devices a contract names exist; a new choice of each is active (a
   * retired vendor or department, a deleted device, may stay where it was already named).
   */
  private async checkNames(
    manager: EntityManager,
    contract: NewServiceContract,
    before: { row: ContractRow; devices: string[] } | null,
  ): Promise<void> {
    const [vendor] = (await manager.query(
      `SELECT "name", "retired_at" FROM "equipment"."vendors" WHERE "id" = $1 FOR SHARE`,
      [contract.vendorId.toLowerCase()],
    )) as { name: string; retired_at: Date | null }[];
    if (!vendor) throw new ServiceError('BAD_REQUEST', 'The vendor is not on the list of vendors.');
    if (vendor.retired_at && before?.row.vendor_id !== contract.vendorId.toLowerCase())
      throw new ServiceError(
        'BAD_REQUEST',
        `${vendor.name} is retired: restore it to name it on a contract.`,
      );
    if (contract.departmentId) {
      const [department] = (await manager.query(
        `SELECT "name", "retired_at" FROM "equipment"."list_entries"
          WHERE "id" = $1 AND "kind" = 'department' FOR SHARE`,
        [contract.departmentId],
      )) as { name: string; retired_at: Date | null }[];
      if (!department) throw new ServiceError('BAD_REQUEST', 'The department is not on the hospital list.');
      if (department.retired_at && before?.row.department_id !== contract.departmentId)
        throw new ServiceError('BAD_REQUEST', `The department ${department.name} is retired.`);
    }
    const fresh = contract.equipmentIds.filter((device) => !before?.devices.includes(device));
    if (fresh.length) {
      // Held until commit: a device deleted, a vendor or department retired meanwhile waits for it.
      const live = (await manager.query(
        `SELECT "id" FROM "equipment"."equipment"
          WHERE "id" = ANY($1::uuid[]) AND "deleted_at" IS NULL FOR SHARE`,
        [fresh],
      )) as { id: string }[];
      const missing = fresh.length - live.length;
      if (missing > 0)
        throw new ServiceError(
          'BAD_REQUEST',
          missing === 1
            ? 'One of the devices is not in the inventory.'
            : `${missing} of the devices are not in the inventory.`,
        );
    }
  }

  private async nameDevices(
    manager: EntityManager,
    contractId: string,
    equipmentIds: string[],
  ): Promise<void> {
    if (!equipmentIds.length) return;
    await manager.query(
      `INSERT INTO "equipment"."service_contract_devices" ("contract_id", "equipment_id")
       SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
      [contractId, equipmentIds],
    );
  }

  private async namedDevices(manager: EntityManager, contractId: string): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT "equipment_id" FROM "equipment"."service_contract_devices" WHERE "contract_id" = $1`,
      [contractId],
    )) as { equipment_id: string }[];
    return rows.map((row) => row.equipment_id);
  }

  private async row(manager: EntityManager, id: string, forUpdate = false): Promise<ContractRow> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NO_SUCH_CONTRACT);
    if (forUpdate)
      await manager.query(`SELECT 1 FROM "equipment"."service_contracts" WHERE "id" = $1 FOR UPDATE`, [
        id.toLowerCase(),
      ]);
    const [row] = (await manager.query(`SELECT ${SUMMARY_COLUMNS} FROM ${FROM} WHERE c."id" = $1`, [
      id.toLowerCase(),
    ])) as ContractRow[];
    if (!row) throw new ServiceError('NOT_FOUND', NO_SUCH_CONTRACT);
    return row;
  }

  private async detail(
    manager: EntityManager,
    id: string,
    currency: string | null,
  ): Promise<ServiceContract> {
    const row = await this.row(manager, id);
    const devices = (await manager.query(
      `SELECT e."id", e."name", e."serial_number" AS "serialNumber"
         FROM "equipment"."service_contract_devices" AS named
         JOIN "equipment"."equipment" AS e ON e."id" = named."equipment_id"
        WHERE named."contract_id" = $1 ORDER BY lower(e."name"), e."id"`,
      [row.id],
    )) as ServiceContract['devices'];
    return { ...this.contractOf(row, currency, this.today()), devices };
  }

  private summary(row: ContractRow, currency: string | null, today: string): ServiceContractSummary {
    return { ...this.contractOf(row, currency, today), deviceCount: row.device_count };
  }

  private contractOf(
    row: ContractRow,
    currency: string | null,
    today: string,
  ): Omit<ServiceContract, 'devices'> {
    return {
      id: row.id,
      vendorId: row.vendor_id,
      vendorName: row.vendor_name,
      reference: row.reference,
      kind: row.kind,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      annualCost: Number(row.annual_cost),
      currency,
      responseHours: row.response_hours,
      pmIncluded: row.pm_included,
      models: row.models,
      departmentId: row.department_id,
      departmentName: row.department_name,
      notes: row.notes,
      renewal: renewalOf({ startsOn: row.starts_on, endsOn: row.ends_on }, today),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      updatedByLabel: row.updated_by_label,
      version: row.version,
    };
  }

  /** A write, with the unique contract number's refusal said as a 409. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (violatedIndex(error) === 'service_contracts_reference_key')
        throw new ServiceError('CONFLICT', 'The vendor has a contract of that number already.');
      throw error;
    }
  }
}
