import type { INestApplication } from '@nestjs/common';
import createClient from 'openapi-fetch';
import {
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import type { components, paths } from './client/caliber-api';

type Equipment = components['schemas']['Equipment'];

/**
 * The integrators' typed client, generated from the OpenAPI document (client/caliber-api.d.ts),
 * used as an integrator would against the real stack. The type check compiles this file with the
 * generated types, and `npm test` fails when those types are not what the document makes now: a
 * field read here that the API stops answering fails the build, and one it answers differently
 * fails the test.
 */
describe('The typed API client against the real stack', () => {
  const stack = useSignInStack('typed-client');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let client: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance();
    const engineer = await rosterStaff(stack.db, {
      role: 'Engineer',
      name: 'Client Engineer',
      preApproved: true,
    });
    const token = await signIn(stack.gateway.url, engineer.serviceNumber);
    client = createClient<paths>({
      baseUrl: stack.gateway.url,
      headers: { authorization: `Bearer ${token}` },
    });
  });
  afterAll(async () => {
    await maintenance.close();
    await equipment.close();
  });

  it('adds a device, reads it back and finds it in the list, every answer typed', async () => {
    const serialNumber = `CLIENT-${Date.now().toString(36)}`;
    const created = await client.POST('/api/equipment', {
      body: {
        name: 'Ventilator',
        manufacturer: 'Dräger',
        model: 'Evita V800',
        serialNumber,
        department: 'ICU',
        location: 'Bed 7',
        installationDate: '2024-03-01',
        status: 'Serviceable',
        category: 'Ventilator',
      },
    });
    expect(created.response.status).toBe(201);
    const device: Equipment | undefined = created.data;
    expect(device?.serialNumber).toBe(serialNumber);
    expect(device?.version).toBe(1);
    const id = device?._id ?? '';

    const read = await client.GET('/api/equipment/{id}', { params: { path: { id } } });
    expect(read.data?.statusHistory.map((entry) => entry.to)).toEqual(['Serviceable']);
    expect(read.data?.statusHistoryTotal).toBe(1);

    const page = await client.GET('/api/equipment', { params: { query: { q: serialNumber } } });
    expect(page.data?.equipment.map((item) => item._id)).toEqual([id]);
    expect(page.data?.total).toBe(1);
  });

  it('creates a task on the device and reads it from the task list', async () => {
    const device = await client.POST('/api/equipment', {
      body: {
        name: 'Infusion Pump',
        manufacturer: 'B. Braun',
        model: 'Infusomat Space',
        serialNumber: `CLIENT-T-${Date.now().toString(36)}`,
        department: 'ICU',
        location: 'Bed 2',
        installationDate: '2023-05-12',
        status: 'Serviceable',
        category: 'Infusion Pump',
      },
    });
    const created = await client.POST('/api/tasks', {
      body: {
        title: 'Occlusion alarm check',
        description: 'The occlusion alarm sounds late.',
        priority: 'High',
        equipmentId: device.data?._id ?? '',
      },
    });
    expect(created.response.status).toBe(201);
    const task = created.data?.task;
    expect(task?.status).toBe('Pending');
    expect(task?.equipment?._id).toBe(device.data?._id);

    const list = await client.GET('/api/tasks', { params: { query: { q: 'Occlusion alarm' } } });
    expect(list.data?.tasks.some((listed) => listed._id === task?._id)).toBe(true);
  });

  it('answers a refusal in the one documented error shape', async () => {
    const missing = await client.GET('/api/equipment/{id}', {
      params: { path: { id: '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b' } },
    });
    expect(missing.response.status).toBe(404);
    const error: components['schemas']['Error'] | undefined = missing.error;
    expect(error?.code).toBe('NOT_FOUND');
    expect(typeof error?.message).toBe('string');
  });
});
