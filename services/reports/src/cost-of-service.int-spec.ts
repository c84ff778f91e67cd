import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import {
  dashboardCostOfServicePeriod,
  type DashboardCostOfServiceFigure,
  type DashboardResponse,
  type Role,
  type Vendor,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { until } from '@caliber/testing/wait';
import { ReportQueue } from './jobs/report-queue';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  equipmentDataSource,
  rosterStaff,
  setRosterActive,
  signIn,
  startEquipment,
  startMaintenance,
  startReports,
  startReportsWorker,
  useSignInStack,
} from '@caliber/testing/stack';

/**
 * The cost of service ratio of a department built by hand for the year 2025, through the gateway,
 * the reports queue and the services that own the data (real PostgreSQL, NATS and Redis). The ward
 * and its models are the suite's own, so no other suite's devices count.
 *
 * - D1, a ventilator (model M1) bought for 100,000: a repair completed 10 Mar (5 h at the Manager
 *   rate of 80: 400; parts 2 × 150; the vendor's 1,200) and a PM on 1 Sep (2 h: 160). A deleted
 *   repair with a 999 invoice never counts.
 * - D2, a ventilator (M1) bought for 50,000: no work.
 * - D3, an infusion pump (model M2) bought for 2,000: a repair on 15 Jun (3 h: 240; parts 500;
 *   vendor 600): 1,340 of repairs in the year, more than half its cost: flagged.
 * - D4, an infusion pump (M2) with no acquisition cost: a repair on 1 Nov (parts 80).
 * - A full-service contract on model M1, 1 Jul 2024 to 30 Jun 2027 at 12,000 a year: the year 2025
 *   holds the second half of its first year and the first of its second, 12,000 exactly, split
 *   over D1 and D2 (6,000 each).
 * - A PM-only contract on the ward, 1 Apr 2025 to 31 Mar 2026 at 3,650 a year: 275 of its 365
 *   days fall in 2025 (2,750), split over the four devices (687.50 each).
 *
 * D1: 400 + 300 + 1,200 + 160 + 6,000 + 687.50 = 8,747.50. D2: 6,687.50. D3: 1,340 + 687.50 =
 * 2,027.50. D4: 80 + 687.50 = 767.50, outside the ratio. The ward: 17,462.50 over 152,000 = 11.49%, written 11.5%.
 */
describe('Cost of service ratio (real stack, worked by hand)', () => {
  const stack = useSignInStack('cost-of-service');
  const apps: INestApplication[] = [];
  let equipmentRows: DataSource;
  let maintenanceRows: DataSource;
  const tokens = new Map<Role, string>();
  const marker = `C${Date.now().toString(36)}`.toUpperCase();
  const ward = `COSR Ward ${marker}`;
  let putBack: () => Promise<void> = async () => undefined;

  const as = (role: Role) => ({
    send: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      call<T & { message?: string }>(stack.gateway.url, method, `/api${path}`, {
        token: tokens.get(role),
        ...(body === undefined ? {} : { body }),
      }),
  });
  const download = (
    role: Role,
    reports: string[],
    format: string,
    period: { dateFrom: string; dateTo: string } = { dateFrom: '2025-01-01', dateTo: '2025-12-31' },
    departments: string[] = [ward],
  ) =>
    fetch(`${stack.gateway.url}/api/reports/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get(role)}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        reports,
        filters: { ...period, departments, categories: [] },
        options: {
          format,
          visuals: { charts: true, summary: true },
          delivery: { downloadNow: true },
          advanced: { heatMaps: false },
        },
      }),
    });

  async function device(name: string, category: string, model: string, cost: number | null) {
    const [row] = (await equipmentRows.query(
      `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
         "location", "installation_date", "status", "category")
       VALUES ($1, 'Maker', $2, $3, $4, 'Bay 1', '2020-01-01', 'Serviceable', $5)
       RETURNING "id"`,
      [`${name} ${marker}`, model, `${marker}-${name}`, ward, category],
    )) as { id: string }[];
    if (!row) throw new Error('The device was not inserted.');
    if (cost !== null)
      await equipmentRows.query(
        `INSERT INTO "equipment"."device_acquisitions" ("equipment_id", "acquisition_cost", "updated_by_label")
         VALUES ($1, $2, 'cosr-test')`,
        [row.id, cost],
      );
    return row.id;
  }

  async function work(
    on: string,
    spec: {
      type: 'Repair' | 'Preventive';
      completed: string;
      hours?: number;
      parts?: [number, number];
      vendor?: number;
      deleted?: boolean;
    },
  ) {
    const [row] = (await maintenanceRows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "status",
         "equipment_id", "equipment_name", "equipment_serial", "equipment_department", "equipment_category",
         "completed_date", "labour_hours", "labour_role", "created_at", "deleted_at")
       VALUES ('Hand-built work', '', $1, 'Medium', 'Completed', $2, 'Device', 'SN', $3, 'Ventilator',
               $4::timestamptz, $5, $6, $4::timestamptz - interval '1 day', $7)
       RETURNING "id"`,
      [
        spec.type,
        on,
        ward,
        `${spec.completed}T10:00:00Z`,
        spec.hours ?? null,
        spec.hours ? 'Manager' : null,
        spec.deleted ? new Date() : null,
      ],
    )) as { id: string }[];
    if (!row) throw new Error('The task was not inserted.');
    if (spec.parts)
      await maintenanceRows.query(
        `INSERT INTO "maintenance"."spare_parts" ("task_id", "position", "name", "quantity", "unit_cost")
         VALUES ($1, 0, 'Part', $2, $3)`,
        [row.id, spec.parts[0], spec.parts[1]],
      );
    if (spec.vendor)
      await maintenanceRows.query(
        `INSERT INTO "maintenance"."task_vendor_charges" ("task_id", "position", "vendor_id", "vendor_name", "visit_date", "amount")
         VALUES ($1, 0, gen_random_uuid(), 'Hand-built Vendor', $2, $3)`,
        [row.id, spec.completed, spec.vendor],
      );
  }

  beforeAll(async () => {
    apps.push(await startEquipment());
    apps.push(await startMaintenance());
    apps.push(await startReports());
    apps.push(await startReportsWorker());
    for (const role of ['Technician', 'Manager', 'Admin'] as Role[]) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} COSR`, preApproved: true });
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    equipmentRows = await equipmentDataSource();
    maintenanceRows = await serviceDataSource('maintenance');
    // The suite owns the Manager's labour rates and the currency while it runs (put back after).
    const [settings] = (await maintenanceRows.query(
      `SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1`,
    )) as [{ currency: string | null }];
    const [rates] = (await maintenanceRows.query(
      `DELETE FROM "maintenance"."labour_rates" WHERE "role" = 'Manager'
       RETURNING "id", "role", "hourly_rate", "starts_on"::text AS "starts_on", "added_by_label", "added_at"`,
    )) as [Record<string, unknown>[], number];
    putBack = async () => {
      await maintenanceRows.query(`DELETE FROM "maintenance"."labour_rates" WHERE "role" = 'Manager'`);
      await maintenanceRows.query(
        `INSERT INTO "maintenance"."labour_rates" ("id", "role", "hourly_rate", "starts_on", "added_by_label", "added_at")
         SELECT "id", "role", "hourly_rate", "starts_on"::date, "added_by_label", "added_at"
           FROM jsonb_to_recordset($1::jsonb)
             AS r("id" uuid, "role" text, "hourly_rate" numeric, "starts_on" text, "added_by_label" text, "added_at" timestamptz)`,
        [JSON.stringify(rates)],
      );
      await maintenanceRows.query(`UPDATE "maintenance"."cost_settings" SET "currency" = $1 WHERE "id" = 1`, [
        settings.currency,
      ]);
    };
    await maintenanceRows.query(`UPDATE "maintenance"."cost_settings" SET "currency" = 'EUR' WHERE "id" = 1`);
    await maintenanceRows.query(
      `INSERT INTO "maintenance"."labour_rates" ("role", "hourly_rate", "starts_on", "added_by_label")
       VALUES ('Manager', 80, '2020-01-01', 'cosr-test')`,
    );

    const added = await as('Admin').send<{ _id: string }>('POST', '/lists', {
      kind: 'department',
      name: ward,
    });
    expect([added.status, added.body.message]).toEqual([201, undefined]);
    const wardId = added.body._id;
    const m1 = `M1-${marker}`;
    const m2 = `M2-${marker}`;
    const d1 = await device('D1', 'Ventilator', m1, 100_000);
    const d2 = await device('D2', 'Ventilator', m1, 50_000);
    const d3 = await device('D3', 'Infusion Pump', m2, 2_000);
    const d4 = await device('D4', 'Infusion Pump', m2, null);
    await work(d1, { type: 'Repair', completed: '2025-03-10', hours: 5, parts: [2, 150], vendor: 1200 });
    await work(d1, { type: 'Preventive', completed: '2025-09-01', hours: 2 });
    await work(d1, { type: 'Repair', completed: '2025-05-05', vendor: 999, deleted: true });
    await work(d3, { type: 'Repair', completed: '2025-06-15', hours: 3, parts: [1, 500], vendor: 600 });
    await work(d4, { type: 'Repair', completed: '2025-11-01', parts: [1, 80] });
    // Before the period and its year: never counted.
    await work(d3, { type: 'Repair', completed: '2024-12-31', parts: [1, 5000] });
    void d2;

    const vendor = await as('Manager').send<Vendor>('POST', '/vendors', {
      name: `Maker Service ${marker}`,
      kinds: ['service'],
    });
    expect(vendor.status).toBe(201);
    for (const contract of [
      {
        reference: `FS-${marker}`,
        kind: 'full-service',
        startsOn: '2024-07-01',
        endsOn: '2027-06-30',
        annualCost: 12_000,
        models: [{ manufacturer: 'Maker', model: m1 }],
      },
      {
        reference: `PM-${marker}`,
        kind: 'pm-only',
        startsOn: '2025-04-01',
        endsOn: '2026-03-31',
        annualCost: 3_650,
        departmentId: wardId,
      },
    ]) {
      const created = await as('Manager').send('POST', '/service-contracts', {
        vendorId: vendor.body.id,
        pmIncluded: true,
        ...contract,
      });
      expect([created.status, created.body.message]).toEqual([201, undefined]);
    }
  }, 60_000);

  afterAll(async () => {
    await putBack();
    for (const app of apps.reverse()) await app.close();
    await Promise.all([equipmentRows.destroy(), maintenanceRows.destroy()]);
  });

  it('writes the ratio by department, category, model and device as worked out by hand (Excel)', async () => {
    const answer = await download('Manager', ['costOfService'], 'xlsx');
    expect(answer.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    const sheet = (title: string) => {
      const found = workbook.worksheets.find((candidate) => candidate.name.endsWith(title));
      if (!found)
        throw new Error(`No sheet ${title} in ${workbook.worksheets.map((w) => w.name).join(', ')}`);
      // A row's values are sparse (column 1 at index 1): read them as a dense list.
      const headers = Array.from(found.getRow(1).values as unknown[], String);
      const rows: Record<string, unknown>[] = [];
      // The table's rows end at the first empty row (its note follows it).
      for (let index = 2; index <= found.rowCount; index += 1) {
        const values = Array.from(found.getRow(index).values as unknown[]);
        if (values.every((value) => value === undefined || value === null)) break;
        rows.push(
          Object.fromEntries(
            headers.flatMap((header, column) => (column === 0 ? [] : [[header, values[column] ?? null]])),
          ),
        );
      }
      return rows;
    };
    const [department] = sheet('By department');
    expect(department).toMatchObject({
      Department: ward,
      Devices: 4,
      'Acquisition cost': 152_000,
      'Service cost': 17_462.5,
      'Devices without acquisition cost': 1,
      'Their service cost': 767.5,
      Flagged: 1,
    });
    expect(department?.['COSR']).toBeCloseTo(17_462.5 / 152_000, 10);
    expect(sheet('Service cost by kind')).toEqual([
      {
        Department: ward,
        Labour: 800,
        Parts: 800,
        'Vendor charges': 1_800,
        Contracts: 14_062.5,
        'Service cost': 17_462.5,
      },
    ]);

    const categories = sheet('By category');
    expect(categories).toEqual([
      expect.objectContaining({
        Category: 'Infusion Pump',
        Devices: 2,
        'Service cost': 2_027.5,
        Flagged: 1,
      }),
      expect.objectContaining({
        Category: 'Ventilator',
        Devices: 2,
        'Acquisition cost': 150_000,
        'Service cost': 15_435,
      }),
    ]);
    expect(categories[0]?.['COSR']).toBeCloseTo(2_027.5 / 2_000, 10);

    const models = sheet('By model');
    expect(models.map((row) => [row['Model'], row['Acquisition cost'], row['Service cost']])).toEqual([
      [`Maker M1-${marker}`, 150_000, 15_435],
      [`Maker M2-${marker}`, 2_000, 2_027.5],
    ]);

    const flagged = sheet('Flagged for replacement');
    expect(flagged.map((row) => [row['Device'], row[`Repairs, last 365 days`]])).toEqual([
      [`D3 ${marker}`, 1_340],
    ]);

    const devices = sheet('per device');
    // By department, then name.
    expect(
      devices.map((row) => [row['Device'], row['Service cost'], row['Acquisition cost'], row['Flagged']]),
    ).toEqual([
      [`D1 ${marker}`, 8_747.5, 100_000, 'No'],
      [`D2 ${marker}`, 6_687.5, 50_000, 'No'],
      [`D3 ${marker}`, 2_027.5, 2_000, 'Yes'],
      [`D4 ${marker}`, 767.5, '—', 'No'],
    ]);
    expect(devices[0]?.['COSR']).toBeCloseTo(8_747.5 / 100_000, 10);
  });

  it('counts contracts up to today when the period runs on past it, as it counts the work', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    const contracts = async (dateTo: string) => {
      const answer = await download('Manager', ['costOfService'], 'xlsx', { dateFrom: '2025-01-01', dateTo });
      expect(answer.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await answer.arrayBuffer());
      const found = workbook.worksheets.find((candidate) => candidate.name.endsWith('Service cost by kind'));
      const headers = Array.from(found?.getRow(1).values as unknown[], String);
      return Array.from(found?.getRow(2).values as unknown[])[headers.indexOf('Contracts')];
    };
    const untilToday = await contracts(today);
    // The model contract runs to mid-2027: a period asked to run past today must not count its future.
    expect(await contracts(later)).toBe(untilToday);
    expect(untilToday).toBeGreaterThan(14_062.5);
  });

  it('says the ratio in the PDF’s summary, and keeps it from a Technician', async () => {
    const text = async (role: Role) => {
      const answer = await download(role, ['costOfService'], 'pdf');
      expect(answer.status).toBe(200);
      const file = join(mkdtempSync(join(tmpdir(), 'caliber-cosr-')), `${role}.pdf`);
      writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
      return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    };
    const manager = await text('Manager');
    expect(manager).toContain('in service cost €17,462.50');
    expect(manager).toContain('The cost of service ratio is 11.5%');
    expect(manager).toContain('1 devices have no recorded acquisition cost: their service cost of €767.50');
    expect(manager).toContain('1 devices are flagged for replacement planning');
    const technician = await text('Technician');
    expect(technician).toContain('The cost of service is for Engineers, Managers and Admins.');
    expect(technician).not.toContain('17,462.50');
  });

  it("shows the hospital's year on the dashboard of those who read costs, worked out once a day as the report works it out", async () => {
    const reportsRows = await serviceDataSource('reports');
    const queue = (apps[2] as INestApplication).get(ReportQueue);
    // The stack's hospital is on UTC (HOSPITAL_TIME_ZONE's default).
    const period = dashboardCostOfServicePeriod('UTC');
    const jobId = `cost-of-service-${period.to}`;
    const kept = async () =>
      (await reportsRows.query(
        `SELECT "day"::text AS "day" FROM "reports"."cost_of_service_figures" WHERE "day" = $1`,
        [period.to],
      )) as { day: string }[];
    const settled = () =>
      until(async () => !(await queue.queue.getJob(jobId)), {
        timeoutMs: 60_000,
        intervalMs: 250,
        what: "today's cost of service job to finish",
      });
    try {
      // Today's figure is worked out anew from the records as they are now, this suite's included.
      await settled();
      await reportsRows.query(`DELETE FROM "reports"."cost_of_service_figures" WHERE "day" = $1`, [
        period.to,
      ]);
      const dashboard = async (role: Role) => {
        const answer = await as(role).send<DashboardResponse>('GET', '/dashboard');
        expect(answer.status).toBe(200);
        return answer.body;
      };
      expect(await dashboard('Technician')).not.toHaveProperty('costOfService');

      // Asked for by a Manager deactivated since: nothing is read in their name, nothing is kept.
      const leaver = await rosterStaff(stack.db, { role: 'Manager', name: 'COSR Leaver', preApproved: true });
      await setRosterActive(stack.db, leaver.serviceNumber, false);
      expect(
        await queue.queueCostOfServiceFigure(period.to, {
          id: leaver.id,
          name: leaver.name,
          role: 'Manager',
          serviceNumber: leaver.serviceNumber,
        }),
      ).toBe(false);
      await settled();
      expect(await kept()).toEqual([]);

      const first = (await dashboard('Manager')).costOfService;
      // Until a worker has kept today's, the answer says it is not current.
      if (!first?.current) expect(first).toMatchObject({ current: false, failed: false });
      const seen: { figure: DashboardCostOfServiceFigure | null } = { figure: null };
      await until(
        async () => {
          const part = (await dashboard('Admin')).costOfService;
          seen.figure = part?.current ? part.figure : null;
          return seen.figure !== null;
        },
        { timeoutMs: 60_000, intervalMs: 500, what: "today's cost of service on the dashboard" },
      );
      const today = seen.figure;
      if (!today) throw new Error('No figure.');
      expect(today).toMatchObject({ ...period, currency: 'EUR' });
      expect(today.ratio).toBeCloseTo(today.serviceCost / today.acquisitionCost, 6);
      expect(await kept()).toEqual([{ day: period.to }]);
      // Worked out once for the day: later dashboards, and a later queuing, read the same figure.
      expect(
        await queue.queueCostOfServiceFigure(period.to, {
          id: leaver.id,
          name: 'x',
          role: 'Manager',
          serviceNumber: leaver.serviceNumber,
        }),
      ).toBe(false);
      await settled();
      expect((await dashboard('Manager')).costOfService).toEqual({
        figure: today,
        current: true,
        failed: false,
      });

      // The same year's Cost of service report, every department: its departments add up to the figure.
      const answer = await download(
        'Manager',
        ['costOfService'],
        'xlsx',
        { dateFrom: period.from, dateTo: period.to },
        [],
      );
      expect(answer.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await answer.arrayBuffer());
      const found = workbook.worksheets.find((candidate) => candidate.name.endsWith('By department'));
      if (!found) throw new Error('No sheet By department.');
      const headers = Array.from(found.getRow(1).values as unknown[], String);
      const columns = [
        'Devices',
        'Acquisition cost',
        'Service cost',
        'Devices without acquisition cost',
        'Flagged',
      ];
      for (const column of columns) expect(headers).toContain(column);
      const sums = { devices: 0, acquisition: 0, service: 0, without: 0, flagged: 0, departments: 0 };
      for (let index = 2; index <= found.rowCount; index += 1) {
        const values = Array.from(found.getRow(index).values as unknown[]);
        if (values.every((value) => value === undefined || value === null)) break;
        const cell = (header: string) => Number(values[headers.indexOf(header)] ?? 0);
        sums.departments += 1;
        sums.devices += cell('Devices');
        sums.acquisition += cell('Acquisition cost');
        sums.service += cell('Service cost');
        sums.without += cell('Devices without acquisition cost');
        sums.flagged += cell('Flagged');
      }
      expect(sums.departments).toBeGreaterThan(0);
      expect(today.devicesWithCost + today.devicesWithoutCost).toBe(sums.devices);
      expect(today.devicesWithoutCost).toBe(sums.without);
      expect(today.flagged).toBe(sums.flagged);
      // Each department's amounts are rounded to the cent, the hospital's once.
      expect(Math.abs(today.acquisitionCost - sums.acquisition)).toBeLessThanOrEqual(0.01 * sums.departments);
      expect(Math.abs(today.serviceCost - sums.service)).toBeLessThanOrEqual(0.01 * sums.departments);
      // This suite's ward is in it: its three costed devices.
      expect(today.devicesWithCost).toBeGreaterThanOrEqual(3);
      expect(today.acquisitionCost).toBeGreaterThanOrEqual(152_000);
    } finally {
      await reportsRows.destroy();
    }
  }, 180_000);
});
