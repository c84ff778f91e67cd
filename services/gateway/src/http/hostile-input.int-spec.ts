import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { STAFF_ROLES, type Role } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { routeTargets } from '@caliber/testing/route-targets';
import { until } from '@caliber/testing/wait';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  startNotifications,
  startReports,
  startReportsWorker,
  useSignInStack,
} from '@caliber/testing/stack';
import { ROUTE_ACCESS } from '../docs/access';
import { OPERATIONS } from '../api/operations';
import { schemaOf } from '../docs/openapi';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values that break what a contract expects: wrong types, extremes, NUL, odd keys, nesting. */
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '__proto__',
    '../../etc/passwd',
    "' OR 1=1 --",
    '%00',
    '\uD800',
    '9999-99-99',
    [],
    {},
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 2000, maxLength: 5000 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }),
  fc.integer({ min: 20, max: 60 }).map((depth) => {
    let nested: Json = 'deep';
    for (let i = 0; i < depth; i += 1) nested = { a: nested };
    return nested;
  }),
);

/** A valid body with one field (or an unknown one, or `__proto__`) replaced by a hostile value. */
function mutated(valid: Record<string, Json>): fc.Arbitrary<string> {
  const keys = [...Object.keys(valid), 'unexpected', '__proto__', 'constructor'];
  return fc.oneof(
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => {
      const body = { ...valid };
      Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
      return JSON.stringify(body);
    }),
    // Repeated keys: the JSON text carries the field twice, the second hostile.
    fc
      .tuple(fc.constantFrom(...Object.keys(valid)), hostileValue)
      .map(
        ([key, value]) =>
          `${JSON.stringify(valid).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value)}}`,
      ),
    hostileValue.map((value) => JSON.stringify(value)),
  );
}

/** Values a query parameter may carry: hostile ones, and a few a real screen sends. */
const queryValue = fc.oneof(
  fc.constantFrom('-1', '0', '1e400', 'NaN', '%00', '%FF', "' OR 1=1", '9'.repeat(400), ''),
  fc.constantFrom('1', 'true', 'any', '2030-01-31', '00000000-0000-4000-8000-000000000000', 'In%20Progress'),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);

/**
 * A query string of hostile values for the parameters a route reads (the keys of its contract's
 * query schema), some repeated or written as arrays and objects, and keys it does not read.
 */
function hostileQuery(schema: z.ZodObject): fc.Arbitrary<string> {
  const own = Object.keys(schema.shape);
  const keys = [
    ...own,
    ...own.map((key) => `${key}[]`),
    ...own.map((key) => `${key}[__proto__]`),
    '__proto__[x]',
    'constructor',
    'unexpected',
  ];
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), queryValue), { minLength: 1, maxLength: 6 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));
}

interface JsonSchemaNode {
  format?: string;
  properties?: Record<string, JsonSchemaNode>;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
}

/**
 * The paths of every calendar-date field of a contract schema: the fields its JSON Schema marks
 * `format: date` (every date schema of the contracts does), through nested objects and unions.
 */
function datePaths(node: JsonSchemaNode, at: string[] = []): string[][] {
  if (node.format === 'date') return [at];
  const nested = Object.entries(node.properties ?? {}).flatMap(([key, child]) =>
    datePaths(child, [...at, key]),
  );
  const options = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].flatMap((option) =>
    datePaths(option, at),
  );
  return [...nested, ...options].filter(
    (path, index, all) => all.findIndex((other) => other.join('.') === path.join('.')) === index,
  );
}

/** A copy of `body` with the value at `path` replaced (objects on the way made when missing). */
function withValueAt(body: Record<string, Json>, path: readonly string[], value: Json): Record<string, Json> {
  const [key, ...rest] = path;
  if (key === undefined) return body;
  const inner = body[key];
  const child = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : {};
  return { ...body, [key]: rest.length === 0 ? value : withValueAt(child, rest, value) };
}

/** A date the calendar has and the database does not: PostgreSQL has no year 0. */
const YEAR_ZERO = '0000-01-01';

/** Who reads with queries: a Technician (whose lists the service narrows) and an Engineer (who sees all). */
const QUERY_ROLES: readonly Role[] = ['Technician', 'Engineer'];

/**
 * Hostile input on every route that takes a body or a query: never a 5xx, and a refusal (4xx)
 * changes no row.
 */
describe('Hostile input, property-based, on every route (real stack)', () => {
  const stack = useSignInStack('hostile', { RATE_LIMIT_OTP_VERIFY_PER_ADDRESS: '100000' });
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let notifications: INestApplication;
  let reports: INestApplication;
  let reportsWorker: INestApplication;
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  let device = '';
  let vendor = '';
  let serial = 0;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    // The audit trail asks every service, the notifying one included.
    notifications = await startNotifications();
    // The reports these tests ask for are mailed to addresses at one allowed domain.
    reports = await startReports({ REPORT_MAIL_DOMAINS: 'hospital.example' });
    reportsWorker = await startReportsWorker({ REPORT_MAIL_DOMAINS: 'hospital.example' });
    rows = await equipmentDataSource();
    // The department's staff, who sign in with a code. Clinical staff cannot (single sign-on
    // only), and the gateway refuses them every operation but their few before a body is read.
    for (const role of STAFF_ROLES) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Hostile`, preApproved: true });
      ids.set(role, staff.id);
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    device = await targets.item();
    vendor = await targets.target('vendor', 'Admin');
  });
  afterAll(async () => {
    await rows.destroy();
    await reportsWorker.close();
    await reports.close();
    await notifications.close();
    await maintenance.close();
    await equipment.close();
  });

  /** The context of the valid bodies the mutations start from. */
  const context = (serialNumber: string) => ({ serial: serialNumber, equipmentId: device, vendorId: vendor });
  /**
   * A route that names a record gets a fresh one of its own kind (a device, a task, a PM plan, a
   * person), so its write path runs; a task is the Technician's, so their own writes run too.
   */
  const targets = routeTargets({
    baseUrl: () => stack.gateway.url,
    tokens,
    ids,
    context: () => context(`HOSTILE-${Date.now().toString(36)}-${(serial += 1)}`),
  });
  const pathFor = async (route: (typeof OPERATIONS)[number]) =>
    route.path.includes('{id}')
      ? route.path.replace('{id}', await targets.target(ROUTE_ACCESS[route.operationId]?.names, 'Technician'))
      : route.path;

  /**
   * Every change writes an audit row in its service's schema; equipment rows are counted too. An
   * accepted report or certification reaches the inventory a moment later (maintenance's outbox),
   * so the fingerprint is taken once nothing is on its way there.
   */
  async function fingerprint(): Promise<string> {
    await until(
      async () =>
        (
          (await rows.query(
            `SELECT 1 FROM "maintenance"."task_effects_outbox" WHERE "delivered_at" IS NULL AND "failed_at" IS NULL`,
          )) as unknown[]
        ).length === 0,
      { what: 'the task effects delivered' },
    );
    const [identity] = (await stack.db.query(
      `SELECT count(*) AS n, max("id") AS last FROM "identity"."audit_log"`,
    )) as unknown[];
    const [inventory] = (await rows.query(
      `SELECT (SELECT count(*) FROM "equipment"."equipment") AS items,
              (SELECT max("id") FROM "equipment"."audit_log") AS last`,
    )) as unknown[];
    const [tasks] = (await rows.query(
      `SELECT (SELECT count(*) FROM "maintenance"."tasks") AS tasks,
              (SELECT max("id") FROM "maintenance"."audit_log") AS last,
              (SELECT count(*) FROM "maintenance"."task_effects_outbox") AS effects`,
    )) as unknown[];
    return JSON.stringify([identity, inventory, tasks]);
  }

  const withBody = OPERATIONS.filter((route) => route.body && ROUTE_ACCESS[route.operationId]?.body);
  const withQuery = OPERATIONS.flatMap((route) => (route.query ? [{ route, query: route.query }] : []));

  it.each(withBody.map((route) => [route.operationId, route] as const))(
    '%s: a mutated body is never a 5xx, and a refusal changes nothing',
    async (operationId, route) => {
      const valid = ROUTE_ACCESS[operationId]?.body?.(context('HOSTILE-VALID')) as Record<string, Json>;
      const path = await pathFor(route);
      await fc.assert(
        fc.asyncProperty(mutated(valid), fc.constantFrom(...STAFF_ROLES), async (rawBody, role) => {
          const before = await fingerprint();
          const answer = await call(stack.gateway.url, route.method.toUpperCase(), path, {
            token: tokens.get(role),
            rawBody,
            contentType: 'application/json',
          });
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(typeof answer.body['message']).toBe('string');
            expect(await fingerprint()).toBe(before);
          }
        }),
        { numRuns: 25 },
      );
    },
  );

  const dateFields = [
    ...withBody.flatMap((route) =>
      datePaths(schemaOf(route.body as z.ZodType) as JsonSchemaNode).map((path) => ({
        route,
        path,
        in: 'body',
      })),
    ),
    ...withQuery.flatMap(({ route, query }) =>
      datePaths(schemaOf(query) as JsonSchemaNode).map((path) => ({ route, path, in: 'query' })),
    ),
  ];

  it('finds the date fields of the contracts (equipment, tasks, PM plans, compliance, reports)', () => {
    const found = dateFields.map(({ route, path }) => `${route.operationId}:${path.join('.')}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'createEquipment:installationDate',
        'createEquipment:warrantyExpiry',
        'updateEquipment:installationDate',
        'createTask:dueDate',
        'updateTask:dueDate',
        'schedulePreventiveMaintenance:firstDueDate',
        'getPmCompliance:from',
        'getPmCompliance:to',
        'generateReport:filters.dateFrom',
        'generateReport:filters.dateTo',
      ]),
    );
  });

  it.each(dateFields.map((field) => [`${field.route.operationId} ${field.path.join('.')}`, field] as const))(
    '%s: year 0000 is a 400 naming the field, and changes nothing',
    async (_name, { route, path, in: where }) => {
      // The route's own fresh record first: making it is a change, the refusal must be none.
      const target = await pathFor(route);
      const before = await fingerprint();
      const valid = ROUTE_ACCESS[route.operationId]?.body?.(context(`HOSTILE-Y0-${(serial += 1)}`));
      const answer =
        where === 'body'
          ? await call(stack.gateway.url, route.method.toUpperCase(), target, {
              token: tokens.get('Admin'),
              body: withValueAt(valid as Record<string, Json>, path, YEAR_ZERO),
            })
          : await call(stack.gateway.url, 'GET', `${target}?${path.join('.')}=${YEAR_ZERO}`, {
              token: tokens.get('Admin'),
            });
      expect(answer.status).toBe(400);
      const details = answer.body['details'] as { path: string; message: string }[];
      expect(details.map((issue) => issue.path)).toContain(path.join('.'));
      expect(String(answer.body['message'])).toMatch(/must be between/);
      expect(await fingerprint()).toBe(before);
    },
  );

  it.each(withQuery.map(({ route, query }) => [route.operationId, route, query] as const))(
    '%s: a hostile query is never a 5xx, for a Technician or an Engineer',
    async (_operationId, route, schema) => {
      const path = await pathFor(route);
      await fc.assert(
        fc.asyncProperty(hostileQuery(schema), fc.constantFrom(...QUERY_ROLES), async (query, role) => {
          const answer = await call(stack.gateway.url, 'GET', `${path}?${query}`, {
            token: tokens.get(role),
          });
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) expect(typeof answer.body['message']).toBe('string');
        }),
        { numRuns: 40 },
      );
    },
  );
});
