import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import type { DataSource } from 'typeorm';
import {
  SUBJECTS,
  type ActingUser,
  type AwaitingCertificationRow,
  type CertificationFigures,
  type CostFigures,
  type DeviceCostRow,
  type OverdueTaskRow,
  type Principal,
  type ReportRowsPage,
  type ReportScope,
  type SparePartRow,
  type SparePartsFigures,
  type StaffPerformanceRow,
  type TaskFigures,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
  type WorkMixFigures,
} from '@caliber/contracts';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { testSigner } from '@caliber/testing/statement-keys';
import { equipmentDataSource, startMaintenance } from '@caliber/testing/stack';

interface Device {
  id: string;
  name: string;
  category: string;
  department: string;
}

interface TaskSpec {
  type: TaskType;
  priority: TaskPriority;
  status: TaskStatus;
  device: Device;
  /** When the task was created; now when not given. */
  created?: string;
  assignee?: ActingUser;
  /** The assignee's name as this task recorded it, when not their present one. */
  assigneeName?: string;
  /** The device's name as this task recorded it, when not its present one. */
  deviceName?: string;
  due?: string;
  completed?: string;
  updated?: string;
  labourHours?: number;
  awaiting?: boolean;
  certified?: { at: string; by: ActingUser };
  deleted?: boolean;
  parts?: [name: string, quantity: number, unitCost: number | null][];
  /** What vendors invoiced for the work. */
  vendorCharges?: number[];
}

const DAY_MS = 86_400_000;
const utcToday = () => new Date().toISOString().slice(0, 10);
const daysSince = (date: string) =>
  Math.round((Date.parse(`${utcToday()}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);

const person = (role: string, name: string): ActingUser => ({
  id: randomUUID(),
  role,
  name,
  serviceNumber: `RP-${randomUUID().slice(0, 6)}`,
});

/**
 * Maintenance's report figures against tasks built by hand, whose answers are worked out below.
 * Everything is placed in departments of its own (the scope's departments are matched exactly), so
 * other test files' tasks sharing the database never count. The period is March 2025 in UTC, long
 * past (so "now" never cuts it short); "overdue" is now, whatever the period.
 *
 * The ward's tasks (Alpha is a Ventilator, Bravo a Monitor; Ama and Kofi are technicians):
 * - T1 Repair, High, Ama, Alpha: created Mar 3 08:00, due Mar 5, completed Mar 4 10:00 (26 h, on
 *   time), 3.5 labour hours, certified Mar 6 by Esi. Parts: Oxygen Sensor 2 × 45.50, "filter  kit " 1 (no cost).
 *   Vendors invoiced 120.10 and 30.20 for it.
 * - T2 Preventive, Medium, Ama, Bravo: created Mar 10 00:00, due Mar 11, completed Mar 12 12:00
 *   (60 h, late), no labour hours, awaiting certification. Parts: oxygen sensor 1 × 50.00, Filter Kit 3 (no cost).
 * - T3 Inspect, Low, Kofi, Alpha: created Mar 17 09:00, due Mar 20, In Progress: overdue.
 * - T4 Repair, Urgent, Kofi, Bravo: created Feb 20, due Mar 1, Pending: overdue.
 * - T5 Calibrate, Medium, Kofi, Alpha: created Feb 25 00:00, no due date, completed Mar 2 00:00
 *   (120 h, on time), 2 labour hours, awaiting certification. Parts: O-ring 4 × 0.75, " Oxygen  Sensor" 1 (no cost).
 * - T6 Repair, High, nobody, Bravo: created Mar 25, due Mar 26, Cancelled (not overdue).
 * - T8 Repair, Ama, Alpha, completed in March but deleted: never counted (100 parts, a 999 invoice).
 * - T9 Install, Low, Ama, Alpha: created Apr 2, no due date: outside the period, never overdue.
 * The east ward: T7 Repair, Ama, Charlie: created Mar 5, completed Mar 6 (24 h), 1 labour hour,
 * certified Mar 7 by Yaw; Oxygen Sensor 5 × 40.00.
 * The PM ward holds PM occurrences only (created now, so outside the period's task counts).
 */
describe('Maintenance report figures (real PostgreSQL and NATS, hand-built data)', () => {
  let maintenance: INestApplication;
  let rows: DataSource;
  let bus: ClientProxy;
  const marker = randomUUID().slice(0, 8);
  const ward = `Reports Ward ${marker}`;
  const eastWard = `${ward} East`;
  const pmWard = `${ward} PM`;
  const engineer = person('Engineer', 'Report Engineer');
  const ama = person('Technician', 'Ama Mensah');
  const kofi = person('Technician', 'Kofi Boateng');
  const esi = person('Engineer', 'Esi Engineer');
  const yaw = person('Engineer', 'Yaw Engineer');
  const device = (name: string, category: string, department = ward): Device => ({
    id: randomUUID(),
    name: `${marker} ${name}`,
    category,
    department,
  });
  const alpha = device('Alpha ventilator', 'Ventilator');
  const bravo = device('Bravo monitor', 'Monitor');
  const charlie = device('Charlie ventilator', 'Ventilator', eastWard);
  const delta = device('Delta suction', 'Suction', pmWard);
  const tasks = new Map<string, string>();

  const march = (overrides: Partial<ReportScope> = {}): ReportScope => ({
    from: '2025-03-01',
    to: '2025-03-31',
    timeZone: 'UTC',
    departments: [ward],
    categories: [],
    staffId: null,
    ...overrides,
  });

  function ask<T>(
    subject: string,
    payload: unknown,
    as: ActingUser | null,
    principal: Principal = 'reports',
  ) {
    const signer = testSigner(principal);
    const message = as ? signer.sign(subject, payload, as) : signer.sign(subject, payload);
    return firstValueFrom(bus.send<T>(subject, message));
  }
  const figures = <T>(subject: string, scope: ReportScope, as: ActingUser = engineer) =>
    ask<T>(subject, { scope }, as);
  const page = <T>(subject: string, scope: ReportScope, as: ActingUser = engineer, after = '', limit = 500) =>
    ask<ReportRowsPage<T>>(subject, { scope, after, limit }, as);

  /** Every page of a list, asked `limit` rows at a time. */
  async function everyPage<T>(subject: string, scope: ReportScope, limit: number, as: ActingUser = engineer) {
    const pages: ReportRowsPage<T>[] = [];
    let after = '';
    do {
      const next = await page<T>(subject, scope, as, after, limit);
      pages.push(next);
      after = next.next ?? '';
    } while (after && pages.length < 20);
    return pages;
  }

  async function task(key: string, spec: TaskSpec, plan?: { id: string; occurrence: number }): Promise<void> {
    const [row] = (await rows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "pm_type", "pm_interval", "priority",
         "status", "assigned_to_id", "assigned_to_name", "equipment_id", "equipment_name", "equipment_serial",
         "equipment_department", "equipment_category", "due_date", "completed_date", "needs_certification",
         "certified", "certified_at", "certified_by_id", "certified_by_name", "labour_hours", "created_at",
         "updated_at", "deleted_at", "plan_id", "plan_occurrence")
       VALUES ($1, '', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
               COALESCE($22::timestamptz, now()), COALESCE($23::timestamptz, now()),
               CASE WHEN $24 THEN now() END, $25, $26)
       RETURNING "id"`,
      [
        `${key} ${marker}`,
        spec.type,
        spec.type === 'Preventive' ? 'Safety Testing' : null,
        spec.type === 'Preventive' ? 'Monthly' : null,
        spec.priority,
        spec.status,
        spec.assignee?.id ?? null,
        spec.assignee ? (spec.assigneeName ?? spec.assignee.name) : null,
        spec.device.id,
        spec.deviceName ?? spec.device.name,
        `SN-${spec.device.id.slice(0, 8)}`,
        spec.device.department,
        spec.device.category,
        spec.due ?? null,
        spec.completed ?? null,
        spec.awaiting ?? false,
        spec.certified !== undefined,
        spec.certified?.at ?? null,
        spec.certified?.by.id ?? null,
        spec.certified?.by.name ?? null,
        spec.labourHours ?? null,
        spec.created ?? null,
        spec.updated ?? spec.completed ?? spec.created ?? null,
        spec.deleted ?? false,
        plan?.id ?? null,
        plan?.occurrence ?? null,
      ],
    )) as [{ id: string }];
    tasks.set(key, row.id);
    for (const [position, [name, quantity, unitCost]] of (spec.parts ?? []).entries())
      await rows.query(
        `INSERT INTO "maintenance"."spare_parts" ("task_id", "position", "name", "quantity", "unit_cost")
         VALUES ($1, $2, $3, $4, $5)`,
        [row.id, position, name, quantity, unitCost],
      );
    for (const [position, amount] of (spec.vendorCharges ?? []).entries())
      await rows.query(
        `INSERT INTO "maintenance"."task_vendor_charges" ("task_id", "position", "vendor_id", "vendor_name", "visit_date", "amount")
         VALUES ($1, $2, gen_random_uuid(), 'Hand-built Vendor', '2025-03-04', $3)`,
        [row.id, position, amount],
      );
  }

  async function pmPlan(on: Device): Promise<string> {
    const [row] = (await rows.query(
      `INSERT INTO "maintenance"."pm_plans" ("equipment_id", "equipment_name", "equipment_serial",
         "equipment_department", "equipment_category", "title", "pm_type", "interval", "priority", "first_due_date",
         "anchor_date", "next_due_date", "next_occurrence", "schedule_basis")
       VALUES ($1, $2, 'SN-PM', $3, $4, 'Hand-built PM', 'Safety Testing', 'Monthly', 'Medium', '2030-01-01',
               '2030-01-01', '2030-01-01', 9, 'Manufacturer recommendation')
       RETURNING "id"`,
      [on.id, on.name, on.department, on.category],
    )) as [{ id: string }];
    return row.id;
  }

  beforeAll(async () => {
    // PM compliance reads its copy of the inventory's risk flags; the inventory is not running, so
    // the copy stands as it is (the occurrences' own record of their device places them).
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    bus = ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectOptions() });
    await bus.connect();

    await task('T1', {
      type: 'Repair',
      priority: 'High',
      status: 'Completed',
      device: alpha,
      assignee: ama,
      assigneeName: 'Ama Owusu', // her name then; her newer task names her as she is now
      created: '2025-03-03T08:00:00Z',
      due: '2025-03-05',
      completed: '2025-03-04T10:00:00Z',
      updated: '2025-03-06T09:00:00Z',
      labourHours: 3.5,
      certified: { at: '2025-03-06T09:00:00Z', by: esi },
      parts: [
        ['Oxygen Sensor', 2, 45.5],
        ['filter  kit ', 1, null],
      ],
      vendorCharges: [120.1, 30.2],
    });
    await task('T2', {
      type: 'Preventive',
      priority: 'Medium',
      status: 'Completed',
      device: bravo,
      assignee: ama,
      created: '2025-03-10T00:00:00Z',
      due: '2025-03-11',
      completed: '2025-03-12T12:00:00Z',
      awaiting: true,
      parts: [
        ['oxygen sensor', 1, 50],
        ['Filter Kit', 3, null],
      ],
    });
    await task('T3', {
      type: 'Inspect',
      priority: 'Low',
      status: 'In Progress',
      device: alpha,
      assignee: kofi,
      created: '2025-03-17T09:00:00Z',
      due: '2025-03-20',
    });
    await task('T4', {
      type: 'Repair',
      priority: 'Urgent',
      status: 'Pending',
      device: bravo,
      assignee: kofi,
      created: '2025-02-20T00:00:00Z',
      due: '2025-03-01',
    });
    await task('T5', {
      type: 'Calibrate',
      priority: 'Medium',
      status: 'Completed',
      device: alpha,
      deviceName: `${marker} Alpha ventilator (old name)`,
      assignee: kofi,
      created: '2025-02-25T00:00:00Z',
      completed: '2025-03-02T00:00:00Z',
      labourHours: 2,
      awaiting: true,
      parts: [
        ['O-ring', 4, 0.75],
        [' Oxygen  Sensor', 1, null],
      ],
    });
    await task('T6', {
      type: 'Repair',
      priority: 'High',
      status: 'Cancelled',
      device: bravo,
      created: '2025-03-25T10:00:00Z',
      due: '2025-03-26',
    });
    await task('T7', {
      type: 'Repair',
      priority: 'Medium',
      status: 'Completed',
      device: charlie,
      assignee: ama,
      created: '2025-03-05T00:00:00Z',
      completed: '2025-03-06T00:00:00Z',
      labourHours: 1,
      certified: { at: '2025-03-07T00:00:00Z', by: yaw },
      parts: [['Oxygen Sensor', 5, 40]],
    });
    await task('T8', {
      type: 'Repair',
      priority: 'Medium',
      status: 'Completed',
      device: alpha,
      assignee: ama,
      created: '2025-03-04T00:00:00Z',
      completed: '2025-03-05T00:00:00Z',
      labourHours: 9,
      deleted: true,
      parts: [['Oxygen Sensor', 100, 1]],
      vendorCharges: [999],
    });
    await task('T9', {
      type: 'Install',
      priority: 'Low',
      status: 'Pending',
      device: alpha,
      assignee: ama,
      created: '2025-04-02T00:00:00Z',
    });

    // The PM ward's occurrences due in March: on time, missed, late, missed (cancelled); one due in April.
    const plan = await pmPlan(delta);
    const pm = (occurrence: number, due: string, status: TaskStatus, completed?: string) =>
      task(
        `P${occurrence}`,
        { type: 'Preventive', priority: 'Medium', status, device: delta, due, completed },
        { id: plan, occurrence },
      );
    await pm(1, '2025-03-10', 'Completed', '2025-03-09T12:00:00Z');
    await pm(2, '2025-03-20', 'Pending');
    await pm(3, '2025-03-25', 'Completed', '2025-03-27T10:00:00Z');
    await pm(4, '2025-04-05', 'Pending');
    await pm(5, '2025-03-15', 'Cancelled');
  });
  afterAll(async () => {
    await bus.close();
    await rows.destroy();
    await maintenance.close();
  });

  describe('tasks', () => {
    it('counts the tasks created and completed in the period, and those overdue now', async () => {
      const answer = await figures<TaskFigures>(SUBJECTS.maintenance.reportTasks, march());
      expect(answer).toEqual({
        created: 4, // T1, T2, T3, T6 (T4 and T5 before March, T9 after, T8 deleted)
        byStatus: { Pending: 0, 'In Progress': 1, Completed: 2, Cancelled: 1 },
        byType: { Repair: 2, Install: 0, Inspect: 1, Assess: 0, Calibrate: 0, Preventive: 1 },
        byPriority: { Low: 1, Medium: 1, High: 2, Urgent: 0 },
        completed: 3, // T1, T2, T5
        meanHoursToComplete: 68.67, // (26 + 60 + 120) / 3
        overdue: 2, // T3 and T4; T6 is cancelled, T9 has no due date
        // Mondays from the one before Mar 1 (a Saturday) to Mar 31.
        weekly: [
          { weekStart: '2025-02-24', created: 0, completed: 1 }, // T5 done Sunday Mar 2
          { weekStart: '2025-03-03', created: 1, completed: 1 }, // T1
          { weekStart: '2025-03-10', created: 1, completed: 1 }, // T2
          { weekStart: '2025-03-17', created: 1, completed: 0 }, // T3
          { weekStart: '2025-03-24', created: 1, completed: 0 }, // T6
          { weekStart: '2025-03-31', created: 0, completed: 0 },
        ],
      });
    });

    it("gives a Technician their own tasks' figures only", async () => {
      const answer = await figures<TaskFigures>(SUBJECTS.maintenance.reportTasks, march(), ama);
      expect(answer).toMatchObject({
        created: 2, // T1, T2 (T7 is in the east ward)
        byStatus: { Pending: 0, 'In Progress': 0, Completed: 2, Cancelled: 0 },
        byType: { Repair: 1, Preventive: 1 },
        completed: 2,
        meanHoursToComplete: 43, // (26 + 60) / 2
        overdue: 0,
      });
      const kofis = await figures<TaskFigures>(SUBJECTS.maintenance.reportTasks, march(), kofi);
      expect([kofis.created, kofis.completed, kofis.meanHoursToComplete, kofis.overdue]).toEqual([
        1, 1, 120, 2,
      ]);
    });

    it('narrows to categories', async () => {
      const monitors = await figures<TaskFigures>(
        SUBJECTS.maintenance.reportTasks,
        march({ categories: ['Monitor'] }),
      );
      // Bravo's tasks: T2 and T6 created in March, T2 completed, T4 overdue.
      expect([monitors.created, monitors.completed, monitors.meanHoursToComplete, monitors.overdue]).toEqual([
        2, 1, 60, 1,
      ]);
      const none = await figures<TaskFigures>(
        SUBJECTS.maintenance.reportTasks,
        march({ categories: ['X-Ray'] }),
      );
      expect([none.created, none.completed, none.meanHoursToComplete, none.overdue]).toEqual([0, 0, null, 0]);
    });

    it('pages the overdue tasks, earliest due first', async () => {
      const pages = await everyPage<OverdueTaskRow>(SUBJECTS.maintenance.reportOverdue, march(), 1);
      expect(pages.map((each) => [each.rows.map((row) => row.taskId), each.total])).toEqual([
        [[tasks.get('T4')], 2],
        [[tasks.get('T3')], null],
      ]);
      expect(pages[1]?.next).toBeNull();
      expect(pages[0]?.rows[0]).toEqual({
        taskId: tasks.get('T4'),
        title: `T4 ${marker}`,
        taskType: 'Repair',
        priority: 'Urgent',
        status: 'Pending',
        equipmentName: bravo.name,
        serialNumber: `SN-${bravo.id.slice(0, 8)}`,
        department: ward,
        category: 'Monitor',
        dueDate: '2025-03-01',
        daysOverdue: daysSince('2025-03-01'),
        assignedTo: 'Kofi Boateng',
      });
      const amas = await page<OverdueTaskRow>(SUBJECTS.maintenance.reportOverdue, march(), ama);
      expect(amas).toEqual({ rows: [], next: null, total: 0 });
    });
  });

  describe('preventive and corrective work', () => {
    it('counts the work created in the period by kind, place and month', async () => {
      const answer = await figures<WorkMixFigures>(SUBJECTS.maintenance.reportWorkMix, march());
      expect(answer).toEqual({
        // T2 preventive; T1 and T6 corrective (Repair); T3 other (Inspect).
        total: { preventive: 1, corrective: 2, other: 1 },
        byDepartment: [{ name: ward, preventive: 1, corrective: 2, other: 1 }],
        byCategory: [
          { name: 'Monitor', preventive: 1, corrective: 1, other: 0 }, // T2, T6
          { name: 'Ventilator', preventive: 0, corrective: 1, other: 1 }, // T1, T3
        ],
        byMonth: [{ month: '2025-03', preventive: 1, corrective: 2, other: 1 }],
        // No PM occurrence fell due in the ward: nothing had to be done, so no rate.
        pm: { due: 0, onTime: 0, late: 0, missed: 0, pending: 0, rate: null },
      });
      const twoMonths = await figures<WorkMixFigures>(
        SUBJECTS.maintenance.reportWorkMix,
        march({ from: '2025-02-01' }),
      );
      expect(twoMonths.byMonth).toEqual([
        { month: '2025-02', preventive: 0, corrective: 1, other: 1 }, // T4 Repair, T5 Calibrate
        { month: '2025-03', preventive: 1, corrective: 2, other: 1 },
      ]);
    });

    it('reports the PM compliance of the period as the Maintenance page counts it', async () => {
      const answer = await figures<WorkMixFigures>(
        SUBJECTS.maintenance.reportWorkMix,
        march({ departments: [pmWard, eastWard] }),
      );
      // Due in March: P1 on time, P3 late, P2 missed (its date passed), P5 missed (cancelled);
      // P4 falls due in April. Rate: on time / (due − pending) = 1 / 4.
      expect(answer.pm).toEqual({ due: 4, onTime: 1, late: 1, missed: 2, pending: 0, rate: 0.25 });
      // The east ward's T7 is the only work created in March there; the occurrences were created now.
      expect(answer.total).toEqual({ preventive: 0, corrective: 1, other: 0 });
      const suction = await figures<WorkMixFigures>(
        SUBJECTS.maintenance.reportWorkMix,
        march({ departments: [pmWard], categories: ['Monitor'] }),
      );
      expect(suction.pm.due).toBe(0);
    });
  });

  describe('staff', () => {
    it("pages each person's work in the period, by name", async () => {
      const pages = await everyPage<StaffPerformanceRow>(SUBJECTS.maintenance.reportStaff, march(), 1);
      expect(pages.map((each) => [each.rows, each.total])).toEqual([
        [
          [
            {
              userId: ama.id,
              name: 'Ama Mensah', // as her newest task names her (T1 still says Ama Owusu)
              assigned: 2, // T1, T2
              completed: 2,
              onTime: 1, // T1 done Mar 4, due Mar 5
              late: 1, // T2 done Mar 12, due Mar 11
              meanHoursToComplete: 43, // (26 + 60) / 2
              awaitingCertification: 1, // T2
            },
          ],
          2,
        ],
        [
          [
            {
              userId: kofi.id,
              name: 'Kofi Boateng',
              assigned: 1, // T3 (T4 was created in February)
              completed: 1, // T5
              onTime: 1, // no due date
              late: 0,
              meanHoursToComplete: 120,
              awaitingCertification: 1, // T5
            },
          ],
          null,
        ],
      ]);
      expect(pages[1]?.next).toBeNull();
    });

    it('narrows to one member of staff, and shows a Technician only themselves', async () => {
      const one = await page<StaffPerformanceRow>(
        SUBJECTS.maintenance.reportStaff,
        march({ staffId: kofi.id }),
      );
      expect([one.rows.map((row) => row.userId), one.total]).toEqual([[kofi.id], 1]);
      const own = await page<StaffPerformanceRow>(SUBJECTS.maintenance.reportStaff, march(), ama);
      expect([own.rows.map((row) => row.userId), own.total]).toEqual([[ama.id], 1]);
      const other = await page<StaffPerformanceRow>(
        SUBJECTS.maintenance.reportStaff,
        march({ staffId: kofi.id }),
        ama,
      );
      expect(other).toEqual({ rows: [], next: null, total: 0 });
    });
  });

  describe('spare parts', () => {
    it('adds up the parts used on work completed in the period, pricing only recorded costs', async () => {
      const answer = await figures<SparePartsFigures>(SUBJECTS.maintenance.reportParts, march());
      const oxygen = {
        name: 'Oxygen Sensor', // two of its three uses write it so (spaces folded)
        quantity: 4, // 2 + 1 + 1
        uses: 3,
        tasks: 3, // T1, T2, T5
        devices: 2, // Alpha, Bravo
        knownCost: 141, // 2 × 45.50 + 1 × 50.00
        usesWithoutCost: 1,
      };
      const filter = {
        name: 'Filter Kit', // one use each way: the tie goes to the first in byte order
        quantity: 4,
        uses: 2,
        tasks: 2,
        devices: 2,
        knownCost: null, // no use had a cost
        usesWithoutCost: 2,
      };
      const oRing = {
        name: 'O-ring',
        quantity: 4,
        uses: 1,
        tasks: 1,
        devices: 1,
        knownCost: 3,
        usesWithoutCost: 0,
      };
      expect(answer).toEqual({
        uses: 6,
        quantity: 12,
        distinctParts: 3,
        tasks: 3,
        devices: 2,
        knownCost: 144, // 91 + 50 + 3
        usesWithoutCost: 3,
        top: [oxygen, filter, oRing], // 4 each: then most uses first
        byDepartment: [{ name: ward, quantity: 12, uses: 6, tasks: 3, knownCost: 144, usesWithoutCost: 3 }],
      });
      const own = await figures<SparePartsFigures>(SUBJECTS.maintenance.reportParts, march(), ama);
      // T1 and T2 only.
      expect([own.uses, own.quantity, own.knownCost, own.usesWithoutCost]).toEqual([4, 7, 141, 2]);
      const both = await figures<SparePartsFigures>(
        SUBJECTS.maintenance.reportParts,
        march({ departments: [ward, eastWard] }),
      );
      expect(both.byDepartment.map((row) => [row.name, row.quantity, row.knownCost])).toEqual([
        [ward, 12, 144],
        [eastWard, 5, 200],
      ]);
      expect(both.top[0]).toMatchObject({ name: 'Oxygen Sensor', quantity: 9, devices: 3, knownCost: 341 });
    });

    it('pages every part by its folded name', async () => {
      const pages = await everyPage<SparePartRow>(SUBJECTS.maintenance.reportPartRows, march(), 2);
      expect(pages.map((each) => [each.rows.map((row) => row.name), each.total, each.next === null])).toEqual(
        [
          [['Filter Kit', 'O-ring'], 3, false],
          [['Oxygen Sensor'], null, true],
        ],
      );
    });
  });

  describe('costs', () => {
    it('adds up parts with a cost and recorded labour hours of work completed in the period', async () => {
      const answer = await figures<CostFigures>(SUBJECTS.maintenance.reportCosts, march());
      const total = {
        tasks: 3, // T1, T2, T5
        partsCost: 144,
        partUsesWithoutCost: 3,
        labourHours: 5.5, // 3.5 + 2; T2 has none
        tasksWithoutHours: 1,
        // The hours were written without the role that recorded them (as before roles were kept):
        // unpriced. Pricing by role and date is worked by hand in the reports' suite.
        labourCost: null,
        tasksWithUnpricedHours: 2,
        vendorCost: 150.3, // T1: 120.10 + 30.20
        tasksWithVendorCharges: 1,
      };
      const [settings] = (await rows.query(
        `SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1`,
      )) as [{ currency: string | null }];
      expect(answer).toEqual({
        currency: settings.currency,
        labourPriced: true,
        total,
        byDepartment: [{ name: ward, ...total }],
        byCategory: [
          // Bravo: T2.
          {
            name: 'Monitor',
            tasks: 1,
            partsCost: 50,
            partUsesWithoutCost: 1,
            labourHours: null,
            tasksWithoutHours: 1,
            labourCost: null,
            tasksWithUnpricedHours: 0,
            vendorCost: null,
            tasksWithVendorCharges: 0,
          },
          // Alpha: T1 and T5.
          {
            name: 'Ventilator',
            tasks: 2,
            partsCost: 94,
            partUsesWithoutCost: 2,
            labourHours: 5.5,
            tasksWithoutHours: 0,
            labourCost: null,
            tasksWithUnpricedHours: 2,
            vendorCost: 150.3,
            tasksWithVendorCharges: 1,
          },
        ],
      });
      const january = await figures<CostFigures>(
        SUBJECTS.maintenance.reportCosts,
        march({ from: '2025-01-01', to: '2025-01-31' }),
      );
      expect(january).toEqual({
        currency: settings.currency,
        labourPriced: true,
        total: {
          tasks: 0,
          partsCost: null,
          partUsesWithoutCost: 0,
          labourHours: null,
          tasksWithoutHours: 0,
          labourCost: null,
          tasksWithUnpricedHours: 0,
          vendorCost: null,
          tasksWithVendorCharges: 0,
        },
        byDepartment: [],
        byCategory: [],
      });
    });

    it("pages each device's cost, named as its latest work names it", async () => {
      const pages = await everyPage<DeviceCostRow>(SUBJECTS.maintenance.reportDeviceCosts, march(), 1);
      expect(pages.map((each) => [each.rows, each.total])).toEqual([
        [
          [
            {
              equipmentId: alpha.id,
              name: alpha.name, // T1, done after T5, names it so
              serialNumber: `SN-${alpha.id.slice(0, 8)}`,
              department: ward,
              category: 'Ventilator',
              tasks: 2,
              partsCost: 94, // 91 + 3
              partUsesWithoutCost: 2,
              labourHours: 5.5,
              tasksWithoutHours: 0,
              labourCost: null,
              tasksWithUnpricedHours: 2,
              vendorCost: 150.3,
              tasksWithVendorCharges: 1,
            },
          ],
          2,
        ],
        [
          [expect.objectContaining({ equipmentId: bravo.id, tasks: 1, partsCost: 50, labourHours: null })],
          null,
        ],
      ]);
    });
  });

  describe('certification', () => {
    it('counts the work awaiting certification now and the certifications of the period', async () => {
      const answer = await figures<CertificationFigures>(SUBJECTS.maintenance.reportCertification, march());
      expect(answer).toEqual({
        awaiting: 2, // T2, T5
        certified: 1, // T1
        byEngineer: [{ engineerId: esi.id, name: 'Esi Engineer', certified: 1 }],
      });
      const both = await figures<CertificationFigures>(
        SUBJECTS.maintenance.reportCertification,
        march({ departments: [ward, eastWard] }),
      );
      expect(both.byEngineer).toEqual([
        { engineerId: esi.id, name: 'Esi Engineer', certified: 1 },
        { engineerId: yaw.id, name: 'Yaw Engineer', certified: 1 },
      ]);
      const kofis = await figures<CertificationFigures>(
        SUBJECTS.maintenance.reportCertification,
        march(),
        kofi,
      );
      expect(kofis).toEqual({ awaiting: 1, certified: 0, byEngineer: [] });
    });

    it('pages the work awaiting certification, longest waiting first', async () => {
      const pages = await everyPage<AwaitingCertificationRow>(
        SUBJECTS.maintenance.reportAwaitingCertification,
        march(),
        1,
      );
      expect(pages.map((each) => [each.rows.map((row) => row.taskId), each.total])).toEqual([
        [[tasks.get('T5')], 2],
        [[tasks.get('T2')], null],
      ]);
      expect(pages[0]?.rows[0]).toEqual({
        taskId: tasks.get('T5'),
        title: `T5 ${marker}`,
        taskType: 'Calibrate',
        equipmentName: `${marker} Alpha ventilator (old name)`,
        serialNumber: `SN-${alpha.id.slice(0, 8)}`,
        department: ward,
        completedDate: '2025-03-02T00:00:00.000Z',
        daysWaiting: daysSince('2025-03-02'),
        assignedTo: 'Kofi Boateng',
      });
    });
  });

  describe('who may ask', () => {
    it('answers the reports service only, for a person', async () => {
      await expect(
        ask(SUBJECTS.maintenance.reportTasks, { scope: march() }, engineer, 'gateway'),
      ).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: `The request was refused: gateway may not send ${SUBJECTS.maintenance.reportTasks}.`,
      });
      await expect(ask(SUBJECTS.maintenance.reportCosts, { scope: march() }, null)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'The request was refused: it does not name who is acting.',
      });
    });

    it('refuses a period that runs backwards and a position it never gave', async () => {
      await expect(
        figures(SUBJECTS.maintenance.reportTasks, march({ from: '2025-04-01' })),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Start date cannot be after end date.' });
      await expect(page(SUBJECTS.maintenance.reportStaff, march(), engineer, '["x"]')).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'after is not a position this list gave.',
      });
    });
  });
});
