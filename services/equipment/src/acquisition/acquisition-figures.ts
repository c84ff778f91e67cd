import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AcquisitionFigures } from '@caliber/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * `device_acquisitions` (as `a`) with the vendor its supplier is (as `sv`): the supplier is a vendor
 * of the list, so its name is read from there and a renamed company reads renamed on every device.
 */
export const ACQUISITIONS_WITH_SUPPLIER = `"equipment"."device_acquisitions" AS a
  LEFT JOIN "equipment"."vendors" AS sv ON sv."id" = a."supplier_vendor_id"`;

/** The columns of `ACQUISITIONS_WITH_SUPPLIER` as read: amounts and dates as text, exactly as stored. */
export const ACQUISITION_COLUMNS = `a."acquisition_cost"::text AS "acquisition_cost", a."purchase_date"::text AS "purchase_date",
  a."supplier_vendor_id" AS "supplier_id", sv."name" AS "supplier", a."expected_life_years", a."version",
  a."updated_at", a."updated_by_label"`;

/** A device's row of `device_acquisitions`, with its supplier's name. */
export interface AcquisitionRow {
  acquisition_cost: string | null;
  purchase_date: string | null;
  supplier_id: string | null;
  supplier: string | null;
  expected_life_years: number | null;
  version: number;
  updated_at: Date;
  updated_by_label: string;
}

/**
 * A device's figures as stored, with the vendor its supplier is and the version a change is held
 * to (0: none recorded).
 */
export type StoredFigures = AcquisitionFigures & { supplierId: string | null; version: number };

/** The four figures of stored ones, without their version. */
export const figuresIn = (stored: StoredFigures): AcquisitionFigures => ({
  acquisitionCost: stored.acquisitionCost,
  purchaseDate: stored.purchaseDate,
  supplier: stored.supplier,
  expectedLifeYears: stored.expectedLifeYears,
});

/** No figure recorded: what a device without a row has. */
export const NO_FIGURES: AcquisitionFigures = {
  acquisitionCost: null,
  purchaseDate: null,
  supplier: null,
  expectedLifeYears: null,
};

/** The four figures of a row (none without one). The amount has at most two decimals, so a number holds it exactly. */
export function figuresOf(row: AcquisitionRow | undefined): AcquisitionFigures {
  return {
    acquisitionCost: row?.acquisition_cost == null ? null : Number(row.acquisition_cost),
    purchaseDate: row?.purchase_date ?? null,
    supplier: row?.supplier ?? null,
    expectedLifeYears: row?.expected_life_years ?? null,
  };
}

/**
 * The recorded figures of these devices, by id (a device without any is absent): one bounded
 * query, for an export's page or an import's matched devices. The caller holds the devices' own
 * rows locked when it will write them, as the acquisition screen does.
 */
export async function storedFigures(
  manager: EntityManager,
  equipmentIds: readonly string[],
): Promise<Map<string, StoredFigures>> {
  const found = new Map<string, StoredFigures>();
  if (equipmentIds.length === 0) return found;
  const rows = (await manager.query(
    `SELECT a."equipment_id", ${ACQUISITION_COLUMNS} FROM ${ACQUISITIONS_WITH_SUPPLIER}
      WHERE a."equipment_id" = ANY($1::uuid[])`,
    [equipmentIds],
  )) as (AcquisitionRow & { equipment_id: string })[];
  for (const row of rows)
    found.set(row.equipment_id, { ...figuresOf(row), supplierId: row.supplier_id, version: row.version });
  return found;
}

/** Reads devices' recorded figures outside any transaction: an export's pages, one query a page. */
@Injectable()
export class AcquisitionFiguresReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  byDevice(equipmentIds: readonly string[]): Promise<Map<string, StoredFigures>> {
    return storedFigures(this.dataSource.manager, equipmentIds);
  }
}

/** The figures to record for one device, its supplier as the vendor's id (the name is the vendor's). */
export interface FiguresToRecord extends Omit<AcquisitionFigures, 'supplier'> {
  equipmentId: string;
  supplierId: string | null;
}

/**
 * Records devices' figures in the caller's transaction, as the acquisition screen's save does:
 * each device's row created or replaced, its version bumped, who changed it named. One statement
 * for them all (an import's thousands of rows cross as one JSON array); amounts go as JSON numbers,
 * which PostgreSQL reads exactly into `numeric`. The caller writes the audit rows.
 */
export async function recordFigures(
  manager: EntityManager,
  updatedByLabel: string,
  rows: readonly FiguresToRecord[],
): Promise<void> {
  if (rows.length === 0) return;
  await manager.query(
    `INSERT INTO "equipment"."device_acquisitions"
       ("equipment_id", "acquisition_cost", "purchase_date", "supplier_vendor_id", "expected_life_years", "updated_by_label")
     SELECT r."equipmentId", r."acquisitionCost", r."purchaseDate", r."supplierId", r."expectedLifeYears", $2
       FROM jsonb_to_recordset($1::jsonb) AS r("equipmentId" uuid, "acquisitionCost" numeric, "purchaseDate" date,
                                              "supplierId" uuid, "expectedLifeYears" smallint)
     ON CONFLICT ("equipment_id") DO UPDATE SET
       "acquisition_cost" = EXCLUDED."acquisition_cost", "purchase_date" = EXCLUDED."purchase_date",
       "supplier_vendor_id" = EXCLUDED."supplier_vendor_id", "expected_life_years" = EXCLUDED."expected_life_years",
       "updated_by_label" = EXCLUDED."updated_by_label", "updated_at" = now(),
       "version" = "device_acquisitions"."version" + 1`,
    [JSON.stringify(rows), updatedByLabel],
  );
}

/** A vendor as a device's supplier: its id, its name on the list, and whether it is retired. */
export interface SupplierVendor {
  id: string;
  name: string;
  retired: boolean;
}

/**
 * The vendors these names are, by the name as asked; a name on no vendor is absent. Names are
 * compared as the list compares them: in any case, with runs of spaces as one (the list keeps
 * its names so). With `lock`, the vendors are held (`FOR SHARE`) until the caller's transaction
 * ends, so none is renamed or retired between this check and the write that points at it; a
 * preview, which writes nothing, holds none.
 */
export async function vendorsNamed(
  manager: EntityManager,
  names: readonly string[],
  lock: boolean,
): Promise<Map<string, SupplierVendor>> {
  const found = new Map<string, SupplierVendor>();
  if (names.length === 0) return found;
  const rows = (await manager.query(
    `SELECT asked."name" AS "asked", v."id", v."name", v."retired_at" IS NOT NULL AS "retired"
       FROM unnest($1::text[]) AS asked("name")
       JOIN "equipment"."vendors" AS v
         ON lower(v."name") = lower(regexp_replace(btrim(asked."name"), '\\s+', ' ', 'g'))
       ${lock ? 'FOR SHARE OF v' : ''}`,
    [[...new Set(names)]],
  )) as (SupplierVendor & { asked: string })[];
  for (const { asked, ...vendor } of rows) found.set(asked, vendor);
  return found;
}

/**
 * Why a supplier named so cannot be recorded on a device, or null when it can: it must be a vendor
 * of the list (one typed anew would be a second spelling of a company nobody keeps), and not a
 * retired one, unless it is the device's supplier already (a device keeps the company it was
 * bought from when the hospital stops dealing with it).
 */
export function supplierRefusal(
  name: string,
  vendor: SupplierVendor | undefined,
  currentSupplierId: string | null,
): string | null {
  if (!vendor)
    return `Supplier "${name.slice(0, 60)}" is not on the vendor list: choose one that is, or add it under Vendors first.`;
  if (vendor.retired && vendor.id !== currentSupplierId)
    return `Supplier "${vendor.name}" is retired from the vendor list: choose another, or restore it under Vendors first.`;
  return null;
}
