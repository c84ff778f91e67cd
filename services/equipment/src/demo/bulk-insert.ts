import type { NewEquipment } from '@caliber/contracts';
import type { EntityManager } from 'typeorm';

const BATCH = 5000;

/**
 * Inserts many items at once (demo data, benchmarks) with their first status-history row and an
 * audit row each, as one-by-one creation would: the history stays complete from the first insert.
 */
export async function insertEquipment(
  manager: EntityManager,
  items: NewEquipment[],
  actorLabel: string,
): Promise<number> {
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    const column = <K extends keyof NewEquipment>(key: K) => batch.map((item) => item[key]);
    await manager.query(
      `WITH inserted AS (
         INSERT INTO "equipment"."equipment"
           ("name", "manufacturer", "model", "serial_number", "department", "location",
            "installation_date", "warranty_expiry", "status", "category")
         SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[],
                              $6::varchar[], $7::date[], $8::date[], $9::varchar[], $10::varchar[])
         RETURNING "id", "status", "created_at"
       ), history AS (
         INSERT INTO "equipment"."status_history" ("equipment_id", "from_status", "to_status", "changed_at", "reason")
         SELECT "id", NULL, "status", "created_at", 'Added to the inventory' FROM inserted
       )
       INSERT INTO "equipment"."audit_log" ("actor_label", "entity", "entity_id", "action")
       SELECT $11, 'equipment', "id"::text, 'created' FROM inserted`,
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
      ],
    );
  }
  return items.length;
}
