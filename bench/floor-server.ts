import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';

/** What a floor answers for a query: the same JSON as the service behind the gateway. */
export type FloorAnswer = (pool: Pool, params: URLSearchParams) => Promise<unknown>;

/**
 * The floor: the same list page answered by a bare Node `http` server that calls `pg` directly,
 * with no framework, no authentication, no NATS hop. `answer` runs the service's SQL shape and
 * returns its JSON shape; by default the inventory page (page, count and filter options in
 * parallel).
 */
export async function startFloorServer(
  databaseUrl: string,
  poolSize: number,
  answer: FloorAnswer = inventoryPage,
): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://floor');
    answer(pool, url.searchParams)
      .then((body) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: (error as Error).message }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

const COLUMNS = `"id", "name", "manufacturer", "model", "serial_number", "department", "location",
  to_char("installation_date", 'YYYY-MM-DD') AS "installation_date",
  to_char("warranty_expiry", 'YYYY-MM-DD') AS "warranty_expiry", "status", "category",
  "created_at", "updated_at", "created_by_id", "created_by_name", "updated_by_id", "updated_by_name", "version"`;

async function inventoryPage(pool: Pool, params: URLSearchParams) {
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 9);
  const { filter, values } = inventoryFilter(params);
  const distinct = (column: string) =>
    pool.query<{ value: string }>(`
      WITH RECURSIVE present AS (
        (SELECT "${column}" AS value FROM "equipment"."equipment" WHERE "deleted_at" IS NULL ORDER BY "${column}" LIMIT 1)
        UNION ALL
        SELECT (SELECT "${column}" FROM "equipment"."equipment"
          WHERE "deleted_at" IS NULL AND "${column}" > present.value ORDER BY "${column}" LIMIT 1)
        FROM present WHERE present.value IS NOT NULL)
      SELECT value FROM present WHERE value IS NOT NULL`);
  const [rows, count, departments, statuses, categories] = await Promise.all([
    pool.query(
      `SELECT ${COLUMNS} FROM "equipment"."equipment" WHERE ${filter}
        ORDER BY "name" ASC, "id" ASC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      values,
    ),
    pool.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM "equipment"."equipment" WHERE ${filter}`,
      values,
    ),
    distinct('department'),
    distinct('status'),
    distinct('category'),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    equipment: rows.rows.map(toItem),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
    limit,
    filters: {
      departments: departments.rows.map((r) => r.value),
      statuses: statuses.rows.map((r) => r.value),
      categories: categories.rows.map((r) => r.value),
    },
  };
}

/** An item as the list answers it. */
function toItem(row: Record<string, unknown>) {
  return {
    _id: row['id'],
    name: row['name'],
    manufacturer: row['manufacturer'],
    model: row['model'],
    serialNumber: row['serial_number'],
    department: row['department'],
    location: row['location'],
    installationDate: row['installation_date'],
    warrantyExpiry: row['warranty_expiry'],
    status: row['status'],
    category: row['category'],
    createdAt: (row['created_at'] as Date).toISOString(),
    updatedAt: (row['updated_at'] as Date).toISOString(),
    createdBy: row['created_by_id'] ? { _id: row['created_by_id'], name: row['created_by_name'] } : null,
    updatedBy: row['updated_by_id'] ? { _id: row['updated_by_id'], name: row['updated_by_name'] } : null,
    version: row['version'],
  };
}

/** The inventory's filter: the search and the department, status and category asked for. */
function inventoryFilter(params: URLSearchParams): { filter: string; values: unknown[] } {
  const where = ['"deleted_at" IS NULL'];
  const values: unknown[] = [];
  const q = params.get('q')?.trim();
  if (q) {
    values.push(`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`"search_text" LIKE $${values.length}`);
  }
  for (const column of ['department', 'status', 'category']) {
    const value = params.get(column);
    if (value) {
      values.push(value);
      where.push(`"${column}" = $${values.length}`);
    }
  }
  return { filter: where.join(' AND '), values };
}

/**
 * The second floor: the page's rows alone, from one indexed query, with no count and no filter
 * options: what an inventory page costs the database when those come from a cache.
 */
export async function inventoryRows(pool: Pool, params: URLSearchParams) {
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 9);
  const { filter, values } = inventoryFilter(params);
  const rows = await pool.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM "equipment"."equipment" WHERE ${filter}
      ORDER BY "name" ASC, "id" ASC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    values,
  );
  return { equipment: rows.rows.map(toItem), page, limit };
}
