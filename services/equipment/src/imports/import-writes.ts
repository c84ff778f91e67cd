import type { AcquisitionFigures, Actor } from '@caliber/contracts';
import { auditActorOf, diffFields, type FieldChange } from '@caliber/service-kit';
import type { EntityManager } from 'typeorm';
import { recordFigures, type FiguresToRecord } from '../acquisition/acquisition-figures';
import type { BatchRow } from './import-batches.repository';
import type { FiguresWrite, ImportRecord, RowOutcome } from './import-rows';

/** Rows one statement writes: each statement's JSON stays a few megabytes at most. */
const ROWS_PER_STATEMENT = 2_000;

const RECORD_COLUMNS = `"name" text, "manufacturer" text, "model" text, "serialNumber" text, "department" text,
  "location" text, "installationDate" date, "warrantyExpiry" date, "status" text, "category" text, "udi" text,
  "gtin" text, "lotNumber" text, "expiryDate" date, "manufactureDate" date`;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += ROWS_PER_STATEMENT)
    out.push(items.slice(at, at + ROWS_PER_STATEMENT));
  return out;
}

export interface ImportAuditRow {
  id: string;
  /** A device added or changed, or its acquisition figures changed (as the acquisition screen audits them). */
  action: 'created' | 'updated' | 'acquisition-changed';
  changes: Record<string, FieldChange>;
}

interface StatusRow {
  id: string;
  from: string | null;
  to: string;
  reason: string;
}

/**
 * Writes an import's valid rows in the caller's transaction: the added devices (each with its
 * first status-history row), the updated ones (a status that changes gets its history row), and
 * the acquisition figures the rows change (a row that changes only them leaves the device's record
 * and version alone). All of it commits or none does. Answers the outcomes with the added devices'
 * ids, the counts, and the audit rows: one per device with the fields it changed, and one
 * `acquisition-changed` per device whose figures changed, each with the import it came from, which
 * the caller writes with
 * `writeImportAudit` once every row it changes is locked (the audit chain's head is locked last).
 */
export async function writeImport(
  manager: EntityManager,
  actor: Actor,
  batch: BatchRow,
  outcomes: readonly RowOutcome[],
): Promise<{
  outcomes: RowOutcome[];
  counts: { added: number; updated: number };
  audit: ImportAuditRow[];
}> {
  const source: FieldChange = { from: null, to: `${batch.fileName} (import ${batch.id})` };
  const audit: ImportAuditRow[] = [];
  const statuses: StatusRow[] = [];
  const figures: FiguresToRecord[] = [];
  const idsBySerial = new Map<string, string>();
  /** A device's figures to record, and their audit row after the device's own. */
  const recordFiguresOf = (id: string, write: FiguresWrite | null) => {
    if (!write) return;
    const { acquisitionCost, purchaseDate, expectedLifeYears } = write.after;
    figures.push({
      equipmentId: id,
      acquisitionCost,
      purchaseDate,
      expectedLifeYears,
      supplierId: write.supplierId,
    });
    audit.push({
      id,
      action: 'acquisition-changed',
      changes: { ...diffFields<AcquisitionFigures>(write.before, write.after), import: source },
    });
  };

  const adds = outcomes.filter((outcome) => outcome.action === 'add' && outcome.record);
  for (const chunk of chunks(adds)) {
    const inserted = (await manager.query(
      `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
              "location", "installation_date", "warranty_expiry", "status", "category", "udi", "gtin", "lot_number",
              "expiry_date", "manufacture_date", "created_by_id", "created_by_name", "updated_by_id", "updated_by_name")
       SELECT r."name", r."manufacturer", r."model", r."serialNumber", r."department", r."location",
              r."installationDate", r."warrantyExpiry", r."status", r."category", r."udi", r."gtin", r."lotNumber",
              r."expiryDate", r."manufactureDate", $2, $3, $2, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(${RECORD_COLUMNS})
       RETURNING "id", lower("serial_number") AS "serial"`,
      [JSON.stringify(chunk.map((outcome) => outcome.record)), actor._id, actor.name],
    )) as { id: string; serial: string }[];
    for (const row of inserted) idsBySerial.set(row.serial, row.id);
  }
  for (const outcome of adds) {
    const record = outcome.record as ImportRecord;
    const id = idsBySerial.get(record.serialNumber.toLowerCase());
    if (!id) throw new Error(`The device of line ${outcome.line} was not inserted.`);
    statuses.push({ id, from: null, to: record.status, reason: 'Added to the inventory by an import' });
    audit.push({ id, action: 'created', changes: { ...diffFields({}, { ...record }), import: source } });
    recordFiguresOf(id, outcome.figures);
  }

  const updated = outcomes.filter((outcome) => outcome.action === 'update' && outcome.before);
  const updates = updated.filter((outcome) => outcome.record);
  for (const chunk of chunks(updates))
    await manager.query(
      `UPDATE "equipment"."equipment" AS e
          SET "name" = r."name", "manufacturer" = r."manufacturer", "model" = r."model",
              "serial_number" = r."serialNumber", "department" = r."department", "location" = r."location",
              "installation_date" = r."installationDate", "warranty_expiry" = r."warrantyExpiry",
              "status" = r."status", "category" = r."category", "udi" = r."udi", "gtin" = r."gtin",
              "lot_number" = r."lotNumber", "expiry_date" = r."expiryDate", "manufacture_date" = r."manufactureDate",
              "updated_by_id" = $2, "updated_by_name" = $3, "updated_at" = now(), "version" = e."version" + 1
         FROM jsonb_to_recordset($1::jsonb) AS r("id" uuid, ${RECORD_COLUMNS})
        WHERE e."id" = r."id"`,
      [
        JSON.stringify(chunk.map((outcome) => ({ ...outcome.record, id: outcome.before?.id }))),
        actor._id,
        actor.name,
      ],
    );
  for (const outcome of updated) {
    const record = outcome.record;
    const before = outcome.before as ImportRecord & { id: string };
    if (record && before.status !== record.status)
      statuses.push({
        id: before.id,
        from: before.status,
        to: record.status,
        reason: 'Changed by an inventory import',
      });
    if (record)
      audit.push({
        id: before.id,
        action: 'updated',
        changes: { ...diffFields<Partial<ImportRecord>>(pick(before, record), record), import: source },
      });
    recordFiguresOf(before.id, outcome.figures);
  }
  for (const chunk of chunks(figures)) await recordFigures(manager, auditActorOf(actor).label, chunk);

  for (const chunk of chunks(statuses))
    await manager.query(
      `INSERT INTO "equipment"."status_history" ("equipment_id", "from_status", "to_status", "changed_by_id",
              "changed_by_name", "reason")
       SELECT r."id", r."from", r."to", $2, $3, r."reason"
         FROM jsonb_to_recordset($1::jsonb) AS r("id" uuid, "from" text, "to" text, "reason" text)`,
      [JSON.stringify(chunk), actor._id, actor.name],
    );
  return {
    outcomes: outcomes.map((outcome) =>
      outcome.action === 'add' && outcome.record
        ? { ...outcome, equipmentId: idsBySerial.get(outcome.record.serialNumber.toLowerCase()) ?? null }
        : outcome,
    ),
    counts: { added: adds.length, updated: updated.length },
    audit,
  };
}

/** The import's audit rows (from `writeImport`), a few thousand to a statement. */
export async function writeImportAudit(
  manager: EntityManager,
  actor: Actor,
  audit: readonly ImportAuditRow[],
): Promise<void> {
  const who = auditActorOf(actor);
  for (const chunk of chunks(audit))
    await manager.query(
      `INSERT INTO "equipment"."audit_log" ("actor_id", "actor_label", "service", "entity", "entity_id", "action",
              "changes", "equipment_id")
       SELECT $2, $3, $4, 'equipment', r."id", r."action", r."changes", r."id"::uuid
         FROM jsonb_to_recordset($1::jsonb) AS r("id" text, "action" text, "changes" jsonb)`,
      [JSON.stringify(chunk), who.id, who.label, who.service ?? null],
    );
}

/** The stored values of the fields a record has, to compare with it (the status too: it is audited as a field). */
function pick(before: Partial<ImportRecord>, record: ImportRecord): Partial<ImportRecord> {
  const picked: Partial<ImportRecord> = {};
  for (const key of Object.keys(record) as (keyof ImportRecord)[])
    Object.assign(picked, { [key]: before[key] ?? null });
  return picked;
}
