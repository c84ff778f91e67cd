import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ClientProxyFactory } from '@nestjs/microservices';
import {
  canonicalRole,
  evaluateSafetyTest,
  safetyTestBodySchema,
  SUBJECTS,
  type AssigneeDto,
  type AssigneeListResponse,
  type EquipmentDto,
  type EquipmentListResponse,
} from '@caliber/contracts';
import {
  createLogger,
  natsClientOptions,
  refuseDemoDataInProduction,
  requestFromService,
  runServiceCli,
  serviceInboxPrefix,
  StatementSigner,
  type ServiceChannel,
} from '@caliber/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { loadMaintenanceConfig } from './config';
import { maintenanceDatabase } from './database';
import { addDays, hospitalToday } from './hospital-clock';
import { demoPlans, type DemoPlan } from './demo/demo-plans';
import { demoSafetyTests, type DemoSafetyTest } from './demo/demo-safety-tests';
import { demoTasks, type DemoTask } from './demo/demo-tasks';
import { PmPlanEntity } from './plans/pm-plan.entity';
import { SafetyTestEntity } from './safety/safety-test.entity';
import { SparePartEntity } from './tasks/spare-part.entity';
import { TaskStatusHistoryEntity } from './tasks/task-status-history.entity';
import { TaskEntity } from './tasks/task.entity';

const USAGE = `Maintenance commands:
  seed:demo [--count N]   When there are no tasks yet, loads the demo tasks on the demo inventory
                          and roster; with --count, generated tasks are added until there are N
                          (benchmarks). Asks the equipment and identity services over NATS, so
                          they must be running.`;

const DAY_MS = 86_400_000;

/** The devices and people the demo tasks name, from their owners over the bus. */
async function fetchPeers(): Promise<{
  equipment: EquipmentDto[];
  spread: EquipmentDto[];
  people: AssigneeListResponse;
}> {
  const config = loadMaintenanceConfig();
  const client = ClientProxyFactory.create(
    natsClientOptions(config.nats, 'maintenance-seed', serviceInboxPrefix('maintenance')),
  );
  await client.connect();
  const channel: ServiceChannel = {
    client,
    signer: new StatementSigner('maintenance', config.trust.signingKey),
    timeoutMs: config.natsRequestTimeoutMs,
    logger: createLogger('maintenance', 'silent'),
  };
  try {
    const inventory = (status: string, limit: number) =>
      requestFromService<EquipmentListResponse>(channel, 'equipment service', SUBJECTS.equipment.list, {
        status,
        limit,
        sort: 'name',
      });
    const [out, underMaintenance, inService, spread, people] = await Promise.all([
      inventory('Unserviceable', 6),
      inventory('Under Maintenance', 6),
      inventory('Serviceable', 20),
      inventory('', 100),
      requestFromService<AssigneeListResponse>(channel, 'staff roster service', SUBJECTS.identity.assignees, {
        approved: 'true',
        limit: 200,
      }),
    ]);
    return {
      equipment: [...out.equipment, ...underMaintenance.equipment, ...inService.equipment],
      spread: spread.equipment,
      people,
    };
  } finally {
    await client.close();
  }
}

async function insertDemoTask(
  manager: EntityManager,
  demo: DemoTask,
  now: number,
  planId: string | null = null,
): Promise<void> {
  const created = new Date(now - demo.createdDaysAgo * DAY_MS);
  const completed = demo.completedDaysAgo === null ? null : new Date(now - demo.completedDaysAgo * DAY_MS);
  const certifiedAt =
    completed && demo.certifiedBy ? new Date(Math.min(now, completed.getTime() + DAY_MS / 2)) : null;
  const due =
    demo.dueInDays === null ? null : new Date(now + demo.dueInDays * DAY_MS).toISOString().slice(0, 10);
  const task = manager.create(TaskEntity, {
    title: demo.title.slice(0, 200),
    description: demo.description,
    taskType: demo.taskType,
    pmType: demo.pmType,
    pmInterval: demo.pmInterval,
    priority: demo.priority,
    status: demo.status,
    assignedToId: demo.assignee?._id ?? null,
    assignedToName: demo.assignee?.name ?? null,
    equipmentId: demo.equipment._id,
    equipmentName: demo.equipment.name,
    equipmentSerial: demo.equipment.serialNumber,
    equipmentDepartment: demo.equipment.department,
    equipmentCategory: demo.equipment.category,
    dueDate: due,
    completedDate: completed,
    needsCertification: demo.status === 'Completed' && !demo.certifiedBy,
    certified: Boolean(certifiedAt),
    certifiedAt,
    certifiedById: certifiedAt ? (demo.certifiedBy?._id ?? null) : null,
    certifiedByName: certifiedAt ? (demo.certifiedBy?.name ?? null) : null,
    faultDescription: demo.faultDescription,
    repairDetails: demo.repairDetails,
    comments: null,
    labourHours: demo.labourHours,
    // The demo's hours are its assignees' work, priced at their role's rate (as a recorded hour is).
    labourRole: demo.labourHours === null ? null : (canonicalRole(demo.assignee?.role ?? '') ?? null),
    location: demo.location,
    reportedById: demo.reportedBy?._id ?? null,
    reportedByName: demo.reportedBy?.name ?? null,
    severity: demo.severity,
    createdAt: created,
    createdById: null,
    createdByName: 'Demo data',
    updatedAt: certifiedAt ?? completed ?? created,
    updatedById: null,
    updatedByName: 'Demo data',
    deletedAt: null,
    deletedById: null,
    planId,
    planOccurrence: planId ? (demo.plan?.occurrence ?? 0) : null,
  });
  await manager.save(task);
  const steps: [TaskEntity['status'] | null, TaskEntity['status'], Date][] = [[null, 'Pending', created]];
  const started = new Date(created.getTime() + DAY_MS / 4);
  if (demo.status === 'In Progress' || demo.status === 'Completed')
    steps.push(['Pending', 'In Progress', started]);
  if (demo.status === 'Completed' && completed) steps.push(['In Progress', 'Completed', completed]);
  if (demo.status === 'Cancelled') steps.push(['Pending', 'Cancelled', started]);
  await manager.insert(
    TaskStatusHistoryEntity,
    steps.map(([from, to, at]) => ({
      taskId: task.id,
      fromStatus: from,
      toStatus: to,
      changedAt: at,
      changedById: to === 'Pending' ? null : (demo.assignee?._id ?? null),
      changedByName: to === 'Pending' ? 'Demo data' : (demo.assignee?.name ?? 'Demo data'),
    })),
  );
  if (demo.spareParts.length > 0)
    await manager.insert(
      SparePartEntity,
      demo.spareParts.map((part, position) => ({ ...part, taskId: task.id, position })),
    );
  await manager.query(
    `INSERT INTO "maintenance"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes", "at", "equipment_id")
     VALUES ('seed', 'task', $1, 'created', $2, $3, $4)`,
    [
      task.id,
      JSON.stringify({ title: { from: null, to: task.title }, status: { from: null, to: task.status } }),
      created,
      task.equipmentId,
    ],
  );
}

/** A demo PM plan, its occurrences so far, and its audit row. */
async function insertDemoPlan(manager: EntityManager, demo: DemoPlan, now: number): Promise<void> {
  const created = new Date(Date.parse(demo.firstDueDate) - 14 * DAY_MS);
  const plan = manager.create(PmPlanEntity, {
    equipmentId: demo.equipment._id,
    equipmentName: demo.equipment.name,
    equipmentSerial: demo.equipment.serialNumber,
    equipmentDepartment: demo.equipment.department,
    equipmentCategory: demo.equipment.category,
    title: demo.title,
    description: demo.description,
    pmType: demo.pmType,
    interval: demo.interval,
    estimatedHours: demo.estimatedHours,
    assignedToId: demo.assignee?._id ?? null,
    assignedToName: demo.assignee?.name ?? null,
    priority: demo.occurrences[0]?.priority ?? 'Medium',
    firstDueDate: demo.firstDueDate,
    anchorDate: demo.firstDueDate,
    anchorOccurrence: 0,
    nextOccurrence: demo.occurrences.length,
    nextDueDate: demo.nextDueDate,
    scheduleBasis: demo.scheduleBasis,
    justification: demo.justification,
    active: true,
    createdAt: created,
    createdByName: 'Demo data',
    updatedAt: created,
    updatedByName: 'Demo data',
  });
  await manager.save(plan);
  for (const occurrence of demo.occurrences) await insertDemoTask(manager, occurrence, now, plan.id);
  await manager.query(
    `INSERT INTO "maintenance"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes", "at", "equipment_id")
     VALUES ('seed', 'pm-plan', $1, 'created', $2, $3, $4)`,
    [plan.id, JSON.stringify({ title: { from: null, to: plan.title } }), created, plan.equipmentId],
  );
}

/** A demo electrical-safety test with the result the standard's limits give it, and its audit row. */
async function insertDemoSafetyTest(manager: EntityManager, demo: DemoSafetyTest): Promise<void> {
  const test = safetyTestBodySchema.parse(demo.test);
  const evaluation = evaluateSafetyTest(test);
  const saved = await manager.save(
    manager.create(SafetyTestEntity, {
      ...test,
      equipmentId: demo.equipment._id,
      equipmentName: demo.equipment.name,
      equipmentSerial: demo.equipment.serialNumber,
      equipmentDepartment: demo.equipment.department,
      equipmentCategory: demo.equipment.category,
      result: evaluation.result,
      failed: evaluation.failed,
      evaluation,
      source: 'form',
      sourceKey: null,
      analyserResult: null,
      repairTaskId: null,
      recordedById: null,
      recordedByName: 'Demo data',
      recordedAt: new Date(`${test.testedOn}T12:00:00Z`),
    }),
  );
  await manager.query(
    `INSERT INTO "maintenance"."audit_log" ("actor_label", "entity", "entity_id", "action", "changes", "at", "equipment_id")
     VALUES ('seed', 'safety-test', $1, 'recorded', $2, $3, $4)`,
    [
      saved.id,
      JSON.stringify({ result: { from: null, to: evaluation.result } }),
      saved.recordedAt,
      saved.equipmentId,
    ],
  );
}

/**
 * Generated tasks for benchmarks, in one statement per batch: spread over the devices and people
 * given, over the last two years, in every status, each with its first status-history row. The
 * repairs are reported faults, each reported by someone other than its assignee, so a
 * Technician's own list holds faults they reported as well as their work.
 */
async function insertGeneratedTasks(
  manager: EntityManager,
  count: number,
  devices: EquipmentDto[],
  people: AssigneeDto[],
): Promise<void> {
  const BATCH = 20_000;
  const deviceJson = JSON.stringify(
    devices.map((d) => [d._id, d.name, d.serialNumber, d.department, d.category]),
  );
  const peopleJson = JSON.stringify(people.map((p) => [p._id, p.name]));
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    await manager.query(
      `WITH d AS (SELECT ordinality - 1 AS i, value AS v FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY),
            p AS (SELECT ordinality - 1 AS i, value AS v FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY),
            g AS (SELECT n, (array['Pending','In Progress','Completed','Completed','Cancelled'])[1 + n % 5] AS status,
                         now() - make_interval(mins => (n * 7919) % 1051200) AS created
                    FROM generate_series($3::int, $3::int + $4::int - 1) n),
            inserted AS (
        INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "status",
          "assigned_to_id", "assigned_to_name", "equipment_id", "equipment_name", "equipment_serial",
          "equipment_department", "equipment_category", "due_date", "completed_date", "needs_certification",
          "certified", "certified_at", "created_at", "created_by_name", "updated_at", "updated_by_name",
          "reported_by_id", "reported_by_name")
        SELECT (array['Replace flow sensor','Calibrate','Battery check','Alarm fault','Electrical safety test'])[1 + g.n % 5]
                 || ' #' || g.n,
               'Generated for the benchmark', (array['Repair','Inspect','Calibrate','Assess','Install'])[1 + g.n % 5],
               (array['Low','Medium','High','Urgent'])[1 + g.n % 4], g.status,
               CASE WHEN g.status = 'Pending' AND g.n % 2 = 0 THEN NULL ELSE (p.v->>0)::uuid END,
               CASE WHEN g.status = 'Pending' AND g.n % 2 = 0 THEN NULL ELSE p.v->>1 END,
               (d.v->>0)::uuid, d.v->>1, d.v->>2, d.v->>3, d.v->>4,
               (g.created + interval '14 days')::date,
               CASE WHEN g.status = 'Completed' THEN g.created + interval '2 days' END,
               g.status = 'Completed' AND g.n % 3 = 0,
               g.status = 'Completed' AND g.n % 3 <> 0,
               CASE WHEN g.status = 'Completed' AND g.n % 3 <> 0 THEN g.created + interval '3 days' END,
               g.created, 'Benchmark data', g.created, 'Benchmark data',
               CASE WHEN g.n % 5 = 0 THEN (r.v->>0)::uuid END, CASE WHEN g.n % 5 = 0 THEN r.v->>1 END
          FROM g
          JOIN d ON d.i = g.n % (SELECT count(*) FROM d)
          JOIN p ON p.i = g.n % (SELECT count(*) FROM p)
          JOIN p r ON r.i = (g.n + 1) % (SELECT count(*) FROM p)
        RETURNING "id", "status", "created_at")
       INSERT INTO "maintenance"."status_history" ("task_id", "from_status", "to_status", "changed_at", "changed_by_name")
       SELECT "id", NULL, 'Pending', "created_at", 'Benchmark data' FROM inserted`,
      [deviceJson, peopleJson, start, size],
    );
  }
}

/**
 * The demo hospital's currency (Ghanaian cedi, as its staff's names are Ghanaian) and a loaded
 * hourly rate for each staff role from a year ago, so the demo's history of work is priced; only
 * when no currency and no rate were set. Answers what it added, for the seeding's message.
 */
async function insertDemoLabourRates(manager: EntityManager, now: number): Promise<string> {
  const [{ currency, rates }] = (await manager.query(
    `SELECT (SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1) AS "currency",
            (SELECT count(*)::int FROM "maintenance"."labour_rates") AS "rates"`,
  )) as [{ currency: string | null; rates: number }];
  if (currency !== null || rates > 0) return '';
  const from = addDays(hospitalToday(new Date(now)), -365);
  await manager.query(`UPDATE "maintenance"."cost_settings" SET "currency" = 'GHS' WHERE "id" = 1`);
  await manager.query(
    `INSERT INTO "maintenance"."labour_rates" ("role", "hourly_rate", "starts_on", "added_by_label")
     SELECT r."role", r."rate", $1::date, 'Demo data'
       FROM (VALUES ('Technician', 95.00), ('Engineer', 160.00), ('Manager', 210.00), ('Admin', 140.00))
            AS r("role", "rate")`,
    [from],
  );
  return ', with labour rates in GHS';
}

async function seedDemo(dataSource: DataSource, count: number | null): Promise<string> {
  const [{ present }] = (await dataSource.query(
    `SELECT count(*)::int AS present FROM "maintenance"."tasks"`,
  )) as [{ present: number }];
  if (present > 0) return `There are already ${present} tasks; demo tasks were not loaded.`;
  const { equipment, spread, people } = await fetchPeers();
  const tasks = demoTasks(equipment, people.technicians);
  if (tasks.length === 0) return 'No demo tasks: the inventory or the roster is empty.';
  const now = Date.now();
  return dataSource.transaction(async (manager) => {
    // One seeding at a time, even when two launchers start together.
    await manager.query(`LOCK TABLE "maintenance"."tasks" IN SHARE ROW EXCLUSIVE MODE`);
    const [{ again }] = (await manager.query(`SELECT count(*)::int AS again FROM "maintenance"."tasks"`)) as [
      { again: number },
    ];
    if (again > 0) return `There are already ${again} tasks; demo tasks were not loaded.`;
    for (const task of tasks) await insertDemoTask(manager, task, now);
    const plans = demoPlans(spread, people.technicians, now);
    for (const plan of plans) await insertDemoPlan(manager, plan, now);
    const safetyTests = demoSafetyTests(plans, now);
    for (const test of safetyTests) await insertDemoSafetyTest(manager, test);
    const rates = await insertDemoLabourRates(manager, now);
    const occurrences = plans.reduce((sum, plan) => sum + plan.occurrences.length, 0);
    const generated = count === null ? 0 : Math.max(0, count - tasks.length - occurrences);
    if (generated > 0) await insertGeneratedTasks(manager, generated, spread, people.technicians);
    return `Loaded ${tasks.length + occurrences + generated} demo tasks, ${plans.length} PM plans and ${safetyTests.length} electrical safety tests${rates}.`;
  });
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { count: { type: 'string' }, help: { type: 'boolean' } },
  allowPositionals: true,
});
if (positionals[0] !== 'seed:demo' || values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(values.help ? 0 : 2);
}
const count = values.count === undefined ? null : Number(values.count);
if (count !== null && (!Number.isInteger(count) || count < 1 || count > 5_000_000)) {
  process.stderr.write('Error: --count must be a whole number from 1 to 5000000.\n');
  process.exit(2);
}
runServiceCli('maintenance', maintenanceDatabase, async (dataSource) => {
  refuseDemoDataInProduction();
  const answer = await seedDemo(dataSource, count);
  // Fresh statistics and visibility map: without them the first plans after a bulk load are poor.
  if (count !== null)
    await dataSource.query(`VACUUM (ANALYZE) "maintenance"."tasks", "maintenance"."status_history"`);
  return answer;
});
