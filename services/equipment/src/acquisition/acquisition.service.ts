import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  endOfLife,
  hasFullAccess,
  readsCosts,
  type AcquisitionFigures,
  type Actor,
  type DeviceAcquisition,
  type SetDeviceAcquisition,
} from '@caliber/contracts';
import { auditActorOf, diffFields, ServiceError, writeAudit } from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { EQUIPMENT_CONFIG, type EquipmentConfig } from '../config';
import { hospitalToday } from '../inventory-files/inventory-export-cells';
import { findLiveItem } from '../inventory/equipment.service';
import {
  ACQUISITION_COLUMNS as COLUMNS,
  ACQUISITIONS_WITH_SUPPLIER,
  figuresOf,
  supplierRefusal,
  vendorsNamed,
  type AcquisitionRow,
} from './acquisition-figures';
import { MaintenancePeer } from '../peers/peers.client';

export const READ_REFUSAL = 'Acquisition costs are for Engineers, Managers and Admins.';
export const WRITE_REFUSAL = 'Only Engineers and Admins record what a device cost.';

/**
 * A device's acquisition figures: what it cost, when it was bought, from whom, and how long it is
 * meant to serve. The supplier is a vendor of the vendor list, named as it is there (in any case):
 * one not on the list, or retired from it, is refused with why. Engineers, Managers and Admins read them; Engineers and Admins (who keep the
 * inventory) set them, every change audited with the old and new values. A change may carry the
 * `version` read (0 for a device with none recorded): a newer change made meanwhile is refused
 * (409) rather than overwritten. A purchase date may not be in the future (the hospital's date);
 * it may be after the installation, as a device on loan or trial is bought once it has proved itself.
 */
@Injectable()
export class AcquisitionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly maintenance: MaintenancePeer,
    @Inject(EQUIPMENT_CONFIG) private readonly config: EquipmentConfig,
  ) {}

  async get(actor: Actor, id: string): Promise<DeviceAcquisition> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', READ_REFUSAL);
    const item = await findLiveItem(this.dataSource.manager, id);
    const currency = await this.maintenance.currency(actor);
    return this.answer(item.id, await this.row(this.dataSource.manager, item.id), currency);
  }

  async set(actor: Actor, id: string, figures: SetDeviceAcquisition): Promise<DeviceAcquisition> {
    if (!hasFullAccess(actor.role)) throw new ServiceError('FORBIDDEN', WRITE_REFUSAL);
    if (figures.purchaseDate && figures.purchaseDate > hospitalToday(this.config.timeZone))
      throw new ServiceError('BAD_REQUEST', 'The purchase date cannot be in the future.');
    // Asked before anything is written: a maintenance service that does not answer fails the save
    // as a whole, never after it was committed (a retry would then meet its own save as a 409).
    const currency = await this.maintenance.currency(actor);
    const saved = await this.dataSource.transaction(async (manager) => {
      const item = await findLiveItem(manager, id, true);
      const current = await this.row(manager, item.id);
      if (figures.version !== undefined && figures.version !== (current?.version ?? 0))
        throw new ServiceError(
          'CONFLICT',
          `The acquisition figures of ${item.name} were changed by someone else since you opened them. Reload them and try again.`,
        );
      const before = figuresOf(current);
      const supplier = figures.supplier
        ? (await vendorsNamed(manager, [figures.supplier], true)).get(figures.supplier)
        : undefined;
      const refusal = figures.supplier
        ? supplierRefusal(figures.supplier, supplier, current?.supplier_id ?? null)
        : null;
      if (refusal) throw new ServiceError('BAD_REQUEST', refusal);
      const after: AcquisitionFigures = {
        acquisitionCost: figures.acquisitionCost,
        purchaseDate: figures.purchaseDate,
        supplier: supplier?.name ?? null,
        expectedLifeYears: figures.expectedLifeYears,
      };
      const changes = diffFields<AcquisitionFigures>(before, after);
      // A save that changes nothing writes nothing: no new version, no audit row.
      if (Object.keys(changes).length === 0) return { equipmentId: item.id, row: current };
      await manager.query(
        `INSERT INTO "equipment"."device_acquisitions"
           ("equipment_id", "acquisition_cost", "purchase_date", "supplier_vendor_id", "expected_life_years", "updated_by_label")
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ("equipment_id") DO UPDATE SET
           "acquisition_cost" = EXCLUDED."acquisition_cost", "purchase_date" = EXCLUDED."purchase_date",
           "supplier_vendor_id" = EXCLUDED."supplier_vendor_id", "expected_life_years" = EXCLUDED."expected_life_years",
           "updated_by_label" = EXCLUDED."updated_by_label", "updated_at" = now(),
           "version" = "device_acquisitions"."version" + 1`,
        [
          item.id,
          after.acquisitionCost,
          after.purchaseDate,
          supplier?.id ?? null,
          after.expectedLifeYears,
          auditActorOf(actor).label,
        ],
      );
      const row = await this.row(manager, item.id);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'equipment',
        entityId: item.id,
        equipmentId: item.id,
        action: 'acquisition-changed',
        changes,
      });
      return { equipmentId: item.id, row };
    });
    return this.answer(saved.equipmentId, saved.row, currency);
  }

  private async row(manager: EntityManager, equipmentId: string): Promise<AcquisitionRow | undefined> {
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM ${ACQUISITIONS_WITH_SUPPLIER} WHERE a."equipment_id" = $1`,
      [equipmentId],
    )) as AcquisitionRow[];
    return row;
  }

  private answer(
    equipmentId: string,
    row: AcquisitionRow | undefined,
    currency: string | null,
  ): DeviceAcquisition {
    const figures = figuresOf(row);
    return {
      equipmentId,
      ...figures,
      supplierId: row?.supplier_id ?? null,
      endOfLife: endOfLife(figures.purchaseDate, figures.expectedLifeYears),
      currency,
      updatedAt: row ? row.updated_at.toISOString() : null,
      updatedByLabel: row?.updated_by_label ?? null,
      version: row?.version ?? 0,
    };
  }
}
