import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { CostSettings, LabourRate, LabourRatePage, RemovedRecord, Role } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import { rosterStaff, signIn, startMaintenance, useSignInStack } from '@caliber/testing/stack';
import { addDays, hospitalToday } from '../hospital-clock';
import { putCostsAside } from './costs-aside';

/**
 * The hospital currency and the labour rates through the gateway, against real PostgreSQL, NATS
 * and Redis: who may read and change them, and the rules that keep a new rate from re-pricing work
 * already done. The suite has the Manager role's rates to itself: those it finds (another suite's,
 * the demo's) and the currency are put aside before it starts and put back when it ends.
 */
describe('Labour rates and the hospital currency (real stack)', () => {
  const stack = useSignInStack('labour-rates');
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<string, string>();
  let putBack: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    maintenance = await startMaintenance();
    rows = await serviceDataSource('maintenance');
    putBack = await putCostsAside(rows, 'Manager');
    for (const role of ['Technician', 'Engineer', 'Manager', 'Admin'] as Role[]) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Rates`, preApproved: true });
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
  const managerRates = async () =>
    (await as('Admin').send<LabourRatePage>('GET', '/labour-rates?role=Manager')).body;

  it('keeps costs from Technicians, and their changes from all but Admins', async () => {
    const today = hospitalToday();
    for (const path of ['/cost-settings', '/labour-rates'])
      expect((await as('Technician').send('GET', path)).status).toBe(403);
    expect((await as('Engineer').send('GET', '/labour-rates')).status).toBe(200);
    expect((await as('Manager').send('GET', '/cost-settings')).status).toBe(200);
    expect((await as('Engineer').send('PUT', '/cost-settings', { currency: 'GHS' })).status).toBe(403);
    const added = await as('Manager').send('POST', '/labour-rates', {
      role: 'Manager',
      hourlyRate: 90,
      from: today,
    });
    expect(added.status).toBe(403);
  });

  it('takes no rate until the currency is set, then an ISO 4217 code only, audited', async () => {
    const today = hospitalToday();
    await rows.query(`UPDATE "maintenance"."cost_settings" SET "currency" = NULL`);
    const early = await as('Admin').send('POST', '/labour-rates', {
      role: 'Manager',
      hourlyRate: 90,
      from: today,
    });
    expect([early.status, early.body.message]).toEqual([
      400,
      "Set the hospital's currency first: every rate and cost is in it.",
    ]);
    const wrong = await as('Admin').send('PUT', '/cost-settings', { currency: 'CEDI' });
    expect([wrong.status, wrong.body.message]).toEqual([
      400,
      'currency must be an ISO 4217 code such as GHS, USD or EUR.',
    ]);
    const set = await as('Admin').send<CostSettings>('PUT', '/cost-settings', { currency: 'ghs' });
    expect([set.status, set.body]).toEqual([200, { currency: 'GHS' }]);
    expect((await as('Engineer').send<CostSettings>('GET', '/cost-settings')).body).toEqual({
      currency: 'GHS',
    });
    const [audit]: { changes: unknown }[] = await rows.query(
      `SELECT "changes" FROM "maintenance"."audit_log" WHERE "entity" = 'cost-settings' ORDER BY "at" DESC LIMIT 1`,
    );
    expect(audit?.changes).toEqual({ currency: { from: null, to: 'GHS' } });
  });

  it('prices from a first rate of any day, and never lets a later one re-price work done', async () => {
    const today = hospitalToday();
    const first = await as('Admin').send<LabourRate>('POST', '/labour-rates', {
      role: 'Manager',
      hourlyRate: 120.5,
      from: addDays(today, -400),
    });
    expect([first.status, first.body]).toMatchObject([
      201,
      { role: 'Manager', hourlyRate: 120.5, from: addDays(today, -400), until: null },
    ]);

    const backDated = await as('Admin').send('POST', '/labour-rates', {
      role: 'Manager',
      hourlyRate: 130,
      from: addDays(today, -1),
    });
    expect([backDated.status, backDated.body.message]).toEqual([
      400,
      `A new rate starts today (${today}) or later: work already done keeps the rate it was priced at.`,
    ]);
    const sameDay = await as('Admin').send('POST', '/labour-rates', {
      role: 'Manager',
      hourlyRate: 130,
      from: addDays(today, -400),
    });
    expect([sameDay.status, sameDay.body.message]).toEqual([
      409,
      `This role has a rate from ${addDays(today, -400)} already.`,
    ]);
    const cents = await as('Admin').send('POST', '/labour-rates', {
      role: 'Manager',
      hourlyRate: 130.555,
      from: addDays(today, 30),
    });
    expect([cents.status, cents.body.message]).toEqual([400, 'hourlyRate may have at most two decimals.']);

    const next = await as('Admin').send<LabourRate>('POST', '/labour-rates', {
      role: 'Manager',
      hourlyRate: 130,
      from: addDays(today, 30),
    });
    expect(next.status).toBe(201);
    const listed = await managerRates();
    expect(listed.currency).toBe('GHS');
    expect(listed.rows.map((rate) => [rate.hourlyRate, rate.from, rate.until])).toEqual([
      [130, addDays(today, 30), null],
      [120.5, addDays(today, -400), addDays(today, 30)],
    ]);
    // Today's rates are every role's, though the page is the Manager's alone.
    const managerToday = listed.inForce.find((rate) => rate.role === 'Manager');
    expect([managerToday?.hourlyRate, managerToday?.until]).toEqual([120.5, addDays(today, 30)]);
    const everyRole = (await as('Admin').send<LabourRatePage>('GET', '/labour-rates')).body.inForce;
    expect(listed.inForce).toEqual(everyRole);
    expect([listed.total, listed.pages]).toEqual([2, 1]);
    const paged = await as('Engineer').send<LabourRatePage>(
      'GET',
      '/labour-rates?role=Manager&limit=1&page=2',
    );
    expect([paged.body.rows.map((rate) => rate.from), paged.body.pages]).toEqual([[addDays(today, -400)], 2]);

    const started = await as('Admin').send('DELETE', `/labour-rates/${first.body.id}`);
    expect([started.status, started.body.message]).toEqual([
      409,
      `This rate has applied since ${addDays(today, -400)}: work was priced at it. Add the right rate from today instead.`,
    ]);
    const withdrawn = await as('Admin').send<RemovedRecord>('DELETE', `/labour-rates/${next.body.id}`);
    expect([withdrawn.status, withdrawn.body]).toEqual([200, { _id: next.body.id }]);
    expect((await managerRates()).rows.map((rate) => [rate.from, rate.until])).toEqual([
      [addDays(today, -400), null],
    ]);
    const actions: { action: string }[] = await rows.query(
      `SELECT "action" FROM "maintenance"."audit_log" WHERE "entity" = 'labour-rate' AND "entity_id" = $1`,
      [next.body.id],
    );
    expect(actions.map((row) => row.action).sort()).toEqual(['created', 'withdrawn']);
    expect((await as('Admin').send('DELETE', `/labour-rates/${next.body.id}`)).status).toBe(404);
    expect((await as('Admin').send('DELETE', '/labour-rates/not-an-id')).status).toBe(404);
  });
});
