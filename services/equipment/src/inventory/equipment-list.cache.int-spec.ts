import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import {
  EVENT_SUBJECTS,
  listEquipmentQuerySchema,
  type CreateEquipmentRequest,
  type EquipmentDto,
  type ListEntryDto,
  type Role,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { until } from '@caliber/testing/wait';
import { rosterStaff, signIn, startEquipment, useSignInStack } from '@caliber/testing/stack';
import { EquipmentListCache } from './equipment-list.cache';
import { EquipmentService } from './equipment.service';

/**
 * The inventory page's filter options are kept by each equipment replica and dropped on every
 * change, whichever replica made it: two replicas behind one gateway, a write through the gateway
 * (which lands on either), and both must answer with it within moments, long before the kept
 * options would expire on their own (a minute).
 */
describe('Inventory filter options kept per replica, dropped by the change feed (real PostgreSQL, NATS)', () => {
  const stack = useSignInStack('equipment-list-cache');
  const replicas: INestApplication[] = [];
  let observer: NatsConnection;
  const tokens = new Map<Role, string>();
  const marker = `C${Date.now().toString(36)}`;

  beforeAll(async () => {
    replicas.push(await startEquipment(), await startEquipment());
    observer = await connect(natsConnectOptions());
    for (const role of ['Technician', 'Admin'] as const) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Cache`, preApproved: true });
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(async () => {
    await observer.drain();
    for (const replica of replicas) await replica.close();
  });

  const post = <T>(role: Role, path: string, body: unknown) =>
    call<T>(stack.gateway.url, 'POST', `/api${path}`, { token: tokens.get(role), body });
  /** A replica's answer, asked in its own process: no queue group picks which replica answers. */
  const departmentsOn = async (replica: INestApplication) =>
    (await replica.get(EquipmentService).list(listEquipmentQuerySchema.parse({}))).filters.departments;

  const drops = () => replicas.map((replica) => replica.get(EquipmentListCache).drops);
  /** Waits until every replica has dropped what it kept at least `times` more times than `before`. */
  const droppedSince = (before: number[], times = 1) =>
    until(() => drops().every((now, index) => now >= (before[index] ?? 0) + times), {
      what: 'every replica to drop what it kept',
    });

  it('answers from what it kept until a change, then every replica reads the change', async () => {
    const beforeList = drops();
    const department = await post<ListEntryDto>('Admin', '/lists', {
      kind: 'department',
      name: `${marker} Burns Unit`,
    });
    expect(department.status).toBe(201);
    const name = department.body.name;
    await droppedSince(beforeList);
    // Read once on each replica, after the list change reached both: kept from now on.
    for (const replica of replicas) {
      expect(await departmentsOn(replica)).not.toContain(name);
      // Kept: the filter options and the count of the unfiltered inventory.
      expect(replica.get(EquipmentListCache).size).toBe(2);
    }
    const dropsBefore = drops();

    const device: CreateEquipmentRequest = {
      name: `${marker} Monitor`,
      manufacturer: 'Mindray',
      model: 'N12',
      serialNumber: `${marker}-1`,
      department: name,
      location: 'Bed 1',
      installationDate: '2023-05-01',
      status: 'Serviceable',
      category: 'Monitor',
    };
    const created = await post<EquipmentDto>('Technician', '/equipment', device);
    expect(created.status).toBe(201);
    // One replica wrote it (and dropped its own at once); the other learns it from the event.
    for (const [index, replica] of replicas.entries()) {
      await until(async () => (await departmentsOn(replica)).includes(name), {
        what: `replica ${index + 1} to offer the new department`,
        timeoutMs: 3000,
      });
      expect(replica.get(EquipmentListCache).drops).toBeGreaterThan(dropsBefore[index] ?? 0);
    }
  });

  it('drops nothing for an event that the equipment service did not sign', async () => {
    const dropsBefore = drops();
    const forged = JSON.stringify({ pattern: EVENT_SUBJECTS.equipmentUpdated, data: { item: {} } });
    observer.publish(EVENT_SUBJECTS.equipmentUpdated, new TextEncoder().encode(forged));
    await observer.flush();
    // A signed event published after the forged one: once it has dropped the caches, the forged
    // one has been read (and refused) before it.
    const marked = await post<ListEntryDto>('Admin', '/lists', { kind: 'category', name: `${marker} Pumps` });
    expect(marked.status).toBe(201);
    // The writer drops twice (at its write, then on its own event coming back), the other once.
    await until(() => drops().reduce((sum, now, index) => sum + now - (dropsBefore[index] ?? 0), 0) >= 3, {
      what: 'the signed event on both replicas',
    });
    // The forged event came first: had it counted, it would show here.
    const dropped = drops().map((now, index) => now - (dropsBefore[index] ?? 0));
    expect([...dropped].sort()).toEqual([1, 2]);
  });
});
