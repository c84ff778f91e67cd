import type { INestApplication } from '@nestjs/common';
import { ROLES, type Role } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { routeTargets } from '@caliber/testing/route-targets';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  startReports,
  startReportsWorker,
  useSignInStack,
} from '@caliber/testing/stack';
import { OPERATIONS } from '../api/operations';
import { CALLERS, expectedAnswers, ROUTE_ACCESS, type Caller } from './access';
import { documentedAnswers } from './documented-answers';

/**
 * The authorization matrix: every operation, called by nobody and by a person of each role with a
 * valid request, answers what its declaration's callers imply (or the fixture's `answers`), and
 * every answer it gets, success or refusal, is what the served OpenAPI document says it is.
 */
describe('Authorization matrix: every route × anonymous and the four roles (real stack)', () => {
  const stack = useSignInStack('access', { RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: '1000' });
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let reports: INestApplication;
  let reportsWorker: INestApplication;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  let serial = 0;
  let device = '';
  const context = () => ({
    serial: `MATRIX-${Date.now().toString(36)}-${(serial += 1)}`,
    equipmentId: device,
  });
  // Each call of a route that names a record gets a fresh one of its kind, assigned to the caller.
  const targets = routeTargets({ baseUrl: () => stack.gateway.url, tokens, ids, context });

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    // The reports these tests ask for are mailed to addresses at one allowed domain.
    reports = await startReports({ REPORT_MAIL_DOMAINS: 'hospital.example' });
    reportsWorker = await startReportsWorker({ REPORT_MAIL_DOMAINS: 'hospital.example' });
    for (const role of ROLES) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Matrix`, preApproved: true });
      ids.set(role, staff.id);
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    device = await targets.item();
  });
  afterAll(async () => {
    await reportsWorker.close();
    await reports.close();
    await maintenance.close();
    await equipment.close();
  });

  it('says how to call no operation that is not declared', () => {
    const declared = new Set(OPERATIONS.map((route) => route.operationId));
    expect(Object.keys(ROUTE_ACCESS).filter((operationId) => !declared.has(operationId))).toEqual([]);
  });

  it('answers each caller of each route as the table says, with a message on every refusal', async () => {
    const ordered = [...OPERATIONS].sort(
      (a, b) =>
        Number(ROUTE_ACCESS[a.operationId]?.last ?? false) -
        Number(ROUTE_ACCESS[b.operationId]?.last ?? false),
    );
    // The document as the gateway serves it: every answer is checked against what it says.
    const document = (await (await fetch(`${stack.gateway.url}/api/docs/openapi.json`)).json()) as Record<
      string,
      unknown
    >;
    const documented = documentedAnswers(document);
    const undocumented: string[] = [];
    const answered: Record<string, Record<Caller, number>> = {};
    const expected: Record<string, Record<Caller, number>> = {};
    for (const route of ordered) {
      // An operation without a line is called with no body, on a device where its path names a record.
      const access = ROUTE_ACCESS[route.operationId] ?? {};
      expected[route.operationId] = access.answers ?? expectedAnswers(route);
      const row = {} as Record<Caller, number>;
      for (const caller of CALLERS) {
        const path = (
          route.path.includes('{id}')
            ? route.path.replace('{id}', await targets.target(access.names, caller))
            : route.path
        ).replace('{provider}', 'hospital');
        const answer = await call(stack.gateway.url, route.method.toUpperCase(), path, {
          token: caller === 'anonymous' ? undefined : tokens.get(caller),
          ...(access.body ? { body: access.body(context()) } : {}),
        });
        row[caller] = answer.status;
        if (answer.status >= 400) expect(typeof answer.body['message']).toBe('string');
        // Every JSON answer, success or refusal, against its documented schema; a file's content
        // by its own tests, its type here against the media types documented for it.
        const file = answer.status === route.answer.status ? route.answer.file : undefined;
        const type = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
        if (file && !file.includes(type)) {
          undocumented.push(`${route.operationId} (${caller}, ${answer.status}): a file of type "${type}"`);
        }
        const json = answer.status >= 400 || (route.answer.schema !== undefined && answer.status < 300);
        if (json) {
          for (const problem of documented.problems(route, answer)) {
            undocumented.push(`${route.operationId} (${caller}, ${answer.status}): ${problem}`);
          }
        }
      }
      answered[route.operationId] = row;
    }
    expect(answered).toEqual(expected);
    expect(undocumented).toEqual([]);
    // Every route for each of five callers, one call after another (about 500): on two shared
    // cores that outgrew the suite's 30 s default as routes were added.
  }, 120_000);
});
