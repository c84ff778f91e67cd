import {
  udiSearchKey,
  type EquipmentFilters,
  type EquipmentFilterOptions,
  type EquipmentSort,
  type ListEquipmentQuery,
} from '@caliber/contracts';
import { containsPattern } from '@caliber/service-kit';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { EquipmentEntity } from './equipment.entity';

const SORT_COLUMNS: Record<EquipmentSort, string> = {
  name: 'item.name',
  serialNumber: 'item.serialNumber',
  installationDate: 'item.installationDate',
  createdAt: 'item.createdAt',
  updatedAt: 'item.updatedAt',
};

/**
 * The search: a substring of the name, serial number, model, manufacturer, location, GTIN or UDI.
 * A scanned or pasted UDI (with its group separators) or a GTIN (also as EAN-13, UPC-A or GTIN-8)
 * also finds the devices of that GTIN, and of that serial when the UDI carries one.
 */
function search(builder: SelectQueryBuilder<EquipmentEntity>, q: string): void {
  const key = udiSearchKey(q);
  if (!key) {
    builder.andWhere('item.search_text LIKE :pattern', { pattern: containsPattern(q) });
    return;
  }
  builder.andWhere(
    `(item.search_text LIKE :pattern OR (item.gtin = :gtin AND (CAST(:serial AS varchar) IS NULL
        OR lower(item.serialNumber) = lower(CAST(:serial AS varchar)))))`,
    { pattern: containsPattern(q), gtin: key.gtin, serial: key.serialNumber },
  );
}

/**
 * The filtered, not deleted items (see `search`). `riskClass` 'unassessed' finds the items
 * without an assessment.
 */
export function filteredItems(
  manager: EntityManager,
  query: EquipmentFilters,
): SelectQueryBuilder<EquipmentEntity> {
  const builder = manager.createQueryBuilder(EquipmentEntity, 'item').where('item.deletedAt IS NULL');
  if (query.q) search(builder, query.q);
  if (query.department) builder.andWhere('item.department = :department', { department: query.department });
  if (query.status) builder.andWhere('item.status = :status', { status: query.status });
  if (query.category) builder.andWhere('item.category = :category', { category: query.category });
  if (query.riskClass === 'unassessed') builder.andWhere('item.riskClass IS NULL');
  else if (query.riskClass) builder.andWhere('item.riskClass = :riskClass', { riskClass: query.riskClass });
  // In the PM program, in use (a retired device needs no plan), and no active plan in the copy of
  // maintenance's coverage (none known: none).
  if (query.pmProgram === 'unplanned')
    builder
      .andWhere('item.inPmProgram = true')
      .andWhere(`item.status NOT IN ('Decommissioned', 'Auctioned')`)
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM "equipment"."pm_coverage" "coverage"
                      WHERE "coverage"."equipment_id" = "item"."id" AND "coverage"."active_plans" > 0)`,
      );
  // A column kept by the recall writes (see the recalls migration): an index probe, no join.
  if (query.recall === 'open') builder.andWhere('item.openRecallActions > 0');
  return builder;
}

/** One page in a stable order: the sort column, then the name and id to break ties. */
export function pageOf(
  builder: SelectQueryBuilder<EquipmentEntity>,
  query: ListEquipmentQuery,
): SelectQueryBuilder<EquipmentEntity> {
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as EquipmentSort];
  const direction = descending ? 'DESC' : 'ASC';
  builder.orderBy(column, direction);
  if (column !== 'item.name') builder.addOrderBy('item.name', direction);
  return builder
    .addOrderBy('item.id', direction)
    .offset((query.page - 1) * query.limit)
    .limit(query.limit);
}

/**
 * The distinct departments, statuses and categories present, read by loose index scans: a few
 * index probes per distinct value instead of a pass over every row.
 */
export async function filterOptions(manager: EntityManager): Promise<EquipmentFilterOptions> {
  const distinct = async (column: 'department' | 'status' | 'category'): Promise<string[]> => {
    const rows: { value: string }[] = await manager.query(`
      WITH RECURSIVE present AS (
        (SELECT "${column}" AS value FROM "equipment"."equipment"
          WHERE "deleted_at" IS NULL ORDER BY "${column}" LIMIT 1)
        UNION ALL
        SELECT (SELECT "${column}" FROM "equipment"."equipment"
          WHERE "deleted_at" IS NULL AND "${column}" > present.value ORDER BY "${column}" LIMIT 1)
        FROM present WHERE present.value IS NOT NULL
      )
      SELECT value FROM present WHERE value IS NOT NULL`);
    return rows.map((row) => row.value);
  };
  const [departments, statuses, categories] = await Promise.all([
    distinct('department'),
    distinct('status'),
    distinct('category'),
  ]);
  return {
    departments,
    statuses: statuses as EquipmentFilterOptions['statuses'],
    categories: categories as EquipmentFilterOptions['categories'],
  };
}
