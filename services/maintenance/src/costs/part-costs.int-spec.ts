import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Role, SparePart, TaskDetail, TaskDto, Vendor } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';

/**
 * What a task's spare parts cost and who supplied them, through the gateway against real
 * PostgreSQL, NATS and Redis, with equipment checking the suppliers: priced by those who read
 * costs, held to the task's version, kept when the technician saves the work again.
 */
describe('The part costs of a task (real stack)', () => {
  const stack = useSignInStack('part-costs');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  const marker = `PC${Date.now().toString(36)}`;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await serviceDataSource('maintenance');
    for (const role of ['Technician', 'Engineer', 'Manager'] as Role[]) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Parts`, preApproved: true });
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

  async function vendor(name: string, retired = false): Promise<Vendor> {
    const added = await as('Engineer').send<Vendor>('POST', '/vendors', {
      name: `${name} ${marker}`,
      kinds: ['supplier'],
    });
    expect(added.status).toBe(201);
    if (!retired) return added.body;
    const retiring = await as('Engineer').send<Vendor>('PUT', `/vendors/${added.body.id}`, {
      name: added.body.name,
      kinds: ['supplier'],
      retired: true,
      version: added.body.version,
    });
    expect(retiring.status).toBe(200);
    return retiring.body;
  }

  /** An open task of the Technician's, straight into the table, with the parts the Technician used. */
  async function task(): Promise<TaskDto> {
    const [row] = (await rows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "status",
         "equipment_id", "equipment_name", "equipment_serial", "equipment_department", "equipment_category",
         "assigned_to_id", "assigned_to_name")
       VALUES ('Occlusion alarm', '', 'Repair', 'High', 'In Progress', gen_random_uuid(), 'Parts Pump',
         'PC-' || substr(md5(random()::text), 1, 8), 'ICU', 'Infusion Pump', $1, 'Technician Parts')
       RETURNING "id"`,
      [ids.get('Technician')],
    )) as { id: string }[];
    if (!row) throw new Error('The task was not inserted.');
    const worked = await as('Technician').send<TaskDto>('PUT', `/tasks/${row.id}/work`, {
      repairDetails: 'Replaced the sensor and a fuse',
      sparePartsUsed: [
        { name: 'Pressure sensor', quantity: 2, description: 'Downstream' },
        { name: 'Fuse', quantity: 1, description: '5 A' },
      ],
    });
    expect(worked.status).toBe(200);
    return worked.body;
  }
  const detail = async (id: string, role: Role = 'Engineer') => {
    const answer = await as(role).send<TaskDetail>('GET', `/tasks/${id}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const price = (role: Role, id: string, body: unknown) =>
    as(role).send<TaskDto>('PUT', `/tasks/${id}/part-costs`, body);

  it('prices each part with its supplier, bumps the task, and audits it for cost readers only', async () => {
    const braun = await vendor('B. Braun');
    const worked = await task();
    const priced = await price('Manager', worked._id, {
      parts: [
        { unitCost: 86.5, supplierId: braun.id.toUpperCase() },
        { unitCost: null, supplierId: null },
      ],
      version: worked.version,
    });
    expect(priced.status).toBe(200);
    expect(priced.body.version).toBe(worked.version + 1);
    expect(priced.body.spareParts).toEqual<SparePart[]>([
      {
        name: 'Pressure sensor',
        quantity: 2,
        description: 'Downstream',
        unitCost: 86.5,
        supplierId: braun.id,
        supplierName: braun.name,
      },
      { name: 'Fuse', quantity: 1, description: '5 A', unitCost: null, supplierId: null, supplierName: null },
    ]);
    const manager = await detail(worked._id, 'Manager');
    expect(manager.spareParts).toEqual(priced.body.spareParts);
    expect(manager.audit[0]).toMatchObject({ action: 'part-costs-recorded' });
    // The Technician sees the parts and their supplier, not the pricing's audit row.
    const technician = await detail(worked._id, 'Technician');
    expect(technician.spareParts[0]?.supplierName).toBe(braun.name);
    expect(technician.audit.map((entry) => entry.action)).not.toContain('part-costs-recorded');

    // Sent again unchanged: nothing is written, the version stays.
    const same = await price('Engineer', worked._id, {
      parts: [
        { unitCost: 86.5, supplierId: braun.id },
        { unitCost: null, supplierId: null },
      ],
      version: priced.body.version,
    });
    expect([same.status, same.body.version]).toEqual([200, priced.body.version]);
  });

  it('keeps a part’s supplier and price when the technician saves the work again with the same part', async () => {
    const braun = await vendor('Braun Kept');
    const worked = await task();
    const priced = await price('Engineer', worked._id, {
      parts: [
        { unitCost: 86.5, supplierId: braun.id },
        { unitCost: 1.2, supplierId: braun.id },
      ],
      version: worked.version,
    });
    expect(priced.status).toBe(200);
    // The technician corrects the sensor's quantity and drops the fuse. The work record names no
    // supplier, and a price a Technician sends is not taken: the recorded ones stay.
    const again = await as('Technician').send<TaskDto>('PUT', `/tasks/${worked._id}/work`, {
      sparePartsUsed: [
        { name: 'PRESSURE SENSOR', quantity: 1, description: 'Downstream', unitCost: 1 },
        { name: 'O-ring', quantity: 4, description: '' },
      ],
      version: priced.body.version,
    });
    expect(again.status).toBe(200);
    expect(again.body.spareParts).toEqual([
      {
        name: 'PRESSURE SENSOR',
        quantity: 1,
        description: 'Downstream',
        unitCost: 86.5,
        supplierId: braun.id,
        supplierName: braun.name,
      },
      { name: 'O-ring', quantity: 4, description: '', unitCost: null, supplierId: null, supplierName: null },
    ]);
  });

  it('refuses a stale version, a list of another length, a bad cost, an unknown or retired supplier and a Technician', async () => {
    const gone = await vendor('Gone Parts', true);
    const worked = await task();
    const before = (await detail(worked._id)).spareParts;
    const two = (first: Record<string, unknown>) => [first, { unitCost: null, supplierId: null }];

    const stale = await price('Engineer', worked._id, {
      parts: two({ unitCost: 1 }),
      version: worked.version - 1,
    });
    expect([stale.status, stale.body.message]).toEqual([
      409,
      'The spare parts of this task were changed since you opened them. Reload them and try again.',
    ]);
    const short = await price('Engineer', worked._id, { parts: [{ unitCost: 1 }], version: worked.version });
    expect([short.status, short.body.message]).toEqual([
      400,
      "Send one entry for each of the task's 2 spare parts, in their order.",
    ]);
    const cents = await price('Engineer', worked._id, {
      parts: two({ unitCost: 1.005 }),
      version: worked.version,
    });
    expect([cents.status, cents.body.message]).toEqual([400, 'Unit cost may have at most two decimals.']);
    const unknown = await price('Engineer', worked._id, {
      parts: two({ supplierId: '00000000-0000-4000-8000-000000000000' }),
      version: worked.version,
    });
    expect([unknown.status, unknown.body.message, unknown.body.details?.[0]?.path]).toEqual([
      400,
      'No such vendor: choose one from the vendors list.',
      'parts.0.supplierId',
    ]);
    const retired = await price('Engineer', worked._id, {
      parts: two({ supplierId: gone.id }),
      version: worked.version,
    });
    expect([retired.status, retired.body.message]).toEqual([
      400,
      `${gone.name} is retired: restore it in Vendors to record a part bought from them.`,
    ]);
    const technician = await price('Technician', worked._id, {
      parts: two({ unitCost: 1 }),
      version: worked.version,
    });
    expect([technician.status, technician.body.message]).toEqual([
      403,
      'Engineers, Managers and Admins record what parts cost.',
    ]);
    expect((await detail(worked._id)).spareParts).toEqual(before);
  });

  it('lets a supplier retired since it was recorded stay on the task’s parts', async () => {
    const leaving = await vendor('Leaving Parts');
    const worked = await task();
    const priced = await price('Engineer', worked._id, {
      parts: [
        { unitCost: 10, supplierId: leaving.id },
        { unitCost: null, supplierId: null },
      ],
      version: worked.version,
    });
    expect(priced.status).toBe(200);
    const retiring = await as('Engineer').send<Vendor>('PUT', `/vendors/${leaving.id}`, {
      name: leaving.name,
      kinds: ['supplier'],
      retired: true,
      version: leaving.version,
    });
    expect(retiring.status).toBe(200);
    const kept = await price('Engineer', worked._id, {
      parts: [
        { unitCost: 12, supplierId: leaving.id },
        { unitCost: 2, supplierId: leaving.id },
      ],
      version: priced.body.version,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.spareParts.map((part) => [part.unitCost, part.supplierName])).toEqual([
      [12, leaving.name],
      [2, leaving.name],
    ]);
  });
});
