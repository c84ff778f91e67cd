import {
  assessRisk,
  DEFAULT_PM_PROGRAM_THRESHOLD,
  type NewEquipment,
  type RiskScores,
} from '@caliber/contracts';
import type { EntityManager } from 'typeorm';

const BATCH = 5000;

/** An item to load, with its risk assessment when it has one. */
export type DemoItem = NewEquipment & { risk?: RiskScores | null };

/**
 * Inserts many items at once (demo data, benchmarks) with their first status-history row and an
 * audit row each, as one-by-one creation would: the history stays complete from the first insert.
 * An item's assessment is stored as a saved one would be (`assessRisk` with `threshold`), assessed
 * by `actorLabel` at load time.
 */
export async function insertEquipment(
  manager: EntityManager,
  items: DemoItem[],
  actorLabel: string,
  threshold = DEFAULT_PM_PROGRAM_THRESHOLD,
): Promise<number> {
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    const column = <K extends keyof NewEquipment>(key: K) => batch.map((item) => item[key]);
    const outcomes = batch.map((item) => (item.risk ? assessRisk(item.risk, threshold) : null));
    const score = (factor: keyof RiskScores) => batch.map((item) => item.risk?.[factor] ?? null);
    await manager.query(
      `WITH inserted AS (
         INSERT INTO "equipment"."equipment"
           ("name", "manufacturer", "model", "serial_number", "department", "location",
            "installation_date", "warranty_expiry", "status", "category",
            "risk_function", "risk_physical", "risk_maintenance", "risk_incidents", "risk_total",
            "risk_class", "high_risk", "life_support", "in_pm_program", "assessed_at", "assessed_by_name")
         SELECT "name", "manufacturer", "model", "serial_number", "department", "location",
                "installation_date", "warranty_expiry", "status", "category",
                "risk_function", "risk_physical", "risk_maintenance", "risk_incidents", "risk_total",
                "risk_class", "high_risk", "life_support", "in_pm_program",
                CASE WHEN "risk_total" IS NULL THEN NULL ELSE now() END,
                CASE WHEN "risk_total" IS NULL THEN NULL ELSE $12 END
           FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[],
                       $6::varchar[], $7::date[], $8::date[], $9::varchar[], $10::varchar[],
                       $13::smallint[], $14::smallint[], $15::smallint[], $16::smallint[], $17::smallint[],
                       $18::varchar[], $19::boolean[], $20::boolean[], $21::boolean[])
             AS rows ("name", "manufacturer", "model", "serial_number", "department", "location",
                      "installation_date", "warranty_expiry", "status", "category",
                      "risk_function", "risk_physical", "risk_maintenance", "risk_incidents", "risk_total",
                      "risk_class", "high_risk", "life_support", "in_pm_program")
         RETURNING "id", "status", "created_at"
       ), history AS (
         INSERT INTO "equipment"."status_history" ("equipment_id", "from_status", "to_status", "changed_at", "reason")
         SELECT "id", NULL, "status", "created_at", 'Added to the inventory' FROM inserted
       )
       INSERT INTO "equipment"."audit_log" ("actor_label", "entity", "entity_id", "action", "equipment_id")
       SELECT $11, 'equipment', "id"::text, 'created', "id" FROM inserted`,
      [
        column('name'),
        column('manufacturer'),
        column('model'),
        column('serialNumber'),
        column('department'),
        column('location'),
        column('installationDate'),
        column('warrantyExpiry'),
        column('status'),
        column('category'),
        actorLabel,
        actorLabel.slice(0, 120),
        score('function'),
        score('physicalRisk'),
        score('maintenance'),
        score('incidentHistory'),
        outcomes.map((outcome) => outcome?.total ?? null),
        outcomes.map((outcome) => outcome?.riskClass ?? null),
        outcomes.map((outcome) => outcome?.highRisk ?? false),
        outcomes.map((outcome) => outcome?.lifeSupport ?? false),
        outcomes.map((outcome) => outcome?.inPmProgram ?? false),
      ],
    );
  }
  return items.length;
}
