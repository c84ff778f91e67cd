import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Role, TaskDetail } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import { rosterStaff, signIn, startMaintenance, useSignInStack } from '@caliber/testing/stack';
import { addDays, hospitalToday } from '../hospital-clock';
import { putCostsAside } from './costs-aside';

/**
 * What a task's recorded hours cost, through the gateway against real PostgreSQL, NATS and Redis:
 * the hours are priced at the rate of the role that recorded them, in force on the day the task was
 * completed (today while it is open), so a new rate never reprices finished work. The suite has
 * the Admin role's rates to itself: those it finds and the currency are put aside and put back.
 */
describe('The labour cost of a task (real stack)', () => {
  const stack = useSignInStack('task-labour');
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  let putBack: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    maintenance = await startMaintenance();
    rows = await serviceDataSource('maintenance');
    putBack = await putCostsAside(rows, 'Admin');
    for (const role of ['Technician', 'Engineer', 'Admin'] as Role[]) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Labour`, preApproved: true });
      ids.set(role, staff.id);
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(async () => {
    await putBack();
    await rows.destroy();
    await maintenance.close();
  });

  const as = (role: Role) => ({
    send: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      call<T & { message?: string }>(stack.gateway.url, method, `/api${path}`, {
        token: tokens.get(role),
        ...(body === undefined ? {} : { body }),
      }),
  });

  /** A task of the Technician's, straight into the table: completed `completedDaysAgo` days ago, or open. */
  async function task(fields: {
    completedDaysAgo: number | null;
    hours: number | null;
    role: Role | null;
  }): Promise<string> {
    const [row] = (await rows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "status",
         "equipment_id", "equipment_name", "equipment_serial", "equipment_department", "equipment_category",
         "completed_date", "needs_certification", "labour_hours", "labour_role", "assigned_to_id", "assigned_to_name")
       VALUES ('Replace the battery', '', 'Repair', 'Medium', $1, gen_random_uuid(), 'Labour Pump',
         'LAB-' || substr(md5(random()::text), 1, 8), 'ICU', 'Infusion Pump',
         CASE WHEN $2::int IS NULL THEN NULL ELSE now() - make_interval(days => $2::int) END,
         $2::int IS NOT NULL, $3, $4, $5, 'Technician Labour')
       RETURNING "id"`,
      [
        fields.completedDaysAgo === null ? 'In Progress' : 'Completed',
        fields.completedDaysAgo,
        fields.hours,
        fields.role,
        ids.get('Technician'),
      ],
    )) as { id: string }[];
    if (!row) throw new Error('The task was not inserted.');
    return row.id;
  }
  const labourOf = async (id: string, role: Role = 'Engineer') => {
    const answer = await as(role).send<TaskDetail>('GET', `/tasks/${id}`);
    expect(answer.status).toBe(200);
    return answer.body.labourCost;
  };

  it('prices finished work at the rate of its day, and a new rate prices only work from its first day', async () => {
    const today = hospitalToday();
    expect((await as('Admin').send('PUT', '/cost-settings', { currency: 'GHS' })).status).toBe(200);
    const first = await as('Admin').send('POST', '/labour-rates', {
      role: 'Admin',
      hourlyRate: 100,
      from: addDays(today, -400),
    });
    expect(first.status).toBe(201);
    const finished = await task({ completedDaysAgo: 10, hours: 2, role: 'Admin' });
    const open = await task({ completedDaysAgo: null, hours: null, role: null });
    // The Admin records the hours on the open task: they are the Admin's work.
    const recorded = await as('Admin').send<TaskDetail>('PUT', `/tasks/${open}/work`, {
      repairDetails: 'Battery replaced',
      labourHours: 1.5,
    });
    expect(recorded.status).toBe(200);

    const completedOn = hospitalToday(new Date(Date.now() - 10 * 86_400_000));
    const before = await labourOf(finished);
    expect(before).toEqual({
      role: 'Admin',
      pricedOn: completedOn,
      hourlyRate: 100,
      amount: 200,
      currency: 'GHS',
    });
    expect(await labourOf(open)).toEqual({
      role: 'Admin',
      pricedOn: today,
      hourlyRate: 100,
      amount: 150,
      currency: 'GHS',
    });

    // A raise from today: the finished task keeps its price; the open one is priced at the new rate.
    const raise = await as('Admin').send('POST', '/labour-rates', {
      role: 'Admin',
      hourlyRate: 150.25,
      from: today,
    });
    expect(raise.status).toBe(201);
    expect(await labourOf(finished)).toEqual(before);
    expect(await labourOf(open)).toEqual({
      role: 'Admin',
      pricedOn: today,
      hourlyRate: 150.25,
      amount: 225.38,
      currency: 'GHS',
    });
  });

  it('leaves unpriced the hours of a role without a rate that day, and hours recorded before roles were kept', async () => {
    const early = await task({ completedDaysAgo: 500, hours: 3, role: 'Admin' });
    expect(await labourOf(early)).toMatchObject({ role: 'Admin', hourlyRate: null, amount: null });
    const unknown = await task({ completedDaysAgo: 5, hours: 3, role: null });
    expect(await labourOf(unknown)).toMatchObject({ role: null, hourlyRate: null, amount: null });
    const none = await task({ completedDaysAgo: 5, hours: null, role: null });
    expect(await labourOf(none)).toBeNull();
  });

  it("keeps the Technician's rate when an Engineer corrects their hours, and audits a change of role", async () => {
    const id = await task({ completedDaysAgo: null, hours: null, role: null });
    expect(
      (
        await as('Technician').send('PUT', `/tasks/${id}/work`, {
          repairDetails: 'Seal replaced',
          labourHours: 2,
        })
      ).status,
    ).toBe(200);
    expect(await labourOf(id)).toMatchObject({ role: 'Technician' });
    expect(
      (
        await as('Engineer').send('PUT', `/tasks/${id}/work`, {
          repairDetails: 'Seal replaced',
          labourHours: 2.5,
        })
      ).status,
    ).toBe(200);
    expect(await labourOf(id)).toMatchObject({ role: 'Technician' });
    const audited = (await rows.query(
      `SELECT "changes" FROM "maintenance"."audit_log"
        WHERE "entity_id" = $1 AND "action" = 'work-recorded' ORDER BY "id"`,
      [id],
    )) as { changes: Record<string, unknown> }[];
    expect(audited.map((row) => row.changes['labourRole'] ?? null)).toEqual([
      { from: null, to: 'Technician' },
      null,
    ]);
  });

  it('shows the cost to those who oversee the work, never to the Technician who did it', async () => {
    const mine = await task({ completedDaysAgo: 3, hours: 2, role: 'Technician' });
    expect(await labourOf(mine, 'Technician')).toBeNull();
    expect(await labourOf(mine, 'Admin')).toMatchObject({ role: 'Technician', currency: 'GHS' });
  });
});
