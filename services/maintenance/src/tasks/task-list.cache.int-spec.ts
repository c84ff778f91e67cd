import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  listTasksQuerySchema,
  TASK_SEARCH_COUNT_LIMIT,
  type Actor,
  type EquipmentDto,
  type TaskCreatedResponse,
  type TaskListResponse,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import { until } from '@caliber/testing/wait';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { TaskListCache } from './task-list.cache';
import { TasksService } from './tasks.service';

/**
 * The task list's kept counts are kept by each maintenance replica and dropped on every task
 * change, whichever replica made it; a search counts its matches only up to the limit and says
 * "more than" past it, with no breakdown by status.
 */
describe('Task list counts: kept per replica, dropped by the change feed; searches counted up to a limit (real PostgreSQL, NATS)', () => {
  const stack = useSignInStack('task-list-cache');
  let equipment: INestApplication;
  const replicas: INestApplication[] = [];
  let rows: DataSource;
  let engineer: { token: string; actor: Actor };
  const marker = `k${Date.now().toString(36)}`;

  beforeAll(async () => {
    equipment = await startEquipment();
    replicas.push(await startMaintenance(), await startMaintenance());
    rows = await serviceDataSource('maintenance');
    const staff = await rosterStaff(stack.db, {
      role: 'Engineer',
      name: 'Engineer Counts',
      preApproved: true,
    });
    engineer = {
      token: await signIn(stack.gateway.url, staff.serviceNumber),
      actor: {
        _id: staff.id,
        name: 'Engineer Counts',
        role: 'Engineer',
        serviceNumber: staff.serviceNumber,
        via: 'gateway',
      },
    };
  });
  afterAll(async () => {
    await rows.destroy();
    for (const replica of replicas) await replica.close();
    await equipment.close();
  });

  const post = <T>(path: string, body: unknown) =>
    call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: engineer.token, body });
  const get = <T>(path: string) =>
    call<T>(stack.gateway.url, 'GET', `/api${path}`, { token: engineer.token });
  /** A replica's answer, asked in its own process: no queue group picks which replica answers. */
  const pendingOn = async (replica: INestApplication) =>
    (await replica.get(TasksService).list(engineer.actor, listTasksQuerySchema.parse({}))).counts?.pending;
  const drops = () => replicas.map((replica) => replica.get(TaskListCache).drops);

  async function aDevice(): Promise<EquipmentDto> {
    const created = await post<EquipmentDto>('/equipment', {
      name: `${marker} Evita V500`,
      serialNumber: `${marker}-${Math.random().toString(36).slice(2, 8)}`,
      manufacturer: 'Dräger',
      model: 'Evita V500',
      department: 'ICU',
      location: 'Bed 4',
      installationDate: '2022-01-10',
      status: 'Serviceable',
      category: 'Ventilator',
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  it('answers the kept counts from what it kept until a task changes, then every replica counts the change', async () => {
    const device = await aDevice();
    const before = await Promise.all(replicas.map(pendingOn));
    expect(before[0]).toBe(before[1]);
    // Kept: the counts of the list as asked, and the kept counts they came from.
    for (const replica of replicas) expect(replica.get(TaskListCache).size).toBe(2);
    const dropsBefore = drops();
    const created = await post<TaskCreatedResponse>('/tasks', {
      title: `${marker} Replace flow sensor`,
      description: 'Readings drift',
      taskType: 'Repair',
      priority: 'High',
      equipmentId: device._id,
      dueDate: '2030-01-31',
    });
    expect(created.status).toBe(201);
    // One replica wrote it (and dropped its own at once); the other learns it from the event.
    for (const [index, replica] of replicas.entries())
      await until(async () => (await pendingOn(replica)) === (before[index] ?? 0) + 1, {
        what: `replica ${index + 1} to count the new task`,
        timeoutMs: 3000,
      });
    expect(drops().every((now, index) => now > (dropsBefore[index] ?? 0))).toBe(true);
  });

  it('counts a search up to the limit and says "more than" past it, with the page still right', async () => {
    const device = await aDevice();
    const word = `${marker}probe`;
    const created = await post<TaskCreatedResponse>('/tasks', {
      title: `${word} check`,
      description: 'Probe cable frayed',
      taskType: 'Repair',
      priority: 'Medium',
      equipmentId: device._id,
      dueDate: '2030-01-31',
    });
    expect(created.status).toBe(201);
    const exact = await get<TaskListResponse>(`/tasks?q=${word}`);
    expect(exact.body).toMatchObject({ total: 1, more: false, pages: 1, counts: { total: 1, pending: 1 } });

    // As many more as the limit, copied in the database: the search now matches one past it.
    const columns = (
      (await rows.query(
        `SELECT string_agg(quote_ident("column_name"), ', ') AS "list" FROM "information_schema"."columns"
          WHERE "table_schema" = 'maintenance' AND "table_name" = 'tasks' AND "is_generated" = 'NEVER'
            AND "column_name" NOT IN ('id', 'created_at')`,
      )) as { list: string }[]
    )[0]?.list;
    await rows.query(
      `INSERT INTO "maintenance"."tasks" ("id", "created_at", ${columns})
       SELECT gen_random_uuid(), now() - make_interval(secs => copy), ${columns}
         FROM "maintenance"."tasks", generate_series(1, $2) AS copy WHERE "id" = $1`,
      [created.body.task._id, TASK_SEARCH_COUNT_LIMIT],
    );
    // Written behind the service's back, so announced by no event: the test drops what the
    // replicas kept, as a task written through the service would.
    for (const replica of replicas) replica.get(TaskListCache).changed();
    const first = await get<TaskListResponse>(`/tasks?q=${word}&limit=8`);
    expect(first.body).toMatchObject({
      total: TASK_SEARCH_COUNT_LIMIT,
      more: true,
      counts: null,
      pages: Math.ceil((TASK_SEARCH_COUNT_LIMIT + 1) / 8),
    });
    // The newest first, as without a search: the task created through the API is the newest.
    expect(first.body.tasks[0]?._id).toBe(created.body.task._id);
    expect(first.body.tasks).toHaveLength(8);

    // Past the limit, the count reaches as far as the page asked for, and one further.
    const far = await get<TaskListResponse>(`/tasks?q=${word}&limit=8&page=126`);
    expect(far.body).toMatchObject({ total: TASK_SEARCH_COUNT_LIMIT + 1, more: false, pages: 126 });
    expect(far.body.tasks).toHaveLength(1);
    // The status asked for is counted on its own; all the copies are Pending.
    const pending = await get<TaskListResponse>(`/tasks?q=${word}&status=Pending`);
    expect(pending.body).toMatchObject({ total: TASK_SEARCH_COUNT_LIMIT, more: true, counts: null });
    const completed = await get<TaskListResponse>(`/tasks?q=${word}&status=Completed`);
    expect(completed.body).toMatchObject({ total: 0, more: false, counts: null, tasks: [] });
  });
});
