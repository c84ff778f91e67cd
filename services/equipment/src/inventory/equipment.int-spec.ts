import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { io } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import {
  EVENT_SUBJECTS,
  SOCKET_SETTINGS,
  gtinCheckDigit,
  type CreateEquipmentRequest,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type Role,
  type StatusHistoryPage,
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
  useSignInStack,
} from '@caliber/testing/stack';

describe('Equipment inventory through the gateway (real PostgreSQL, NATS, Redis)', () => {
  const stack = useSignInStack('equipment');
  let equipment: INestApplication;
  let rows: DataSource;
  let nats: NatsConnection;
  const tokens = new Map<Role, string>();
  const serviceNumbers = new Map<Role, string>();
  const verifier = testVerifier();
  let serial = 0;
  const marker = `T${Date.now().toString(36)}`;

  beforeAll(async () => {
    equipment = await startEquipment();
    rows = await equipmentDataSource();
    nats = await connect(natsConnectOptions());
    for (const role of ['Technician', 'Engineer', 'Admin'] as const) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Tester` });
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
      serviceNumbers.set(role, staff.serviceNumber);
    }
  });
  afterAll(async () => {
    await nats.drain();
    await rows.destroy();
    await equipment.close();
  });

  const as = (role: Role) => ({
    get: <T = Record<string, unknown>>(path: string) =>
      call<T>(stack.gateway.url, 'GET', `/api${path}`, { token: tokens.get(role) }),
    post: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: tokens.get(role), body }),
    put: <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'PUT', `/api${path}`, { token: tokens.get(role), body }),
    delete: <T = Record<string, unknown>>(path: string) =>
      call<T>(stack.gateway.url, 'DELETE', `/api${path}`, { token: tokens.get(role) }),
  });
  const technician = as('Technician');
  const engineer = as('Engineer');

  function ventilator(overrides: Partial<CreateEquipmentRequest> = {}): CreateEquipmentRequest {
    serial += 1;
    return {
      name: `${marker} ICU Ventilator ${serial}`,
      manufacturer: 'Dräger',
      model: 'Evita V500',
      serialNumber: `${marker}-SN-${serial}`,
      department: 'ICU',
      location: 'ICU Bed 4',
      installationDate: '2022-03-01',
      warrantyExpiry: '2025-03-01',
      status: 'Serviceable',
      category: 'Ventilator',
      ...overrides,
    };
  }

  async function added(overrides: Partial<CreateEquipmentRequest> = {}): Promise<EquipmentDto> {
    const answer = await technician.post<EquipmentDto>('/equipment', ventilator(overrides));
    expect(answer.status).toBe(201);
    return answer.body;
  }

  /**
   * Collects what is published on the equipment event subjects while `act` runs, until `count`
   * events have arrived. To show that an act publishes nothing, pass 0: a marker change to another
   * item follows it, and since one service publishes in order, the marker's event arriving first
   * proves nothing came before it.
   */
  async function published(
    act: () => Promise<unknown>,
    count: number,
  ): Promise<{ subject: string; data: unknown }[]> {
    const seen: { subject: string; data: unknown }[] = [];
    let arrived: () => void = () => undefined;
    const enough = new Promise<void>((resolve) => (arrived = resolve));
    const expected = count === 0 ? 1 : count;
    const subscription = nats.subscribe('events.equipment.>', {
      callback: (_error, message) => {
        const packet = JSON.parse(new TextDecoder().decode(message.data)) as { data: unknown };
        // Every event is signed by the equipment service, for its subject and its payload.
        const { payload } = verifier.verify(message.subject, packet.data, ['equipment']);
        seen.push({ subject: message.subject, data: payload });
        if (seen.length >= expected) arrived();
      },
    });
    try {
      await nats.flush();
      await act();
      if (count === 0) {
        const marker = markerItem ?? (markerItem = await added());
        await technician.put(`/equipment/${marker._id}`, { location: `Marker ${Date.now()}` });
      }
      await enough;
      if (count === 0) {
        expect(seen[0]?.data).toMatchObject({ equipment: { _id: markerItem?._id } });
        return [];
      }
      return seen;
    } finally {
      subscription.unsubscribe();
    }
  }
  let markerItem: EquipmentDto | undefined;

  async function historyOf(id: string) {
    return rows.query(
      `SELECT "from_status", "to_status", "changed_by_name", "reason" FROM "equipment"."status_history"
        WHERE "equipment_id" = $1 ORDER BY "id"`,
      [id],
    ) as Promise<
      { from_status: string | null; to_status: string; changed_by_name: string; reason: string | null }[]
    >;
  }

  async function auditOf(id: string) {
    return rows.query(
      `SELECT "action", "actor_label", "service", "changes" FROM "equipment"."audit_log"
        WHERE "entity_id" = $1 ORDER BY "id"`,
      [id],
    ) as Promise<
      {
        action: string;
        actor_label: string;
        service: string | null;
        changes: Record<string, { from: unknown; to: unknown }>;
      }[]
    >;
  }

  it('adds an item: 201 with the item, its first status-history row, an audit row and an event', async () => {
    const body = ventilator();
    const answers: { status: number; body: EquipmentDto }[] = [];
    const events = await published(async () => {
      answers.push(await technician.post<EquipmentDto>('/equipment', body));
    }, 1);
    const [answer] = answers;
    expect(answer?.status).toBe(201);
    const item = answer?.body as EquipmentDto;
    expect(item).toMatchObject({ ...body, createdBy: { name: 'Technician Tester' }, version: 1 });
    expect(item._id).toMatch(/^[0-9a-f-]{36}$/);

    expect(await historyOf(item._id)).toEqual([
      {
        from_status: null,
        to_status: 'Serviceable',
        changed_by_name: 'Technician Tester',
        reason: 'Added to the inventory',
      },
    ]);
    const audit = await auditOf(item._id);
    expect(audit).toHaveLength(1);
    // Who acted (from the gateway's signed statement, not the payload), and who vouched for them.
    expect(audit[0]).toMatchObject({
      action: 'created',
      actor_label: serviceNumbers.get('Technician'),
      service: 'gateway',
    });
    expect(audit[0]?.changes['serialNumber']).toEqual({ from: null, to: body.serialNumber });
    expect(events).toEqual([{ subject: EVENT_SUBJECTS.equipmentCreated, data: { equipment: item } }]);

    const detail = await technician.get<EquipmentDetail>(`/equipment/${item._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.statusHistory).toEqual([
      expect.objectContaining({
        from: null,
        to: 'Serviceable',
        by: { _id: expect.any(String), name: 'Technician Tester' },
      }),
    ]);
  });

  it('refuses invalid equipment with 400 and a message, storing nothing', async () => {
    const cases: [
      Partial<Record<keyof CreateEquipmentRequest, unknown>> & Record<string, unknown>,
      string,
    ][] = [
      [{ name: '' }, 'Name is required.'],
      [{ serialNumber: undefined }, 'Serial number is required.'],
      [{ installationDate: '2024-02-30' }, 'Installation date must be a date such as 2024-03-31.'],
      [{ warrantyExpiry: '2020-01-01' }, 'Warranty expiry cannot be before the installation date.'],
      [
        { status: 'Broken' },
        'Status must be one of Serviceable, Under Maintenance, Unserviceable, Decommissioned, Auctioned.',
      ],
      [{ category: 'Toaster' }, 'is not one of the equipment categories'],
      [{ department: 'Kitchen' }, 'Department "Kitchen" is not one of the hospital\'s departments.'],
      [{ colour: 'red' }, 'Only the equipment fields'],
    ];
    for (const [change, message] of cases) {
      const body = { ...ventilator(), ...change };
      const answer = await technician.post('/equipment', body);
      expect(answer.status).toBe(400);
      expect(String(answer.body['message'])).toContain(message);
    }
    const stored = (await rows.query(
      `SELECT count(*)::int AS n FROM "equipment"."equipment" WHERE "name" LIKE $1`,
      [`${marker}%`],
    )) as [{ n: number }];
    const listed = await technician.get<EquipmentListResponse>(`/equipment?q=${marker}&limit=100`);
    expect(listed.body.total).toBe(stored[0].n);
  });

  it('refuses a serial number already in the inventory, whatever its case, with 409 naming it', async () => {
    const first = await added();
    const answer = await technician.post(
      '/equipment',
      ventilator({ serialNumber: first.serialNumber.toLowerCase() }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body['message']).toBe(
      `Serial number ${first.serialNumber.toLowerCase()} is already in the inventory (${first.name}).`,
    );
    const other = await added();
    const moved = await technician.put(`/equipment/${other._id}`, { serialNumber: first.serialNumber });
    expect(moved.status).toBe(409);
  });

  it('records every status change with who, why, and publishes statusChanged', async () => {
    const item = await added();
    const events = await published(
      () =>
        technician.put(`/equipment/${item._id}/status`, {
          status: 'Under Maintenance',
          reason: 'Alarm fault',
        }),
      2,
    );
    expect(events.map((e) => e.subject)).toEqual([
      EVENT_SUBJECTS.equipmentUpdated,
      EVENT_SUBJECTS.equipmentStatusChanged,
    ]);
    expect(events[1]?.data).toMatchObject({ from: 'Serviceable', to: 'Under Maintenance' });

    await engineer.put(`/equipment/${item._id}`, { status: 'Serviceable', location: 'ICU Bed 5' });
    expect(await historyOf(item._id)).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'Serviceable' }),
      {
        from_status: 'Serviceable',
        to_status: 'Under Maintenance',
        changed_by_name: 'Technician Tester',
        reason: 'Alarm fault',
      },
      expect.objectContaining({ from_status: 'Under Maintenance', to_status: 'Serviceable', reason: null }),
    ]);
    const audit = await auditOf(item._id);
    expect(audit.map((row) => row.action)).toEqual(['created', 'status-changed', 'updated']);
    expect(audit[2]?.changes).toEqual({
      location: { from: 'ICU Bed 4', to: 'ICU Bed 5' },
      status: { from: 'Under Maintenance', to: 'Serviceable' },
    });

    const same = await published(
      () => technician.put(`/equipment/${item._id}/status`, { status: 'Serviceable' }),
      0,
    );
    expect(same).toEqual([]);
    expect(await historyOf(item._id)).toHaveLength(3);
  });

  it('keeps Decommissioned, Auctioned and deleting for Engineers and Admins', async () => {
    const item = await added();
    const refused = await technician.put(`/equipment/${item._id}/status`, { status: 'Decommissioned' });
    expect(refused.status).toBe(403);
    expect(refused.body['message']).toBe('Only Engineers and Admins may set the status Decommissioned.');
    expect((await technician.post('/equipment', ventilator({ status: 'Auctioned' }))).status).toBe(403);
    expect((await technician.put(`/equipment/${item._id}`, { status: 'Auctioned' })).status).toBe(403);

    expect((await engineer.put(`/equipment/${item._id}/status`, { status: 'Decommissioned' })).status).toBe(
      200,
    );
    const back = await technician.put(`/equipment/${item._id}/status`, { status: 'Serviceable' });
    expect(back.status).toBe(403);
    expect(back.body['message']).toBe(
      'Only Engineers and Admins may bring back equipment that is Decommissioned.',
    );
    expect((await as('Admin').put(`/equipment/${item._id}/status`, { status: 'Auctioned' })).status).toBe(
      200,
    );

    expect((await technician.delete(`/equipment/${item._id}`)).status).toBe(403);
    expect((await technician.get(`/equipment/${item._id}`)).status).toBe(200);
  });

  it('deletes for an Engineer: gone from the list, audit and history kept, serial free again', async () => {
    const item = await added();
    const events = await published(() => engineer.delete(`/equipment/${item._id}`), 1);
    expect(events).toEqual([{ subject: EVENT_SUBJECTS.equipmentDeleted, data: { _id: item._id } }]);
    const gone = await technician.get(`/equipment/${item._id}`);
    expect(gone.status).toBe(404);
    expect(gone.body['message']).toBe('This equipment is not in the inventory.');
    expect((await engineer.delete(`/equipment/${item._id}`)).status).toBe(404);
    const listed = await technician.get<EquipmentListResponse>(
      `/equipment?q=${encodeURIComponent(item.serialNumber)}`,
    );
    expect(listed.body.total).toBe(0);
    const audit = await auditOf(item._id);
    expect(audit.map((row) => row.action)).toEqual(['created', 'deleted']);
    // The deletion's row alone says what was removed: every field as it was, going to null.
    expect(audit[1]?.changes['serialNumber']).toEqual({ from: item.serialNumber, to: null });
    expect(audit[1]?.changes['name']).toEqual({ from: item.name, to: null });
    expect(await historyOf(item._id)).toHaveLength(1);
    expect(
      (await technician.post('/equipment', ventilator({ serialNumber: item.serialNumber }))).status,
    ).toBe(201);
  });

  it('edits descriptive fields for anyone, audited field by field, refusing a stale version with 409', async () => {
    const item = await added();
    const saved = await technician.put<EquipmentDto>(`/equipment/${item._id}`, {
      location: 'ICU Bed 9',
      warrantyExpiry: '',
      version: item.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      location: 'ICU Bed 9',
      warrantyExpiry: null,
      version: item.version + 1,
    });
    expect((await auditOf(item._id)).at(-1)).toMatchObject({
      action: 'updated',
      changes: {
        location: { from: 'ICU Bed 4', to: 'ICU Bed 9' },
        warrantyExpiry: { from: '2025-03-01', to: null },
      },
    });

    const stale = await engineer.put(`/equipment/${item._id}`, { location: 'Store', version: item.version });
    expect(stale.status).toBe(409);
    expect(stale.body['message']).toContain('was changed by someone else');
    expect((await technician.put(`/equipment/${item._id}`, { version: 2 })).status).toBe(400);
    expect(
      (
        await technician.put(`/equipment/${item._id}`, {
          installationDate: '2026-01-01',
          warrantyExpiry: '2025-01-01',
        })
      ).status,
    ).toBe(400);
    expect((await technician.put(`/equipment/not-a-uuid`, { location: 'X' })).status).toBe(404);
  });

  it('lists with server-side search, filters, sort and pagination, and the filter options present', async () => {
    const group = `${marker}L`;
    const specs: Partial<CreateEquipmentRequest>[] = [
      {
        department: 'ICU',
        status: 'Serviceable',
        category: 'Ventilator',
        location: 'ICU Bed 1',
        model: 'Evita V500',
      },
      {
        department: 'ICU',
        status: 'Unserviceable',
        category: 'Monitor',
        location: 'ICU Bed 2',
        model: 'ePM 10',
      },
      {
        department: 'Radiology',
        status: 'Serviceable',
        category: 'X-Ray',
        location: 'Radiology Room 3',
        model: 'AMX Navigate',
      },
      {
        department: 'Theatre',
        status: 'Under Maintenance',
        category: 'Defibrillator',
        location: '50% Store',
        model: 'R Series',
      },
      {
        department: 'Theatre',
        status: 'Serviceable',
        category: 'Ventilator',
        location: 'Theatre 1',
        model: 'C6',
      },
    ];
    for (const [index, spec] of specs.entries()) {
      await added({ ...spec, name: `${group} Item ${String.fromCharCode(69 - index)}` });
    }
    const list = (query: string) => technician.get<EquipmentListResponse>(`/equipment?q=${group}${query}`);

    const all = await list('&limit=2');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 5, page: 1, pages: 3, limit: 2 });
    expect(all.body.equipment.map((e) => e.name)).toEqual([`${group} Item A`, `${group} Item B`]);
    expect((await list('&limit=2&page=3')).body.equipment.map((e) => e.name)).toEqual([`${group} Item E`]);
    expect((await list('&limit=2&sort=-name')).body.equipment.map((e) => e.name)).toEqual([
      `${group} Item E`,
      `${group} Item D`,
    ]);

    expect((await list('&department=ICU')).body.total).toBe(2);
    expect((await list('&status=Serviceable')).body.total).toBe(3);
    expect(
      (await list('&category=Ventilator&department=Theatre')).body.equipment.map((e) => e.model),
    ).toEqual(['C6']);
    expect((await list('&department=&status=&category=')).body.total).toBe(5);

    const search = (text: string) =>
      technician.get<EquipmentListResponse>(`/equipment?q=${encodeURIComponent(text)}&limit=100`);
    expect((await search(`${group} item c`)).body.total).toBe(1);
    const byModel = (await search('amx navigate')).body.equipment.filter((e) => e.name.startsWith(group));
    expect(byModel).toHaveLength(1);
    const literal = (await search('50% store')).body.equipment.filter((e) => e.name.startsWith(group));
    expect(literal.map((e) => e.location)).toEqual(['50% Store']);
    expect((await search(`${marker}-SN-`)).body.total).toBeGreaterThanOrEqual(5);

    const options = all.body.filters;
    expect(options.departments).toEqual(
      expect.arrayContaining(['ICU', 'Radiology Department', 'Main Theatre']),
    );
    expect(options.statuses).toEqual(
      expect.arrayContaining(['Serviceable', 'Unserviceable', 'Under Maintenance']),
    );
    expect([...options.departments].sort()).toEqual(options.departments);

    for (const bad of ['page=0', 'limit=101', 'status=Broken', 'sort=colour', 'page=1&page=2']) {
      const answer = await technician.get(`/equipment?${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body['message']).toEqual(expect.any(String));
    }
    expect((await call(stack.gateway.url, 'GET', '/api/equipment')).status).toBe(401);
  });

  it('keeps returning a device to service for Engineers and Admins; anyone may report it out of use', async () => {
    const item = await added();
    expect(
      (await technician.put(`/equipment/${item._id}/status`, { status: 'Under Maintenance' })).status,
    ).toBe(200);
    for (const attempt of [
      () => technician.put(`/equipment/${item._id}/status`, { status: 'Serviceable' }),
      () => technician.put(`/equipment/${item._id}`, { status: 'Serviceable' }),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(refused.body['message']).toBe(
        'Only Engineers and Admins may return equipment to service: an engineer checks it first.',
      );
    }
    expect((await technician.put(`/equipment/${item._id}/status`, { status: 'Unserviceable' })).status).toBe(
      200,
    );
    expect(await historyOf(item._id)).toHaveLength(3);
    const back = await engineer.put<EquipmentDto>(`/equipment/${item._id}/status`, {
      status: 'Serviceable',
      reason: 'Tested after repair',
    });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('Serviceable');
  });

  it('refuses a status change from a stale screen with 409, changing nothing', async () => {
    const item = await added();
    const first = await technician.put<EquipmentDto>(`/equipment/${item._id}/status`, {
      status: 'Unserviceable',
      version: item.version,
    });
    expect(first.status).toBe(200);
    const stale = await engineer.put(`/equipment/${item._id}/status`, {
      status: 'Serviceable',
      version: item.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body['message']).toContain('was changed by someone else');
    expect((await technician.get<EquipmentDetail>(`/equipment/${item._id}`)).body.status).toBe(
      'Unserviceable',
    );
    expect(
      (
        await engineer.put(`/equipment/${item._id}/status`, {
          status: 'Serviceable',
          version: first.body.version,
        })
      ).status,
    ).toBe(200);
  });

  it('places equipment in the hospital department list, reading older spellings as the canonical name', async () => {
    const radiology = await added({ department: 'Radiology' });
    expect(radiology.department).toBe('Radiology Department');
    expect((await added({ department: 'NICU' })).department).toBe('NICU');
    const unknown = await technician.post('/equipment', ventilator({ department: 'Moon Base' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body['message']).toContain(
      'Department "Moon Base" is not one of the hospital\'s departments.',
    );
  });

  it("keeps a device's UDI with the GTIN, lot and dates it holds, and finds the device by GTIN or a raw scan", async () => {
    const first13 = `0614141${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const gtin = `${first13}${gtinCheckDigit(first13)}`;
    serial += 1;
    const serialNumber = `${marker}U${serial}`;
    const scanned = `]d201${gtin}17290131\u001d10LOT-4\u001d21${serialNumber}`;
    const item = await added({ serialNumber, udi: scanned });
    expect(item).toMatchObject({
      serialNumber,
      udi: `(01)${gtin}(17)290131(10)LOT-4(21)${serialNumber}`,
      gtin,
      lotNumber: 'LOT-4',
      expiryDate: '2029-01-31',
      manufactureDate: null,
    });
    const found = async (q: string) =>
      (
        await technician.get<EquipmentListResponse>(`/equipment?q=${encodeURIComponent(q)}`)
      ).body.equipment.map((device) => device._id);
    expect(await found(gtin)).toEqual([item._id]);
    expect(await found(gtin.slice(1))).toEqual([item._id]);
    expect(await found(scanned)).toEqual([item._id]);
    expect(await found(`(01)${gtin}(21)${serialNumber}`)).toEqual([item._id]);

    const mismatch = await technician.post<{ message: string }>(
      '/equipment',
      ventilator({ udi: `(01)${gtin}(21)SOMEONE-ELSE` }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toMatch(/not the UDI's serial/);
    const wrongDigit = await technician.post<{ message: string }>(
      '/equipment',
      ventilator({ udi: `(01)${first13}${(gtinCheckDigit(first13) + 1) % 10}` }),
    );
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body.message).toMatch(/check digit/);

    const cleared = await technician.put<EquipmentDto>(`/equipment/${item._id}`, { udi: null });
    expect(cleared.body).toMatchObject({ udi: null, gtin: null, lotNumber: null, expiryDate: null });
    expect(await found(gtin)).toEqual([]);
  });

  it('answers an item with a long history by pages, and stays up (the history once outgrew a NATS reply)', async () => {
    const item = await added();
    // 700 changes with 500-character reasons of characters JSON escapes: over 1 MiB as one answer.
    const reason = '\u0001"\\'.repeat(167).slice(0, 500);
    await rows.query(
      `INSERT INTO "equipment"."status_history"
         ("equipment_id", "from_status", "to_status", "changed_by_name", "reason", "changed_at")
       SELECT $1, 'Serviceable', 'Unserviceable', 'Technician Tester', $2, now() + make_interval(secs => n)
         FROM generate_series(1, 700) AS n`,
      [item._id, reason],
    );
    const detail = await technician.get<EquipmentDetail>(`/equipment/${item._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.statusHistory).toHaveLength(20);
    expect(detail.body.statusHistoryTotal).toBe(701);
    expect(detail.body.statusHistory[0]?.reason).toBe(reason);

    const page = await technician.get<StatusHistoryPage>(`/equipment/${item._id}/history?page=36&limit=20`);
    expect(page.body).toMatchObject({ total: 701, page: 36, pages: 36, limit: 20 });
    expect(page.body.entries).toHaveLength(1);
    expect(page.body.entries[0]).toMatchObject({ from: null, to: 'Serviceable' });
    expect((await technician.get(`/equipment/${item._id}/history?limit=500`)).status).toBe(400);
    expect((await technician.get(`/equipment/${randomUUID()}/history`)).status).toBe(404);
    expect((await technician.get(`/equipment/${item._id}`)).status).toBe(200);
  });

  it('forwards the inventory events to signed-in browsers over socket.io', async () => {
    const socket = io(stack.gateway.url, {
      path: SOCKET_SETTINGS.path,
      transports: ['websocket'],
      reconnection: false,
      auth: { token: tokens.get('Engineer') },
    });
    try {
      await new Promise((resolve) => socket.once('socket:ready', resolve));
      const received: string[] = [];
      for (const event of [
        'equipment:created',
        'equipment:updated',
        'equipment:statusChanged',
        'equipment:deleted',
      ]) {
        socket.on(event, (payload: { equipment?: EquipmentDto; _id?: string }) =>
          received.push(`${event} ${payload.equipment?.status ?? payload._id ?? ''}`),
        );
      }
      const item = await added();
      await technician.put(`/equipment/${item._id}/status`, { status: 'Unserviceable' });
      await engineer.delete(`/equipment/${item._id}`);
      await until(() => received.length >= 4);
      expect(received).toEqual([
        'equipment:created Serviceable',
        'equipment:updated Unserviceable',
        'equipment:statusChanged Unserviceable',
        `equipment:deleted ${item._id}`,
      ]);
    } finally {
      socket.disconnect();
    }
  });
});
