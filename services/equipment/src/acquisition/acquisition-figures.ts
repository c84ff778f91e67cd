import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AcquisitionFigures } from '@caliber/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** The columns of `device_acquisitions` as read: amounts and dates as text, exactly as stored. */
export const ACQUISITION_COLUMNS = `"acquisition_cost"::text AS "acquisition_cost", "purchase_date"::text AS "purchase_date",
  "supplier", "expected_life_years", "version", "updated_at", "updated_by_label"`;

/** A device's row of `device_acquisitions`. */
export interface AcquisitionRow {
  acquisition_cost: string | null;
  purchase_date: string | null;
  supplier: string | null;
  expected_life_years: number | null;
  version: number;
  updated_at: Date;
  updated_by_label: string;
}

/** A device's figures as stored, with the version a change is held to (0: none recorded). */
export type StoredFigures = AcquisitionFigures & { version: number };

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
    `SELECT "equipment_id", ${ACQUISITION_COLUMNS} FROM "equipment"."device_acquisitions"
      WHERE "equipment_id" = ANY($1::uuid[])`,
    [equipmentIds],
  )) as (AcquisitionRow & { equipment_id: string })[];
  for (const row of rows) found.set(row.equipment_id, { ...figuresOf(row), version: row.version });
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

/** The figures to record for one device. */
export interface FiguresToRecord extends AcquisitionFigures {
  equipmentId: string;
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
       ("equipment_id", "acquisition_cost", "purchase_date", "supplier", "expected_life_years", "updated_by_label")
     SELECT r."equipmentId", r."acquisitionCost", r."purchaseDate", r."supplier", r."expectedLifeYears", $2
       FROM jsonb_to_recordset($1::jsonb) AS r("equipmentId" uuid, "acquisitionCost" numeric, "purchaseDate" date,
                                              "supplier" text, "expectedLifeYears" smallint)
     ON CONFLICT ("equipment_id") DO UPDATE SET
       "acquisition_cost" = EXCLUDED."acquisition_cost", "purchase_date" = EXCLUDED."purchase_date",
       "supplier" = EXCLUDED."supplier", "expected_life_years" = EXCLUDED."expected_life_years",
       "updated_by_label" = EXCLUDED."updated_by_label", "updated_at" = now(),
       "version" = "device_acquisitions"."version" + 1`,
    [JSON.stringify(rows), updatedByLabel],
  );
}
