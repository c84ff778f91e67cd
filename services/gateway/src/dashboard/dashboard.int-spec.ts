import type { INestApplication } from '@nestjs/common';
import {
  DOMAIN_SERVICE_NAMES,
  type DashboardResponse,
  type EquipmentCounts,
  type EquipmentDto,
  type PmComplianceResponse,
  type Role,
  type TaskCreatedResponse,
  type TaskListResponse,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  identityDataSource,
  rosterStaff,
  signIn,
  skipResendPause,
  startDomainService,
  startGateway,
  uniqueServiceNumber,
  type RunningGateway,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';
import type { DataSource } from 'typeorm';
import { RedisConnection } from '../redis/redis.provider';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { lastBackupKey, SYSTEM_STATUS_REUSE_MS } from './dashboard.service';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/**
 * The dashboard against data with known answers. The database is shared with the other suites,
 * so the inventory's figures are checked as the change a known set of devices makes; a fresh
 * Technician's task figures are exactly their own tasks.
 */
describe('GET /api/dashboard', () => {
  let gateway: RunningGateway;
  const services = new Map<string, INestApplication>();
  let identityDb: DataSource;
  let equipmentDb: DataSource;
  let maintenanceDb: DataSource;
  let admin: string;

  const dashboard = async (token: string) => {
    const answer = await call<DashboardResponse>(gateway.url, 'GET', '/api/dashboard', { token });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    // Each step's trend is read afresh here: the services would otherwise reuse the figures of
    // 30 days ago for a minute (DASHBOARD_TREND_CACHE_SECONDS).
    for (const name of DOMAIN_SERVICE_NAMES)
      services.set(name, await startDomainService(name, { DASHBOARD_TREND_CACHE_SECONDS: '0' }));
    // These tests change figures behind the services' back (SQL), which a gateway keeping the
    // figures would not hear of: this one computes them at every visit (the keeping is tested in
    // dashboard-figures.int-spec.ts).
    gateway = await startGateway({ DASHBOARD_CACHE_SECONDS: '0' });
    identityDb = await identityDataSource();
    equipmentDb = await serviceDataSource('equipment');
    maintenanceDb = await serviceDataSource('maintenance');
    admin = await signIn(gateway.url, (await rosterStaff(identityDb, { role: 'Admin' })).serviceNumber);
  });
  afterAll(async () => {
    await gateway.app.close();
    for (const service of [...services.values()].reverse()) await service.close();
    await Promise.all([identityDb.destroy(), equipmentDb.destroy(), maintenanceDb.destroy()]);
  });

  async function device(status: string, history: [status: string, daysAgo: number][]): Promise<string> {
    const created = await call<EquipmentDto>(gateway.url, 'POST', '/api/equipment', {
      token: admin,
      body: {
        name: 'Dashboard Monitor',
        serialNumber: uniqueServiceNumber('DASH'),
        manufacturer: 'Mindray',
        model: 'BeneVision N12',
        department: 'ICU',
        location: 'Bed 3',
        installationDate: '2024-02-01',
        status,
        category: 'Monitor',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body._id;
    // The history as if the device had lived it: its one row replaced by the given ones.
    await equipmentDb.query(`DELETE FROM "equipment"."status_history" WHERE "equipment_id" = $1`, [id]);
    for (const [to, ago] of history)
      await equipmentDb.query(
        `INSERT INTO "equipment"."status_history" ("equipment_id", "to_status", "changed_at") VALUES ($1, $2, $3)`,
        [id, to, daysAgo(ago)],
      );
    return id;
  }

  it('counts the inventory by status now and as it stood 30 days earlier', async () => {
    const before = await dashboard(admin);
    // Serviceable since 40 days ago; Unserviceable now, Serviceable 30 days ago; Under
    // Maintenance since 5 days ago, so not there 30 days ago.
    await device('Serviceable', [['Serviceable', 40]]);
    await device('Unserviceable', [
      ['Serviceable', 60],
      ['Unserviceable', 2],
    ]);
    await device('Under Maintenance', [['Under Maintenance', 5]]);
    const after = await dashboard(admin);

    const change = (key: keyof EquipmentCounts, of: (answer: DashboardResponse) => EquipmentCounts | null) =>
      (of(after)?.[key] ?? 0) - (of(before)?.[key] ?? 0);
    const now = (answer: DashboardResponse) => answer.equipment;
    const earlier = (answer: DashboardResponse) => answer.equipment?.earlier ?? null;
    expect({
      total: change('total', now),
      serviceable: change('serviceable', now),
      maintenance: change('maintenance', now),
      unserviceable: change('unserviceable', now),
    }).toEqual({ total: 3, serviceable: 1, maintenance: 1, unserviceable: 1 });
    expect(after.equipment?.earlier).not.toBeNull();
    expect({
      total: change('total', earlier),
      serviceable: change('serviceable', earlier),
      maintenance: change('maintenance', earlier),
      unserviceable: change('unserviceable', earlier),
    }).toEqual({ total: 2, serviceable: 2, maintenance: 0, unserviceable: 0 });
    expect(after.equipment?.byStatus['Under Maintenance']).toBe(after.equipment?.maintenance);
    expect(after.unavailable).toEqual({});
  });

  it('gives a Technician their own tasks: the summary now and 30 days ago, the latest, overdue, awaiting certification', async () => {
    const technician = await rosterStaff(identityDb, { role: 'Technician' });
    // Approved to receive tasks, as an Engineer does on the roster.
    await identityDb.query(`UPDATE "identity"."users" SET "pre_approved" = true WHERE "id" = $1`, [
      technician.id,
    ]);
    const token = await signIn(gateway.url, technician.serviceNumber);
    const empty = await dashboard(token);
    expect(empty.tasks).toMatchObject({ total: 0, pending: 0, inProgress: 0, completed: 0, earlier: null });
    expect(empty.recentTasks).toEqual([]);

    const equipmentId = await device('Serviceable', [['Serviceable', 90]]);
    const task = async (title: string) => {
      const created = await call<TaskCreatedResponse>(gateway.url, 'POST', '/api/tasks', {
        token: admin,
        body: {
          title,
          description: 'Dashboard figures',
          priority: 'Low',
          equipmentId,
          assignedTo: technician.id,
        },
      });
      expect(created.status).toBe(201);
      return created.body.task._id;
    };
    const ids = {
      a: await task('A: pending since 40 days, overdue'),
      b: await task('B: completed 10 days ago, awaiting certification'),
      c: await task('C: in progress since 45 days'),
      d: await task('D: new today'),
      e: await task('E: new today, later'),
    };
    // The history as if lived: A Pending 40 days ago; B Pending 48, In Progress 35, Completed 10;
    // C Pending 50, In Progress 45; D and E today.
    const lived: [id: string, created: number, steps: [string, number][]][] = [
      [ids.a, 40, [['Pending', 40]]],
      [
        ids.b,
        48,
        [
          ['Pending', 48],
          ['In Progress', 35],
          ['Completed', 10],
        ],
      ],
      [
        ids.c,
        50,
        [
          ['Pending', 50],
          ['In Progress', 45],
        ],
      ],
    ];
    for (const [id, created, steps] of lived) {
      await maintenanceDb.query(`DELETE FROM "maintenance"."status_history" WHERE "task_id" = $1`, [id]);
      for (const [status, ago] of steps)
        await maintenanceDb.query(
          `INSERT INTO "maintenance"."status_history" ("task_id", "to_status", "changed_at") VALUES ($1, $2, $3)`,
          [id, status, daysAgo(ago)],
        );
      const last = steps.at(-1)?.[0] ?? 'Pending';
      await maintenanceDb.query(
        `UPDATE "maintenance"."tasks" SET "created_at" = $2, "status" = $3::varchar,
                "due_date" = CASE WHEN $1::uuid = $4::uuid THEN (now() - interval '3 days')::date ELSE "due_date" END,
                "completed_date" = CASE WHEN $3::varchar = 'Completed' THEN now() - interval '10 days' END,
                "needs_certification" = ($3::varchar = 'Completed')
          WHERE "id" = $1::uuid`,
        [id, daysAgo(created), last, ids.a],
      );
    }
    await maintenanceDb.query(
      `UPDATE "maintenance"."tasks" SET "created_at" = "created_at" + interval '1 second' WHERE "id" = $1`,
      [ids.e],
    );

    const answer = await dashboard(token);
    expect(answer.tasks).toMatchObject({
      total: 5,
      pending: 3,
      inProgress: 1,
      completed: 1,
      // 30 days ago: A Pending, B In Progress, C In Progress; D and E did not exist.
      earlier: { total: 3, pending: 1, inProgress: 2, completed: 0 },
      overdue: 1,
      awaitingCertification: 1,
    });
    expect(answer.recentTasks.map((each) => each._id)).toEqual([ids.e, ids.d, ids.a, ids.b]);
    expect(answer.recentTasks[0]).toMatchObject({
      title: 'E: new today, later',
      status: 'Pending',
      equipmentName: 'Dashboard Monitor',
      technicianName: technician.name,
    });
    expect(answer.tasks?.recent).toEqual(answer.recentTasks);
    // The cards link to the lists behind them, which agree.
    for (const [filter, expected] of [
      ['overdue=1', [ids.a]],
      ['awaitingCertification=1', [ids.b]],
    ] as const) {
      const list = await call<TaskListResponse>(gateway.url, 'GET', `/api/tasks?${filter}`, { token });
      expect([filter, list.body.total, list.body.tasks.map((each) => each._id)]).toEqual([
        filter,
        expected.length,
        expected,
      ]);
    }

    // The Engineer's view counts everyone's tasks, these among them.
    const compliance = await call<PmComplianceResponse>(gateway.url, 'GET', '/api/maintenance/compliance', {
      token: admin,
    });
    const mine = await dashboard(admin);
    expect(mine.tasks?.total).toBeGreaterThanOrEqual(5);
    expect(mine.pm).toEqual({
      from: compliance.body.from,
      to: compliance.body.to,
      overall: compliance.body.overall,
      lifeSupport: compliance.body.lifeSupport,
    });
  });

  it('says when the person last signed in before this session, and nothing on a first sign-in', async () => {
    const person = await rosterStaff(identityDb, { role: 'Engineer' });
    const first = await signIn(gateway.url, person.serviceNumber);
    expect((await dashboard(first)).lastLogin).toBeNull();
    const [began] = (await identityDb.query(
      `SELECT "created_at" FROM "identity"."sessions" WHERE "user_id" = $1`,
      [person.id],
    )) as [{ created_at: Date }];
    await skipResendPause(identityDb, person.id);
    const second = await signIn(gateway.url, person.serviceNumber);
    expect((await dashboard(second)).lastLogin).toBe(began.created_at.toISOString());
  });

  it('agrees with the inventory and task lists the other screens show', async () => {
    const answer = await dashboard(admin);
    const listTotal = async (path: string) =>
      (await call<{ total: number }>(gateway.url, 'GET', path, { token: admin })).body.total;
    expect({
      total: await listTotal('/api/equipment?limit=1'),
      serviceable: await listTotal('/api/equipment?limit=1&status=Serviceable'),
      maintenance: await listTotal('/api/equipment?limit=1&status=Under%20Maintenance'),
      unserviceable: await listTotal('/api/equipment?limit=1&status=Unserviceable'),
    }).toEqual({
      total: answer.equipment?.total,
      serviceable: answer.equipment?.serviceable,
      maintenance: answer.equipment?.maintenance,
      unserviceable: answer.equipment?.unserviceable,
    });
    const tasks = await call<TaskListResponse>(gateway.url, 'GET', '/api/tasks?limit=1', { token: admin });
    expect(tasks.body.counts).toEqual({
      total: answer.tasks?.total,
      pending: answer.tasks?.pending,
      inProgress: answer.tasks?.inProgress,
      completed: answer.tasks?.completed,
    });
  });

  it('reports System Status from the health checks, and the backup only when the deployment reported one', async () => {
    // The gateway's own connection: the server and key prefix the deployment's report is read from.
    const redis = gateway.app.get(RedisConnection).client;
    const LAST_BACKUP_KEY = lastBackupKey(gateway.app.get<GatewayConfig>(GATEWAY_CONFIG).redisKeyPrefix);
    try {
      await redis.del(LAST_BACKUP_KEY);
      const unreported = await dashboard(admin);
      expect(unreported.system).toEqual({
        details: true,
        database: { ok: true, problem: null },
        services: { ok: true, problem: null },
        live: { ok: true, problem: null },
        queue: { ok: true, problem: null },
        lastBackupAt: null,
      });
      await redis.set(LAST_BACKUP_KEY, '2026-11-23T02:00:00Z');
      expect((await dashboard(admin)).system.lastBackupAt).toBe('2026-11-23T02:00:00.000Z');
      await redis.set(LAST_BACKUP_KEY, 'yesterday, probably');
      expect((await dashboard(admin)).system.lastBackupAt).toBeNull();
    } finally {
      await redis.del(LAST_BACKUP_KEY);
    }
  });

  it('still shows the inventory when the maintenance service is down, and says what is missing', async () => {
    await services.get('maintenance')?.close();
    services.delete('maintenance');
    const answer = await dashboard(admin);
    expect(answer.equipment?.total).toEqual(expect.any(Number));
    expect(answer.tasks).toBeNull();
    expect(answer.pm).toBeNull();
    expect(answer.recentTasks).toEqual([]);
    expect(answer.unavailable).toEqual({
      tasks: expect.stringContaining('maintenance service'),
      pm: expect.stringContaining('maintenance service'),
    });
    // System Status reuses a round of health checks for a few seconds, then says it.
    await until(async () => !(await dashboard(admin)).system.services.ok, {
      timeoutMs: SYSTEM_STATUS_REUSE_MS + 3000,
      intervalMs: 250,
      what: 'System Status to see the maintenance service gone',
    });
    expect((await dashboard(admin)).system.services).toEqual({
      ok: false,
      problem: 'Not answering: maintenance',
    });
  });

  it('tells Technicians and Managers only what is not OK, and Engineers and Admins what is wrong', async () => {
    // A part not OK, with an error text naming what: the maintenance service stopped.
    await services.get('maintenance')?.close();
    services.delete('maintenance');
    const as = async (role: Role) =>
      signIn(gateway.url, (await rosterStaff(identityDb, { role })).serviceNumber);
    const [technician, manager, engineer] = [
      await as('Technician'),
      await as('Manager'),
      await as('Engineer'),
    ];
    await until(async () => !(await dashboard(engineer)).system.services.ok, {
      timeoutMs: SYSTEM_STATUS_REUSE_MS + 3000,
      intervalMs: 250,
      what: 'System Status to see the maintenance service gone',
    });
    for (const token of [engineer, admin]) {
      const { system } = await dashboard(token);
      expect(system.details).toBe(true);
      expect(system.services).toEqual({ ok: false, problem: 'Not answering: maintenance' });
    }
    for (const token of [technician, manager]) {
      const { system } = await dashboard(token);
      expect(system).toEqual({
        details: false,
        database: { ok: true, problem: null },
        services: { ok: false, problem: null },
        live: { ok: true, problem: null },
        queue: { ok: true, problem: null },
        lastBackupAt: null,
      });
      // Not a word of it anywhere in the answer's System Status.
      expect(JSON.stringify(system)).not.toContain('maintenance');
    }
  });
});
