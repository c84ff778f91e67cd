import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type {
  ContractRenewalFigures,
  DashboardResponse,
  DeviceCover,
  EquipmentDto,
  HospitalListsDto,
  ListEntryDto,
  Role,
  ServiceContract,
  ServiceContractPage,
  Vendor,
} from '@caliber/contracts';
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

const DAY_MS = 86_400_000;
const today = () => hospitalToday('UTC');
const inDays = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Service contracts through the gateway, against real PostgreSQL, NATS and Redis, the currency
 * asked of the real maintenance service: who reads and records them, what they cover (a device,
 * a model, a department, the department renamed), the cover anyone at a device reads, renewal
 * states, the stale-version refusal and the audit rows. Everything made here carries the marker.
 */
describe('Service contracts (real stack)', () => {
  const stack = useSignInStack('service-contracts');
  const apps: INestApplication[] = [];
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  const marker = `SVC${Date.now().toString(36)}`.toUpperCase();
  let monitor: EquipmentDto;
  let pump: EquipmentDto;
  let xray: EquipmentDto;
  let vendor: Vendor;
  let departmentId: string;
  let renewalsBefore: ContractRenewalFigures;

  const as = (role: Role) => ({
    send: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      call<T & { message?: string }>(stack.gateway.url, method, `/api${path}`, {
        token: tokens.get(role),
        ...(body === undefined ? {} : { body }),
      }),
  });

  const device = async (name: string, fields: Record<string, unknown>) => {
    const created = await as('Engineer').send<EquipmentDto>('POST', '/equipment', {
      name: `${marker} ${name}`,
      serialNumber: `${marker}-${name}`.replace(/\s/g, ''),
      manufacturer: 'Philips',
      model: 'MX450',
      department: 'ICU',
      location: 'Bed 1',
      installationDate: '2024-02-01',
      status: 'Serviceable',
      category: 'Other',
      ...fields,
    });
    expect(created.status).toBe(201);
    return created.body;
  };

  const contract = (fields: Record<string, unknown> = {}) => ({
    vendorId: vendor.id,
    reference: `${marker}-1`,
    kind: 'full-service',
    startsOn: inDays(-100),
    endsOn: inDays(200),
    annualCost: 18400.5,
    responseHours: 8,
    pmIncluded: true,
    equipmentIds: [monitor._id],
    ...fields,
  });

  beforeAll(async () => {
    apps.push(await startEquipment(), await startMaintenance());
    rows = await equipmentDataSource();
    for (const role of ['Technician', 'Engineer', 'Manager', 'Admin'] as Role[]) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Contracts`, preApproved: true });
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    expect((await as('Admin').send('PUT', '/cost-settings', { currency: 'GHS' })).status).toBe(200);
    // The suite's own department: the lists are the whole run's, and this one is renamed below.
    const department = await as('Admin').send<ListEntryDto>('POST', '/lists', {
      kind: 'department',
      name: `Radiology ${marker}`,
    });
    expect(department.status).toBe(201);
    departmentId = department.body._id;
    const dashboard = await as('Manager').send<DashboardResponse>('GET', '/dashboard');
    renewalsBefore = dashboard.body.equipment?.contractRenewals ?? { within30: 0, within90: 0 };
    monitor = await device('Monitor', { warrantyExpiry: inDays(30), manufacturer: `${marker} Philips` });
    // The manufacturer on the vendor list: the warranty gives its number.
    const maker = await as('Manager').send<Vendor>('POST', '/vendors', {
      name: `${marker} PHILIPS`,
      kinds: ['manufacturer'],
      phone: '0800 123 456',
    });
    expect(maker.status).toBe(201);
    pump = await device('Pump', {
      manufacturer: 'B. Braun',
      model: 'Infusomat Space',
      department: 'Main Theatre',
    });
    xray = await device('Xray', {
      manufacturer: 'Siemens',
      model: 'Mobilett',
      department: `Radiology ${marker}`,
    });
    const added = await as('Manager').send<Vendor>('POST', '/vendors', {
      name: `${marker} Philips Service`,
      kinds: ['service'],
      phone: '+233 30 255 5100',
      email: 'service@philips.example',
    });
    vendor = added.body;
  });
  afterAll(async () => {
    await rows.destroy();
    for (const app of apps.reverse()) await app.close();
  });

  const audit = async (id: string) =>
    (await rows.query(
      `SELECT "action", "changes" FROM "equipment"."audit_log"
        WHERE "entity" = 'service-contract' AND "entity_id" = $1 ORDER BY "id"`,
      [id],
    )) as { action: string; changes: Record<string, { from: unknown; to: unknown }> }[];

  let recorded: ServiceContract;

  it('records a contract, in the hospital currency, for Engineers, Managers and Admins only', async () => {
    const refused = await as('Technician').send('POST', '/service-contracts', contract());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only Engineers, Managers and Admins record service contracts.');
    const added = await as('Manager').send<ServiceContract>('POST', '/service-contracts', contract());
    expect(added.status).toBe(201);
    recorded = added.body;
    expect(recorded).toMatchObject({
      vendorId: vendor.id,
      vendorName: `${marker} Philips Service`,
      reference: `${marker}-1`,
      annualCost: 18400.5,
      currency: 'GHS',
      renewal: null,
      devices: [{ id: monitor._id, name: `${marker} Monitor`, serialNumber: `${marker}-Monitor` }],
      models: [],
      departmentId: null,
      version: 1,
    });
    expect((await as('Technician').send('GET', `/service-contracts/${recorded.id}`)).status).toBe(403);
    const [row] = await audit(recorded.id);
    expect(row).toMatchObject({ action: 'added' });
    expect(row?.changes).toMatchObject({
      annualCost: { from: null, to: 18400.5 },
      devicesAdded: { from: null, to: [monitor._id] },
    });
  });

  it('shows anyone at the device its warranty and contracts, who to call and never the cost', async () => {
    const cover = await as('Technician').send<DeviceCover>('GET', `/equipment/${monitor._id}/cover`);
    expect(cover.status).toBe(200);
    expect(cover.body.covers).toEqual([
      {
        source: 'warranty',
        kind: null,
        until: inDays(30),
        vendorName: `${marker} PHILIPS`,
        phone: '0800 123 456',
        email: null,
        reference: null,
        responseHours: null,
        pmIncluded: null,
      },
      {
        source: 'contract',
        kind: 'full-service',
        until: inDays(200),
        vendorName: `${marker} Philips Service`,
        phone: '+233 30 255 5100',
        email: 'service@philips.example',
        reference: `${marker}-1`,
        responseHours: 8,
        pmIncluded: true,
      },
    ]);
    const none = await as('Technician').send<DeviceCover>('GET', `/equipment/${pump._id}/cover`);
    expect(none.body.covers).toEqual([]);
  });

  it('covers every device of a model and of a department, a renamed department too', async () => {
    const byModel = await as('Engineer').send<ServiceContract>(
      'POST',
      '/service-contracts',
      contract({
        reference: `${marker}-2`,
        kind: 'pm-only',
        equipmentIds: [],
        models: [{ manufacturer: 'b. braun', model: 'INFUSOMAT SPACE' }],
        departmentId,
        endsOn: inDays(20),
      }),
    );
    expect(byModel.status).toBe(201);
    expect(byModel.body).toMatchObject({ departmentName: `Radiology ${marker}`, renewal: 'due-30' });
    for (const covered of [pump, xray]) {
      const cover = await as('Technician').send<DeviceCover>('GET', `/equipment/${covered._id}/cover`);
      expect(cover.body.covers.map((entry) => entry.reference)).toEqual([`${marker}-2`]);
    }
    const lists = await as('Admin').send<HospitalListsDto>('GET', '/lists');
    const radiology = lists.body.departments.find((entry) => entry._id === departmentId);
    const renamed = await as('Admin').send('PUT', `/lists/${departmentId}`, {
      name: `Imaging ${marker}`,
      version: radiology?.version,
    });
    expect(renamed.status).toBe(200);
    const afterRename = await as('Technician').send<DeviceCover>('GET', `/equipment/${xray._id}/cover`);
    expect(afterRename.body.covers.map((entry) => entry.reference)).toEqual([`${marker}-2`]);
    const covering = await as('Manager').send<ServiceContractPage>(
      'GET',
      `/service-contracts?equipmentId=${xray._id}`,
    );
    expect(covering.body.rows.map((row) => [row.reference, row.departmentName])).toEqual([
      [`${marker}-2`, `Imaging ${marker}`],
    ]);
  });

  it('pages contracts by state, ending first', async () => {
    for (const [suffix, startsOn, endsOn] of [
      ['ended', inDays(-400), inDays(-1)],
      ['upcoming', inDays(10), inDays(375)],
      ['due', inDays(-300), inDays(90)],
    ] as const)
      expect(
        (
          await as('Admin').send(
            'POST',
            '/service-contracts',
            contract({ reference: `${marker}-${suffix}`, startsOn, endsOn }),
          )
        ).status,
      ).toBe(201);
    const references = async (state: string) =>
      (
        await as('Manager').send<ServiceContractPage>('GET', `/service-contracts?q=${marker}&state=${state}`)
      ).body.rows.map((row) => [row.reference, row.renewal]);
    expect(await references('current')).toEqual([
      [`${marker}-2`, 'due-30'],
      [`${marker}-due`, 'due-90'],
      [`${marker}-1`, null],
    ]);
    expect(await references('renewal-due')).toEqual([
      [`${marker}-2`, 'due-30'],
      [`${marker}-due`, 'due-90'],
    ]);
    expect(await references('upcoming')).toEqual([[`${marker}-upcoming`, null]]);
    expect(await references('ended')).toEqual([[`${marker}-ended`, 'ended']]);
    const page = await as('Manager').send<ServiceContractPage>(
      'GET',
      `/service-contracts?q=${marker}&state=all&limit=2`,
    );
    expect(page.body).toMatchObject({ total: 5, pages: 3, limit: 2 });
    expect(page.body.rows[0]).toMatchObject({ reference: `${marker}-ended`, deviceCount: 1 });
    // The dashboard counts those in force ending within 30 days (-2) and within 90 (-2 and -due),
    // besides those other suites of the run left.
    const dashboard = await as('Manager').send<DashboardResponse>('GET', '/dashboard');
    const renewals = dashboard.body.equipment?.contractRenewals;
    expect(
      renewals && {
        within30: renewals.within30 - renewalsBefore.within30,
        within90: renewals.within90 - renewalsBefore.within90,
      },
    ).toEqual({ within30: 1, within90: 2 });
  });

  it('refuses what is not on its lists, a taken number and a bad term, writing nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ reference: `${marker}-1`.toLowerCase() }, 409, 'The vendor has a contract of that number already.'],
      [{ reference: `${marker}-x`, vendorId: monitor._id }, 400, 'The vendor is not on the list of vendors.'],
      [
        { reference: `${marker}-x`, equipmentIds: [vendor.id] },
        400,
        'One of the devices is not in the inventory.',
      ],
      [
        { reference: `${marker}-x`, departmentId: vendor.id },
        400,
        'The department is not on the hospital list.',
      ],
      [
        { reference: `${marker}-x`, endsOn: inDays(-200) },
        400,
        'The end date cannot be before the start date.',
      ],
      [{ reference: `${marker}-x`, equipmentIds: [] }, 400, 'Name what the contract covers'],
      [{ reference: `${marker}-x`, annualCost: -1 }, 400, 'Annual cost cannot be negative.'],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await as('Engineer').send('POST', '/service-contracts', contract(fields));
      expect([answer.status, answer.body.message]).toEqual([status, expect.stringContaining(message)]);
    }
    const [{ count }] = (await rows.query(
      `SELECT count(*)::int AS "count" FROM "equipment"."service_contracts" WHERE "reference" LIKE $1`,
      [`${marker}-%`],
    )) as [{ count: number }];
    expect(count).toBe(5);
  });

  it('changes a contract with the version read, its devices audited as added and removed', async () => {
    const base = contract({ equipmentIds: [monitor._id] });
    const same = await as('Engineer').send<ServiceContract>('PUT', `/service-contracts/${recorded.id}`, {
      ...base,
      version: 1,
    });
    expect(same.body.version).toBe(1);
    const changed = await as('Engineer').send<ServiceContract>('PUT', `/service-contracts/${recorded.id}`, {
      ...base,
      annualCost: 19000,
      equipmentIds: [pump._id],
      version: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ annualCost: 19000, version: 2, devices: [{ id: pump._id }] });
    const stale = await as('Admin').send('PUT', `/service-contracts/${recorded.id}`, { ...base, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `Contract ${marker}-1 was changed by someone else since you opened it. Reload it and try again.`,
    );
    expect((await audit(recorded.id)).at(-1)).toEqual({
      action: 'changed',
      changes: {
        annualCost: { from: 18400.5, to: 19000 },
        devicesAdded: { from: null, to: [pump._id] },
        devicesRemoved: { from: [monitor._id], to: null },
      },
    });
  });

  it('keeps a retired vendor on its contract, and refuses it for a new one', async () => {
    const retired = await as('Admin').send<Vendor>('PUT', `/vendors/${vendor.id}`, {
      name: vendor.name,
      kinds: vendor.kinds,
      phone: vendor.phone,
      email: vendor.email,
      retired: true,
      version: vendor.version,
    });
    expect(retired.status).toBe(200);
    const kept = await as('Engineer').send<ServiceContract>('PUT', `/service-contracts/${recorded.id}`, {
      ...contract({ equipmentIds: [pump._id], annualCost: 19000 }),
      notes: 'Renewal under negotiation.',
      version: 2,
    });
    expect(kept.status).toBe(200);
    const refused = await as('Engineer').send(
      'POST',
      '/service-contracts',
      contract({ reference: `${marker}-new` }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`${vendor.name} is retired: restore it to name it on a contract.`);
  });
});
