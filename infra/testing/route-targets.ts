import type {
  EquipmentDto,
  PmPlanCreatedResponse,
  RecallActionsPage,
  RecallDto,
  ReportJobDto,
  ReportQueuedResponse,
  Role,
  TaskCreatedResponse,
} from '@caliber/contracts';
import {
  ROUTE_ACCESS,
  type CallContext,
  type Caller,
  type RouteAccess,
} from '../../services/gateway/src/docs/access';
import { call, type ApiAnswer } from './http';
import { until } from './wait';

export interface RouteTargetSetup {
  /** The gateway's address (known once the stack has started). */
  baseUrl(): string;
  /** A signed-in person of each role; the Admin makes the targets. */
  tokens: ReadonlyMap<Role, string>;
  /** Their ids, for the tasks assigned to them. */
  ids: ReadonlyMap<Role, string>;
  /** A new call context: a serial number no other call uses, and the device bodies name. */
  context(): CallContext;
}

export interface RouteTargets {
  /** A fresh record of the kind a route's `{id}` names (`RouteAccess['names']`), made for `caller`. */
  target(names: RouteAccess['names'], caller: Caller): Promise<string>;
  /** A fresh device, added by an Admin. */
  item(): Promise<string>;
}

function made<T>(answer: ApiAnswer<T>, what: string, status: number): T {
  if (answer.status !== status)
    throw new Error(`Could not make ${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * Fresh records for the routes whose path names one, each of the kind its route names, so every
 * call reaches the write it is about (a user route given a task's id only ever answers 404). The
 * authorization matrix and the hostile-input suite make their targets here. A new kind of target
 * in `RouteAccess['names']` fails to compile until it is made here.
 */
export function routeTargets(setup: RouteTargetSetup): RouteTargets {
  const post = <T>(path: string, body: unknown) =>
    call<T>(setup.baseUrl(), 'POST', path, { token: setup.tokens.get('Admin'), body });
  const get = <T>(path: string) =>
    call<T>(setup.baseUrl(), 'GET', path, { token: setup.tokens.get('Admin') });
  const bodyOf = (operationId: string) => ROUTE_ACCESS[operationId]?.body?.(setup.context());

  async function item(): Promise<string> {
    return made(await post<EquipmentDto>('/api/equipment', bodyOf('createEquipment')), 'an item', 201)._id;
  }

  /** A person on the roster (a Technician), added by an Admin. */
  async function user(): Promise<string> {
    return made(await post<{ _id: string }>('/api/users', bodyOf('createUser')), 'a user', 201)._id;
  }

  /** A PM plan, scheduled by an Admin. */
  async function plan(): Promise<string> {
    const scheduled = await post<PmPlanCreatedResponse>(
      '/api/maintenance/schedule',
      bodyOf('schedulePreventiveMaintenance'),
    );
    return made(scheduled, 'a PM plan', 201).plan._id;
  }

  /**
   * A task created by an Admin and assigned to the caller (to an Engineer for nobody and for a
   * Manager, who work no tasks), and completed when the route certifies. Clinical staff work no
   * tasks either: theirs is a fault they reported (`reportedTask`).
   */
  async function task(caller: Caller, completed: boolean): Promise<string> {
    if (caller === 'Clinical' && !completed) return reportedTask();
    const assignee =
      caller === 'anonymous' || caller === 'Manager' || caller === 'Clinical' ? 'Engineer' : caller;
    const created = await post<TaskCreatedResponse>('/api/tasks', {
      title: 'Route target',
      description: 'A task for a route that names one',
      priority: 'Low',
      equipmentId: setup.context().equipmentId,
      assignedTo: setup.ids.get(assignee),
    });
    const id = made(created, 'a task', 201).task._id;
    if (completed) {
      const done = await call(setup.baseUrl(), 'PUT', `/api/tasks/${id}/status`, {
        token: setup.tokens.get('Admin'),
        body: { status: 'Completed' },
      });
      made(done, 'a completed task', 200);
    }
    return id;
  }

  /** A fault the clinical caller reported on the matrix's device (in their ward): their own report. */
  async function reportedTask(): Promise<string> {
    const reported = await call<TaskCreatedResponse>(setup.baseUrl(), 'POST', '/api/maintenance/report', {
      token: setup.tokens.get('Clinical'),
      body: bodyOf('reportIssue'),
    });
    return made(reported, 'a reported fault', 201).task._id;
  }

  /**
   * A report the caller asked for (an Admin's for nobody and for clinical staff, who ask for none), e-mailed so it is written at once; with
   * `finished`, once the worker has written it. With `schedule`, a monthly schedule instead.
   */
  async function report(
    caller: Caller,
    kind: 'report' | 'finished report' | 'report schedule',
  ): Promise<string> {
    const token = setup.tokens.get(caller === 'anonymous' || caller === 'Clinical' ? 'Admin' : caller);
    const schedule = kind === 'report schedule';
    const asked = await call<ReportQueuedResponse>(setup.baseUrl(), 'POST', '/api/reports/generate', {
      token,
      body: {
        reports: ['equipmentStatus'],
        filters: { dateFrom: '2026-01-01', dateTo: '2026-01-31' },
        options: schedule
          ? { schedule: { enabled: true, frequency: 'monthly' }, delivery: { downloadNow: false } }
          : { delivery: { downloadNow: false, email: 'route-targets@hospital.example' } },
      },
    });
    const answer = made(asked, `a ${kind}`, 202);
    if (schedule) return answer.scheduleId ?? '';
    if (kind === 'finished report')
      await until(
        async () =>
          (await call<ReportJobDto>(setup.baseUrl(), 'GET', `/api/reports/${answer.jobId}`, { token })).body
            .state === 'done',
        { timeoutMs: 30_000, intervalMs: 100, what: 'the report to be written' },
      );
    return answer.jobId;
  }

  /** A new department on the hospital lists, added by an Admin (each matrix call retires its own). */
  async function listEntry(): Promise<string> {
    return made(await post<{ _id: string }>('/api/lists', bodyOf('addListEntry')), 'a list entry', 201)._id;
  }

  /**
   * An inventory import staged by the caller (imports are their stager's own), or by an Admin for
   * whom may not import: a Technician or Manager is then refused for their role.
   */
  async function inventoryImport(caller: Caller): Promise<string> {
    const stager = caller === 'Engineer' || caller === 'Admin' ? caller : 'Admin';
    // The file is the body, its name in the query.
    const file = ROUTE_ACCESS['stageInventoryImport']?.file?.(setup.context());
    if (!file) throw new Error('The route table has no inventory file to stage.');
    const staged = await call<{ _id: string }>(
      setup.baseUrl(),
      'POST',
      `/api/inventory-imports?${file.query}`,
      { token: setup.tokens.get(stager), rawBody: file.text, contentType: 'application/octet-stream' },
    );
    return made(staged, 'an inventory import', 201)._id;
  }

  /** An electrical-safety test of a fresh item, recorded by an Admin. */
  async function safetyTest(): Promise<string> {
    const recorded = await post<{ test: { _id: string } }>(
      `/api/equipment/${await item()}/safety-tests`,
      bodyOf('recordSafetyTest'),
    );
    return made(recorded, 'a safety test', 201).test._id;
  }

  /** A recall recorded by an Admin that finds one fresh device (its serial), and that device's action. */
  async function recall(): Promise<{ id: string; actionId: string }> {
    const context = setup.context();
    made(
      await post<EquipmentDto>('/api/equipment', ROUTE_ACCESS['createEquipment']?.body?.(context)),
      'an item',
      201,
    );
    const recorded = made(
      await post<RecallDto>('/api/recalls', ROUTE_ACCESS['createRecall']?.body?.(context)),
      'a recall',
      201,
    );
    const devices = made(
      await get<RecallActionsPage>(`/api/recalls/${recorded._id}/actions`),
      'a recall’s devices',
      200,
    );
    const actionId = devices.actions[0]?._id;
    if (!actionId) throw new Error('The recall made for a route found no device.');
    return { id: recorded._id, actionId };
  }

  /** A recall recorded by an Admin whose serial number no device has: it found nothing. */
  async function recallWithoutDevices(): Promise<string> {
    const body = ROUTE_ACCESS['createRecall']?.body?.(setup.context());
    return made(await post<RecallDto>('/api/recalls', body), 'a recall', 201)._id;
  }

  async function target(names: RouteAccess['names'], caller: Caller): Promise<string> {
    switch (names) {
      case undefined:
        return item();
      case 'task':
        return task(caller, false);
      case 'completed task':
        return task(caller, true);
      case 'plan':
        return plan();
      case 'user':
        return user();
      case 'list entry':
        return listEntry();
      case 'inventory import':
        return inventoryImport(caller);
      case 'safety test':
        return safetyTest();
      case 'recall':
        return (await recall()).id;
      case 'vendor':
        return made(await post<{ id: string }>('/api/vendors', bodyOf('addVendor')), 'a vendor', 201).id;
      case 'service contract':
        return made(
          await post<{ id: string }>('/api/service-contracts', bodyOf('addServiceContract')),
          'a service contract',
          201,
        ).id;
      case 'recall action':
        return (await recall()).actionId;
      case 'recall without devices':
        return recallWithoutDevices();
      case 'report':
      case 'finished report':
      case 'report schedule':
        return report(caller, names);
      default:
        return noTargetFor(names);
    }
  }

  return { target, item };
}

function noTargetFor(names: never): never {
  throw new Error(`No fresh target is made for "${String(names)}": add it to routeTargets`);
}
