import type { INestApplication } from '@nestjs/common';
import {
  ROLES,
  type EquipmentDto,
  type PmPlanCreatedResponse,
  type Role,
  type TaskCreatedResponse,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { CALLERS, ROUTE_ACCESS, type Caller, type RouteAccess } from './access';
import { ROUTES } from './openapi';

/**
 * The authorization matrix: every route of the gateway's route table, called by nobody and by a
 * person of each role, with a valid request, answers what `ROUTE_ACCESS` says.
 */
describe('Authorization matrix: every route × anonymous and the four roles (real stack)', () => {
  const stack = useSignInStack('access', { RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: '1000' });
  let equipment: INestApplication;
  let maintenance: INestApplication;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  let serial = 0;
  let device = '';

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    for (const role of ROLES) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Matrix`, preApproved: true });
      ids.set(role, staff.id);
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    device = await freshItem();
  });
  afterAll(async () => {
    await maintenance.close();
    await equipment.close();
  });

  const context = () => ({
    serial: `MATRIX-${Date.now().toString(36)}-${(serial += 1)}`,
    equipmentId: device,
  });

  /**
   * A fresh task for a route that names one, created by an Admin and assigned to the caller (to
   * an Engineer for nobody and for a Manager), and completed when the route certifies.
   */
  async function freshTask(caller: Caller, completed: boolean): Promise<string> {
    const admin = tokens.get('Admin');
    const assignee = caller === 'anonymous' || caller === 'Manager' ? 'Engineer' : caller;
    const created = await call<TaskCreatedResponse>(stack.gateway.url, 'POST', '/api/tasks', {
      token: admin,
      body: {
        title: 'Matrix task',
        description: 'For the authorization matrix',
        priority: 'Low',
        equipmentId: device,
        assignedTo: ids.get(assignee),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.task._id;
    if (completed) {
      const done = await call(stack.gateway.url, 'PUT', `/api/tasks/${id}/status`, {
        token: admin,
        body: { status: 'Completed' },
      });
      expect(done.status).toBe(200);
    }
    return id;
  }

  async function freshTarget(names: RouteAccess['names'], caller: Caller): Promise<string> {
    if (!names) return freshItem();
    if (names === 'plan') return freshPlan();
    if (names === 'user') return freshUser();
    return freshTask(caller, names === 'completed task');
  }

  /** A fresh Technician on the roster for a route that names one, added by an Admin. */
  async function freshUser(): Promise<string> {
    const created = await call<{ _id: string }>(stack.gateway.url, 'POST', '/api/users', {
      token: tokens.get('Admin'),
      body: ROUTE_ACCESS['createUser']?.body?.(context()),
    });
    expect(created.status).toBe(201);
    return created.body._id;
  }

  /** A fresh PM plan for a route that names one, scheduled by an Admin. */
  async function freshPlan(): Promise<string> {
    const created = await call<PmPlanCreatedResponse>(
      stack.gateway.url,
      'POST',
      '/api/maintenance/schedule',
      {
        token: tokens.get('Admin'),
        body: ROUTE_ACCESS['schedulePreventiveMaintenance']?.body?.(context()),
      },
    );
    expect(created.status).toBe(201);
    return created.body.plan._id;
  }

  /** A fresh item for a route that names one, added by an Admin. */
  async function freshItem(): Promise<string> {
    const created = await call<EquipmentDto>(stack.gateway.url, 'POST', '/api/equipment', {
      token: tokens.get('Admin'),
      body: ROUTE_ACCESS['createEquipment']?.body?.(context()),
    });
    expect(created.status).toBe(201);
    return created.body._id;
  }

  it('has a line for every route, and none for a route that is not served', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(ROUTES.map((route) => route.operationId).sort());
  });

  it('answers each caller of each route as the table says, with a message on every refusal', async () => {
    const ordered = [...ROUTES].sort(
      (a, b) =>
        Number(ROUTE_ACCESS[a.operationId]?.last ?? false) -
        Number(ROUTE_ACCESS[b.operationId]?.last ?? false),
    );
    const answered: Record<string, Record<Caller, number>> = {};
    const expected: Record<string, Record<Caller, number>> = {};
    for (const route of ordered) {
      const access = ROUTE_ACCESS[route.operationId];
      if (!access) continue;
      expected[route.operationId] = access.expect;
      const row = {} as Record<Caller, number>;
      for (const caller of CALLERS) {
        const path = route.path.includes('{id}')
          ? route.path.replace('{id}', await freshTarget(access.names, caller))
          : route.path;
        const answer = await call(stack.gateway.url, route.method.toUpperCase(), path, {
          token: caller === 'anonymous' ? undefined : tokens.get(caller),
          ...(access.body ? { body: access.body(context()) } : {}),
        });
        row[caller] = answer.status;
        if (answer.status >= 400) expect(typeof answer.body['message']).toBe('string');
      }
      answered[route.operationId] = row;
    }
    expect(answered).toEqual(expected);
  });
});
