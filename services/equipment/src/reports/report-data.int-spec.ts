import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import type { DataSource } from 'typeorm';
import {
  SUBJECTS,
  type ActingUser,
  type DeviceDowntimeRow,
  type DowntimeFigures,
  type EquipmentStatus,
  type EquipmentStatusFigures,
  type ExpiringWarrantyRow,
  type InventoryRiskRow,
  type NotServiceableDeviceRow,
  type Principal,
  type ReportRowsPage,
  type ReportScope,
} from '@caliber/contracts';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { testSigner } from '@caliber/testing/statement-keys';
import { equipmentDataSource, startEquipment } from '@caliber/testing/stack';

type History = [at: string, status: EquipmentStatus][];

interface DeviceSpec {
  name: string;
  category: string;
  history: History;
  department?: string;
  warrantyInDays?: number;
  deletedAt?: string;
  assessed?: boolean;
}

const DAY_MS = 86_400_000;
const utcToday = () => new Date().toISOString().slice(0, 10);
const daysFrom = (date: string, to = utcToday()) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The inventory's report figures against a data set built by hand, whose answers are worked out
 * below hour by hour. Everything stands in a department of its own (the scope's departments are
 * matched exactly), so other test files' devices sharing the database never count. The period is
 * March 2025 in UTC: 31 days, 744 hours, long past (so "now" never cuts it short).
 *
 * Ward devices and their status history (all times UTC):
 * - Alpha (Ventilator): Serviceable from Jan 10; Unserviceable Mar 3 12:00; Serviceable Mar 5 12:00
 *   (48 h); Under Maintenance Mar 20 00:00, Unserviceable Mar 21 00:00 (same spell), Serviceable
 *   Mar 22 00:00 (48 h). Observed 744, down 96, 2 failures, 2 repairs (MTTR 48), MTBF 648 / 2 = 324.
 * - Bravo (Infusion Pump): Serviceable Feb 1; Unserviceable Feb 25 00:00 (before the period);
 *   Serviceable Mar 2 00:00 (a repair of 120 h, its whole length); Under Maintenance Mar 30 00:00
 *   (a failure, still down at the end). Down 24 + 48 = 72, 1 failure, 1 repair (MTTR 120),
 *   MTBF (744 − 72) / 1 = 672.
 * - Charlie (Monitor): Serviceable Jan 1; Unserviceable Mar 10 00:00; Decommissioned Mar 15 00:00
 *   (retired, so observed only to then): observed 14 d = 336, down 120, 1 failure, no repair,
 *   MTBF (336 − 120) / 1 = 216.
 * - Delta (Defibrillator): added Mar 11 00:00, Serviceable since: observed 21 d = 504, never down.
 * - Echo (Monitor): Decommissioned since Dec 2024: never observed in the period.
 * - Golf (Suction): Serviceable Jan 1, deleted Mar 8 00:00: observed 7 d = 168 (it existed until
 *   then), never down; not in the inventory now.
 * East ward: Foxtrot (Ventilator), Unserviceable since it was added on Feb 1: down all 744 hours.
 */
describe('Equipment report figures (real PostgreSQL and NATS, hand-built data)', () => {
  let equipment: INestApplication;
  let rows: DataSource;
  let bus: ClientProxy;
  const marker = randomUUID().slice(0, 8);
  const ward = `Reports Ward ${marker}`;
  const eastWard = `${ward} East`;
  const ids = new Map<string, string>();
  const person: ActingUser = {
    id: randomUUID(),
    role: 'Technician',
    name: 'Report Reader',
    serviceNumber: 'RR-1',
  };

  const march = (overrides: Partial<ReportScope> = {}): ReportScope => ({
    from: '2025-03-01',
    to: '2025-03-31',
    timeZone: 'UTC',
    departments: [ward],
    categories: [],
    staffId: null,
    ...overrides,
  });

  function ask<T>(subject: string, payload: unknown, principal: Principal = 'reports'): Promise<T> {
    return firstValueFrom(bus.send<T>(subject, testSigner(principal).sign(subject, payload, person)));
  }
  const figures = <T>(subject: string, scope: ReportScope) => ask<T>(subject, { scope });
  const page = <T>(subject: string, scope: ReportScope, after = '', limit = 500) =>
    ask<ReportRowsPage<T>>(subject, { scope, after, limit });

  /** Every page of a list, asked `limit` rows at a time. */
  async function everyPage<T>(subject: string, scope: ReportScope, limit: number) {
    const pages: ReportRowsPage<T>[] = [];
    let after = '';
    do {
      const next = await page<T>(subject, scope, after, limit);
      pages.push(next);
      after = next.next ?? '';
    } while (after && pages.length < 20);
    return pages;
  }

  async function device(key: string, spec: DeviceSpec): Promise<void> {
    const status = spec.history.at(-1)?.[1] ?? 'Serviceable';
    const risk = spec.assessed
      ? [10, 5, 5, 0, 20, 'High', true, true, true]
      : [null, null, null, null, null, null, false, false, false];
    const [row] = (await rows.query(
      `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department", "location",
         "installation_date", "warranty_expiry", "status", "category", "deleted_at",
         "risk_function", "risk_physical", "risk_maintenance", "risk_incidents", "risk_total", "risk_class",
         "high_risk", "life_support", "in_pm_program", "assessed_at")
       VALUES ($1, 'Maker', 'Model 1', $2, $3, 'Bay 1', '2020-01-01', $4, $5, $6, $7,
               $8, $9, $10, $11, $12, $13, $14, $15, $16, CASE WHEN $8::smallint IS NULL THEN NULL ELSE now() END)
       RETURNING "id"`,
      [
        `${marker} ${spec.name}`,
        `${marker}-${key}`,
        spec.department ?? ward,
        spec.warrantyInDays === undefined ? null : inDays(spec.warrantyInDays),
        status,
        spec.category,
        spec.deletedAt ?? null,
        ...risk,
      ],
    )) as [{ id: string }];
    ids.set(key, row.id);
    let previous: EquipmentStatus | null = null;
    for (const [at, to] of spec.history) {
      await rows.query(
        `INSERT INTO "equipment"."status_history" ("equipment_id", "from_status", "to_status", "changed_at")
         VALUES ($1, $2, $3, $4)`,
        [row.id, previous, to, at],
      );
      previous = to;
    }
  }

  beforeAll(async () => {
    equipment = await startEquipment();
    rows = await equipmentDataSource();
    bus = ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectOptions() });
    await bus.connect();

    await device('alpha', {
      name: 'Alpha ventilator',
      category: 'Ventilator',
      warrantyInDays: 10,
      assessed: true,
      history: [
        ['2025-01-10T00:00:00Z', 'Serviceable'],
        ['2025-03-03T12:00:00Z', 'Unserviceable'],
        ['2025-03-05T12:00:00Z', 'Serviceable'],
        ['2025-03-20T00:00:00Z', 'Under Maintenance'],
        ['2025-03-21T00:00:00Z', 'Unserviceable'],
        ['2025-03-22T00:00:00Z', 'Serviceable'],
      ],
    });
    await device('bravo', {
      name: 'Bravo pump',
      category: 'Infusion Pump',
      warrantyInDays: 90, // the window's last day still counts
      history: [
        ['2025-02-01T00:00:00Z', 'Serviceable'],
        ['2025-02-25T00:00:00Z', 'Unserviceable'],
        ['2025-03-02T00:00:00Z', 'Serviceable'],
        ['2025-03-30T00:00:00Z', 'Under Maintenance'],
      ],
    });
    await device('charlie', {
      name: 'Charlie monitor',
      category: 'Monitor',
      warrantyInDays: 5, // retired: its warranty calls for nothing
      history: [
        ['2025-01-01T00:00:00Z', 'Serviceable'],
        ['2025-03-10T00:00:00Z', 'Unserviceable'],
        ['2025-03-15T00:00:00Z', 'Decommissioned'],
      ],
    });
    await device('delta', {
      name: 'Delta defibrillator',
      category: 'Defibrillator',
      warrantyInDays: 91, // beyond the window
      history: [['2025-03-11T00:00:00Z', 'Serviceable']],
    });
    await device('echo', {
      name: 'Echo monitor',
      category: 'Monitor',
      history: [
        ['2024-06-01T00:00:00Z', 'Serviceable'],
        ['2024-12-01T00:00:00Z', 'Decommissioned'],
      ],
    });
    await device('golf', {
      name: 'Golf suction',
      category: 'Suction',
      warrantyInDays: 20, // deleted: not in the inventory
      deletedAt: '2025-03-08T00:00:00Z',
      history: [['2025-01-01T00:00:00Z', 'Serviceable']],
    });
    await device('foxtrot', {
      name: 'Foxtrot ventilator',
      category: 'Ventilator',
      department: eastWard,
      history: [['2025-02-01T00:00:00Z', 'Unserviceable']],
    });
  });
  afterAll(async () => {
    await bus.close();
    await rows.destroy();
    await equipment.close();
  });

  describe('downtime', () => {
    it('works out observed and down hours, failures, repairs, MTTR and MTBF over the period', async () => {
      const answer = await figures<DowntimeFigures>(SUBJECTS.equipment.reportDowntime, march());
      // Alpha, Bravo, Charlie, Delta and Golf were observed; Echo was retired all along.
      expect(answer.total).toEqual({
        devices: 5,
        observedHours: 2496, // 744 + 744 + 336 + 504 + 168
        downtimeHours: 288, // 96 + 72 + 120
        uptime: expect.closeTo(1 - 288 / 2496, 10),
        failures: 4, // Alpha 2, Bravo 1, Charlie 1
        repairs: 3, // Alpha 48 h and 48 h, Bravo 120 h (begun before the period)
        mttrHours: 72, // (48 + 48 + 120) / 3
        mtbfHours: 552, // (2496 − 288) / 4
      });
      expect(answer.byDepartment).toEqual([{ name: ward, ...answer.total }]);
      expect(answer.byCategory).toEqual([
        {
          name: 'Defibrillator',
          devices: 1,
          observedHours: 504,
          downtimeHours: 0,
          uptime: 1,
          failures: 0,
          repairs: 0,
          mttrHours: null,
          mtbfHours: null,
        },
        {
          name: 'Infusion Pump',
          devices: 1,
          observedHours: 744,
          downtimeHours: 72,
          uptime: expect.closeTo(1 - 72 / 744, 10),
          failures: 1,
          repairs: 1,
          mttrHours: 120,
          mtbfHours: 672,
        },
        {
          name: 'Monitor',
          devices: 1,
          observedHours: 336,
          downtimeHours: 120,
          uptime: expect.closeTo(216 / 336, 10),
          failures: 1,
          repairs: 0,
          mttrHours: null,
          mtbfHours: 216,
        },
        {
          name: 'Suction',
          devices: 1,
          observedHours: 168,
          downtimeHours: 0,
          uptime: 1,
          failures: 0,
          repairs: 0,
          mttrHours: null,
          mtbfHours: null,
        },
        {
          name: 'Ventilator',
          devices: 1,
          observedHours: 744,
          downtimeHours: 96,
          uptime: expect.closeTo(648 / 744, 10),
          failures: 2,
          repairs: 2,
          mttrHours: 48,
          mtbfHours: 324,
        },
      ]);
    });

    it('names the worst devices by downtime, and the downtime of each department and month', async () => {
      const answer = await figures<DowntimeFigures>(SUBJECTS.equipment.reportDowntime, march());
      expect(answer.worst.map((row) => [row.equipmentId, row.downtimeHours])).toEqual([
        [ids.get('charlie'), 120],
        [ids.get('alpha'), 96],
        [ids.get('bravo'), 72],
      ]);
      expect(answer.byDepartmentMonth).toEqual([{ department: ward, month: '2025-03', downtimeHours: 288 }]);

      // From Feb 15: Bravo's spell falls in February for Feb 25 00:00 to Mar 1 00:00 = 96 h, and
      // its start is now a failure of the period too.
      const longer = await figures<DowntimeFigures>(
        SUBJECTS.equipment.reportDowntime,
        march({ from: '2025-02-15' }),
      );
      expect(longer.byDepartmentMonth).toEqual([
        { department: ward, month: '2025-02', downtimeHours: 96 },
        { department: ward, month: '2025-03', downtimeHours: 288 },
      ]);
      expect(longer.total.failures).toBe(5);
      expect(longer.total.downtimeHours).toBe(384); // 96 + 288
    });

    it('narrows to categories, and to several departments', async () => {
      const monitors = await figures<DowntimeFigures>(
        SUBJECTS.equipment.reportDowntime,
        march({ categories: ['Monitor', 'Defibrillator'] }),
      );
      expect(monitors.total).toEqual({
        devices: 2, // Charlie and Delta
        observedHours: 840, // 336 + 504
        downtimeHours: 120,
        uptime: expect.closeTo(720 / 840, 10),
        failures: 1,
        repairs: 0,
        mttrHours: null,
        mtbfHours: 720, // (840 − 120) / 1
      });
      const both = await figures<DowntimeFigures>(
        SUBJECTS.equipment.reportDowntime,
        march({ departments: [ward, eastWard] }),
      );
      // Foxtrot adds 744 hours observed and down, but no failure: it was never Serviceable.
      expect(both.total).toMatchObject({
        devices: 6,
        observedHours: 3240,
        downtimeHours: 1032,
        failures: 4,
        repairs: 3,
        mtbfHours: 552, // (3240 − 1032) / 4
      });
      expect(both.byDepartment.map((row) => [row.name, row.downtimeHours, row.uptime])).toEqual([
        [ward, 288, expect.closeTo(1 - 288 / 2496, 10)],
        [eastWard, 744, 0],
      ]);
      expect(both.worst[0]?.equipmentId).toBe(ids.get('foxtrot'));
    });

    it('starts the days in the hospital time zone', async () => {
      // Nairobi is UTC+3: the period runs from Feb 28 21:00 to Mar 31 21:00 UTC.
      const nairobi = await page<DeviceDowntimeRow>(
        SUBJECTS.equipment.reportDowntimeDevices,
        march({ timeZone: 'Africa/Nairobi' }),
      );
      const of = (key: string) => nairobi.rows.find((row) => row.equipmentId === ids.get(key));
      expect(of('delta')?.observedHours).toBe(501); // Mar 11 00:00 to Mar 31 21:00
      expect(of('charlie')?.observedHours).toBe(339); // Feb 28 21:00 to Mar 15 00:00
      expect(of('bravo')?.downtimeHours).toBe(72); // Feb 28 21:00 to Mar 2 00:00 (27) + Mar 30 00:00 to Mar 31 21:00 (45)
    });

    it('counts no hour after now', async () => {
      const from = inDays(-1);
      const asked = Date.now();
      const answer = await page<DeviceDowntimeRow>(
        SUBJECTS.equipment.reportDowntimeDevices,
        march({ from, to: inDays(5) }),
      );
      const answered = Date.now();
      // Alpha has been Serviceable since 2025: observed from yesterday 00:00 UTC to now, no later.
      const observed = answer.rows.find((row) => row.equipmentId === ids.get('alpha'))?.observedHours ?? 0;
      const start = Date.parse(`${from}T00:00:00Z`);
      expect(observed).toBeGreaterThanOrEqual(Math.floor(((asked - start) / 3_600_000) * 100) / 100);
      expect(observed).toBeLessThanOrEqual(Math.ceil(((answered - start) / 3_600_000) * 100) / 100);
    });

    it('pages every device by name, each page computing its own devices only', async () => {
      const pages = await everyPage<DeviceDowntimeRow>(SUBJECTS.equipment.reportDowntimeDevices, march(), 2);
      // Pages of two devices by name: Echo (retired all along) leaves its page with Golf alone, and
      // the third page was full, so a fourth (empty) page says the list has ended.
      expect(pages.map((each) => each.rows.map((row) => row.equipmentId))).toEqual([
        [ids.get('alpha'), ids.get('bravo')],
        [ids.get('charlie'), ids.get('delta')],
        [ids.get('golf')],
        [],
      ]);
      expect(pages.map((each) => each.total)).toEqual([5, null, null, null]);
      expect(pages.at(-1)?.next).toBeNull();
      expect(pages[0]?.rows[0]).toEqual({
        equipmentId: ids.get('alpha'),
        name: `${marker} Alpha ventilator`,
        serialNumber: `${marker}-alpha`,
        department: ward,
        category: 'Ventilator',
        devices: 1,
        observedHours: 744,
        downtimeHours: 96,
        uptime: expect.closeTo(648 / 744, 10),
        failures: 2,
        repairs: 2,
        mttrHours: 48,
        mtbfHours: 324,
      });
    });
  });

  describe('the inventory now', () => {
    it('counts the items by status, department and category', async () => {
      const answer = await figures<EquipmentStatusFigures>(SUBJECTS.equipment.reportStatus, march());
      // Alpha and Delta Serviceable, Bravo Under Maintenance, Charlie and Echo Decommissioned;
      // Golf is deleted.
      const counts = {
        Serviceable: 2,
        'Under Maintenance': 1,
        Unserviceable: 0,
        Decommissioned: 2,
        Auctioned: 0,
      };
      const none = {
        Serviceable: 0,
        'Under Maintenance': 0,
        Unserviceable: 0,
        Decommissioned: 0,
        Auctioned: 0,
      };
      expect(answer).toEqual({
        asOf: expect.any(String),
        total: 5,
        byStatus: counts,
        byDepartment: [{ name: ward, total: 5, counts }],
        byCategory: [
          { name: 'Defibrillator', total: 1, counts: { ...none, Serviceable: 1 } },
          { name: 'Infusion Pump', total: 1, counts: { ...none, 'Under Maintenance': 1 } },
          { name: 'Monitor', total: 2, counts: { ...none, Decommissioned: 2 } },
          { name: 'Ventilator', total: 1, counts: { ...none, Serviceable: 1 } },
        ],
        notServiceable: 3,
        warrantiesExpiring: 2, // Alpha (10 days) and Bravo (90); not retired Charlie, deleted Golf, Delta at 91
      });
      expect(Math.abs(Date.parse(answer.asOf) - Date.now())).toBeLessThan(60_000);
    });

    it('lists the devices out of service, longest out first, a page at a time', async () => {
      const pages = await everyPage<NotServiceableDeviceRow>(
        SUBJECTS.equipment.reportNotServiceable,
        march(),
        2,
      );
      expect(pages.map((each) => each.rows.map((row) => [row.equipmentId, row.since, row.days]))).toEqual([
        [
          [ids.get('echo'), '2024-12-01T00:00:00.000Z', daysFrom('2024-12-01')],
          [ids.get('charlie'), '2025-03-15T00:00:00.000Z', daysFrom('2025-03-15')],
        ],
        [[ids.get('bravo'), '2025-03-30T00:00:00.000Z', daysFrom('2025-03-30')]],
      ]);
      expect(pages[1]).toMatchObject({ total: null, next: null });
      expect(pages[1]?.rows[0]).toMatchObject({
        name: `${marker} Bravo pump`,
        serialNumber: `${marker}-bravo`,
        department: ward,
        category: 'Infusion Pump',
        status: 'Under Maintenance',
      });
    });

    it('lists the warranties ending within 90 days, soonest first', async () => {
      const answer = await page<ExpiringWarrantyRow>(SUBJECTS.equipment.reportWarranties, march());
      expect(answer).toEqual({
        rows: [
          {
            equipmentId: ids.get('alpha'),
            name: `${marker} Alpha ventilator`,
            serialNumber: `${marker}-alpha`,
            manufacturer: 'Maker',
            department: ward,
            category: 'Ventilator',
            warrantyExpiry: inDays(10),
            daysLeft: 10,
          },
          expect.objectContaining({
            equipmentId: ids.get('bravo'),
            warrantyExpiry: inDays(90),
            daysLeft: 90,
          }),
        ],
        next: null,
        total: 2,
      });
    });

    it('lists the inventory with its risk assessment, by name', async () => {
      const first = await page<InventoryRiskRow>(SUBJECTS.equipment.reportInventory, march(), '', 4);
      expect(first.total).toBe(5);
      expect(first.rows.map((row) => row.equipmentId)).toEqual(
        ['alpha', 'bravo', 'charlie', 'delta'].map((key) => ids.get(key)),
      );
      expect(first.rows[0]).toEqual({
        equipmentId: ids.get('alpha'),
        name: `${marker} Alpha ventilator`,
        serialNumber: `${marker}-alpha`,
        manufacturer: 'Maker',
        model: 'Model 1',
        department: ward,
        category: 'Ventilator',
        status: 'Serviceable',
        riskClass: 'High',
        emNumber: 20,
        lifeSupport: true,
        highRisk: true,
        inPmProgram: true,
      });
      const second = await page<InventoryRiskRow>(
        SUBJECTS.equipment.reportInventory,
        march(),
        first.next ?? '',
        4,
      );
      expect(second).toEqual({
        rows: [
          expect.objectContaining({
            equipmentId: ids.get('echo'),
            status: 'Decommissioned',
            riskClass: null,
            emNumber: null,
            lifeSupport: false,
            highRisk: false,
            inPmProgram: false,
          }),
        ],
        next: null,
        total: null, // counted on the first page only
      });
      const monitors = await page<InventoryRiskRow>(
        SUBJECTS.equipment.reportInventory,
        march({ categories: ['Monitor'] }),
      );
      expect(monitors.rows.map((row) => row.equipmentId)).toEqual([ids.get('charlie'), ids.get('echo')]);
    });
  });

  describe('who may ask, and what', () => {
    it('answers the reports service only', async () => {
      await expect(ask(SUBJECTS.equipment.reportStatus, { scope: march() }, 'gateway')).rejects.toMatchObject(
        {
          code: 'UNAUTHENTICATED',
          message: `The request was refused: gateway may not send ${SUBJECTS.equipment.reportStatus}.`,
        },
      );
      await expect(
        ask(SUBJECTS.equipment.reportInventory, { scope: march(), after: '', limit: 5 }, 'maintenance'),
      ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('refuses a period that runs backwards, an unknown zone and a position it never gave', async () => {
      await expect(
        figures(SUBJECTS.equipment.reportDowntime, march({ from: '2025-04-01' })),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Start date cannot be after end date.' });
      await expect(
        figures(SUBJECTS.equipment.reportDowntime, march({ timeZone: 'Mars/Olympus' })),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(page(SUBJECTS.equipment.reportInventory, march(), 'not-a-position')).rejects.toMatchObject(
        {
          code: 'VALIDATION_FAILED',
          message: 'after is not a position this list gave.',
        },
      );
      await expect(page(SUBJECTS.equipment.reportInventory, march(), '', 1001)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });
  });
});
