import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import type { DeviceDowntimeRow, EquipmentStatus, ReportRowsPage, ReportScope } from '@caliber/contracts';
import { equipmentDataSource, startEquipment } from '@caliber/testing/stack';
import { DowntimeReportService, type StretchSource } from './downtime-report.service';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

type Category = 'Ventilator' | 'Monitor' | 'Suction';

interface RandomDevice {
  department: 0 | 1;
  category: Category;
  /** When each change happened (ms since 1970; ties included) and the status it set. */
  history: { at: number; status: EquipmentStatus }[];
  deletedAt: number | null;
}

interface Asked {
  from: string;
  to: string;
  timeZone: string;
}

/** The date `days` after `date`. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The wall clock of `instant` in `timeZone`, read as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(
    parts['year'] ?? 0,
    (parts['month'] ?? 1) - 1,
    parts['day'],
    parts['hour'],
    parts['minute'],
    parts['second'],
  );
}

/** The instant `date` begins in `timeZone`. */
function dayBegins(date: string, timeZone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`);
  let instant = asUtc;
  for (let round = 0; round < 3; round += 1) instant = asUtc - (wallClock(instant, timeZone) - instant);
  return instant;
}

/**
 * A period of whole days in a zone (UTC, half-hour and quarter-hour offsets, and one with DST),
 * mostly short and recent (so it often ends today, at now), sometimes up to four months.
 */
const period: fc.Arbitrary<Asked> = fc
  .record({
    startsDaysAgo: fc.oneof(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 110 })),
    days: fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 120 })),
    timeZone: fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York', 'Pacific/Chatham'),
  })
  .map(({ startsDaysAgo, days, timeZone }) => {
    const from = plusDays(new Date().toISOString().slice(0, 10), -startsDaysAgo);
    return { from, to: plusDays(from, days - 1), timeZone };
  });

/**
 * Instants for a period's histories: anywhere from two months before it to a day after it, and
 * often exactly at, or a minute either side of, where it starts, where it ends and where a month
 * begins in it, so stretches meet its edges exactly as well as mid-day.
 */
function instantsAround(asked: Asked): fc.Arbitrary<number> {
  const start = dayBegins(asked.from, asked.timeZone);
  const stop = dayBegins(plusDays(asked.to, 1), asked.timeZone);
  const months = [1, 2, 3, 4]
    .map((ahead) => {
      const month = new Date(Date.parse(`${asked.from}T00:00:00Z`));
      month.setUTCMonth(month.getUTCMonth() + ahead, 1);
      return month.toISOString().slice(0, 10);
    })
    .filter((date) => date <= asked.to)
    .map((date) => dayBegins(date, asked.timeZone));
  const edges = [start, stop, ...months].flatMap((edge) => [edge - MINUTE, edge, edge + MINUTE]);
  return fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: start - 60 * DAY_MS, max: stop + DAY_MS }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  );
}

const status = fc.oneof(
  { weight: 3, arbitrary: fc.constant<EquipmentStatus>('Serviceable') },
  { weight: 4, arbitrary: fc.constantFrom<EquipmentStatus>('Unserviceable', 'Under Maintenance') },
  { weight: 1, arbitrary: fc.constantFrom<EquipmentStatus>('Decommissioned', 'Auctioned') },
);

function devicesAround(asked: Asked): fc.Arbitrary<RandomDevice[]> {
  const at = instantsAround(asked);
  const device: fc.Arbitrary<RandomDevice> = fc.record({
    department: fc.constantFrom<0 | 1>(0, 1),
    category: fc.constantFrom<Category>('Ventilator', 'Monitor', 'Suction'),
    history: fc.array(fc.record({ at, status }), { minLength: 1, maxLength: 9 }),
    deletedAt: fc.option(at, { freq: 4 }),
  });
  return fc.array(device, { minLength: 1, maxLength: 6 });
}

/** How the history reaches the table: in what order, in how many statements, and what changes after. */
function writesAround(asked: Asked) {
  return fc.record({
    order: fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
    statements: fc.integer({ min: 1, max: 3 }),
    moveOne: fc.option(fc.record({ row: fc.nat(), to: instantsAround(asked) }), { freq: 2 }),
    deleteOne: fc.option(fc.nat(), { freq: 3 }),
  });
}

const isoAt = (instant: number) => new Date(instant).toISOString();

/**
 * The kept stretches (`status_spans`, what reports read) against the history itself (the window
 * functions over every row at each request): for any histories, written in any order and changed
 * afterwards, and any period, downtime, uptime, MTTR and MTBF are the same, to the last bit.
 */
describe('Downtime from the kept stretches (real PostgreSQL)', () => {
  let equipment: INestApplication;
  let rows: DataSource;

  /**
   * `check` with a service reading in one transaction: a period that ends today ends at `now()`,
   * the transaction's start, so both sources clip it at the same instant.
   */
  async function atOneInstant(check: (service: DowntimeReportService) => Promise<void>): Promise<void> {
    const runner = rows.createQueryRunner();
    await runner.startTransaction();
    try {
      await check(new DowntimeReportService(runner.manager));
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  beforeAll(async () => {
    equipment = await startEquipment();
    rows = await equipmentDataSource();
  });
  afterAll(async () => {
    await rows.destroy();
    await equipment.close();
  });

  async function addDevice(name: string, department: string, category: string, deletedAt: string | null) {
    const [row] = (await rows.query(
      `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
         "location", "installation_date", "status", "category", "deleted_at")
       VALUES ($1, 'Maker', 'Model', $2, $3, 'Bay 1', '2020-01-01', 'Serviceable', $4, $5) RETURNING "id"`,
      [name, `SN-${randomUUID()}`, department, category, deletedAt],
    )) as [{ id: string }];
    return row.id;
  }

  /** Until the backend `pid` waits for a lock another transaction holds. */
  async function lockWaitOf(pid: number): Promise<void> {
    for (;;) {
      const [row] = (await rows.query(`SELECT "wait_event_type" FROM pg_stat_activity WHERE "pid" = $1`, [
        pid,
      ])) as [{ wait_event_type: string | null } | undefined];
      if (row?.wait_event_type === 'Lock') return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function everyPage(service: DowntimeReportService, scope: ReportScope, source: StretchSource) {
    const pages: ReportRowsPage<DeviceDowntimeRow>[] = [];
    let after = '';
    do {
      const next = await service.devices(scope, { after, limit: 3 }, source);
      pages.push(next);
      after = next.next ?? '';
    } while (after);
    return pages;
  }

  it('answers what the history answers, for any histories and periods', async () => {
    await fc.assert(
      fc.asyncProperty(
        period.chain((asked) => fc.tuple(fc.constant(asked), devicesAround(asked), writesAround(asked))),
        async ([asked, devices, how]) => {
          const marker = randomUUID().slice(0, 8);
          const departments = [`Spans ${marker}`, `Spans ${marker} East`];
          const history: { equipmentId: string; at: string; status: EquipmentStatus }[] = [];
          for (const [index, each] of devices.entries()) {
            const id = await addDevice(
              `${marker} device ${index}`,
              departments[each.department] ?? '',
              each.category,
              each.deletedAt === null ? null : isoAt(each.deletedAt),
            );
            for (const change of each.history)
              history.push({ equipmentId: id, at: isoAt(change.at), status: change.status });
          }
          // Any order, in one to three statements.
          const shuffled = history
            .map((row, index) => ({ row, key: how.order[index % how.order.length] ?? 0 }))
            .sort((a, b) => a.key - b.key)
            .map(({ row }) => row);
          const size = Math.ceil(shuffled.length / how.statements);
          const ids: string[] = [];
          for (let first = 0; first < shuffled.length; first += size) {
            const chunk = shuffled.slice(first, first + size);
            const inserted = (await rows.query(
              `INSERT INTO "equipment"."status_history" ("equipment_id", "to_status", "changed_at")
               SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::timestamptz[]) RETURNING "id"`,
              [
                chunk.map((row) => row.equipmentId),
                chunk.map((row) => row.status),
                chunk.map((row) => row.at),
              ],
            )) as { id: string }[];
            ids.push(...inserted.map((row) => row.id));
          }
          if (how.moveOne)
            await rows.query(`UPDATE "equipment"."status_history" SET "changed_at" = $2 WHERE "id" = $1`, [
              ids[how.moveOne.row % ids.length],
              isoAt(how.moveOne.to),
            ]);
          if (how.deleteOne !== null)
            await rows.query(`DELETE FROM "equipment"."status_history" WHERE "id" = $1`, [
              ids[how.deleteOne % ids.length],
            ]);

          const scope: ReportScope = {
            ...asked,
            departments,
            categories: [],
            staffId: null,
          };
          await atOneInstant(async (service) => {
            expect(await service.figures(scope, 'spans')).toEqual(await service.figures(scope, 'history'));
            const narrowed = { ...scope, categories: ['Monitor', 'Suction'] };
            expect(await service.figures(narrowed, 'spans')).toEqual(
              await service.figures(narrowed, 'history'),
            );
            expect(await everyPage(service, scope, 'spans')).toEqual(
              await everyPage(service, scope, 'history'),
            );
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('recomputes a device changed by two transactions at once one after the other', async () => {
    const marker = randomUUID().slice(0, 8);
    const department = `Spans race ${marker}`;
    const id = await addDevice(`${marker} raced`, department, 'Monitor', null);
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    await rows.query(
      `INSERT INTO "equipment"."status_history" ("equipment_id", "to_status", "changed_at") VALUES ($1, 'Serviceable', $2)`,
      [id, at(30)],
    );
    const first = rows.createQueryRunner();
    const second = rows.createQueryRunner();
    await first.startTransaction();
    await second.startTransaction();
    try {
      const [{ pid }] = (await second.query('SELECT pg_backend_pid() AS "pid"')) as [{ pid: number }];
      await first.query(
        `INSERT INTO "equipment"."status_history" ("equipment_id", "to_status", "changed_at") VALUES ($1, 'Unserviceable', $2)`,
        [id, at(20)],
      );
      // The second waits for the first's lock on the device, then sees its row.
      const waiting = second.query(
        `INSERT INTO "equipment"."status_history" ("equipment_id", "to_status", "changed_at") VALUES ($1, 'Serviceable', $2)`,
        [id, at(10)],
      );
      await lockWaitOf(pid);
      await first.commitTransaction();
      await waiting;
      await second.commitTransaction();
    } finally {
      await first.release();
      await second.release();
    }
    const scope: ReportScope = {
      from: new Date(Date.now() - 40 * DAY_MS).toISOString().slice(0, 10),
      to: new Date().toISOString().slice(0, 10),
      timeZone: 'UTC',
      departments: [department],
      categories: [],
      staffId: null,
    };
    await atOneInstant(async (service) => {
      const kept = await service.figures(scope, 'spans');
      expect(kept).toEqual(await service.figures(scope, 'history'));
      expect(kept.total).toMatchObject({ failures: 1, repairs: 1, mttrHours: 240 });
    });
  });
});
