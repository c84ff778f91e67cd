import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { DeviceAcquisition, EquipmentDto, Role, Vendor } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import { hospitalToday } from '../inventory-files/inventory-export-cells';

/**
 * A device's acquisition figures through the gateway, against real PostgreSQL, NATS and Redis, the
 * currency asked of the real maintenance service: who reads and records them, their checks, the
 * stale-version refusal and the audit row. Nothing else of the suite's devices is touched.
 */
describe('What a device cost (real stack)', () => {
  const stack = useSignInStack('acquisition');
  const apps: INestApplication[] = [];
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  const marker = `ACQ${Date.now().toString(36)}`.toUpperCase();
  let device: EquipmentDto;
  let hamilton: Vendor;

  beforeAll(async () => {
    apps.push(await startEquipment(), await startMaintenance());
    rows = await equipmentDataSource();
    for (const role of ['Technician', 'Engineer', 'Manager', 'Admin'] as Role[]) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Acquisition`, preApproved: true });
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    const created = await as('Engineer').send<EquipmentDto>('POST', '/equipment', {
      name: `${marker} Ventilator`,
      serialNumber: `${marker}-SN`,
      manufacturer: 'Hamilton',
      model: 'C6',
      department: 'ICU',
      location: 'Bed 2',
      installationDate: '2024-02-01',
      status: 'Serviceable',
      category: 'Ventilator',
    });
    expect(created.status).toBe(201);
    device = created.body;
    const vendor = await as('Engineer').send<Vendor>('POST', '/vendors', {
      name: `${marker} Hamilton Medical`,
      kinds: ['manufacturer', 'supplier'],
    });
    expect(vendor.status).toBe(201);
    hamilton = vendor.body;
  });
  afterAll(async () => {
    await rows.destroy();
    for (const app of apps.reverse()) await app.close();
  });

  const as = (role: Role) => ({
    send: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      call<T & { message?: string }>(stack.gateway.url, method, `/api${path}`, {
        token: tokens.get(role),
        ...(body === undefined ? {} : { body }),
      }),
  });
  const path = () => `/equipment/${device._id}/acquisition`;

  it('answers nothing recorded at first, to Engineers, Managers and Admins only', async () => {
    const first = await as('Manager').send<DeviceAcquisition>('GET', path());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      equipmentId: device._id,
      acquisitionCost: null,
      purchaseDate: null,
      supplier: null,
      expectedLifeYears: null,
      endOfLife: null,
      updatedAt: null,
      updatedByLabel: null,
      version: 0,
    });
    const technician = await as('Technician').send('GET', path());
    expect(technician.status).toBe(403);
    expect(technician.body.message).toBe('Acquisition costs are for Engineers, Managers and Admins.');
    expect((await as('Manager').send('PUT', path(), { acquisitionCost: 1 })).status).toBe(403);
    expect(
      (await as('Engineer').send('GET', '/equipment/00000000-0000-4000-8000-000000000000/acquisition'))
        .status,
    ).toBe(404);
  });

  it('records the figures once per version, with the end of life, and audits the change', async () => {
    const saved = await as('Engineer').send<DeviceAcquisition>('PUT', path(), {
      acquisitionCost: 48500.5,
      purchaseDate: '2024-02-29',
      // The vendor's name in another case, with runs of spaces: the vendor list's spelling is kept.
      supplier: `  ${marker.toLowerCase()}  hamilton   MEDICAL  `,
      expectedLifeYears: 10,
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      acquisitionCost: 48500.5,
      purchaseDate: '2024-02-29',
      supplier: hamilton.name,
      supplierId: hamilton.id,
      expectedLifeYears: 10,
      // Ten years after a 29 February is the last day of that February.
      endOfLife: '2034-02-28',
      version: 1,
    });
    expect((await as('Admin').send<DeviceAcquisition>('GET', path())).body).toEqual(saved.body);

    // Someone who read version 0 cannot overwrite it.
    const stale = await as('Admin').send('PUT', path(), { acquisitionCost: 1, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);

    // Left out is cleared; the same figures again write nothing.
    const cleared = await as('Admin').send<DeviceAcquisition>('PUT', path(), {
      acquisitionCost: 48500.5,
      purchaseDate: '2024-02-29',
      expectedLifeYears: 10,
      version: 1,
    });
    expect(cleared.body).toMatchObject({ supplier: null, version: 2 });
    const again = await as('Admin').send<DeviceAcquisition>('PUT', path(), {
      acquisitionCost: 48500.5,
      purchaseDate: '2024-02-29',
      expectedLifeYears: 10,
    });
    expect(again.body.version).toBe(2);

    const audit = (await rows.query(
      `SELECT "changes" FROM "equipment"."audit_log"
        WHERE "entity_id" = $1 AND "action" = 'acquisition-changed' ORDER BY "id"`,
      [device._id],
    )) as { changes: Record<string, { from: unknown; to: unknown }> }[];
    expect(audit).toHaveLength(2);
    expect(audit[0]?.changes).toMatchObject({
      acquisitionCost: { from: null, to: 48500.5 },
      supplier: { from: null, to: hamilton.name },
    });
    expect(audit[1]?.changes).toEqual({ supplier: { from: hamilton.name, to: null } });
  });

  it('takes a supplier only from the vendor list, and names it as the list does after a rename', async () => {
    const read = async () => (await as('Engineer').send<DeviceAcquisition>('GET', path())).body;
    const unknown = await as('Engineer').send('PUT', path(), { supplier: `${marker} Nobody Ltd` });
    expect([unknown.status, unknown.body.message]).toEqual([
      400,
      `Supplier "${marker} Nobody Ltd" is not on the vendor list: choose one that is, or add it under Vendors first.`,
    ]);
    const retired = await as('Engineer').send<Vendor>('POST', '/vendors', {
      name: `${marker} Gone Supplies`,
      kinds: ['supplier'],
    });
    const retiring = await as('Engineer').send<Vendor>('PUT', `/vendors/${retired.body.id}`, {
      name: retired.body.name,
      kinds: ['supplier'],
      retired: true,
      version: retired.body.version,
    });
    expect(retiring.status).toBe(200);
    const refused = await as('Engineer').send('PUT', path(), { supplier: retired.body.name });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      `Supplier "${retired.body.name}" is retired from the vendor list: choose another, or restore it under Vendors first.`,
    ]);

    const before = await read();
    const chosen = await as('Engineer').send<DeviceAcquisition>('PUT', path(), {
      supplier: hamilton.name,
      version: before.version,
    });
    expect(chosen.body).toMatchObject({ supplier: hamilton.name, supplierId: hamilton.id });
    // The company renamed on the list reads renamed on the device, which did not change.
    const renamed = await as('Admin').send<Vendor>('PUT', `/vendors/${hamilton.id}`, {
      name: `${marker} Hamilton Medical AG`,
      kinds: hamilton.kinds,
      retired: false,
      version: hamilton.version,
    });
    expect(renamed.status).toBe(200);
    expect(await read()).toMatchObject({
      supplier: `${marker} Hamilton Medical AG`,
      supplierId: hamilton.id,
      version: chosen.body.version,
    });
    // Retired since, it stays the device's supplier, and a change of its other figures keeps it.
    const retiredToo = await as('Admin').send<Vendor>('PUT', `/vendors/${hamilton.id}`, {
      name: renamed.body.name,
      kinds: hamilton.kinds,
      retired: true,
      version: renamed.body.version,
    });
    expect(retiredToo.status).toBe(200);
    const kept = await as('Engineer').send<DeviceAcquisition>('PUT', path(), {
      acquisitionCost: 51000,
      supplier: renamed.body.name,
      version: chosen.body.version,
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ acquisitionCost: 51000, supplierId: hamilton.id });
  });

  it('refuses figures out of range, and a purchase in the future, writing nothing', async () => {
    const before = (await as('Engineer').send<DeviceAcquisition>('GET', path())).body;
    const tomorrow = new Date(Date.parse(`${hospitalToday('UTC')}T00:00:00Z`) + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    for (const [body, message] of [
      [{ acquisitionCost: -1 }, 'acquisitionCost cannot be negative.'],
      [{ acquisitionCost: 10.005 }, 'acquisitionCost may have at most two decimals.'],
      [{ expectedLifeYears: 2.5 }, 'expectedLifeYears must be a whole number of years.'],
      [{ expectedLifeYears: 51 }, 'expectedLifeYears must be at most 50.'],
      [{ purchaseDate: tomorrow }, 'The purchase date cannot be in the future.'],
      [{ supplier: 'x'.repeat(121) }, 'supplier must have at most 120 characters.'],
      [
        { price: 1 },
        'Only acquisitionCost, purchaseDate, supplier, expectedLifeYears and version may be sent.',
      ],
    ] as const) {
      const refused = await as('Engineer').send('PUT', path(), body);
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
    expect((await as('Engineer').send<DeviceAcquisition>('GET', path())).body).toEqual(before);
  });
});
