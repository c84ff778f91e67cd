import { Client } from 'pg';

/** One call made under load, and whether it was answered 2xx. */
export interface Attempt {
  /** What the call is known by afterwards: an item's serial number, a fault's title, a path. */
  key: string;
  at: number;
  ok: boolean;
}

/** A signed-in client of the API: JSON in and out, with a deadline on every call. */
export function apiClient(baseUrl: () => string, token: () => string, timeoutMs = 5000) {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: response.status < 300 && text ? JSON.parse(text) : null };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
  };
}

/** A new Serviceable infusion pump known by its serial number. */
export function newItem(serialNumber: string) {
  return {
    name: `Fault Pump ${serialNumber}`,
    serialNumber,
    manufacturer: 'B. Braun',
    model: 'Infusomat Space',
    department: 'ICU',
    location: 'Bed 7',
    installationDate: '2023-05-01',
    status: 'Serviceable',
    category: 'Infusion Pump',
  };
}

/** A connection to the stack's database for the checks after a run, closed after `use`. */
export async function inDatabase<T>(databaseUrl: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Seconds from the first failed call to the first success after the last failure (0: none failed). */
export function unavailableSeconds(attempts: Attempt[]): number {
  const failed = attempts.filter((attempt) => !attempt.ok);
  if (failed.length === 0) return 0;
  const first = Math.min(...failed.map((attempt) => attempt.at));
  const last = Math.max(...failed.map((attempt) => attempt.at));
  const back = attempts.filter((attempt) => attempt.ok && attempt.at > last).map((attempt) => attempt.at);
  return (Math.min(...back) - first) / 1000;
}

/**
 * The serial numbers of `serials` that are not in the inventory exactly once, with exactly one
 * `created` audit row each: a write answered 2xx and then lost, or applied twice.
 */
export async function writesNotKeptOnce(databaseUrl: string, serials: readonly string[]): Promise<string[]> {
  return inDatabase(databaseUrl, async (client) => {
    const found = await client.query<{ serial_number: string; rows: string; created: string }>(
      `SELECT e."serial_number", count(*) OVER (PARTITION BY e."serial_number") AS "rows",
              (SELECT count(*) FROM "equipment"."audit_log" a
                WHERE a."entity_id" = e."id"::text AND a."action" = 'created') AS "created"
         FROM "equipment"."equipment" e WHERE e."serial_number" = ANY($1)`,
      [serials],
    );
    const once = new Set(
      found.rows.filter((row) => row.rows === '1' && row.created === '1').map((row) => row.serial_number),
    );
    return serials.filter((serial) => !once.has(serial));
  });
}
