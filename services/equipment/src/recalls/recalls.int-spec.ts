import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import fc from 'fast-check';
import {
  recallMatches,
  recallNameKey,
  recallReferenceKey,
  recallSerialKey,
  type CreateEquipmentRequest,
  type DashboardResponse,
  type DeviceRecallsResponse,
  type EquipmentDto,
  type EquipmentListResponse,
  type InventoryImportDto,
  type ApiErrorBody,
  type RecallActionDto,
  type RecallActionsPage,
  type RecallDto,
  type RecallListResponse,
  type RecallNoticeRequest,
  type RecallPreview,
  type RecallReportFigures,
  SUBJECTS,
  type Role,
  type TaskCreatedResponse,
} from '@caliber/contracts';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { call } from '@caliber/testing/http';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { testSigner } from '@caliber/testing/statement-keys';
import {
  MARK_REPEATED_NOTICES_SQL,
  RECALL_REFERENCE_INDEX,
  RECALL_REFERENCE_INDEX_SQL,
} from '../migrations/1766010000000-recall-reference-once';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';

/**
 * Recalls end to end through the gateway: matching when a notice is saved and when devices arrive
 * or change later, closure with a task or a decision, the refusals, the flags and the audit rows.
 */
describe('Recalls and field safety notices (real PostgreSQL, NATS, Redis)', () => {
  const stack = useSignInStack('recalls');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  // Ends in letters: a serial's prefix is everything before its trailing digits, so a marker
  // ending in a digit would join the number ('R…5' + '150' is the number 5150).
  const marker = `R${Date.now().toString(36).toUpperCase()}SN`;
  // A model no other test or demo device has, so the notice finds only this test's devices.
  const MODEL = `Sigma ${marker} Pump`;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    for (const role of ['Technician', 'Engineer', 'Manager'] as const) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Recalls`, preApproved: true });
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
    get: <T>(path: string) =>
      call<T & { message?: string }>(stack.gateway.url, 'GET', `/api${path}`, { token: tokens.get(role) }),
    post: <T>(path: string, body: unknown) =>
      call<T & { message?: string }>(stack.gateway.url, 'POST', `/api${path}`, {
        token: tokens.get(role),
        body,
      }),
    put: <T>(path: string, body: unknown) =>
      call<T & { message?: string }>(stack.gateway.url, 'PUT', `/api${path}`, {
        token: tokens.get(role),
        body,
      }),
  });
  const engineer = as('Engineer');
  const technician = as('Technician');

  const item = (
    serialNumber: string,
    overrides: Partial<CreateEquipmentRequest> = {},
  ): CreateEquipmentRequest => ({
    name: `${marker} Syringe pump ${serialNumber}`,
    manufacturer: 'Sigma Medical',
    model: MODEL,
    serialNumber: `${marker}${serialNumber}`,
    department: 'ICU',
    location: 'Bed 2',
    installationDate: '2022-01-10',
    status: 'Serviceable',
    category: 'Other',
    ...overrides,
  });
  async function add(
    serialNumber: string,
    overrides: Partial<CreateEquipmentRequest> = {},
  ): Promise<EquipmentDto> {
    const answer = await technician.post<EquipmentDto>('/equipment', item(serialNumber, overrides));
    expect([answer.status, answer.body.message]).toEqual([201, undefined]);
    return answer.body;
  }
  const notice = (overrides: Partial<RecallNoticeRequest> = {}): RecallNoticeRequest => ({
    source: 'FDA',
    sourceReference: `Z-${marker}`,
    title: 'Syringe pump may stop without alarm',
    // Other spacing, case and punctuation than the devices': they still match.
    manufacturer: 'SIGMA-medical',
    models: [MODEL.toLowerCase().replace(/ /g, '-')],
    serialRanges: [{ from: `${marker}0099`, to: `${marker}0150` }],
    hazard: 'The pump may stop infusing without sounding its alarm.',
    actionRequired: 'Update the firmware to 3.2 and test the occlusion alarm.',
    publishedOn: '2026-02-01',
    ...overrides,
  });
  const audit = (entity: string, entityId: string) =>
    rows.query(
      `SELECT "action", "changes", "actor_label" AS "actor" FROM "equipment"."audit_log"
        WHERE "entity" = $1 AND "entity_id" = $2 ORDER BY "id"`,
      [entity, entityId],
    ) as Promise<
      { action: string; changes: Record<string, { from: unknown; to: unknown }>; actor: string }[]
    >;
  const openFor = async (id: string) =>
    (await technician.get<EquipmentDto>(`/equipment/${id}`)).body.openRecallActions;
  /** The recall with every device it found, read a page at a time as the screens read them. */
  async function withDevices(id: string): Promise<RecallDto & { actions: RecallActionDto[] }> {
    const recalled = await technician.get<RecallDto>(`/recalls/${id}`);
    expect(recalled.status).toBe(200);
    const actions: RecallActionDto[] = [];
    for (let page = 1; ; page++) {
      const answer = await technician.get<RecallActionsPage>(`/recalls/${id}/actions?page=${page}&limit=2`);
      expect(answer.status).toBe(200);
      actions.push(...answer.body.actions);
      if (page >= answer.body.pages) break;
    }
    return { ...recalled.body, actions };
  }

  let recall: RecallDto & { actions: RecallActionDto[] };
  let inRange: EquipmentDto;
  let atEnd: EquipmentDto;
  let outside: EquipmentDto;

  it('keys names the same in SQL as in the contracts', async () => {
    const names = [
      'GE Healthcare',
      'ge-HEALTHCARE',
      'DRÄGER\u00a0Medical',
      'B. Braun',
      'Ünïcode (x)',
      ' tab\tand\nline ',
    ];
    for (const name of names) {
      const [answer] = (await rows.query(
        `SELECT "equipment"."recall_key"($1) AS "key", "equipment"."recall_serial_key"($1) AS "serial"`,
        [name],
      )) as { key: string; serial: string }[];
      expect([name, answer?.key, answer?.serial]).toEqual([name, recallNameKey(name), recallSerialKey(name)]);
    }
    const references = [
      'Z-1234-2026',
      ' z-1234 -2026\t',
      'FSN\u00a0 2026/07 ÄB',
      'fsn2026/07äb\u2009',
      'Z1234',
    ];
    for (const reference of references) {
      const [answer] = (await rows.query(`SELECT "equipment"."recall_reference_key"($1) AS "key"`, [
        reference,
      ])) as { key: string }[];
      expect([reference, answer?.key]).toEqual([reference, recallReferenceKey(reference)]);
    }
    expect(recallReferenceKey(' z-1234 -2026\t')).toBe(recallReferenceKey('Z-1234-2026'));
    expect(recallReferenceKey('Z1234')).not.toBe(recallReferenceKey('Z-1234'));
  });

  it('previews the matching devices without writing, then matches them when the notice is saved', async () => {
    inRange = await add('0100');
    atEnd = await add('150');
    outside = await add('0151');
    await add('0120', { model: 'Another pump' });

    const preview = await engineer.post<RecallPreview>('/recalls/preview', notice());
    expect(preview.status).toBe(200);
    expect([
      preview.body.total,
      preview.body.devices.map((device) => device._id).sort(),
      preview.body.warning,
    ]).toEqual([2, [inRange._id, atEnd._id].sort(), null]);
    const wholeModel = await engineer.post<RecallPreview>('/recalls/preview', notice({ serialRanges: [] }));
    expect([wholeModel.body.total, wholeModel.body.warning]).toEqual([
      3,
      'This notice lists no serial numbers and no lots, so it applies to every device of these models.',
    ]);
    const [{ count }] = (await rows.query(
      `SELECT count(*)::int AS "count" FROM "equipment"."recall_notices" WHERE "source_reference" = $1`,
      [`Z-${marker}`],
    )) as [{ count: number }];
    expect(count).toBe(0);

    const saved = await engineer.post<RecallDto>('/recalls', notice());
    expect(saved.status).toBe(201);
    expect(saved.body).not.toHaveProperty('actions');
    recall = await withDevices(saved.body._id);
    expect([recall.state, recall.affected, recall.closed, recall.duplicateOf]).toEqual(['open', 2, 0, null]);
    expect(recall.actions.map((action) => action.device._id).sort()).toEqual([inRange._id, atEnd._id].sort());
    expect(await openFor(inRange._id)).toBe(1);
    expect(await openFor(outside._id)).toBe(0);

    const created = await audit('recall', recall._id);
    expect(created.map((row) => row.action)).toEqual(['created']);
    expect(created[0]?.changes['sourceReference']).toEqual({ from: null, to: `Z-${marker}` });
    const found = await audit('recall-device', recall.actions[0]?._id ?? '');
    expect(found.map((row) => [row.action, row.changes['state']])).toEqual([
      ['found', { from: null, to: 'open' }],
    ]);
  });

  it('records a source’s reference once: a second save, in any case and spacing, is 409 naming the first', async () => {
    const recorded = async (source: string, reference: string) => {
      const [{ count }] = (await rows.query(
        `SELECT count(*)::int AS "count" FROM "equipment"."recall_notices"
          WHERE "source" = $1 AND "equipment"."recall_reference_key"("source_reference") = "equipment"."recall_reference_key"($2)`,
        [source, reference],
      )) as [{ count: number }];
      return count;
    };
    const message = `FDA Z-${marker} is already recorded as "Syringe pump may stop without alarm" (recall ${recall._id}): open that recall rather than recording the notice again.`;
    // The retry of a save whose answer was lost, and the same letter typed again otherwise.
    for (const sourceReference of [`Z-${marker}`, ` z-${marker.toLowerCase()} `, `Z -${marker}`]) {
      const again = await engineer.post<ApiErrorBody>('/recalls', notice({ sourceReference }));
      expect([again.status, again.body.code, again.body.message, again.body.existingId]).toEqual([
        409,
        'CONFLICT',
        message,
        recall._id,
      ]);
      expect(again.body.details).toEqual([{ path: 'sourceReference', message }]);
    }
    expect(await recorded('FDA', `Z-${marker}`)).toBe(1);
    expect(await openFor(inRange._id)).toBe(1);

    // Another source may use the same number; punctuation counts.
    const unmatched = { serialNumbers: [`${marker}NOPE`], serialRanges: [] };
    const other = await engineer.post<RecallDto>('/recalls', notice({ source: 'MHRA', ...unmatched }));
    expect(other.status).toBe(201);
    expect(
      (await engineer.post('/recalls', notice({ sourceReference: `Z${marker}`, ...unmatched }))).status,
    ).toBe(201);
    // An edit that gives a notice another's reference is refused the same way; its own stays.
    const edit = { ...notice({ source: 'MHRA', ...unmatched }), version: other.body.version };
    expect((await engineer.put(`/recalls/${other.body._id}`, { ...edit, title: 'Renamed' })).status).toBe(
      200,
    );
    const taken = await engineer.put<ApiErrorBody>(`/recalls/${other.body._id}`, {
      ...edit,
      source: 'FDA',
      version: other.body.version + 1,
    });
    expect([taken.status, taken.body.existingId]).toEqual([409, recall._id]);

    // Two saves of one new notice at the same moment: the database lets one through.
    const twice = notice({ sourceReference: `FSN-${marker}-RACE`, ...unmatched });
    const raced = await Promise.all([
      engineer.post<RecallDto>('/recalls', twice),
      engineer.post('/recalls', twice),
    ]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await recorded('FDA', `FSN-${marker}-RACE`)).toBe(1);
  });

  it('keeps the notices recorded twice before the rule, marked as repeats of the first (the migration)', async () => {
    const runner = rows.createQueryRunner();
    await runner.startTransaction();
    try {
      // As a database written before the rule: the index dropped for this transaction only.
      await runner.query(`DROP INDEX "equipment"."${RECALL_REFERENCE_INDEX}"`);
      const insert = async (reference: string, at: string) => {
        const [row] = (await runner.query(
          `INSERT INTO "equipment"."recall_notices" ("source", "source_reference", "title", "manufacturer",
                  "manufacturer_key", "models", "model_keys", "serial_numbers", "serial_keys", "serial_ranges",
                  "range_keys", "lot_numbers", "lot_keys", "hazard", "action_required", "published_on", "created_at")
           VALUES ('Manufacturer', $1, 'Twice', 'Nobody', 'nobody', '["X"]', '{x}', '[]', '{}', '[]', '[]', '[]', '{}',
                   'None.', 'None.', '2026-01-01', $2)
           RETURNING "id"`,
          [reference, at],
        )) as [{ id: string }];
        return row.id;
      };
      const first = await insert(`FSN-${marker}-OLD`, '2026-01-01T10:00:00Z');
      const retried = await insert(`fsn-${marker}-old `, '2026-01-01T10:00:05Z');
      const third = await insert(`FSN-${marker}-OLD`, '2026-01-02T09:00:00Z');
      const alone = await insert(`FSN-${marker}-NEW`, '2026-01-01T10:00:06Z');
      await runner.query(MARK_REPEATED_NOTICES_SQL);
      await runner.query(RECALL_REFERENCE_INDEX_SQL);
      const marked = (await runner.query(
        `SELECT "id", "duplicate_of" AS "duplicateOf" FROM "equipment"."recall_notices" WHERE "id" = ANY ($1::uuid[])`,
        [[first, retried, third, alone]],
      )) as { id: string; duplicateOf: string | null }[];
      expect(Object.fromEntries(marked.map((row) => [row.id, row.duplicateOf]))).toEqual({
        [first]: null,
        [retried]: first,
        [third]: first,
        [alone]: null,
      });
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('flags the devices in the inventory list’s "Open recall" filter and on the dashboard', async () => {
    const list = await technician.get<EquipmentListResponse>(`/equipment?recall=open&q=${marker}&limit=50`);
    expect(list.body.equipment.map((device) => device._id).sort()).toEqual([inRange._id, atEnd._id].sort());
    expect(list.body.equipment.every((device) => device.openRecallActions === 1)).toBe(true);
    const bad = await technician.get<EquipmentListResponse>('/equipment?recall=maybe');
    expect([bad.status, bad.body.message]).toEqual([400, 'recall must be open or empty.']);
    const dashboard = await technician.get<DashboardResponse>('/dashboard');
    expect(dashboard.body.equipment?.recalls?.openNotices).toBeGreaterThanOrEqual(1);
    expect(dashboard.body.equipment?.recalls?.awaitingAction).toBeGreaterThanOrEqual(2);
    const listed = await technician.get<RecallListResponse>('/recalls?state=open');
    expect(listed.body.recalls.find((entry) => entry._id === recall._id)).toMatchObject({
      affected: 2,
      closed: 0,
    });
  });

  it('matches a device added, imported or edited later while the notice is open', async () => {
    const later = await add('0101');
    expect(later.openRecallActions).toBe(1);

    const csv =
      'Name,Manufacturer,Model,Serial Number,Department,Location,Installation Date,Status,Category\n' +
      `${marker} Imported pump,Sigma Medical,${MODEL},${marker}0130,ICU,Bed 5,2023-03-01,Serviceable,Other\n` +
      `${marker} Imported other,Sigma Medical,${MODEL},${marker}0300,ICU,Bed 6,2023-03-01,Serviceable,Other\n`;
    // The file is the body, as the inventory screen sends it; its name in the query.
    const staged = await call<InventoryImportDto & { message?: string }>(
      stack.gateway.url,
      'POST',
      '/api/inventory-imports?fileName=pumps.csv',
      { token: tokens.get('Engineer'), rawBody: csv, contentType: 'application/octet-stream' },
    );
    expect([staged.status, staged.body.message]).toEqual([201, undefined]);
    const applied = await engineer.post<InventoryImportDto>(
      `/inventory-imports/${staged.body._id}/apply`,
      {},
    );
    expect([applied.status, applied.body.message]).toEqual([200, undefined]);

    const edited = await technician.put<EquipmentDto>(`/equipment/${outside._id}`, {
      serialNumber: `${marker}0140`,
    });
    expect([edited.status, edited.body.openRecallActions]).toEqual([200, 1]);

    const detail = await withDevices(recall._id);
    expect(detail.actions.map((action) => action.device.serialNumber).sort()).toEqual(
      [`${marker}0100`, `${marker}0101`, `${marker}0130`, `${marker}0140`, `${marker}150`].sort(),
    );
    expect(detail.affected).toBe(5);
    recall = detail;
  });

  it('keeps the action of a device edited out of the notice, marked as no longer matching', async () => {
    const moved = await technician.put<EquipmentDto>(`/equipment/${atEnd._id}`, {
      serialNumber: `${marker}0999`,
    });
    expect([moved.status, moved.body.openRecallActions]).toEqual([200, 1]);
    const mine = (await technician.get<DeviceRecallsResponse>(`/equipment/${atEnd._id}/recalls`)).body
      .recalls;
    expect(
      mine.map((entry) => [entry.recall._id, entry.action.stillMatches, entry.action.matched.serialNumber]),
    ).toEqual([[recall._id, false, `${marker}150`]]);
  });

  it('refuses who may not, and bad input, with a clear message and without writing', async () => {
    const action = recall.actions.find((entry) => entry.device._id === inRange._id) as RecallActionDto;
    const decision = { closeWith: 'decision', decision: 'Firmware checked on the device: already 3.2.' };
    for (const role of ['Technician', 'Manager'] as const) {
      const refused = await as(role).put<RecallActionDto>(`/recall-actions/${action._id}`, decision);
      expect([refused.status, refused.body.message]).toEqual([
        403,
        'Only Engineers and Admins may close recall actions.',
      ]);
      expect((await as(role).post('/recalls', notice())).status).toBe(403);
    }
    const short = await engineer.put(`/recall-actions/${action._id}`, {
      closeWith: 'decision',
      decision: 'Fine.',
    });
    expect([short.status, short.body.message]).toEqual([400, 'The decision needs at least 20 characters.']);
    const many = await engineer.post(
      '/recalls/preview',
      notice({ serialNumbers: Array.from({ length: 5_001 }, (_, at) => `S${at}`) }),
    );
    expect([many.status, many.body.message]).toEqual([
      400,
      'A notice may list at most 5,000 serial numbers.',
    ]);
    const backwards = await engineer.post(
      '/recalls',
      notice({ serialRanges: [{ from: 'SN0150', to: 'SN0099' }] }),
    );
    expect([backwards.status, backwards.body.message]).toEqual([
      400,
      'The range SN0150 to SN0099 runs backwards: its start is after its end.',
    ]);
    const unknown = await engineer.put('/recall-actions/4b1c7a2e-8f0d-4d55-9a7e-1c3f2d4c559a', decision);
    expect(unknown.status).toBe(404);

    // A task on another device, and one not completed, do not close the action.
    const otherTask = await engineer.post<TaskCreatedResponse>('/tasks', {
      title: 'Firmware update',
      description: 'Recall Z',
      taskType: 'Repair',
      priority: 'High',
      equipmentId: outside._id,
    });
    const onOther = await engineer.put(`/recall-actions/${action._id}`, {
      closeWith: 'task',
      taskId: otherTask.body.task._id,
    });
    expect(onOther.status).toBe(422);
    expect(onOther.body.message).toMatch(/is on another device/);
    const pending = await engineer.post<TaskCreatedResponse>('/tasks', {
      title: 'Firmware update',
      description: 'Recall Z',
      taskType: 'Repair',
      priority: 'High',
      equipmentId: inRange._id,
    });
    const notDone = await engineer.put(`/recall-actions/${action._id}`, {
      closeWith: 'task',
      taskId: pending.body.task._id,
    });
    expect([notDone.status, notDone.body.message]).toEqual([
      422,
      'Task "Firmware update" is Pending, not Completed: close the action once the work is done, or with a decision.',
    ]);
    const noTask = await engineer.put(`/recall-actions/${action._id}`, {
      closeWith: 'task',
      taskId: 'T-12',
    });
    expect([noTask.status, noTask.body.message]).toEqual([
      422,
      '"T-12" is not a task number: copy it from the task\'s page.',
    ]);
    expect(await audit('recall-device', action._id)).toHaveLength(1);
    expect(await openFor(inRange._id)).toBe(1);
  });

  it('closes one action with its completed task and the others with decisions, then the recall', async () => {
    const action = recall.actions.find((entry) => entry.device._id === inRange._id) as RecallActionDto;
    const task = await engineer.post<TaskCreatedResponse>('/tasks', {
      title: `Recall Z-${marker}`,
      description: 'Update the firmware to 3.2 and test the occlusion alarm.',
      taskType: 'Repair',
      priority: 'High',
      equipmentId: inRange._id,
      assignedTo: ids.get('Engineer'),
    });
    expect((await engineer.put(`/tasks/${task.body.task._id}/status`, { status: 'Completed' })).status).toBe(
      200,
    );
    const closed = await engineer.put<RecallActionDto>(`/recall-actions/${action._id}`, {
      closeWith: 'task',
      taskId: task.body.task._id,
    });
    expect(closed.status).toBe(200);
    expect([
      closed.body.state,
      closed.body.closedWith,
      closed.body.taskId,
      closed.body.closedBy?.name,
    ]).toEqual(['closed', 'task', task.body.task._id, 'Engineer Recalls']);
    expect(await openFor(inRange._id)).toBe(0);
    const again = await engineer.put(`/recall-actions/${action._id}`, {
      closeWith: 'decision',
      decision: 'Closing twice should not be possible at all.',
    });
    expect(again.status).toBe(409);

    const rest = recall.actions.filter((entry) => entry._id !== action._id);
    for (const other of rest) {
      const answer = await engineer.put<RecallActionDto>(`/recall-actions/${other._id}`, {
        closeWith: 'decision',
        decision: 'Firmware read on the device screen: already 3.2, alarm tested.',
      });
      expect([answer.status, answer.body.closedWith]).toEqual([200, 'decision']);
    }
    const detail = (await technician.get<RecallDto>(`/recalls/${recall._id}`)).body;
    expect([detail.state, detail.affected, detail.closed, detail.closedAt !== null]).toEqual([
      'closed',
      5,
      5,
      true,
    ]);
    expect((await audit('recall', recall._id)).map((row) => row.action)).toEqual(['created', 'closed']);
    const closing = await audit('recall-device', action._id);
    expect(closing.map((row) => row.action)).toEqual(['found', 'closed']);
    expect(closing[1]?.changes).toEqual({
      state: { from: 'open', to: 'closed' },
      closedWith: { from: null, to: 'task' },
      taskId: { from: null, to: task.body.task._id },
    });
    const list = await technician.get<EquipmentListResponse>(`/equipment?recall=open&q=${marker}`);
    expect(list.body.total).toBe(0);

    // A closed notice finds no more devices.
    expect((await add('0110')).openRecallActions).toBe(0);
  });

  it('edits a notice: new criteria find new devices and open it again; found devices stay', async () => {
    const before = (await technician.get<RecallDto>(`/recalls/${recall._id}`)).body;
    const edit = {
      ...notice({
        serialRanges: [
          { from: `${marker}0099`, to: `${marker}0150` },
          { from: `${marker}0300`, to: `${marker}0300` },
        ],
      }),
      version: before.version,
    };
    expect((await technician.put(`/recalls/${recall._id}`, edit)).status).toBe(403);
    const edited = await engineer.put<RecallDto>(`/recalls/${recall._id}`, edit);
    expect(edited.status).toBe(200);
    // The device in the new range, and the one added in range while the notice was closed.
    expect(
      (await withDevices(recall._id)).actions
        .filter((action) => action.state === 'open')
        .map((action) => action.device.serialNumber)
        .sort(),
    ).toEqual([`${marker}0110`, `${marker}0300`]);
    expect([edited.body.state, edited.body.affected, edited.body.closed, edited.body.closedAt]).toEqual([
      'open',
      7,
      5,
      null,
    ]);
    const stale = await engineer.put(`/recalls/${recall._id}`, { ...edit, title: 'Another title' });
    expect(stale.status).toBe(409);
    const rowsOf = await audit('recall', recall._id);
    expect(rowsOf.map((row) => row.action)).toEqual(['created', 'closed', 'updated']);
    expect(rowsOf[2]?.changes['state']).toEqual({ from: 'closed', to: 'open' });
    expect(rowsOf[2]?.changes['serialRanges']?.to).toEqual(edit.serialRanges);
  });

  it('answers the compliance report the open notices with their counts and the open actions with their days', async () => {
    const bus: ClientProxy = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsConnectOptions(),
    });
    await bus.connect();
    try {
      const subject = SUBJECTS.equipment.reportRecalls;
      const today = new Date().toISOString().slice(0, 10);
      const scope = {
        from: today,
        to: today,
        timeZone: 'UTC',
        departments: [],
        categories: [],
        staffId: null,
      };
      const person = {
        id: ids.get('Manager') ?? '',
        name: 'Manager Recalls',
        role: 'Manager',
        serviceNumber: 'REPORTS',
      };
      const answer = await firstValueFrom(
        bus.send<RecallReportFigures>(subject, testSigner('reports').sign(subject, { scope }, person)),
      );
      const mine = answer.notices.find((entry) => entry._id === recall._id);
      expect(mine).toMatchObject({ state: 'open', affected: 7, closed: 5, closedInPeriod: false });
      const open = answer.openActions.filter((row) => row.sourceReference === `Z-${marker}`);
      expect(open.map((row) => [row.serialNumber, row.daysOpen]).sort()).toEqual([
        [`${marker}0110`, 0],
        [`${marker}0300`, 0],
      ]);
      expect(answer.openActionsTotal).toBeGreaterThanOrEqual(2);
    } finally {
      await bus.close();
    }
  });

  it('closes a notice that found no device with a decision, and refuses one with devices awaiting action', async () => {
    const none = await engineer.post<RecallDto>(
      '/recalls',
      notice({ sourceReference: `Z-${marker}-NONE`, serialNumbers: [`${marker}NONE`], serialRanges: [] }),
    );
    expect([none.status, none.body.affected, none.body.state]).toEqual([201, 0, 'open']);
    const decision = 'No device of these serial numbers is in the hospital: purchasing records checked.';
    expect((await technician.put(`/recalls/${none.body._id}/close`, { decision, version: 1 })).status).toBe(
      403,
    );
    const short = await engineer.put(`/recalls/${none.body._id}/close`, { decision: 'None.', version: 1 });
    expect([short.status, short.body.message]).toEqual([400, 'The decision needs at least 20 characters.']);
    const closed = await engineer.put<RecallDto>(`/recalls/${none.body._id}/close`, {
      decision,
      version: 1,
    });
    expect([closed.status, closed.body.state, closed.body.closingDecision]).toEqual([
      200,
      'closed',
      decision,
    ]);
    expect(
      (await audit('recall', none.body._id)).map((row) => [row.action, row.changes['closingDecision']]),
    ).toEqual([
      ['created', undefined],
      ['closed', { from: null, to: decision }],
    ]);
    const again = await engineer.put(`/recalls/${none.body._id}/close`, {
      decision,
      version: closed.body.version,
    });
    expect([again.status, again.body.message]).toEqual([409, 'This recall is already closed.']);

    const busy = (await technician.get<RecallDto>(`/recalls/${recall._id}`)).body;
    const refused = await engineer.put(`/recalls/${recall._id}/close`, { decision, version: busy.version });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      '2 of its devices still await action: close each of them, and the recall closes with the last.',
    ]);
  });

  it('finds in SQL exactly the devices the contracts’ rule finds, for random serials, lists and ranges (property)', async () => {
    const model = `Prop ${marker}`;
    const prefixes = ['SN', 'sn', 'SN-', 'Q7X', ''];
    const serials = fc.sample(
      fc
        .tuple(fc.constantFrom(...prefixes), fc.nat(3), fc.nat(2_000))
        .map(([prefix, zeros, number]) => `${marker}${prefix}${'0'.repeat(zeros)}${number}`),
      { numRuns: 120, seed: 7 },
    );
    const unique = [...new Map(serials.map((serial) => [serial.toLowerCase(), serial])).values()];
    const devices: EquipmentDto[] = [];
    for (let at = 0; at < unique.length; at += 20)
      devices.push(
        ...(await Promise.all(
          unique.slice(at, at + 20).map(async (serial) => {
            const answer = await technician.post<EquipmentDto>('/equipment', {
              ...item('x'),
              name: `${marker} Prop ${serial}`,
              model,
              serialNumber: serial,
            });
            expect(answer.status).toBe(201);
            return answer.body;
          }),
        )),
      );
    const range = fc
      .tuple(fc.constantFrom(...prefixes), fc.nat(2_000), fc.nat(2_000), fc.nat(2), fc.nat(2))
      .map(([prefix, a, b, zerosA, zerosB]) => ({
        from: `${marker}${prefix}${'0'.repeat(zerosA)}${Math.min(a, b)}`,
        to: `${marker}${prefix}${'0'.repeat(zerosB)}${Math.max(a, b)}`,
      }));
    // How many runs found some of the model's devices but not all: the property must be exercised.
    let partial = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(range, { maxLength: 3 }),
        fc.subarray(unique, { maxLength: 4 }),
        async (serialRanges, listed) => {
          const asked = notice({
            models: [model],
            serialRanges,
            serialNumbers: listed.map((serial) => serial.toUpperCase()),
          });
          const answer = await engineer.post<RecallPreview>('/recalls/preview', asked);
          expect(answer.status).toBe(200);
          const parsed = { ...asked, serialNumbers: asked.serialNumbers ?? [], lotNumbers: [], udiDi: null };
          const expected = devices.filter((device) => recallMatches({ ...parsed, serialRanges }, device));
          // With neither list nor range, every device of the model (and nothing else) is found.
          expect(answer.body.total).toBe(expected.length);
          if (expected.length > 0 && expected.length < devices.length) partial += 1;
          if (expected.length <= answer.body.devices.length)
            expect(answer.body.devices.map((device) => device._id).sort()).toEqual(
              expected.map((device) => device._id).sort(),
            );
        },
      ),
      { numRuns: 40, seed: 11 },
    );
    expect(partial).toBeGreaterThan(10);
  });
});
