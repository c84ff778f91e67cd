import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { AuditEntryDto, Role, TaskDetail, TaskVendorCharges, Vendor } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { addDays, hospitalToday } from '../hospital-clock';

/**
 * What vendors charged for a task's work, through the gateway against real PostgreSQL, NATS and
 * Redis, with equipment checking the vendors: recorded whole by those who read costs, with a
 * version of its own, and never shown to the Technician who did the work.
 */
describe('The vendor charges of a task (real stack)', () => {
  const stack = useSignInStack('vendor-charges');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  const marker = `VC${Date.now().toString(36)}`;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await serviceDataSource('maintenance');
    for (const role of ['Technician', 'Engineer', 'Manager'] as Role[]) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Charges`, preApproved: true });
      ids.set(role, staff.id);
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(async () => {
    await rows.destroy();
    await maintenance.close();
    await equipment.close();
  });

  const as = (role: Role) => ({
    send: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      call<T & { message?: string; details?: { path: string; message: string }[] }>(
        stack.gateway.url,
        method,
        `/api${path}`,
        { token: tokens.get(role), ...(body === undefined ? {} : { body }) },
      ),
  });

  async function vendor(name: string): Promise<Vendor> {
    const added = await as('Engineer').send<Vendor>('POST', '/vendors', {
      name: `${name} ${marker}`,
      kinds: ['service'],
    });
    expect(added.status).toBe(201);
    return added.body;
  }

  /** An open task of the Technician's, straight into the table. */
  async function task(): Promise<string> {
    const [row] = (await rows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "status",
         "equipment_id", "equipment_name", "equipment_serial", "equipment_department", "equipment_category",
         "assigned_to_id", "assigned_to_name")
       VALUES ('Flow sensor fault', '', 'Repair', 'High', 'In Progress', gen_random_uuid(), 'Charges Ventilator',
         'VC-' || substr(md5(random()::text), 1, 8), 'ICU', 'Ventilator', $1, 'Technician Charges')
       RETURNING "id"`,
      [ids.get('Technician')],
    )) as { id: string }[];
    if (!row) throw new Error('The task was not inserted.');
    return row.id;
  }
  const detail = async (id: string, role: Role = 'Engineer') => {
    const answer = await as(role).send<TaskDetail>('GET', `/tasks/${id}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('records the list whole with its own version, keeps each vendor’s name, and totals it to the cent', async () => {
    const philips = await vendor('Philips');
    const drager = await vendor('Dräger');
    const id = await task();
    const today = hospitalToday();
    expect((await detail(id)).vendorCharges).toMatchObject({ charges: [], total: 0, version: 0 });
    const taskVersion = (await detail(id)).version;

    const recorded = await as('Engineer').send<TaskVendorCharges>('PUT', `/tasks/${id}/vendor-charges`, {
      charges: [
        { vendorId: philips.id, visitDate: addDays(today, -2), invoiceNumber: ' INV-1 ', amount: 0.1 },
        { vendorId: drager.id.toUpperCase(), visitDate: today, amount: 0.2, notes: 'Parts' },
      ],
      version: 0,
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({
      charges: [
        { vendorId: philips.id, vendorName: philips.name, invoiceNumber: 'INV-1', amount: 0.1, notes: null },
        { vendorId: drager.id, vendorName: drager.name, invoiceNumber: null, amount: 0.2, notes: 'Parts' },
      ],
      total: 0.3,
      version: 1,
    });
    // The task itself is not changed: the work record's version stays.
    const after = await detail(id);
    expect(after.version).toBe(taskVersion);
    expect(after.vendorCharges).toEqual(recorded.body);

    // Sent again unchanged: nothing written, no new version, no audit row.
    const audits = after.auditTotal;
    const same = await as('Manager').send<TaskVendorCharges>('PUT', `/tasks/${id}/vendor-charges`, {
      charges: recorded.body.charges.map(({ vendorId, visitDate, invoiceNumber, amount, notes }) => ({
        vendorId,
        visitDate,
        invoiceNumber,
        amount,
        notes,
      })),
      version: 1,
    });
    expect([same.status, same.body.version]).toEqual([200, 1]);
    expect((await detail(id)).auditTotal).toBe(audits);

    // A stale version is refused, not overwritten.
    const stale = await as('Manager').send('PUT', `/tasks/${id}/vendor-charges`, { charges: [], version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'The vendor charges were changed by someone else since you opened them. Reload them and try again.',
    );

    // A rename of the vendor later does not rewrite the charge recorded under the old name.
    const renamed = await as('Engineer').send<Vendor>('PUT', `/vendors/${philips.id}`, {
      name: `Philips Renamed ${marker}`,
      kinds: ['service'],
      retired: true,
      version: philips.version,
    });
    expect(renamed.status).toBe(200);
    const kept = await as('Manager').send<TaskVendorCharges>('PUT', `/tasks/${id}/vendor-charges`, {
      charges: [{ vendorId: philips.id, visitDate: addDays(today, -2), amount: 480 }],
      version: 1,
    });
    // A retired vendor already on the task may stay.
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      charges: [{ vendorName: philips.name, amount: 480 }],
      total: 480,
      version: 2,
    });

    const audit = (await detail(id)).audit.find(
      (row: AuditEntryDto) => row.action === 'vendor-charges-recorded',
    );
    expect(audit?.changes['vendorCharges']?.to).toEqual(kept.body.charges);
  });

  it('refuses unknown and newly named retired vendors, future visits and bad amounts, writing nothing', async () => {
    const id = await task();
    const retired = await vendor('Retired Co');
    expect(
      (
        await as('Engineer').send('PUT', `/vendors/${retired.id}`, {
          name: retired.name,
          kinds: ['service'],
          retired: true,
          version: retired.version,
        })
      ).status,
    ).toBe(200);
    const active = await vendor('Active Co');
    const today = hospitalToday();
    const refusals: [unknown, string, string][] = [
      [
        { vendorId: '00000000-0000-4000-8000-000000000000', visitDate: today, amount: 1 },
        'charges.0.vendorId',
        'No such vendor: choose one from the vendors list.',
      ],
      [
        { vendorId: retired.id, visitDate: today, amount: 1 },
        'charges.0.vendorId',
        `${retired.name} is retired: restore it in Vendors to record a new charge of theirs.`,
      ],
      [
        { vendorId: active.id, visitDate: addDays(today, 1), amount: 1 },
        'charges.0.visitDate',
        `Visit date cannot be after today (${today}).`,
      ],
      [
        { vendorId: active.id, visitDate: today, amount: -1 },
        'charges.0.amount',
        'Amount cannot be negative.',
      ],
      [
        { vendorId: active.id, visitDate: today, amount: 1.005 },
        'charges.0.amount',
        'Amount may have at most two decimals.',
      ],
    ];
    for (const [charge, path, message] of refusals) {
      const refused = await as('Engineer').send('PUT', `/tasks/${id}/vendor-charges`, {
        charges: [charge],
        version: 0,
      });
      expect([refused.status, refused.body.details]).toEqual([400, [{ path, message }]]);
    }
    const tooMany = await as('Engineer').send('PUT', `/tasks/${id}/vendor-charges`, {
      charges: Array.from({ length: 21 }, () => ({ vendorId: active.id, visitDate: today, amount: 1 })),
      version: 0,
    });
    expect([tooMany.status, tooMany.body.message]).toEqual([
      400,
      'A task may list at most 20 vendor charges.',
    ]);
    expect((await detail(id)).vendorCharges).toMatchObject({ charges: [], version: 0 });
  });

  it('keeps charges from the Technician: not in their task, not in its audit, and not theirs to record', async () => {
    const id = await task();
    const acme = await vendor('Acme Biomed');
    const recorded = await as('Engineer').send('PUT', `/tasks/${id}/vendor-charges`, {
      charges: [{ vendorId: acme.id, visitDate: hospitalToday(), amount: 75 }],
      version: 0,
    });
    expect(recorded.status).toBe(200);
    const technicians = await detail(id, 'Technician');
    expect(technicians.vendorCharges).toBeNull();
    expect(technicians.audit.map((row) => row.action)).not.toContain('vendor-charges-recorded');
    expect((await detail(id, 'Engineer')).audit.map((row) => row.action)).toContain(
      'vendor-charges-recorded',
    );
    const refused = await as('Technician').send('PUT', `/tasks/${id}/vendor-charges`, {
      charges: [],
      version: 1,
    });
    expect(refused.status).toBe(403);
  });
});
