import { Injectable } from '@nestjs/common';
import {
  INVENTORY_IMPORT_ACTIONS,
  INVENTORY_IMPORT_COLUMNS,
  INVENTORY_IMPORT_KEEP_HOURS,
  type InventoryFileColumns,
  type InventoryFileRow,
  type InventoryImportDto,
  type InventoryImportRowDto,
  type InventoryImportRowsPage,
  type InventoryImportRowsQuery,
  type InventoryImportSummary,
  type InventoryStageBegin,
} from '@caliber/contracts';
import type { EntityManager } from 'typeorm';
import type { PreviewedRow, RowOutcome } from './import-rows';

const BATCHES = '"equipment"."import_batches"';
const ROWS = '"equipment"."import_rows"';
/** The longest an upload's rows take to arrive: a file of 20,000 rows stages in seconds. */
export const STAGING_MINUTES = 10;

/** Rows written by one statement: a few hundred kilobytes of JSON each. */
const ROWS_PER_STATEMENT = 2_000;

export type BatchState = 'staging' | 'previewed' | 'applied';

/** A staged import as stored. */
export interface BatchRow {
  id: string;
  ownerId: string;
  fileName: string;
  dateOrderAsked: 'auto' | 'DMY' | 'MDY';
  dateOrder: 'DMY' | 'MDY' | null;
  dateOrderNote: string | null;
  columns: InventoryFileColumns;
  columnsIgnored: string[];
  expectedRows: number;
  stagedRows: number;
  state: BatchState;
  summary: InventoryImportSummary | null;
  applied: { added: number; updated: number } | null;
  createdAt: Date;
  expiresAt: Date;
  appliedAt: Date | null;
}

const SELECT_BATCH = `
  SELECT "id", "owner_id" AS "ownerId", "file_name" AS "fileName", "date_order_asked" AS "dateOrderAsked",
         "date_order" AS "dateOrder", "date_order_note" AS "dateOrderNote", "columns",
         "columns_ignored" AS "columnsIgnored", "expected_rows" AS "expectedRows", "staged_rows" AS "stagedRows",
         "state", "summary", "applied", "created_at" AS "createdAt", "expires_at" AS "expiresAt",
         "applied_at" AS "appliedAt"
    FROM ${BATCHES}`;

export const EMPTY_SUMMARY: InventoryImportSummary = { add: 0, update: 0, unchanged: 0, refused: 0 };

/** In chunks of ROWS_PER_STATEMENT, one statement each. */
async function inChunks<T>(
  items: readonly T[],
  write: (chunk: readonly T[]) => Promise<unknown>,
): Promise<void> {
  for (let at = 0; at < items.length; at += ROWS_PER_STATEMENT)
    await write(items.slice(at, at + ROWS_PER_STATEMENT));
}

/**
 * The staged imports' storage. Every method runs in the caller's transaction (its entity manager).
 * Rows cross to PostgreSQL as one JSON array per statement (`jsonb_to_recordset`), so 20,000 rows
 * are ten statements, not 20,000.
 */
@Injectable()
export class ImportBatchesRepository {
  /**
   * Deletes the imports past their keeping time, with their rows, and the ones whose staging never
   * finished within STAGING_MINUTES (the upload broke off: nobody can preview or apply them).
   */
  async purgeExpired(manager: EntityManager): Promise<void> {
    await manager.query(
      `DELETE FROM ${BATCHES}
        WHERE "expires_at" < now()
           OR ("state" = 'staging' AND "created_at" < now() - make_interval(mins => $1))`,
      [STAGING_MINUTES],
    );
  }

  /** Deletes a person's imports not applied: a person has one open import at a time. */
  async discardOpen(manager: EntityManager, ownerId: string): Promise<void> {
    await manager.query(`DELETE FROM ${BATCHES} WHERE "owner_id" = $1 AND "state" <> 'applied'`, [ownerId]);
  }

  async countOpen(manager: EntityManager): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS "open" FROM ${BATCHES} WHERE "state" <> 'applied' AND "expires_at" >= now()`,
    )) as { open: number }[];
    return row?.open ?? 0;
  }

  async insert(manager: EntityManager, ownerId: string, begin: InventoryStageBegin): Promise<string> {
    const [row] = (await manager.query(
      `INSERT INTO ${BATCHES} ("owner_id", "file_name", "date_order_asked", "columns", "columns_ignored",
                               "expected_rows", "expires_at")
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7))
       RETURNING "id"`,
      [
        ownerId,
        begin.fileName,
        begin.dateOrder,
        JSON.stringify(begin.columns),
        JSON.stringify(begin.columnsIgnored),
        begin.rows,
        INVENTORY_IMPORT_KEEP_HOURS,
      ],
    )) as { id: string }[];
    if (!row) throw new Error('The import batch was not inserted.');
    return row.id;
  }

  /** The person's import, locked for the transaction when `lock`; null when it is not theirs or gone. */
  async find(manager: EntityManager, id: string, ownerId: string, lock = false): Promise<BatchRow | null> {
    const rows = (await manager.query(
      `${SELECT_BATCH} WHERE "id" = $1 AND "owner_id" = $2 AND "expires_at" >= now()${lock ? ' FOR UPDATE' : ''}`,
      [id, ownerId],
    )) as BatchRow[];
    return rows[0] ?? null;
  }

  /** Adds rows to a staged import; answers false when a line is staged twice (nothing is added then). */
  async stage(manager: EntityManager, id: string, rows: readonly InventoryFileRow[]): Promise<boolean> {
    const inserted = (await manager.query(
      `INSERT INTO ${ROWS} ("import_id", "line", "cells")
       SELECT $1, r."line", r."cells" FROM jsonb_to_recordset($2::jsonb) AS r("line" int, "cells" jsonb)
       ON CONFLICT DO NOTHING
       RETURNING "line"`,
      [id, JSON.stringify(rows)],
    )) as unknown[];
    if (inserted.length !== rows.length) return false;
    await manager.query(`UPDATE ${BATCHES} SET "staged_rows" = "staged_rows" + $2 WHERE "id" = $1`, [
      id,
      rows.length,
    ]);
    return true;
  }

  async stagedRows(manager: EntityManager, id: string): Promise<InventoryFileRow[]> {
    return (await manager.query(
      `SELECT "line", "cells" FROM ${ROWS} WHERE "import_id" = $1 ORDER BY "line"`,
      [id],
    )) as InventoryFileRow[];
  }

  /** Stores what each row does (or did), and the batch's counts and state. */
  async storeOutcomes(
    manager: EntityManager,
    batch: BatchRow,
    outcomes: readonly RowOutcome[],
    update: {
      state: BatchState;
      dateOrder: 'DMY' | 'MDY';
      dateOrderNote: string;
      applied?: { added: number; updated: number };
    },
  ): Promise<void> {
    await inChunks(outcomes, (chunk) =>
      manager.query(
        `UPDATE ${ROWS} AS t
            SET "action" = r."action", "serial_number" = r."serialNumber", "name" = r."name",
                "equipment_id" = r."equipmentId", "equipment_version" = r."equipmentVersion",
                "acquisition_version" = r."acquisitionVersion", "changes" = r."changes", "problems" = r."problems"
           FROM jsonb_to_recordset($2::jsonb) AS r("line" int, "action" text, "serialNumber" text, "name" text,
                                                   "equipmentId" uuid, "equipmentVersion" int,
                                                   "acquisitionVersion" int, "changes" jsonb, "problems" jsonb)
          WHERE t."import_id" = $1 AND t."line" = r."line"`,
        [
          batch.id,
          JSON.stringify(
            chunk.map((outcome) => ({
              line: outcome.line,
              action: outcome.action,
              serialNumber: outcome.serialNumber.slice(0, 300),
              name: outcome.name.slice(0, 300),
              equipmentId: outcome.equipmentId,
              equipmentVersion: outcome.before?.version ?? null,
              acquisitionVersion: outcome.acquisitionVersion,
              changes: outcome.changes,
              problems: outcome.problems,
            })),
          ),
        ],
      ),
    );
    const summary = { ...EMPTY_SUMMARY };
    for (const outcome of outcomes) summary[outcome.action] += 1;
    await manager.query(
      `UPDATE ${BATCHES}
          SET "state" = $2, "summary" = $3, "date_order" = $4, "date_order_note" = $5, "applied" = $6,
              "applied_at" = CASE WHEN $7 THEN now() ELSE NULL END
        WHERE "id" = $1`,
      // Whether it is applied goes as a parameter of its own: $2 compared with a literal as well as
      // stored in the varchar column makes PostgreSQL deduce two types for it, and refuse the query.
      [
        batch.id,
        update.state,
        JSON.stringify(summary),
        update.dateOrder,
        update.dateOrderNote,
        update.applied ? JSON.stringify(update.applied) : null,
        update.state === 'applied',
      ],
    );
  }

  /** What the preview said of each row, by line, for Apply to hold to. */
  async previewed(manager: EntityManager, id: string): Promise<Map<number, PreviewedRow>> {
    const rows = (await manager.query(
      `SELECT "line", "action", "equipment_id" AS "equipmentId", "equipment_version" AS "equipmentVersion",
              "acquisition_version" AS "acquisitionVersion"
         FROM ${ROWS} WHERE "import_id" = $1`,
      [id],
    )) as (PreviewedRow & { line: number })[];
    return new Map(rows.map(({ line, ...row }) => [line, row]));
  }

  async rowsPage(
    manager: EntityManager,
    id: string,
    { page, limit, action }: InventoryImportRowsQuery,
  ): Promise<InventoryImportRowsPage> {
    const filter = action ? `AND "action" = $2` : `AND $2 = ''`;
    const [rows, counted] = await Promise.all([
      manager.query(
        `SELECT "line", "action", coalesce("serial_number", '') AS "serialNumber", coalesce("name", '') AS "name",
                "equipment_id" AS "equipmentId", coalesce("changes", '[]') AS "changes",
                coalesce("problems", '[]') AS "problems"
           FROM ${ROWS} WHERE "import_id" = $1 AND "action" IS NOT NULL ${filter}
          ORDER BY "line" LIMIT $3 OFFSET $4`,
        [id, action, limit, (page - 1) * limit],
      ) as Promise<InventoryImportRowDto[]>,
      manager.query(
        `SELECT count(*)::int AS "total" FROM ${ROWS}
          WHERE "import_id" = $1 AND "action" IS NOT NULL ${filter}`,
        [id, action],
      ) as Promise<{ total: number }[]>,
    ]);
    const total = counted[0]?.total ?? 0;
    return { rows, total, page, pages: Math.max(1, Math.ceil(total / limit)), limit };
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM ${BATCHES} WHERE "id" = $1`, [id]);
  }
}

/** A staged import as the calls answer it. */
export function toImportDto(batch: BatchRow): InventoryImportDto {
  const columns = INVENTORY_IMPORT_COLUMNS.filter(({ key }) => key in batch.columns).map(
    ({ header }) => header,
  );
  return {
    _id: batch.id,
    fileName: batch.fileName,
    state: batch.state === 'applied' ? 'applied' : 'previewed',
    dateOrder: batch.dateOrder ?? 'DMY',
    dateOrderNote: batch.dateOrderNote ?? '',
    columnsRead: columns,
    columnsIgnored: batch.columnsIgnored,
    rows: batch.expectedRows,
    // In the actions' own order (jsonb keeps keys in its own).
    summary: Object.fromEntries(
      INVENTORY_IMPORT_ACTIONS.map((action) => [action, batch.summary?.[action] ?? 0]),
    ) as InventoryImportSummary,
    createdAt: batch.createdAt.toISOString(),
    expiresAt: batch.expiresAt.toISOString(),
    appliedAt: batch.appliedAt ? batch.appliedAt.toISOString() : null,
    applied: batch.applied,
  };
}
