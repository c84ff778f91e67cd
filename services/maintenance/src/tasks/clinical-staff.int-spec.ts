import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import {
  CLINICAL_REFUSAL,
  SUBJECTS,
  type ActingUser,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type OpenFaultPage,
  type TaskCreatedResponse,
  type TaskDetail,
  type TaskListResponse,
} from '@caliber/contracts';
import { natsConnectionOptions } from '@caliber/service-kit';
import { startEquipment, startMaintenance } from '@caliber/testing/stack';
import { testSigner } from '@caliber/testing/statement-keys';

// Clinical staff's limits as the services hold them, whatever the gateway lets through: each
// message is signed as the gateway signs it, for a ward nurse of the ICU or for an engineer.

const run = Date.now().toString(36);
const person = (role: string, ward?: string): ActingUser => ({
  id: randomUUID(),
  role,
  name: `${role} ${run}`,
  serviceNumber: `CL-${role.slice(0, 3).toUpperCase()}-${run}`.slice(0, 32).toUpperCase(),
  sessionId: randomUUID(),
  ...(ward === undefined ? {} : { ward }),
});
const engineer = person('Engineer');
const nurse = person('Clinical', 'ICU');
const wardless = person('Clinical', '');

const device = (department: string, serial: string) => ({
  data: {
    name: `Ward ${department} pump`,
    serialNumber: serial,
    manufacturer: 'B. Braun',
    model: 'Infusomat Space',
    department,
    location: 'Bed 4',
    installationDate: '2024-01-01',
    status: 'Serviceable',
    category: 'Infusion Pump',
  },
});
const fault = (equipment: string) => ({
  data: {
    equipment,
    title: 'Occlusion alarm silent',
    description: 'The alarm does not sound when the line is clamped.',
    severity: 'High',
    location: 'Bed 4',
  },
});

describe('Clinical staff: their ward and their own reports only (real NATS, PostgreSQL)', () => {
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let client: ClientProxy;
  let icu: EquipmentDto;
  let nicu: EquipmentDto;

  const send = <T>(subject: string, payload: unknown, user: ActingUser) =>
    firstValueFrom(client.send<T>(subject, testSigner('gateway').sign(subject, payload, user)));

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    client = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsConnectionOptions(
        {
          servers: [process.env['NATS_URL'] ?? ''],
          user: process.env['NATS_USER'] ?? '',
          pass: process.env['NATS_PASSWORD'] ?? '',
        },
        'clinical-staff-spec',
      ),
    });
    await client.connect();
    icu = await send<EquipmentDto>(SUBJECTS.equipment.create, device('ICU', `CL-ICU-${run}`), engineer);
    nicu = await send<EquipmentDto>(SUBJECTS.equipment.create, device('NICU', `CL-NICU-${run}`), engineer);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await maintenance?.close();
    await equipment?.close();
  });

  it('lists a nurse the devices of their ward only, whatever department they ask for', async () => {
    const serials = async (query: Record<string, string>, user: ActingUser) =>
      (await send<EquipmentListResponse>(SUBJECTS.equipment.list, { q: `CL-`, ...query }, user)).equipment
        .map((item) => item.serialNumber)
        .filter((serial) => serial.endsWith(run));
    expect(await serials({}, engineer)).toEqual(
      expect.arrayContaining([icu.serialNumber, nicu.serialNumber]),
    );
    expect(await serials({}, nurse)).toEqual([icu.serialNumber]);
    expect(await serials({ department: 'NICU' }, nurse)).toEqual([icu.serialNumber]);
    const list = await send<EquipmentListResponse>(SUBJECTS.equipment.list, {}, nurse);
    expect(list.filters.departments).toEqual(['ICU']);
    // A roster entry that names no ward sees no device.
    expect((await send<EquipmentListResponse>(SUBJECTS.equipment.list, {}, wardless)).total).toBe(0);
  });

  it("shows a nurse a device of their ward, and another ward's as not there", async () => {
    expect((await send<EquipmentDetail>(SUBJECTS.equipment.get, { id: icu._id }, nurse))._id).toBe(icu._id);
    await expect(send(SUBJECTS.equipment.get, { id: nicu._id }, nurse)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a nurse every subject but the few open to them, in the service itself', async () => {
    for (const [subject, payload] of [
      [SUBJECTS.equipment.create, device('ICU', `CL-NEW-${run}`)],
      [SUBJECTS.equipment.changeStatus, { id: icu._id, data: { status: 'Unserviceable' } }],
      [SUBJECTS.equipment.history, { id: icu._id, query: {} }],
      [SUBJECTS.maintenance.deviceHistory, { id: icu._id, query: {} }],
      [SUBJECTS.maintenance.compliance, {}],
    ] as const) {
      await expect(send(subject, payload, nurse)).rejects.toEqual({
        code: 'FORBIDDEN',
        message: CLINICAL_REFUSAL,
      });
    }
  });

  it("lets a nurse report a fault on their ward's devices only, and follow their own reports only", async () => {
    const own = await send<TaskCreatedResponse>(SUBJECTS.maintenance.reportIssue, fault(icu._id), nurse);
    await expect(send(SUBJECTS.maintenance.reportIssue, fault(nicu._id), nurse)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const others = await send<TaskCreatedResponse>(
      SUBJECTS.maintenance.reportIssue,
      fault(icu._id),
      engineer,
    );

    // Their list is their own reports, whatever the query asks.
    for (const query of [{}, { equipment: icu._id }, { technician: engineer.id }]) {
      const list = await send<TaskListResponse>(SUBJECTS.maintenance.list, query, nurse);
      expect(list.tasks.map((task) => task._id)).toEqual([own.task._id]);
    }
    // Their own report reads as a reporter's (no notes, hours or costs); another's is not theirs.
    const detail = await send<TaskDetail>(SUBJECTS.maintenance.get, { id: own.task._id }, nurse);
    expect(detail).toMatchObject({ _id: own.task._id, comments: null, labourHours: null });
    await expect(send(SUBJECTS.maintenance.get, { id: others.task._id }, nurse)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // The open-fault hint shows them their ward's device's faults, and nothing of another ward.
    const faults = (id: string) =>
      send<OpenFaultPage>(
        SUBJECTS.maintenance.openFaults,
        { equipmentId: id, query: { page: 1, limit: 10 } },
        nurse,
      );
    expect((await faults(icu._id)).total).toBe(2);
    await send(SUBJECTS.maintenance.reportIssue, fault(nicu._id), engineer);
    expect((await faults(nicu._id)).total).toBe(0);
  });
});
