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
