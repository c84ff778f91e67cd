import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { OverduePmPage, PmComplianceResponse, UnplannedDevicesPage } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { addDays, hospitalToday } from '../hospital-clock';
import { monthOf } from './pm-compliance.service';

type Flags = {
  highRisk: boolean;
  lifeSupport: boolean;
  inPmProgram: boolean;
  deleted?: boolean;
  retired?: boolean;
};

/**
 * PM compliance against a data set built by hand in the database, whose answers are worked out
 * below occurrence by occurrence. Everything is placed in a department of its own, so other test
 * files' plans sharing the database do not count.
 */
describe('PM compliance (real stack, hand-built data)', () => {
  const stack = useSignInStack('compliance');
  let maintenance: INestApplication;
  let rows: DataSource;
  let token = '';
  const ward = `Compliance Ward ${randomUUID().slice(0, 8)}`;
  const otherWard = `${ward} East`;
  const today = hospitalToday();
  const day = (offset: number) => addDays(today, offset);
  const devices = new Map<string, string>();
  const tasks = new Map<string, string>();

  async function device(
    key: string,
    category: string,
    flags: Flags | null,
    department = ward,
  ): Promise<string> {
    const id = randomUUID();
    devices.set(key, id);
    if (flags)
      await rows.query(
        `INSERT INTO "maintenance"."device_risk" ("equipment_id", "risk_class", "high_risk", "life_support",
           "in_pm_program", "name", "serial_number", "department", "category", "deleted", "seq", "retired")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11)`,
        [
          id,
          flags.inPmProgram ? 'High' : 'Low',
          flags.highRisk,
          flags.lifeSupport,
          flags.inPmProgram,
          `Device ${key}`,
          `SN-${key}`,
          department,
          category,
          flags.deleted ?? false,
          flags.retired ?? false,
        ],
      );
    return id;
  }

  async function plan(
    deviceKey: string,
    category: string,
    active = true,
    department = ward,
  ): Promise<string> {
    const [row] = (await rows.query(
      `INSERT INTO "maintenance"."pm_plans" ("equipment_id", "equipment_name", "equipment_serial",
         "equipment_department", "equipment_category", "title", "pm_type", "interval", "priority", "first_due_date",
         "anchor_date", "next_due_date", "next_occurrence", "schedule_basis", "active")
       VALUES ($1, $2, $3, $4, $5, 'Hand-built PM', 'Safety Testing', 'Monthly', 'Medium', $6, $6, $6, 9,
               'Manufacturer recommendation', $7)
       RETURNING "id"`,
      [
        devices.get(deviceKey),
        `Device ${deviceKey}`,
        `SN-${deviceKey}`,
        department,
        category,
        day(400),
        active,
      ],
    )) as [{ id: string }];
    return row.id;
  }

  async function occurrence(
    key: string,
    planId: string | null,
    deviceKey: string,
    n: number,
    due: string,
    status: string,
    options: { completed?: string; deleted?: boolean; department?: string; category?: string } = {},
  ): Promise<void> {
    const [row] = (await rows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "pm_type", "pm_interval", "priority",
         "status", "equipment_id", "equipment_name", "equipment_serial", "equipment_department", "equipment_category",
         "due_date", "completed_date", "plan_id", "plan_occurrence", "deleted_at")
       VALUES ($1, '', 'Preventive', 'Safety Testing', 'Monthly', 'Medium', $2, $3, $4, $5, $6, $7, $8,
               $9::timestamptz, $10, $11, CASE WHEN $12 THEN now() END)
       RETURNING "id"`,
      [
        `PM ${key}`,
        status,
        devices.get(deviceKey),
        `Device ${deviceKey}`,
        `SN-${deviceKey}`,
        options.department ?? ward,
        options.category ?? 'Monitor',
        due,
        options.completed ? `${options.completed}T12:00:00Z` : null,
        planId,
        planId ? n : null,
        options.deleted ?? false,
      ],
    )) as [{ id: string }];
    tasks.set(key, row.id);
  }

  beforeAll(async () => {
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    const engineer = await rosterStaff(stack.db, {
      role: 'Engineer',
      name: 'Compliance Engineer',
      preApproved: true,
    });
    token = await signIn(stack.gateway.url, engineer.serviceNumber);

    const lifeSupport = { highRisk: true, lifeSupport: true, inPmProgram: true };
    await device('vent', 'Ventilator', lifeSupport);
    await device('defib', 'Defibrillator', { highRisk: true, lifeSupport: false, inPmProgram: true });
    await device('suction', 'Suction', { highRisk: false, lifeSupport: false, inPmProgram: false });
    await device('unknown', 'Monitor', null); // not (yet) in the copy of the inventory
    await device('east', 'Monitor', lifeSupport, otherWard);
    const vent = await plan('vent', 'Ventilator');
    const defib = await plan('defib', 'Defibrillator');
    const suction = await plan('suction', 'Suction');
    const unknown = await plan('unknown', 'Monitor');
    const east = await plan('east', 'Monitor', true, otherWard);

    await occurrence('vent-0', vent, 'vent', 0, day(-10), 'Completed', { completed: day(-12) }); // on time
    await occurrence('vent-1', vent, 'vent', 1, day(-3), 'Pending'); // missed, overdue
    await occurrence('vent-2', vent, 'vent', 2, day(5), 'Pending'); // pending
    await occurrence('defib-0', defib, 'defib', 0, day(-10), 'Completed', {
      completed: day(-5),
      category: 'Defibrillator',
    }); // late
    await occurrence('defib-1', defib, 'defib', 1, day(-20), 'Cancelled', { category: 'Defibrillator' }); // missed
    await occurrence('suction-0', suction, 'suction', 0, day(-30), 'Completed', { completed: day(-30) }); // on time
    await occurrence('suction-1', suction, 'suction', 1, day(-60), 'Pending'); // before the period; overdue
    await occurrence('suction-2', suction, 'suction', 2, day(-1), 'Pending', { deleted: true }); // withdrawn
    await occurrence('unknown-0', unknown, 'unknown', 0, day(-2), 'In Progress'); // missed, overdue
    await occurrence('east-0', east, 'east', 0, day(-3), 'Pending', { department: otherWard }); // other ward
    await occurrence('repair', null, 'vent', 0, day(-5), 'Pending'); // not PM: never counted

    // The PM program's devices without an active plan.
    await device('spare-vent', 'Ventilator', lifeSupport);
    await device('old-pump', 'Infusion Pump', { highRisk: true, lifeSupport: false, inPmProgram: true });
    await plan('old-pump', 'Infusion Pump', false); // retired
    await device('gone', 'Ventilator', { ...lifeSupport, deleted: true });
    await device('auctioned', 'Ventilator', { ...lifeSupport, retired: true });
    await device('lamp', 'Monitor', { highRisk: false, lifeSupport: false, inPmProgram: false });
  });
  afterAll(async () => {
    await rows.destroy();
    await maintenance.close();
  });

  const compliance = (query: string) =>
    call<PmComplianceResponse>(stack.gateway.url, 'GET', `/api/maintenance/compliance?${query}`, { token });

  it('counts each occurrence due in the period once, as on time, late, missed or pending', async () => {
    const answer = await compliance(`from=${day(-40)}&to=${day(20)}&department=${encodeURIComponent(ward)}`);
    expect(answer.status).toBe(200);
    const { overall, highRisk, lifeSupport } = answer.body;
    // vent-0, suction-0 on time; defib-0 late; vent-1, defib-1 (cancelled), unknown-0 missed; vent-2 pending.
    expect(overall).toEqual({ due: 7, onTime: 2, late: 1, missed: 3, pending: 1, rate: 2 / 6 });
    expect(highRisk).toEqual({ due: 5, onTime: 1, late: 1, missed: 2, pending: 1, rate: 1 / 4 });
    expect(lifeSupport).toEqual({ due: 3, onTime: 1, late: 0, missed: 1, pending: 1, rate: 1 / 2 });
    expect(answer.body.today).toBe(today);
  });

  const page = <T>(list: 'overdue' | 'unplanned', query: string) =>
    call<T>(stack.gateway.url, 'GET', `/api/maintenance/compliance/${list}?${query}`, { token });
  const inWard = `department=${encodeURIComponent(ward)}`;

  it('answers the figures and the two totals, without the lists', async () => {
    const answer = await compliance(`from=${day(-40)}&to=${day(20)}&${inWard}`);
    expect(answer.body.overdue).toEqual({ total: 3 });
    expect(answer.body.unplanned).toEqual({ total: 2 });
  });

  it('lists every overdue occurrence, earliest first, whatever its due date, a page at a time', async () => {
    const first = await page<OverduePmPage>('overdue', `${inWard}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, pages: 2, limit: 2, today });
    const second = await page<OverduePmPage>('overdue', `${inWard}&limit=2&page=2`);
    expect(
      [...first.body.items, ...second.body.items].map((item) => [
        item.taskId,
        item.daysOverdue,
        item.lifeSupport,
      ]),
    ).toEqual([
      [tasks.get('suction-1'), 60, false],
      [tasks.get('vent-1'), 3, true],
      [tasks.get('unknown-0'), 2, false],
    ]);
    expect(second.body).toMatchObject({ total: 3, page: 2, pages: 2 });
    // 25 a page unless asked; a page past the end is empty, not an error.
    const whole = await page<OverduePmPage>('overdue', inWard);
    expect([whole.body.limit, whole.body.items.length]).toEqual([25, 3]);
    const past = await page<OverduePmPage>('overdue', `${inWard}&page=9`);
    expect([past.status, past.body.items, past.body.total]).toEqual([200, [], 3]);
  });

  it('lists the devices in the PM program without an active plan, life support first, a page at a time', async () => {
    const first = await page<UnplannedDevicesPage>('unplanned', `${inWard}&limit=1`);
    const second = await page<UnplannedDevicesPage>('unplanned', `${inWard}&limit=1&page=2`);
    expect(first.body).toMatchObject({ total: 2, page: 1, pages: 2, limit: 1 });
    expect([...first.body.items, ...second.body.items].map((item) => item.equipmentId)).toEqual([
      devices.get('spare-vent'),
      devices.get('old-pump'),
    ]);
    const ventilators = await page<UnplannedDevicesPage>('unplanned', `${inWard}&category=Ventilator`);
    expect(ventilators.body.items.map((item) => item.equipmentId)).toEqual([devices.get('spare-vent')]);
  });

  it('refuses a page size above 100, or a page that is not a whole number above 0', async () => {
    for (const list of ['overdue', 'unplanned'] as const) {
      const large = await page(list, 'limit=101');
      expect([large.status, large.body]).toMatchObject([400, { message: 'limit must be at most 100.' }]);
      const zero = await page(list, 'page=0');
      expect([zero.status, zero.body]).toMatchObject([400, { message: 'page starts at 1.' }]);
    }
  });

  it('narrows to a category, and defaults to the current month', async () => {
    const defibs = await compliance(
      `from=${day(-40)}&to=${day(20)}&department=${encodeURIComponent(ward)}&category=Defibrillator`,
    );
    expect(defibs.body.overall).toEqual({ due: 2, onTime: 0, late: 1, missed: 1, pending: 0, rate: 0 });
    const month = await compliance(`department=${encodeURIComponent(ward)}`);
    expect([month.body.from, month.body.to]).toEqual([monthOf(today).from, monthOf(today).to]);
  });

  it('refuses a period that ends before it starts, or is not a date', async () => {
    const backwards = await compliance(`from=${day(1)}&to=${day(0)}`);
    expect([backwards.status, backwards.body]).toMatchObject([
      400,
      { message: 'Start date cannot be after end date.' },
    ]);
    const bad = await compliance('from=yesterday');
    expect([bad.status, bad.body]).toMatchObject([
      400,
      { message: 'from must be a date such as 2024-03-01.' },
    ]);
  });
});

describe('monthOf', () => {
  it('answers the first and last day of the month, leap years included', () => {
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2027-12-31')).toEqual({ from: '2027-12-01', to: '2027-12-31' });
  });
});
