import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { ROLES, type EquipmentDto, type Role, type TaskCreatedResponse } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { until } from '@caliber/testing/wait';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { ROUTE_ACCESS } from '../docs/access';
import { ROUTES } from '../docs/openapi';

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

/** A query string of hostile parameters, some repeated. */
const hostileQuery = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'page',
        'limit',
        'q',
        'department',
        'status',
        'category',
        'sort',
        '__proto__[x]',
        'page[]',
      ),
      fc.oneof(
        fc.constantFrom('-1', '0', '1e400', 'NaN', '%00', '%FF', "' OR 1=1", '9'.repeat(400), ''),
        fc.string({ maxLength: 30 }).map(encodeURIComponent),
      ),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

/**
 * Hostile input on every route that takes a body or a query: never a 5xx, and a refusal (4xx)
 * changes no row.
 */
describe('Hostile input, property-based, on every route (real stack)', () => {
  const stack = useSignInStack('hostile', { RATE_LIMIT_OTP_VERIFY_PER_ADDRESS: '100000' });
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  let technicianId = '';
  let device = '';

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    for (const role of ROLES) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Hostile`, preApproved: true });
      if (role === 'Technician') technicianId = staff.id;
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    device = await anItem();
  });
  afterAll(async () => {
    await rows.destroy();
    await maintenance.close();
    await equipment.close();
  });

  const context = (serial: string) => ({ serial, equipmentId: device });

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

  async function anItem(): Promise<string> {
    const created = await call<EquipmentDto>(stack.gateway.url, 'POST', '/api/equipment', {
      token: tokens.get('Admin'),
      body: ROUTE_ACCESS['createEquipment']?.body?.(context(`HOSTILE-${Date.now().toString(36)}`)),
    });
    return created.body._id;
  }

  /** A task assigned to the Technician, for the task routes that name one. */
  async function aTask(): Promise<string> {
    const created = await call<TaskCreatedResponse>(stack.gateway.url, 'POST', '/api/tasks', {
      token: tokens.get('Admin'),
      body: {
        title: 'Hostile',
        description: 'Input',
        priority: 'Low',
        equipmentId: device,
        assignedTo: technicianId,
      },
    });
    return created.body.task._id;
  }

  const target = async (operationId: string) => (ROUTE_ACCESS[operationId]?.names ? aTask() : anItem());

  const withBody = ROUTES.filter((route) => route.body && ROUTE_ACCESS[route.operationId]?.body);
  const withQuery = ROUTES.filter((route) => route.query);

  it.each(withBody.map((route) => [route.operationId, route] as const))(
    '%s: a mutated body is never a 5xx, and a refusal changes nothing',
    async (operationId, route) => {
      const valid = ROUTE_ACCESS[operationId]?.body?.(context('HOSTILE-VALID')) as Record<string, Json>;
      const path = route.path.includes('{id}')
        ? route.path.replace('{id}', await target(operationId))
        : route.path;
      await fc.assert(
        fc.asyncProperty(mutated(valid), fc.constantFrom(...ROLES), async (rawBody, role) => {
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

  it.each(withQuery.map((route) => [route.operationId, route] as const))(
    '%s: a hostile query is never a 5xx',
    async (operationId, route) => {
      const path = route.path.includes('{id}')
        ? route.path.replace('{id}', await target(operationId))
        : route.path;
      await fc.assert(
        fc.asyncProperty(hostileQuery, async (query) => {
          const answer = await call(stack.gateway.url, 'GET', `${path}?${query}`, {
            token: tokens.get('Technician'),
          });
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) expect(typeof answer.body['message']).toBe('string');
        }),
        { numRuns: 40 },
      );
    },
  );
});
