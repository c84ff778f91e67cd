import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { STAFF_ROLES, type Role } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  DEMO_PASSWORD,
  startIdentityProvider,
  type DirectoryPerson,
  type RunningIdentityProvider,
} from '@caliber/testing/identity-provider';
import { signInWithProvider } from '@caliber/testing/provider-browser';
import { routeTargets } from '@caliber/testing/route-targets';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  startNotifications,
  startReports,
  startReportsWorker,
  useSignInStack,
} from '@caliber/testing/stack';
import { OPERATIONS } from '../api/operations';
import { CALLERS, expectedAnswers, ROUTE_ACCESS, type Caller } from './access';
import { documentedAnswers } from './documented-answers';

/** Where the identity provider sends the browser back: Caliber's callback page, as identity names it. */
const PUBLIC_URL = 'http://localhost:5999';
const CALLBACK = `${PUBLIC_URL}/login/sso`;
const CLIENT = {
  clientId: 'caliber',
  clientSecret: randomBytes(16).toString('hex'),
  redirectUris: [CALLBACK],
  postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
};
/** The ward nurse of the matrix, in the directory's clinical group; found on the roster by service number. */
const NURSE: DirectoryPerson = {
  id: `matrix-nurse-${randomBytes(3).toString('hex')}`,
  login: 'matrix.nurse@hospital.example',
  name: 'Clinical Matrix',
  email: 'matrix.nurse@hospital.example',
  employeeId: `N-${randomBytes(3).toString('hex').toUpperCase()}`,
  groups: ['clinical-staff'],
};

/**
 * The authorization matrix: every operation, called by nobody and by a person of each role with a
 * valid request, answers what its declaration's callers imply (or the fixture's `answers`), and
 * every answer it gets, success or refusal, is what the served OpenAPI document says it is.
 * Clinical staff sign in only through single sign-on, so the matrix's clinical person signs in
 * through a real identity provider (the local one, in its own process), as a nurse would.
 */
describe('Authorization matrix: every route × anonymous and the five roles (real stack)', () => {
  let directory: RunningIdentityProvider;
  beforeAll(async () => {
    directory = await startIdentityProvider({ clients: [CLIENT], people: [NURSE] });
  });
  afterAll(async () => {
    await directory?.stop();
  });
  // Six callers ask for a code for one number: past the per-number limit, whose own tests are apart.
  const limits = { RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: '1000', RATE_LIMIT_OTP_REQUESTS_PER_NUMBER: '100' };
  const stack = useSignInStack('access', limits, () => ({
    PUBLIC_URL,
    SSO_PROVIDERS: JSON.stringify([
      {
        id: 'directory',
        label: 'Hospital directory',
        issuer: directory.issuer,
        clientId: CLIENT.clientId,
        clientSecret: CLIENT.clientSecret,
        scopes: ['openid', 'profile', 'email', 'groups'],
        personClaim: 'employee_id',
        rosterField: 'serviceNumber',
        groupsClaim: 'groups',
        roles: { 'clinical-staff': 'Clinical' },
      },
    ]),
  }));
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let notifications: INestApplication;
  let reports: INestApplication;
  let reportsWorker: INestApplication;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  let serial = 0;
  let device = '';
  let vendor = '';
  const context = () => ({
    serial: `MATRIX-${Date.now().toString(36)}-${(serial += 1)}`,
    equipmentId: device,
    vendorId: vendor,
  });
  // Each call of a route that names a record gets a fresh one of its kind, assigned to the caller.
  const targets = routeTargets({ baseUrl: () => stack.gateway.url, tokens, ids, context });

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    notifications = await startNotifications();
    // The reports these tests ask for are mailed to addresses at one allowed domain.
    reports = await startReports({ REPORT_MAIL_DOMAINS: 'hospital.example' });
    reportsWorker = await startReportsWorker({ REPORT_MAIL_DOMAINS: 'hospital.example' });
    for (const role of STAFF_ROLES) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Matrix`, preApproved: true });
      ids.set(role, staff.id);
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    // The nurse works on the ward of the matrix's devices (ICU), so their ward's devices are these.
    const nurse = await rosterStaff(stack.db, {
      role: 'Clinical',
      name: NURSE.name,
      serviceNumber: NURSE.employeeId,
      department: 'ICU',
    });
    ids.set('Clinical', nurse.id);
    // The nurse's sign-in, as their browser makes it: Caliber, the provider's form, and back.
    tokens.set(
      'Clinical',
      await signInWithProvider(stack.gateway.url, 'directory', CALLBACK, NURSE.login, DEMO_PASSWORD),
    );
    device = await targets.item();
    vendor = await targets.target('vendor', 'Admin');
  }, 60_000);

  afterAll(async () => {
    await reportsWorker.close();
    await reports.close();
    await notifications.close();
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
        const upload = access.file?.(context());
        const answer = await call(
          stack.gateway.url,
          route.method.toUpperCase(),
          upload ? `${path}?${upload.query}` : path,
          {
            token: caller === 'anonymous' ? undefined : tokens.get(caller),
            ...(access.body ? { body: access.body(context()) } : {}),
            ...(upload ? { rawBody: upload.text, contentType: 'application/octet-stream' } : {}),
          },
        );
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
    // Every route for each of six callers, one call after another (about 600): on two shared
    // cores that outgrew the suite's 30 s default as routes were added.
  }, 150_000);
});
