/**
 * Whether contract `c` covers device `e` (SQL aliases as given): it names the device, names its
 * model (manufacturer and model, without regard to case), or names its department (by list entry,
 * read at its current name: a rename rewrites the devices' department to it).
 */
export function coversDevice(c: string, e: string): string {
  return `(EXISTS (SELECT 1 FROM "equipment"."service_contract_devices" AS named
                    WHERE named."contract_id" = ${c}."id" AND named."equipment_id" = ${e}."id")
     OR EXISTS (SELECT 1 FROM jsonb_array_elements(${c}."models") AS m
                 WHERE lower(m->>'manufacturer') = lower(${e}."manufacturer")
                   AND lower(m->>'model') = lower(${e}."model"))
     OR (${c}."department_id" IS NOT NULL AND lower(${e}."department") =
          (SELECT lower(dept."name") FROM "equipment"."list_entries" AS dept WHERE dept."id" = ${c}."department_id")))`;
}

/**
 * The ids of the live devices contract `c` covers (SQL alias as given), as `coversDevice` decides,
 * found through the indexes (named devices by contract, models and departments by their folded
 * names) rather than by testing every device: what a contract's cost is split over.
 */
export function devicesCoveredBy(c: string): string {
  return `SELECT named."equipment_id" AS "id"
            FROM "equipment"."service_contract_devices" AS named
            JOIN "equipment"."equipment" AS e ON e."id" = named."equipment_id" AND e."deleted_at" IS NULL
           WHERE named."contract_id" = ${c}."id"
          UNION
          SELECT e."id" FROM jsonb_array_elements(${c}."models") AS m
            JOIN "equipment"."equipment" AS e
              ON lower(e."manufacturer") = lower(m->>'manufacturer') AND lower(e."model") = lower(m->>'model')
             AND e."deleted_at" IS NULL
          UNION
          SELECT e."id" FROM "equipment"."list_entries" AS dept
            JOIN "equipment"."equipment" AS e ON lower(e."department") = lower(dept."name") AND e."deleted_at" IS NULL
           WHERE dept."id" = ${c}."department_id"`;
}
