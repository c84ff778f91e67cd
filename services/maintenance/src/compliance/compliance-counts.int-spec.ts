import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import type {
  Actor,
  ComplianceListQuery,
  ComplianceQuery,
  PmComplianceResponse,
  TaskStatus,
} from '@caliber/contracts';
import { equipmentDataSource, startMaintenance } from '@caliber/testing/stack';
import { addDays, hospitalToday } from '../hospital-clock';
import { TasksService } from '../tasks/tasks.service';
import { ComplianceAnswers } from './compliance-answers';
import { ComplianceCounts } from './compliance-counts';
import { PmComplianceService, type ComplianceSource } from './pm-compliance.service';

const DAY_MS = 86_400_000;

interface Occurrence {
  /** Due this many days from today. */
  due: number;
  status: TaskStatus;
  /** Completed this many minutes after the due date's midnight (UTC), when Completed. */
  completedAfter: number;
  deleted: boolean;
  assigned: boolean;
}

interface Device {
  /** In the copy of the inventory (else the tasks' own record of the device counts). */
  known: boolean;
  department: 0 | 1;
  category: 0 | 1;
  highRisk: boolean;
  lifeSupport: boolean;
  inPmProgram: boolean;
  deleted: boolean;
  retired: boolean;
  /** Where the tasks say the device is (it may differ from the copy). */
  taskDepartment: 0 | 1;
  planActive: boolean | null;
  occurrences: Occurrence[];
}

type Change =
  | { kind: 'status'; device: number; occurrence: number; status: TaskStatus; completedAfter: number }
  | { kind: 'withdraw'; device: number; occurrence: number }
  | {
      kind: 'move';
      device: number;
      department: 0 | 1;
      category: 0 | 1;
      highRisk: boolean;
      lifeSupport: boolean;
    }
  | { kind: 'program'; device: number; inPmProgram: boolean; deleted: boolean; retired: boolean }
  | { kind: 'retirePlan'; device: number }
  | { kind: 'merge' };

interface Asked {
  from: number;
  days: number;
  department: 0 | 1 | null;
  category: 0 | 1 | null;
  /** Read this many days from now (today moves without a write). */
  later: number;
  technician: boolean;
  /** The page of each list read, and its size. */
  page: number;
  limit: number;
}

/** True about once in `n` times. */
const oneIn = (n: number) =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
const status = fc.constantFrom<TaskStatus>('Pending', 'In Progress', 'Completed', 'Cancelled');
/** Completions from three days before to three days after the due date, often near midnight. */
const completedAfter = fc.oneof(
  fc.integer({ min: -3 * 1440, max: 4 * 1440 }),
  fc.constantFrom(-1, 0, 1, 1439, 1440, 1441, -330, 1110),
);
const occurrences = fc.uniqueArray(
  fc.record({
    due: fc.integer({ min: -70, max: 70 }),
    status,
    completedAfter,
    deleted: oneIn(6),
    assigned: fc.boolean(),
  }),
  { maxLength: 7, selector: (occurrence) => occurrence.due },
);
const device: fc.Arbitrary<Device> = fc.record({
  known: oneIn(5).map((unknown) => !unknown),
  department: fc.constantFrom<0 | 1>(0, 1),
  category: fc.constantFrom<0 | 1>(0, 1),
  highRisk: fc.boolean(),
  lifeSupport: fc.boolean(),
  inPmProgram: fc.boolean(),
  deleted: oneIn(6),
  retired: oneIn(6),
  taskDepartment: fc.constantFrom<0 | 1>(0, 1),
  planActive: fc.option(
    oneIn(4).map((retired) => !retired),
    { freq: 5 },
  ),
  occurrences,
});
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    device: fc.nat(),
    occurrence: fc.nat(),
    status,
    completedAfter,
  }),
  fc.record({ kind: fc.constant('withdraw' as const), device: fc.nat(), occurrence: fc.nat() }),
  fc.record({
    kind: fc.constant('move' as const),
    device: fc.nat(),
    department: fc.constantFrom<0 | 1>(0, 1),
    category: fc.constantFrom<0 | 1>(0, 1),
    highRisk: fc.boolean(),
    lifeSupport: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('program' as const),
    device: fc.nat(),
    inPmProgram: fc.boolean(),
    deleted: fc.boolean(),
    retired: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('retirePlan' as const), device: fc.nat() }),
  fc.constant({ kind: 'merge' as const }),
);
const asked: fc.Arbitrary<Asked> = fc.record({
  from: fc.integer({ min: -80, max: 40 }),
  days: fc.oneof(fc.integer({ min: 1, max: 45 }), fc.integer({ min: 1, max: 400 })),
  department: fc.constantFrom<0 | 1 | null>(0, 1, null),
  category: fc.constantFrom<0 | 1 | null>(0, 1, null),
  later: fc.oneof(fc.constant(0), fc.integer({ min: -40, max: 40 })),
  technician: oneIn(4),
  page: fc.integer({ min: 1, max: 3 }),
  limit: fc.integer({ min: 1, max: 4 }),
});

/** An answer without the time the copy of the inventory was read (each answer reads it anew). */
const comparable = ({ riskDataAsOf: _read, ...answer }: PmComplianceResponse) => answer;

/**
 * The kept counts (`pm_compliance_counts`, `pm_unplanned_counts`) against the rows counted at
 * each request: for any PM program, changed in any way afterwards (a completion, a cancellation,
 * a withdrawal, a device moving, leaving the PM program or the inventory, a plan retired, the
 * counts merged), and any period, place, page of the lists and day of reading, the answers (kept
 * or not) are the same.
 */
describe('PM compliance from the kept counts (real PostgreSQL)', () => {
  let maintenance: INestApplication;
  let rows: DataSource;
  let compliance: PmComplianceService;
  let counts: ComplianceCounts;
  const technicianId = randomUUID();

  beforeAll(async () => {
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    compliance = maintenance.get(PmComplianceService);
    counts = maintenance.get(ComplianceCounts);
  });
  afterAll(async () => {
    await rows.destroy();
    await maintenance.close();
  });

  const today = () => hospitalToday();

  async function addPlan(equipmentId: string, department: string, active: boolean): Promise<string> {
    const [row] = (await rows.query(
      `INSERT INTO "maintenance"."pm_plans" ("equipment_id", "equipment_name", "equipment_serial",
         "equipment_department", "equipment_category", "title", "pm_type", "interval", "priority", "first_due_date",
         "anchor_date", "next_due_date", "next_occurrence", "schedule_basis", "active")
       VALUES ($1, 'Device', 'SN', $2, 'Monitor', 'Random PM', 'Safety Testing', 'Monthly', 'Medium', $3, $3, $3, 99,
               'Manufacturer recommendation', $4)
       RETURNING "id"`,
      [equipmentId, department, addDays(today(), 400), active],
    )) as [{ id: string }];
    return row.id;
  }

  const completion = (due: string, state: TaskStatus, after: number) =>
    state === 'Completed' ? new Date(Date.parse(`${due}T00:00:00Z`) + after * 60_000).toISOString() : null;

  /** Writes a random PM program; answers the ids of each device's occurrences and its plan. */
  async function write(
    devices: Device[],
    departments: string[],
    categories: string[],
  ): Promise<{ equipmentId: string; planId: string | null; tasks: string[] }[]> {
    const written = [];
    for (const each of devices) {
      const equipmentId = randomUUID();
      if (each.known)
        await rows.query(
          `INSERT INTO "maintenance"."device_risk" ("equipment_id", "risk_class", "high_risk", "life_support",
             "in_pm_program", "name", "serial_number", "department", "category", "deleted", "seq", "retired")
           VALUES ($1, 'High', $2, $3, $4, $5, $6, $7, $8, $9, 0, $10)`,
          [
            equipmentId,
            each.highRisk,
            each.lifeSupport,
            each.inPmProgram,
            `Device ${equipmentId.slice(0, 8)}`,
            `SN-${equipmentId}`,
            departments[each.department],
            categories[each.category],
            each.deleted,
            each.retired,
          ],
        );
      const planId =
        each.planActive === null
          ? null
          : await addPlan(equipmentId, departments[each.taskDepartment] ?? '', each.planActive);
      const tasks: string[] = [];
      for (const [n, occurrence] of each.occurrences.entries()) {
        const due = addDays(today(), occurrence.due);
        const [row] = (await rows.query(
          `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "pm_type", "pm_interval", "priority",
             "status", "equipment_id", "equipment_name", "equipment_serial", "equipment_department", "equipment_category",
             "due_date", "completed_date", "plan_id", "plan_occurrence", "deleted_at", "assigned_to_id", "assigned_to_name")
           VALUES ('Random PM', '', $1, $2, $3, 'Medium', $4, $5, 'Device', 'SN', $6, $7, $8, $9, $10, $11,
                   CASE WHEN $12 THEN now() END, $13, CASE WHEN $13::uuid IS NULL THEN NULL ELSE 'Tech' END)
           RETURNING "id"`,
          [
            planId ? 'Preventive' : 'Repair',
            planId ? 'Safety Testing' : null,
            planId ? 'Monthly' : null,
            occurrence.status,
            equipmentId,
            departments[each.taskDepartment],
            categories[0],
            due,
            completion(due, occurrence.status, occurrence.completedAfter),
            planId,
            planId ? n : null,
            occurrence.deleted,
            occurrence.assigned ? technicianId : null,
          ],
        )) as [{ id: string }];
        tasks.push(row.id);
      }
      written.push({ equipmentId, planId, tasks });
    }
    return written;
  }

  async function apply(
    changes: Change[],
    written: { equipmentId: string; planId: string | null; tasks: string[] }[],
    departments: string[],
    categories: string[],
  ): Promise<void> {
    const pick = <T>(list: T[], index: number) => list[index % list.length];
    for (const each of changes) {
      if (each.kind === 'merge') {
        await counts.merge();
        continue;
      }
      const target = pick(written, each.device);
      if (!target) continue;
      if (each.kind === 'status' || each.kind === 'withdraw') {
        const task = pick(target.tasks, each.occurrence);
        if (!task) continue;
        if (each.kind === 'withdraw')
          await rows.query(`UPDATE "maintenance"."tasks" SET "deleted_at" = now() WHERE "id" = $1`, [task]);
        else
          await rows.query(
            `UPDATE "maintenance"."tasks" SET "status" = $2::varchar,
               "completed_date" = CASE WHEN $2::varchar = 'Completed' THEN "due_date"::timestamp AT TIME ZONE 'UTC' + $3 * interval '1 minute' END
             WHERE "id" = $1`,
            [task, each.status, each.completedAfter],
          );
      } else if (each.kind === 'move')
        // A device the copy did not know arrives in it; a known one moves or changes its flags.
        await rows.query(
          `INSERT INTO "maintenance"."device_risk" ("equipment_id", "risk_class", "high_risk", "life_support",
             "in_pm_program", "name", "serial_number", "department", "category", "deleted", "seq", "retired")
           VALUES ($1, 'High', $2, $3, true, 'Moved', 'SN', $4, $5, false, 1, false)
           ON CONFLICT ("equipment_id") DO UPDATE SET "high_risk" = EXCLUDED."high_risk",
             "life_support" = EXCLUDED."life_support", "department" = EXCLUDED."department", "category" = EXCLUDED."category"`,
          [
            target.equipmentId,
            each.highRisk,
            each.lifeSupport,
            departments[each.department],
            categories[each.category],
          ],
        );
      else if (each.kind === 'program')
        await rows.query(
          `UPDATE "maintenance"."device_risk" SET "in_pm_program" = $2, "deleted" = $3, "retired" = $4
            WHERE "equipment_id" = $1`,
          [target.equipmentId, each.inPmProgram, each.deleted, each.retired],
        );
      else if (target.planId)
        await rows.query(`UPDATE "maintenance"."pm_plans" SET "active" = false WHERE "id" = $1`, [
          target.planId,
        ]);
    }
  }

  function queryOf(question: Asked, departments: string[], categories: string[]): ComplianceQuery {
    const from = addDays(today(), question.from);
    return {
      from,
      to: addDays(from, question.days - 1),
      department: question.department === null ? '' : (departments[question.department] ?? ''),
      category: question.category === null ? '' : (categories[question.category] ?? ''),
    };
  }

  async function answers(query: ComplianceQuery, question: Asked, source: ComplianceSource) {
    const now = new Date(Date.now() + question.later * DAY_MS);
    const assignee = question.technician ? technicianId : null;
    const list: ComplianceListQuery = {
      department: query.department,
      category: query.category,
      page: question.page,
      limit: question.limit,
    };
    return {
      figures: comparable(await compliance.compliance(query, assignee, now, source)),
      overdue: await compliance.overduePage(list, assignee, now, source),
      unplanned: await compliance.unplannedPage(list, source),
    };
  }

  it('answers what the rows answer, before and after any changes, on any day', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(device, { minLength: 1, maxLength: 6 }),
        fc.array(change, { maxLength: 8 }),
        fc.array(asked, { minLength: 1, maxLength: 3 }),
        async (devices, changes, questions) => {
          const marker = randomUUID().slice(0, 8);
          const departments = [`Counts ${marker}`, `Counts ${marker} East`];
          const categories = [`Monitor ${marker}`, `Pump ${marker}`];
          const written = await write(devices, departments, categories);
          for (const round of [0, 1]) {
            if (round === 1) await apply(changes, written, departments, categories);
            for (const question of questions) {
              const query = queryOf(question, departments, categories);
              expect(await answers(query, question, 'counts')).toEqual(
                await answers(query, question, 'rows'),
              );
              // The reports' work mix: several places at once, read from the counts (not the rows).
              const later = hospitalToday(new Date(Date.now() + question.later * DAY_MS));
              const places = { departments, categories: categories.slice(0, 1) };
              const kept = await counts.figures(query, places, 'UTC', later);
              expect(kept).not.toBeNull();
              expect(kept).toEqual(await compliance.figuresOver(query, places, 'UTC', later, 'rows'));
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('moves an occurrence from pending to missed and overdue as the days pass, without a write', async () => {
    const marker = randomUUID().slice(0, 8);
    const department = `Counts clock ${marker}`;
    await write(
      [
        {
          known: true,
          department: 0,
          category: 0,
          highRisk: true,
          lifeSupport: false,
          inPmProgram: true,
          deleted: false,
          retired: false,
          taskDepartment: 0,
          planActive: true,
          occurrences: [{ due: 1, status: 'Pending', completedAfter: 0, deleted: false, assigned: false }],
        },
      ],
      [department],
      ['Monitor'],
    );
    const query = { from: today(), to: addDays(today(), 5), department, category: '' };
    const on = (days: number) => compliance.compliance(query, null, new Date(Date.now() + days * DAY_MS));
    const now = await on(0);
    expect([now.overall.pending, now.overall.missed, now.overdue.total]).toEqual([1, 0, 0]);
    const dayAfter = await on(2);
    expect([dayAfter.overall.pending, dayAfter.overall.missed, dayAfter.overdue.total]).toEqual([0, 1, 1]);
    expect(dayAfter.highRisk.missed).toBe(1);
  });

  it('counts completions by the date in the zone the counts were made in, and rows in any other', async () => {
    const marker = randomUUID().slice(0, 8);
    const department = `Counts zone ${marker}`;
    // Due yesterday, completed yesterday at 20:00 UTC: on time in UTC, late in Kolkata (01:30 the next day).
    await write(
      [
        {
          known: true,
          department: 0,
          category: 0,
          highRisk: false,
          lifeSupport: false,
          inPmProgram: true,
          deleted: false,
          retired: false,
          taskDepartment: 0,
          planActive: true,
          occurrences: [
            { due: -1, status: 'Completed', completedAfter: 20 * 60, deleted: false, assigned: false },
          ],
        },
      ],
      [department],
      ['Monitor'],
    );
    const period = { from: addDays(today(), -3), to: today() };
    const places = { departments: [department], categories: [] };
    try {
      await counts.useZone('Asia/Kolkata');
      const kolkata = await counts.figures(period, places, 'Asia/Kolkata', today());
      expect(kolkata?.overall).toMatchObject({ onTime: 0, late: 1 });
      expect(kolkata).toEqual(await compliance.figuresOver(period, places, 'Asia/Kolkata', today(), 'rows'));
      // Asked in another zone than the counts', the answer comes from the rows.
      expect(await counts.figures(period, places, 'UTC', today())).toBeNull();
      expect((await compliance.figuresOver(period, places, 'UTC', today())).overall).toMatchObject({
        onTime: 1,
        late: 0,
      });
    } finally {
      await counts.useZone('UTC');
    }
    expect((await counts.figures(period, places, 'UTC', today()))?.overall).toMatchObject({
      onTime: 1,
      late: 0,
    });
  });

  it('keeps an answer until a write changes what it shows, whatever path the write took', async () => {
    const marker = randomUUID().slice(0, 8);
    const department = `Counts kept ${marker}`;
    const [written] = await write(
      [
        {
          known: true,
          department: 0,
          category: 0,
          highRisk: false,
          lifeSupport: true,
          inPmProgram: true,
          deleted: false,
          retired: false,
          taskDepartment: 0,
          planActive: false,
          occurrences: [{ due: -3, status: 'Pending', completedAfter: 0, deleted: false, assigned: false }],
        },
      ],
      [department],
      ['Monitor'],
    );
    const answers = maintenance.get(ComplianceAnswers);
    const query = { from: addDays(today(), -5), to: today(), department, category: '' };
    const list = { department, category: '', page: 1, limit: 25 };
    const first = await compliance.compliance(query);
    const firstUnplanned = await compliance.unplannedPage(list);
    expect(firstUnplanned.items.map((item) => item.name)).toEqual([
      `Device ${written?.equipmentId.slice(0, 8)}`,
    ]);
    const drops = answers.drops;
    expect(comparable(await compliance.compliance(query))).toEqual(comparable(first));
    expect(await compliance.unplannedPage(list)).toEqual(firstUnplanned);
    expect(answers.drops).toBe(drops);
    // A new name in the copy changes no count, but the list shows it.
    await rows.query(`UPDATE "maintenance"."device_risk" SET "name" = 'Renamed' WHERE "equipment_id" = $1`, [
      written?.equipmentId,
    ]);
    const renamed = await compliance.unplannedPage(list);
    expect(renamed.items.map((item) => item.name)).toEqual(['Renamed']);
    // A new title of an overdue occurrence, written straight to the table.
    expect((await compliance.overduePage(list)).items.map((item) => item.title)).toEqual(['Random PM']);
    await rows.query(`UPDATE "maintenance"."tasks" SET "title" = 'Retitled' WHERE "id" = $1`, [
      written?.tasks[0],
    ]);
    expect((await compliance.overduePage(list)).items.map((item) => item.title)).toEqual(['Retitled']);
    // A write not yet committed is not in an answer; once committed, it is.
    const runner = rows.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query(`UPDATE "maintenance"."tasks" SET "status" = 'Cancelled' WHERE "id" = $1`, [
        written?.tasks[0],
      ]);
      expect((await compliance.compliance(query)).overdue.total).toBe(1);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    const cancelled = await compliance.compliance(query);
    expect([cancelled.overdue.total, cancelled.lifeSupport.missed]).toEqual([0, 1]);
  });

  it("shows one replica's write in another's next answer", async () => {
    const other = await startMaintenance();
    try {
      const marker = randomUUID().slice(0, 8);
      const department = `Counts replicas ${marker}`;
      const [written] = await write(
        [
          {
            known: true,
            department: 0,
            category: 0,
            highRisk: false,
            lifeSupport: true,
            inPmProgram: true,
            deleted: false,
            retired: false,
            taskDepartment: 0,
            planActive: true,
            occurrences: [
              { due: -2, status: 'In Progress', completedAfter: 0, deleted: false, assigned: true },
            ],
          },
        ],
        [department],
        ['Monitor'],
      );
      const query = { from: addDays(today(), -5), to: today(), department, category: '' };
      const before = await other.get(PmComplianceService).compliance(query);
      expect([before.lifeSupport.missed, before.overdue.total]).toEqual([1, 1]);
      const engineer: Actor = {
        _id: randomUUID(),
        name: 'Engineer',
        role: 'Engineer',
        serviceNumber: 'E-1',
        via: 'gateway',
      };
      await maintenance.get(TasksService).changeStatus(engineer, written?.tasks[0] ?? '', 'Completed');
      const after = await other.get(PmComplianceService).compliance(query);
      expect([after.lifeSupport.late, after.lifeSupport.missed, after.overdue.total]).toEqual([1, 0, 0]);
    } finally {
      await other.close();
    }
  });
});
