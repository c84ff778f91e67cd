import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  chargesTotal,
  isRecordId,
  readsCosts,
  type Actor,
  type TaskVendorCharges,
  type VendorCharge,
  type VendorChargeInput,
  type VendorChargesRecord,
  type VendorRef,
} from '@caliber/contracts';
import { diffFields, ServiceError } from '@caliber/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { hospitalToday } from '../hospital-clock';
import { hospitalCurrency } from './hospital-currency';
import { EquipmentPeer } from '../peers/peers.client';
import { TaskRules } from '../tasks/task-rules';
import { auditTask } from '../tasks/task-writes';

/** The audit action of a change of a task's vendor charges: costs, kept from those who read none. */
export const VENDOR_CHARGES_AUDIT_ACTION = 'vendor-charges-recorded';

const NOT_FOUND = 'This task is not in the list.';
const REFUSED = 'Engineers, Managers and Admins record what vendors charged.';

interface ChargeRow {
  vendor_id: string;
  vendor_name: string;
  visit_date: string;
  invoice_number: string | null;
  amount: string;
  notes: string | null;
}

interface LockedTask {
  id: string;
  equipment_id: string;
  assigned_to_id: string | null;
  reported_by_id: string | null;
  deleted_at: Date | null;
  vendor_charges_version: number;
}

const toCharge = (row: ChargeRow): VendorCharge => ({
  vendorId: row.vendor_id,
  vendorName: row.vendor_name,
  visitDate: row.visit_date,
  invoiceNumber: row.invoice_number,
  amount: Number(row.amount),
  notes: row.notes,
});

/**
 * What outside companies charged for a task's work: part of the task's cost with its labour and
 * parts. Read with the task by those who read costs; written whole, with its own version, by them.
 * Each charge names an active vendor of equipment's managed list (one already on the task may stay
 * after its vendor is retired), keeps the vendor's name as it was then, and is dated no later than
 * the hospital's today: it records an invoice, not a plan.
 */
@Injectable()
export class VendorChargesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly equipment: EquipmentPeer,
  ) {}

  /** A task's charges as its page shows them (the caller has checked who reads them). */
  async of(
    manager: EntityManager,
    task: { id: string; vendorChargesVersion: number },
  ): Promise<TaskVendorCharges> {
    const charges = await this.rows(manager, task.id);
    return {
      charges,
      total: chargesTotal(charges),
      currency: await hospitalCurrency(manager),
      version: task.vendorChargesVersion,
    };
  }

  async record(actor: Actor, taskId: string, record: VendorChargesRecord): Promise<TaskVendorCharges> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', REFUSED);
    const today = hospitalToday();
    record.charges.forEach((charge, index) => {
      if (charge.visitDate > today) {
        const message = `Visit date cannot be after today (${today}).`;
        throw new ServiceError('VALIDATION_FAILED', message, [
          { path: `charges.${index}.visitDate`, message },
        ]);
      }
    });
    if (!isRecordId(taskId)) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    // Only vendors new to the task are asked of equipment, before the transaction (a call to another
    // service never holds the task's row lock): correcting an amount or clearing the list does not
    // wait on equipment. The list read here is the one the version check below vouches for.
    const known = new Set(
      (await this.rows(this.dataSource.manager, taskId.toLowerCase())).map((c) => c.vendorId),
    );
    const ids = [...new Set(record.charges.map((charge) => charge.vendorId))].filter((id) => !known.has(id));
    const vendors = new Map(
      ids.length === 0
        ? []
        : (await this.equipment.vendorRefs(actor, ids)).vendors.map((vendor) => [vendor.id, vendor]),
    );
    return this.dataSource.transaction(async (manager) => {
      const task = await this.lockVisible(manager, actor, taskId);
      if (record.version !== task.vendor_charges_version)
        throw new ServiceError(
          'CONFLICT',
          'The vendor charges were changed by someone else since you opened them. Reload them and try again.',
        );
      const before = await this.rows(manager, task.id);
      const after = record.charges.map((charge, index) => named(charge, index, vendors, before));
      const diff = diffFields<{ vendorCharges: VendorCharge[] }>(
        { vendorCharges: before },
        { vendorCharges: after },
      );
      if (Object.keys(diff).length === 0)
        return this.of(manager, { id: task.id, vendorChargesVersion: task.vendor_charges_version });
      await manager.query(`DELETE FROM "maintenance"."task_vendor_charges" WHERE "task_id" = $1`, [task.id]);
      if (after.length > 0)
        await manager.query(
          `INSERT INTO "maintenance"."task_vendor_charges"
             ("task_id", "position", "vendor_id", "vendor_name", "visit_date", "invoice_number", "amount", "notes")
           SELECT $1, c."position", c."vendor_id", c."vendor_name", c."visit_date", c."invoice_number", c."amount", c."notes"
             FROM jsonb_to_recordset($2::jsonb) AS c("position" int, "vendor_id" uuid, "vendor_name" text,
                  "visit_date" date, "invoice_number" text, "amount" numeric, "notes" text)`,
          [
            task.id,
            JSON.stringify(
              after.map((charge, position) => ({
                position,
                vendor_id: charge.vendorId,
                vendor_name: charge.vendorName,
                visit_date: charge.visitDate,
                invoice_number: charge.invoiceNumber,
                amount: charge.amount.toFixed(2),
                notes: charge.notes,
              })),
            ),
          ],
        );
      const version = task.vendor_charges_version + 1;
      await manager.query(`UPDATE "maintenance"."tasks" SET "vendor_charges_version" = $2 WHERE "id" = $1`, [
        task.id,
        version,
      ]);
      await auditTask(
        manager,
        actor,
        { id: task.id, equipmentId: task.equipment_id },
        VENDOR_CHARGES_AUDIT_ACTION,
        diff,
      );
      return this.of(manager, { id: task.id, vendorChargesVersion: version });
    });
  }

  /** The task, locked for the change, if the person may see it; "not in the list" otherwise. */
  private async lockVisible(manager: EntityManager, actor: Actor, id: string): Promise<LockedTask> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    const [task] = (await manager.query(
      `SELECT "id", "equipment_id", "assigned_to_id", "reported_by_id", "deleted_at", "vendor_charges_version"
         FROM "maintenance"."tasks" WHERE "id" = $1 FOR UPDATE`,
      [id.toLowerCase()],
    )) as LockedTask[];
    if (
      !task ||
      task.deleted_at ||
      !TaskRules.canSee(actor, { assignedToId: task.assigned_to_id, reportedById: task.reported_by_id })
    )
      throw new ServiceError('NOT_FOUND', NOT_FOUND);
    return task;
  }

  private async rows(manager: EntityManager, taskId: string): Promise<VendorCharge[]> {
    const rows = (await manager.query(
      `SELECT "vendor_id", "vendor_name", "visit_date"::text AS "visit_date", "invoice_number",
              "amount"::text AS "amount", "notes"
         FROM "maintenance"."task_vendor_charges" WHERE "task_id" = $1 ORDER BY "position"`,
      [taskId],
    )) as ChargeRow[];
    return rows.map(toCharge);
  }
}

/**
 * A charge as it is kept: with its vendor's name. A vendor already on the task keeps the name it was
 * recorded under (and may stay once retired); a vendor new to the task must be on the list, active.
 */
function named(
  charge: VendorChargeInput,
  index: number,
  vendors: ReadonlyMap<string, VendorRef>,
  before: readonly VendorCharge[],
): VendorCharge {
  const kept = before.find((earlier) => earlier.vendorId === charge.vendorId);
  const vendor = vendors.get(charge.vendorId);
  const refuse = (message: string) =>
    new ServiceError('VALIDATION_FAILED', message, [{ path: `charges.${index}.vendorId`, message }]);
  if (!kept) {
    if (!vendor) throw refuse('No such vendor: choose one from the vendors list.');
    if (vendor.retired)
      throw refuse(`${vendor.name} is retired: restore it in Vendors to record a new charge of theirs.`);
  }
  return {
    vendorId: charge.vendorId,
    vendorName: kept?.vendorName ?? vendor?.name ?? '',
    visitDate: charge.visitDate,
    invoiceNumber: charge.invoiceNumber,
    amount: charge.amount,
    notes: charge.notes,
  };
}
