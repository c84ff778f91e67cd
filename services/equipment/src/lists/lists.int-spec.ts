import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import {
  EVENT_SUBJECTS,
  type CreateEquipmentRequest,
  type EquipmentDto,
  type EquipmentListResponse,
  type HospitalListsDto,
  type ListEntryDto,
  type ReportQueuedResponse,
  type ReportScheduleListResponse,
  type Role,
  type TaskCreatedResponse,
  type UserDto,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { testVerifier } from '@caliber/testing/statement-keys';
import { until } from '@caliber/testing/wait';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  startReports,
  uniqueServiceNumber,
  useSignInStack,
} from '@caliber/testing/stack';

/**
 * The hospital lists end to end: the equipment service keeps them, the gateway serves them, and
 * a rename reaches the devices (at once), the staff (identity's copy) and the device details kept
 * on tasks (maintenance's copy); reports read a request's names against them.
 */
describe('Hospital lists: departments with wards, categories (real PostgreSQL, NATS, Redis)', () => {
  const stack = useSignInStack('lists');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let reports: INestApplication;
  let rows: DataSource;
  let nats: NatsConnection;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  const verifier = testVerifier();
  const marker = `L${Date.now().toString(36)}`;
  let serial = 0;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance({ LISTS_FOLLOW_SECONDS: '1' });
    reports = await startReports();
    rows = await equipmentDataSource();
    nats = await connect(natsConnectOptions());
    for (const role of ['Technician', 'Engineer', 'Admin'] as const) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Lists`, preApproved: true });
      ids.set(role, staff.id);
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(async () => {
    await nats.drain();
    await rows.destroy();
    await reports.close();
    await maintenance.close();
    await equipment.close();
  });

  const as = (role: Role) => ({
    get: <T = Record<string, unknown>>(path: string) =>
      call<T>(stack.gateway.url, 'GET', `/api${path}`, { token: tokens.get(role) }),
    post: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: tokens.get(role), body }),
    put: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'PUT', `/api${path}`, { token: tokens.get(role), body }),
  });
  const admin = as('Admin');
  const engineer = as('Engineer');
  const technician = as('Technician');

  const device = (overrides: Partial<CreateEquipmentRequest> = {}): CreateEquipmentRequest => {
    serial += 1;
    return {
      name: `${marker} Monitor ${serial}`,
      manufacturer: 'Mindray',
      model: 'N12',
      serialNumber: `${marker}-${serial}`,
      department: 'ICU',
      location: 'Bed 1',
      installationDate: '2023-05-01',
      status: 'Serviceable',
      category: 'Monitor',
      ...overrides,
    };
  };
  async function addDevice(overrides: Partial<CreateEquipmentRequest> = {}): Promise<EquipmentDto> {
    const answer = await technician.post<EquipmentDto>('/equipment', device(overrides));
    expect(answer.status).toBe(201);
    return answer.body;
  }
  async function addEntry(body: Record<string, unknown>): Promise<ListEntryDto> {
    const answer = await admin.post<ListEntryDto>('/lists', body);
    expect(answer.status).toBe(201);
    return answer.body;
  }
  const lists = async () => (await technician.get<HospitalListsDto>('/lists')).body;
  const stored = async (id: string) =>
    (
      (await rows.query(
        `SELECT "department", "category", "location" FROM "equipment"."equipment" WHERE "id" = $1`,
        [id],
      )) as { department: string; category: string; location: string }[]
    )[0];

  it('starts with the hospital’s departments (older spellings kept as former names) and categories with Other', async () => {
    const answer = await technician.get<HospitalListsDto>('/lists');
    expect(answer.status).toBe(200);
    const radiology = answer.body.departments.find((entry) => entry.name === 'Radiology Department');
    expect(radiology?.formerNames.map((old) => old.name)).toEqual(['Radiology']);
    expect(answer.body.departments.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['TSEU', 'ICU', 'NICU', 'Labour', 'Maternity Theatre', '{product}']),
    );
    expect(answer.body.categories.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['Ventilator', 'X-Ray', 'Other']),
    );
  });

  it('lets only Admins change them, and keeps each name with one entry for good', async () => {
    for (const role of ['Technician', 'Engineer'] as const)
      expect(
        (await as(role).post('/lists', { kind: 'department', name: `${marker} Burns Unit` })).body,
      ).toMatchObject({ statusCode: 403, message: 'Only Admins may change the hospital lists.' });

    const burns = await addEntry({ kind: 'department', name: `  ${marker}   Burns Unit ` });
    expect(burns).toMatchObject({
      kind: 'department',
      name: `${marker} Burns Unit`,
      retired: false,
      version: 1,
    });
    const [audit] = (await rows.query(
      `SELECT "action", "changes" FROM "equipment"."audit_log" WHERE "entity" = 'list_entry' AND "entity_id" = $1`,
      [burns._id],
    )) as { action: string; changes: Record<string, { to: unknown }> }[];
    expect(audit).toMatchObject({ action: 'added', changes: { name: { to: `${marker} Burns Unit` } } });

    expect(await admin.post('/lists', { kind: 'department', name: `${marker} BURNS unit` })).toMatchObject({
      status: 409,
      body: { message: `Department "${marker} Burns Unit" is already on the list.` },
    });
    expect(await admin.post('/lists', { kind: 'department', name: 'radiology' })).toMatchObject({
      status: 409,
      body: {
        message:
          '"radiology" was a name of Radiology Department: a name stays with the department that had it. Choose another name.',
      },
    });
    // A ward belongs to an active department; its name is its department's business.
    const bay = await addEntry({ kind: 'ward', name: 'Bay A', parentId: burns._id });
    expect(bay.parentId).toBe(burns._id);
    const icu = (await lists()).departments.find((entry) => entry.name === 'ICU');
    expect((await admin.post('/lists', { kind: 'ward', name: 'Bay A', parentId: icu?._id })).status).toBe(
      201,
    );
    expect((await admin.post('/lists', { kind: 'ward', name: 'bay a', parentId: burns._id })).status).toBe(
      409,
    );
    expect(
      (await admin.post('/lists', { kind: 'ward', name: 'Bay B', parentId: bay._id })).body,
    ).toMatchObject({
      statusCode: 400,
      message: 'parentId must be a department from the list.',
    });
    expect(
      (await lists()).departments.find((entry) => entry._id === burns._id)?.wards.map((w) => w.name),
    ).toEqual(['Bay A']);
  });

  it('checks every device’s department and category against them, reading former names as the current one', async () => {
    expect(await technician.post('/equipment', device({ department: 'Moon Base' }))).toMatchObject({
      status: 400,
      body: {
        message: 'Department "Moon Base" is not one of the hospital\'s departments.',
        details: [{ path: 'department' }],
      },
    });
    expect((await technician.post('/equipment', device({ category: 'Toaster' }))).body).toMatchObject({
      statusCode: 400,
      details: [{ path: 'category', message: 'Category "Toaster" is not one of the equipment categories.' }],
    });
    const eye = await addDevice({ department: 'eye', category: 'x-ray' });
    expect(eye).toMatchObject({ department: 'Ophthalmology', category: 'X-Ray' });
    const filtered = await technician.get<EquipmentListResponse>(
      `/equipment?department=Eye&q=${eye.serialNumber}`,
    );
    expect(filtered.body.equipment.map((item) => item._id)).toEqual([eye._id]);
  });

  it('renames: devices, staff and the details kept on tasks follow, each audited; the old name still finds the entry', async () => {
    const ward = await addEntry({ kind: 'department', name: `${marker} Day Surgery` });
    await addEntry({ kind: 'ward', name: 'Recovery', parentId: ward._id });
    const there = await addDevice({ department: ward.name, location: 'Recovery' });
    const elsewhere = await addDevice({ department: 'ICU', location: 'Recovery' });
    const nurse = (
      await admin.post<UserDto>('/users', {
        serviceNumber: uniqueServiceNumber('LST'),
        name: 'Nurse Lists',
        phoneNumber: '+15550100776',
        department: ward.name,
      })
    ).body;
    const task = await engineer.post<TaskCreatedResponse>('/tasks', {
      title: 'Check alarms',
      description: 'Monthly check',
      priority: 'Low',
      equipmentId: there._id,
    });
    expect(task.status).toBe(201);

    const events: unknown[] = [];
    const subscription = nats.subscribe(EVENT_SUBJECTS.listsChanged, {
      callback: (_error, message) => {
        const packet = JSON.parse(new TextDecoder().decode(message.data)) as { data: unknown };
        events.push(verifier.verify(message.subject, packet.data, ['equipment']).payload);
      },
    });
    await nats.flush();
    const renamed = await admin.put<ListEntryDto>(`/lists/${ward._id}`, {
      name: `${marker} Ambulatory Surgery`,
      version: ward.version,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `${marker} Ambulatory Surgery`, version: 2 });
    expect(renamed.body.formerNames.map((old) => old.name)).toEqual([`${marker} Day Surgery`]);
    await until(async () => events.length > 0, { what: 'the lists:changed event' });
    subscription.unsubscribe();
    expect(events).toEqual([{ kind: 'department' }]);

    // Devices: at once, in the rename's transaction, each with an audit row naming the Admin.
    expect(await stored(there._id)).toMatchObject({ department: `${marker} Ambulatory Surgery` });
    const [deviceAudit] = (await rows.query(
      `SELECT "action", "actor_label", "changes" FROM "equipment"."audit_log"
        WHERE "entity" = 'equipment' AND "entity_id" = $1 AND "action" = 'renamed'`,
      [there._id],
    )) as { action: string; changes: Record<string, { from: string; to: string }> }[];
    expect(deviceAudit?.changes['department']).toEqual({
      from: `${marker} Day Surgery`,
      to: `${marker} Ambulatory Surgery`,
    });
    // Staff: identity's copy catches up before it checks a department (a new person here).
    const added = await admin.post<UserDto>('/users', {
      serviceNumber: uniqueServiceNumber('LST'),
      name: 'Second Nurse',
      phoneNumber: '+15550100777',
      department: `${marker} day surgery`,
    });
    expect(added.status).toBe(201);
    expect(added.body.department).toBe(`${marker} Ambulatory Surgery`);
    const [nurseNow] = (await stack.db.query(`SELECT "department" FROM "identity"."users" WHERE "id" = $1`, [
      nurse._id,
    ])) as { department: string }[];
    expect(nurseNow?.department).toBe(`${marker} Ambulatory Surgery`);
    expect(
      await stack.db.query(
        `SELECT 1 FROM "identity"."audit_log" WHERE "entity_id" = $1 AND "action" = 'renamed' AND "service" = 'equipment'`,
        [nurse._id],
      ),
    ).toHaveLength(1);
    // Tasks: maintenance follows the lists every second (and before any report figure).
    await until(
      async () =>
        (
          (await rows.query(`SELECT "equipment_department" AS d FROM "maintenance"."tasks" WHERE "id" = $1`, [
            task.body.task._id,
          ])) as { d: string }[]
        )[0]?.d === `${marker} Ambulatory Surgery`,
      { what: "the task's kept department renamed" },
    );
    // A write that still carries the former name (a device read just before the rename) stores the
    // current one: the rewrite above cannot miss it.
    const [late] = (await rows.query(
      `UPDATE "maintenance"."tasks" SET "equipment_department" = $2 WHERE "id" = $1 RETURNING "equipment_department" AS d`,
      [task.body.task._id, `${marker} Day Surgery`],
    )) as [{ d: string }[], number];
    expect(late[0]?.d).toBe(`${marker} Ambulatory Surgery`);

    // The old name still finds the entry: a filter, and a new device.
    const byOld = await technician.get<EquipmentListResponse>(
      `/equipment?department=${encodeURIComponent(`${marker} Day Surgery`)}&q=${marker}`,
    );
    expect(byOld.body.equipment.map((item) => item._id)).toEqual([there._id]);
    expect((await addDevice({ department: `${marker} Day Surgery` })).department).toBe(
      `${marker} Ambulatory Surgery`,
    );

    // A ward renamed reaches the devices of its department only.
    const recovery = (await lists()).departments
      .find((entry) => entry._id === ward._id)
      ?.wards.find((entry) => entry.name === 'Recovery');
    expect(
      (await admin.put(`/lists/${recovery?._id}`, { name: 'Recovery Bay', version: recovery?.version }))
        .status,
    ).toBe(200);
    expect((await stored(there._id))?.location).toBe('Recovery Bay');
    expect((await stored(elsewhere._id))?.location).toBe('Recovery');

    // A stale version is refused, and nothing changes.
    expect(await admin.put(`/lists/${ward._id}`, { name: 'Stale', version: 1 })).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/changed by someone else/) },
    });
  });

  it('retires: no longer offered for new records, kept on those that carry it, and restorable', async () => {
    const category = await addEntry({ kind: 'category', name: `${marker} Film Processor` });
    const old = await addDevice({ category: category.name });
    const retired = await admin.put<ListEntryDto>(`/lists/${category._id}`, { retired: true, version: 1 });
    expect(retired.body).toMatchObject({ retired: true, version: 2, retiredAt: expect.any(String) });

    expect((await technician.post('/equipment', device({ category: category.name }))).body).toMatchObject({
      statusCode: 400,
      details: [
        {
          path: 'category',
          message: `Category "${category.name}" is retired: choose another, or ask an Admin to restore it.`,
        },
      ],
    });
    // The device keeps it through an edit, and the filter still finds it.
    const edited = await technician.put<EquipmentDto>(`/equipment/${old._id}`, {
      category: category.name,
      location: 'Store',
    });
    expect(edited.body).toMatchObject({ category: category.name, location: 'Store' });
    const found = await technician.get<EquipmentListResponse>(
      `/equipment?category=${encodeURIComponent(category.name)}`,
    );
    expect(found.body.equipment.map((item) => item._id)).toEqual([old._id]);
    // Moving it to another category and back is a new value: refused while retired.
    expect((await technician.put(`/equipment/${old._id}`, { category: 'Other' })).status).toBe(200);
    expect((await technician.put(`/equipment/${old._id}`, { category: category.name })).status).toBe(400);

    expect((await admin.put(`/lists/${category._id}`, { retired: false, version: 2 })).body).toMatchObject({
      retired: false,
      retiredAt: null,
    });
    expect((await technician.put(`/equipment/${old._id}`, { category: category.name })).status).toBe(200);
  });

  it('checks staff departments against the roster’s copy of the list', async () => {
    const closed = await addEntry({ kind: 'department', name: `${marker} Old Annex` });
    expect((await admin.put(`/lists/${closed._id}`, { retired: true, version: 1 })).status).toBe(200);
    const person = {
      serviceNumber: uniqueServiceNumber('LST'),
      name: 'Annex Porter',
      phoneNumber: '+15550100778',
    };
    expect((await admin.post('/users', { ...person, department: 'Moon Base' })).body).toMatchObject({
      statusCode: 400,
      message: 'Department "Moon Base" is not one of the hospital\'s departments.',
    });
    expect((await admin.post('/users', { ...person, department: closed.name })).body).toMatchObject({
      statusCode: 400,
      message: `Department "${closed.name}" is retired: choose another, or ask an Admin to restore it.`,
    });
    const placed = await admin.post<UserDto>('/users', { ...person, department: 'opthamology' });
    expect(placed.body.department).toBe('Ophthalmology');
  });

  it('reads a report’s departments and categories against the lists', async () => {
    const schedule = (departments: string[], categories: string[]) =>
      engineer.post<ReportQueuedResponse>('/reports/generate', {
        reports: ['equipmentStatus'],
        filters: { dateFrom: '2026-01-01', dateTo: '2026-01-31', departments, categories },
        options: { schedule: { enabled: true, frequency: 'monthly' }, delivery: { downloadNow: false } },
      });
    expect((await schedule(['Moon Base'], [])).body).toMatchObject({
      statusCode: 400,
      message: 'Department "Moon Base" is not one of the hospital\'s departments.',
      details: [{ path: 'filters.departments' }],
    });
    const made = await schedule(['radiology', 'Eye', 'eye'], ['x-ray']);
    expect(made.status).toBe(202);
    const mine = await engineer.get<ReportScheduleListResponse>('/report-schedules');
    const saved = mine.body.schedules.find((item) => item._id === made.body.scheduleId);
    expect(saved).toMatchObject({
      departments: ['Radiology Department', 'Ophthalmology'],
      categories: ['X-Ray'],
    });
  });
});
