import { TASK_SEARCH_COUNT_LIMIT } from '@caliber/contracts';
import type { Pool } from 'pg';

const COLUMNS = `"id", "title", "description", "task_type", "pm_type", "pm_interval", "priority", "status",
  "assigned_to_id", "assigned_to_name", "equipment_id", "equipment_name", "equipment_serial",
  "equipment_department", "equipment_category", to_char("due_date", 'YYYY-MM-DD') AS "due_date",
  "completed_date", "needs_certification", "certified", "certified_at", "certified_by_id", "certified_by_name",
  "fault_description", "repair_details", "comments", "labour_hours", "location", "reported_by_id",
  "reported_by_name", "severity", "plan_id", "plan_occurrence", "created_at", "created_by_id", "created_by_name", "updated_at",
  "updated_by_id", "updated_by_name", "version"`;

const ref = (id: unknown, name: unknown) => (id ? { _id: id, name } : null);
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/**
 * The task list's floor: the maintenance service's SQL shape (the page and the counts by status in
 * parallel, the counts from the trigger-kept table when only the assignee narrows the list, a
 * search's counted only up to TASK_SEARCH_COUNT_LIMIT matches, then the page's spare parts) and its JSON shape, straight from `pg`. `viewer` stands for the scope a
 * Technician's own list gets from their signed statement: the tasks assigned to them and the faults
 * they reported, each half read in order as far as the page reaches and the page cut from their
 * union, and counted as the kept counts of the first plus a count of the others.
 */
export async function taskPage(pool: Pool, params: URLSearchParams) {
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 8);
  const where = ['"deleted_at" IS NULL'];
  const values: unknown[] = [];
  const q = params.get('q')?.trim();
  if (q) {
    values.push(`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`"search_text" LIKE $${values.length}`);
  }
  const viewer = params.get('viewer');
  const filter = where.join(' AND ');
  const reach = Math.max(TASK_SEARCH_COUNT_LIMIT, page * limit);
  const order = `ORDER BY "created_at" DESC, "id" DESC`;
  const [rows, byStatus] = await Promise.all([
    viewer
      ? ownPage(pool, { filter, values, order, viewer, page, limit })
      : pool.query(
          `SELECT ${COLUMNS} FROM "maintenance"."tasks" WHERE ${filter}
            ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
          values,
        ),
    q
      ? // A search counts its matches only as far as TASK_SEARCH_COUNT_LIMIT (or the page) and one further.
        pool.query<{ status: string; count: number }>(
          `SELECT "status", count(*)::int AS count FROM (
             SELECT "status" FROM "maintenance"."tasks" WHERE ${filter} LIMIT ${reach + 1}) AS "sample"
           GROUP BY "status"`,
          values,
        )
      : keptCounts(pool, viewer),
  ]);
  const ids = rows.rows.map((row: Record<string, unknown>) => row['id']);
  const parts = await pool.query<Record<string, unknown>>(
    `SELECT "task_id", "name", "quantity", "description", "unit_cost", "supplier_vendor_id", "supplier_name"
       FROM "maintenance"."spare_parts"
      WHERE "task_id" = ANY($1) ORDER BY "task_id", "position"`,
    [ids],
  );
  const of = (status: string) =>
    byStatus.rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  const counted = byStatus.rows.reduce((sum, row) => sum + row.count, 0);
  // Past the limit: "more than" the limit, and no breakdown by status.
  const more = Boolean(q) && counted > reach;
  const total = more ? reach : counted;
  return {
    tasks: rows.rows.map((row: Record<string, unknown>) =>
      toTask(
        row,
        parts.rows.filter((part) => part['task_id'] === row['id']),
      ),
    ),
    total,
    more,
    page,
    pages: Math.max(1, Math.ceil((more ? total + 1 : total) / limit)),
    limit,
    counts: more
      ? null
      : {
          total: of('Pending') + of('In Progress') + of('Completed') + of('Cancelled'),
          pending: of('Pending'),
          inProgress: of('In Progress'),
          completed: of('Completed'),
        },
  };
}

/** A task as the list answers it, from its row and its spare parts in order. */
function toTask(row: Record<string, unknown>, parts: Record<string, unknown>[]) {
  return {
    _id: row['id'],
    title: row['title'],
    description: row['description'],
    taskType: row['task_type'],
    pmType: row['pm_type'],
    pmInterval: row['pm_interval'],
    priority: row['priority'],
    assignedTo: ref(row['assigned_to_id'], row['assigned_to_name']),
    equipment: {
      _id: row['equipment_id'],
      name: row['equipment_name'],
      serialNumber: row['equipment_serial'],
      department: row['equipment_department'],
      category: row['equipment_category'],
    },
    dueDate: row['due_date'],
    status: row['status'],
    createdAt: iso(row['created_at']),
    updatedAt: iso(row['updated_at']),
    createdBy: ref(row['created_by_id'], row['created_by_name']),
    updatedBy: ref(row['updated_by_id'], row['updated_by_name']),
    completedDate: iso(row['completed_date']),
    needsCertification: row['needs_certification'],
    certified: row['certified'],
    certificationEngineer: row['certified'] ? row['certified_by_name'] : null,
    certifiedBy: ref(row['certified_by_id'], row['certified_by_name']),
    certifiedAt: iso(row['certified_at']),
    faultDescription: row['fault_description'],
    repairDetails: row['repair_details'],
    comments: row['comments'],
    spareParts: parts.map((part) => ({
      name: part['name'],
      quantity: part['quantity'],
      description: part['description'],
      unitCost: part['unit_cost'] === null ? null : Number(part['unit_cost']),
      supplierId: part['supplier_vendor_id'],
      supplierName: part['supplier_name'],
    })),
    labourHours: row['labour_hours'] === null ? null : Number(row['labour_hours']),
    location: row['location'],
    reportedBy: ref(row['reported_by_id'], row['reported_by_name']),
    severity: row['severity'],
    plan: row['plan_id'] ? { _id: row['plan_id'], occurrence: row['plan_occurrence'] } : null,
    version: row['version'],
  };
}

/**
 * The second floor: the page's rows alone (with their spare parts), from one indexed query, with
 * no count at all: what a list page costs the database when its counts come from a cache. A
 * Technician's own list is the union of their two halves, each read in order from its index.
 */
export async function taskRows(pool: Pool, params: URLSearchParams) {
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 8);
  const values: unknown[] = [];
  let where = '"deleted_at" IS NULL';
  const q = params.get('q')?.trim();
  if (q) {
    values.push(`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` AND "search_text" LIKE $${values.length}`;
  }
  const order = `ORDER BY "created_at" DESC, "id" DESC`;
  const viewer = params.get('viewer');
  let from = `"maintenance"."tasks" AS "t" WHERE ${where}`;
  if (viewer) {
    values.push(viewer);
    const v = `$${values.length}`;
    const reach = page * limit;
    from = `(
      (SELECT * FROM "maintenance"."tasks" WHERE ${where} AND "assigned_to_id" = ${v} ${order} LIMIT ${reach})
      UNION ALL
      (SELECT * FROM "maintenance"."tasks" WHERE ${where} AND "reported_by_id" = ${v}
        AND "assigned_to_id" IS DISTINCT FROM ${v} ${order} LIMIT ${reach})) AS "t"`;
  }
  const rows = await pool.query<Record<string, unknown>>(
    `SELECT ${COLUMNS}, coalesce((SELECT json_agg(json_build_object('task_id', "task_id", 'name', "name",
        'quantity', "quantity", 'description', "description", 'unit_cost', "unit_cost",
        'supplier_vendor_id', "supplier_vendor_id", 'supplier_name', "supplier_name") ORDER BY "position")
        FROM "maintenance"."spare_parts" WHERE "task_id" = "t"."id"), '[]') AS "parts"
      FROM ${from} ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    values,
  );
  return {
    tasks: rows.rows.map((row) => toTask(row, row['parts'] as Record<string, unknown>[])),
    page,
    limit,
  };
}

/** Everyone's counts, or a viewer's: those of their work (kept) and of the faults they reported. */
async function keptCounts(pool: Pool, viewer: string | null) {
  const kept = pool.query<{ status: string; count: number }>(
    `SELECT "status", sum("count")::int AS "count" FROM "maintenance"."task_counts"
      WHERE ($1::uuid IS NULL OR "assignee_id" = $1) GROUP BY "status"`,
    [viewer],
  );
  if (!viewer) return kept;
  const [assigned, reported] = await Promise.all([
    kept,
    pool.query<{ status: string; count: number }>(
      `SELECT "status", count(*)::int AS "count" FROM "maintenance"."tasks"
        WHERE "deleted_at" IS NULL AND "reported_by_id" = $1 AND "assigned_to_id" IS DISTINCT FROM $1
        GROUP BY "status"`,
      [viewer],
    ),
  ]);
  return { rows: [...assigned.rows, ...reported.rows] };
}

/** A Technician's page: each half in order as far as the page reaches, then the page of their union. */
async function ownPage(
  pool: Pool,
  own: { filter: string; values: unknown[]; order: string; viewer: string; page: number; limit: number },
) {
  const reach = own.page * own.limit;
  const viewerAt = `$${own.values.length + 1}`;
  const half = (condition: string) =>
    pool.query<{ id: string }>(
      `SELECT "id" FROM "maintenance"."tasks" WHERE ${own.filter} AND ${condition} ${own.order} LIMIT ${reach}`,
      [...own.values, own.viewer],
    );
  const [assigned, reported] = await Promise.all([
    half(`"assigned_to_id" = ${viewerAt}`),
    half(`"reported_by_id" = ${viewerAt} AND "assigned_to_id" IS DISTINCT FROM ${viewerAt}`),
  ]);
  const ids = [...assigned.rows, ...reported.rows].map((row) => row.id);
  return pool.query(
    `SELECT ${COLUMNS} FROM "maintenance"."tasks" WHERE "id" = ANY($1)
      ${own.order} LIMIT ${own.limit} OFFSET ${(own.page - 1) * own.limit}`,
    [ids],
  );
}
