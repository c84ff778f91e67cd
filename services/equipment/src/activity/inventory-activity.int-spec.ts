import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import type { DataSource } from 'typeorm';
import {
  SUBJECTS,
  type ActivityChange,
  type ChangeFeedPage,
  type ChangeFeedRequest,
  type EquipmentDto,
  type Principal,
  type RecallActionsPage,
  type RecallDto,
} from '@caliber/contracts';
import { natsConnectionOptions } from '@caliber/service-kit';
import { call } from '@caliber/testing/http';
import { testSigner } from '@caliber/testing/statement-keys';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';

const harnessNats = () => ({
  servers: [process.env['NATS_URL'] ?? ''],
  user: process.env['NATS_USER'] ?? '',
  pass: process.env['NATS_PASSWORD'] ?? '',
});

/**
 * Equipment's activity feed for the notifying service, against real PostgreSQL, NATS and the
 * identity, equipment and maintenance services: a device's status changes and a recall that finds
 * it, in chain order with the device and the recall as they stand, paged without gaps or repeats.
 */
describe('equipment.activity.changes (real stack)', () => {
  const stack = useSignInStack('inventory-activity');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  let bus: ClientProxy;
  let token = '';
  let engineerId = '';
  const marker = `IA${Date.now().toString(36).toUpperCase()}`;
  // A model no other test's device has, so the notice finds only this test's device.
  const MODEL = `Infusomat ${marker}`;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    rows = await equipmentDataSource();
    bus = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsConnectionOptions(harnessNats(), 'inventory-activity-harness'),
    });
    await bus.connect();
    const staff = await rosterStaff(stack.db, { role: 'Engineer', name: 'Engineer Activity' });
    engineerId = staff.id;
    token = await signIn(stack.gateway.url, staff.serviceNumber);
  });
  afterAll(async () => {
    await bus.close();
    await rows.destroy();
    await maintenance.close();
    await equipment.close();
  });

  const post = <T>(path: string, body: unknown) =>
    call<T>(stack.gateway.url, 'POST', `/api${path}`, { token, body });
  const put = <T>(path: string, body: unknown) =>
    call<T>(stack.gateway.url, 'PUT', `/api${path}`, { token, body });

  function activity(request: ChangeFeedRequest, principal: Principal = 'notifications') {
    const subject = SUBJECTS.equipment.activity;
    return firstValueFrom(
      bus.send<ChangeFeedPage<ActivityChange>>(subject, testSigner(principal).sign(subject, request)),
    );
  }

  async function chainHead(): Promise<string> {
    const [row] = (await rows.query(
      `SELECT coalesce(max("chain_seq"), 0)::text AS "seq" FROM "equipment"."audit_log"`,
    )) as [{ seq: string }];
    return row.seq;
  }

  it('carries a device added, taken out of service and found by a recall, each as it stands; not the notice itself', async () => {
    const start = await chainHead();
    const added = await post<EquipmentDto>('/equipment', {
      name: `${marker} Infusion pump`,
      manufacturer: 'B. Braun',
      model: MODEL,
      serialNumber: `${marker}-0001`,
      department: 'ICU',
      location: 'Bed 2',
      installationDate: '2022-01-10',
      status: 'Serviceable',
      category: 'Other',
    });
    expect(added.status).toBe(201);
    const device = added.body;
    expect((await put(`/equipment/${device._id}/status`, { status: 'Unserviceable' })).status).toBe(200);
    const recalled = await post<RecallDto>('/recalls', {
      source: 'FDA',
      sourceReference: `Z-${marker}`,
      title: 'Pump may stop without alarm',
      manufacturer: 'B. Braun',
      models: [MODEL],
      hazard: 'The pump may stop infusing without sounding its alarm.',
      actionRequired: 'Update the firmware.',
      publishedOn: '2026-02-01',
    });
    expect(recalled.status).toBe(201);
    const recall = recalled.body;
    const actions = await call<RecallActionsPage>(
      stack.gateway.url,
      'GET',
      `/api/recalls/${recall._id}/actions`,
      { token },
    );
    expect(actions.status).toBe(200);
    const action = actions.body.actions[0];
    expect(action?.device._id).toBe(device._id);

    const page = await activity({ after: start });
    expect(page.more).toBe(false);
    expect(page.last).toBe(await chainHead());
    const mine = page.changes.filter(
      (change) => change.entityId === device._id || change.entityId === action?._id,
    );
    expect(mine.map((change) => [change.entity, change.action])).toEqual([
      ['equipment', 'created'],
      ['equipment', 'status-changed'],
      ['recall-device', 'found'],
    ]);
    const deviceNow = {
      id: device._id,
      name: device.name,
      serialNumber: device.serialNumber,
      department: 'ICU',
      status: 'Unserviceable',
    };
    expect(mine[0]?.device).toEqual(deviceNow);
    expect(mine[1]).toMatchObject({
      device: deviceNow,
      changes: { status: { from: 'Serviceable', to: 'Unserviceable' } },
      actorId: engineerId,
    });
    expect(mine[2]?.recall).toEqual({
      recallId: recall._id,
      title: 'Pump may stop without alarm',
      reference: `Z-${marker}`,
      equipmentId: device._id,
      deviceName: device.name,
      serialNumber: device.serialNumber,
      department: 'ICU',
    });
    expect(mine[2]?.changes).toMatchObject({ recall: { from: null, to: recall._id }, state: { to: 'open' } });
    expect(mine[2]?.device).toBeUndefined();
    // The notice's own row is in the chain, not in the feed.
    expect(page.changes.some((change) => change.entity === 'recall')).toBe(false);
    const [noticeRow] = (await rows.query(
      `SELECT "chain_seq"::text AS "seq" FROM "equipment"."audit_log" WHERE "entity" = 'recall' AND "entity_id" = $1`,
      [recall._id],
    )) as [{ seq: string }];
    expect(BigInt(noticeRow.seq) > BigInt(start)).toBe(true);

    // A row at a time: the same changes, none missed or repeated, and a page for the notice's row
    // that carries nothing but moves on.
    const pages: ChangeFeedPage<ActivityChange>[] = [];
    let position = start;
    for (;;) {
      const next = await activity({ after: position, limit: 1 });
      pages.push(next);
      if (!next.more) break;
      position = next.last;
    }
    expect(pages.length).toBe(Number(BigInt(page.last) - BigInt(start)));
    expect(pages.flatMap((each) => each.changes)).toEqual(page.changes);
    expect(pages.find((each) => each.last === noticeRow.seq)).toEqual({
      changes: [],
      last: noticeRow.seq,
      more: true,
    });
    expect(await activity({ after: page.last })).toEqual({ changes: [], last: page.last, more: false });
  });

  it('carries the rows of a device deleted since without the device', async () => {
    const added = await post<EquipmentDto>('/equipment', {
      name: `${marker} Monitor`,
      manufacturer: 'Philips',
      model: 'MX450',
      serialNumber: `${marker}-0002`,
      department: 'ICU',
      location: 'Bed 3',
      installationDate: '2022-01-10',
      status: 'Serviceable',
      category: 'Monitor',
    });
    expect(added.status).toBe(201);
    const start = await chainHead();
    expect((await put(`/equipment/${added.body._id}/status`, { status: 'Decommissioned' })).status).toBe(200);
    expect(
      (await call(stack.gateway.url, 'DELETE', `/api/equipment/${added.body._id}`, { token })).status,
    ).toBe(200);
    const page = await activity({ after: start });
    const mine = page.changes.filter((change) => change.entityId === added.body._id);
    expect(mine.map((change) => change.action)).toEqual(['status-changed', 'deleted']);
    for (const change of mine) expect(change).not.toHaveProperty('device');
  });

  it('answers the notifying service only, and refuses a bad position with a message', async () => {
    for (const principal of ['gateway', 'maintenance', 'reports'] as const)
      await expect(activity({ after: '0' }, principal)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(activity({ after: '-1' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('after must be a sequence position.'),
    });
    await expect(activity({ after: '0', limit: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
