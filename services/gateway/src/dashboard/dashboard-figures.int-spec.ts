import type { INestApplication } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_SETTINGS,
  type DashboardResponse,
  type EquipmentDto,
  type TaskCreatedResponse,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  identityDataSource,
  rosterStaff,
  signIn,
  startDomainService,
  startGateway,
  uniqueServiceNumber,
  type RunningGateway,
} from '@caliber/testing/stack';
import type { DataSource } from 'typeorm';

/**
 * The dashboard's kept figures (DashboardFiguresCache) on real servers: two gateways that keep
 * them, as two replicas would, and one that computes them at every visit, whose answer is the
 * truth to compare with. The figures compared are the inventory's and the tasks' of now (the
 * trend of 30 days ago has a cache of its own in the services, turned off here).
 */
describe('The dashboard keeps its figures until something changes', () => {
  const services: INestApplication[] = [];
  let kept: RunningGateway;
  let otherReplica: RunningGateway;
  let truth: RunningGateway;
  let identityDb: DataSource;
  let equipmentDb: DataSource;
  let engineer: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    for (const name of ['identity', 'equipment', 'maintenance'] as const)
      services.push(await startDomainService(name, { DASHBOARD_TREND_CACHE_SECONDS: '0' }));
    kept = await startGateway();
    otherReplica = await startGateway();
    truth = await startGateway({ DASHBOARD_CACHE_SECONDS: '0' });
    identityDb = await identityDataSource();
    equipmentDb = await serviceDataSource('equipment');
    engineer = await signIn(kept.url, (await rosterStaff(identityDb, { role: 'Engineer' })).serviceNumber);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    for (const gateway of [kept, otherReplica, truth]) await gateway.app.close();
    for (const service of services.reverse()) await service.close();
    await Promise.all([identityDb.destroy(), equipmentDb.destroy()]);
  });

  const dashboard = async (gateway: RunningGateway, token = engineer) => {
    const answer = await call<DashboardResponse>(gateway.url, 'GET', '/api/dashboard', { token });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** What the inventory and task figures of now say (the parts that are kept). */
  const figures = (answer: DashboardResponse) => ({
    equipment: answer.equipment && {
      total: answer.equipment.total,
      serviceable: answer.equipment.serviceable,
      maintenance: answer.equipment.maintenance,
      unserviceable: answer.equipment.unserviceable,
    },
    tasks: answer.tasks && {
      total: answer.tasks.total,
      pending: answer.tasks.pending,
      inProgress: answer.tasks.inProgress,
      completed: answer.tasks.completed,
    },
  });

  async function addDevice(gateway: RunningGateway): Promise<string> {
    const created = await call<EquipmentDto>(gateway.url, 'POST', '/api/equipment', {
      token: engineer,
      body: {
        name: 'Kept Figures Pump',
        serialNumber: uniqueServiceNumber('KEPT'),
        manufacturer: 'Baxter',
        model: 'Kept Figures Sigma',
        department: 'ICU',
        location: 'Bay 2',
        installationDate: '2024-03-01',
        status: 'Serviceable',
        category: 'Infusion Pump',
      },
    });
    expect(created.status).toBe(201);
    return created.body._id;
  }

  it('answers later visits with the same figures while nothing it hears of has changed', async () => {
    const device = await addDevice(kept);
    const first = figures(await dashboard(kept));
    expect(first).toEqual(figures(await dashboard(truth)));
    // Changed behind the services' back: no event, no write through a gateway.
    await equipmentDb.query(`UPDATE "equipment"."equipment" SET "status" = 'Unserviceable' WHERE "id" = $1`, [
      device,
    ]);
    const now = figures(await dashboard(truth));
    expect(now.equipment?.unserviceable).toBe((first.equipment?.unserviceable ?? 0) + 1);
    expect(figures(await dashboard(kept))).toEqual(first);
  });

  it('shows a change made through this gateway on the very next visit', async () => {
    await dashboard(kept);
    await addDevice(kept);
    expect(figures(await dashboard(kept))).toEqual(figures(await dashboard(truth)));
  });

  it('has dropped them by the time its browsers hear of a change made through another replica', async () => {
    const before = figures(await dashboard(kept));
    const socket = io(kept.url, {
      path: SOCKET_SETTINGS.path,
      transports: ['websocket'],
      reconnection: false,
      auth: { token: engineer },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('socket:ready', () => resolve());
      socket.once('connect_error', reject);
    });
    // The moment the event reaches the browser, the dashboard it reloads already counts it.
    const afterEvent = new Promise<DashboardResponse>((resolve, reject) =>
      socket.once('equipment:created', () => dashboard(kept).then(resolve, reject)),
    );
    await addDevice(otherReplica);
    const reloaded = figures(await afterEvent);
    expect(reloaded.equipment?.total).toBe((before.equipment?.total ?? 0) + 1);
    expect(reloaded).toEqual(figures(await dashboard(truth)));
  });

  it('keeps them through writes that change no figure: a label sheet, previews, work details', async () => {
    const technician = await rosterStaff(identityDb, { role: 'Technician' });
    await identityDb.query(`UPDATE "identity"."users" SET "pre_approved" = true WHERE "id" = $1`, [
      technician.id,
    ]);
    const device = await addDevice(kept);
    const created = await call<TaskCreatedResponse>(kept.url, 'POST', '/api/tasks', {
      token: engineer,
      body: {
        title: 'Kept figures: replace the door seal',
        description: 'Seal torn',
        priority: 'Low',
        equipmentId: device,
        assignedTo: technician.id,
      },
    });
    expect(created.status).toBe(201);
    const technicianToken = await signIn(kept.url, technician.serviceNumber);
    const first = figures(await dashboard(kept));
    // Changed behind the services' back: only a dropped answer would show it.
    await equipmentDb.query(`UPDATE "equipment"."equipment" SET "status" = 'Unserviceable' WHERE "id" = $1`, [
      device,
    ]);
    expect(figures(await dashboard(truth))).not.toEqual(first);

    const socket = io(kept.url, {
      path: SOCKET_SETTINGS.path,
      transports: ['websocket'],
      reconnection: false,
      auth: { token: engineer },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('socket:ready', () => resolve());
      socket.once('connect_error', reject);
    });
    const workEventHeard = new Promise<void>((resolve) => socket.once('task:workUpdated', () => resolve()));

    // Anyone may print labels and preview as often as they like: none of it is a change.
    for (let round = 0; round < 3; round += 1) {
      const labels = await fetch(`${kept.url}/api/equipment/labels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${engineer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [device] }),
      });
      expect(labels.status).toBe(200);
      await labels.arrayBuffer();
      const preview = await call(kept.url, 'POST', '/api/recalls/preview', {
        token: engineer,
        body: {
          source: 'Manufacturer',
          sourceReference: `KEPT-${round}`,
          title: 'Occlusion sensor drift',
          manufacturer: 'Baxter',
          models: ['Kept Figures Sigma'],
          serialNumbers: [],
          serialRanges: [],
          lotNumbers: [],
          hazard: 'Under-infusion',
          actionRequired: 'Replace the sensor',
          publishedOn: '2026-11-01',
        },
      });
      expect(preview.status).toBe(200);
    }
    // Work details are a real write, with their own event; they count nothing on the dashboard.
    const work = await call(kept.url, 'PUT', `/api/tasks/${created.body.task._id}/work`, {
      token: technicianToken,
      body: {
        faultDescription: 'Door seal torn',
        repairDetails: 'Seal replaced',
        sparePartsText: 'Door seal',
      },
    });
    expect(work.status).toBe(200);
    await workEventHeard;

    // Writes of a kind that moves figures, changing nothing: the same status again, and the
    // Technician's own theme (their name unchanged) back and forth. Their author's next visit is
    // computed anew; nobody else's figures are dropped.
    const themeEvents = new Promise<void>((resolve) => {
      let heard = 0;
      socket.on('user:changed', () => {
        heard += 1;
        if (heard === 2) resolve();
      });
    });
    for (const theme of ['dark', 'light']) {
      const saved = await call(kept.url, 'PUT', '/api/settings/appearance', {
        token: technicianToken,
        body: { theme },
      });
      expect(saved.status).toBe(200);
    }
    await themeEvents;
    for (let round = 0; round < 3; round += 1) {
      const same = await call(kept.url, 'PUT', `/api/tasks/${created.body.task._id}/status`, {
        token: technicianToken,
        body: { status: created.body.task.status },
      });
      expect(same.status).toBe(200);
    }

    expect(figures(await dashboard(kept))).toEqual(first);
  });

  it("computes its author's next visit anew after a write, and keeps that answer for the visits after", async () => {
    const device = await addDevice(kept);
    const first = figures(await dashboard(otherReplica));
    // Changed behind the services' back, then a write of the same device that changes nothing.
    await equipmentDb.query(`UPDATE "equipment"."equipment" SET "status" = 'Unserviceable' WHERE "id" = $1`, [
      device,
    ]);
    const technician = await rosterStaff(identityDb, { role: 'Technician' });
    const technicianToken = await signIn(otherReplica.url, technician.serviceNumber);
    await dashboard(otherReplica, technicianToken);
    const unchanged = await call(otherReplica.url, 'PUT', `/api/equipment/${device}`, {
      token: engineer,
      body: { location: 'Bay 2' },
    });
    expect(unchanged.status).toBe(200);
    // The author's visit is computed now, so it shows what the database holds ...
    expect(figures(await dashboard(otherReplica))).toEqual(figures(await dashboard(truth)));
    // ... and, kept from then on, so do the visits of everyone who shares those figures.
    expect(figures(await dashboard(otherReplica))).not.toEqual(first);
  });

  it("keeps a Technician's task figures as theirs: two Technicians never share them", async () => {
    const [first, second] = [
      await rosterStaff(identityDb, { role: 'Technician' }),
      await rosterStaff(identityDb, { role: 'Technician' }),
    ];
    // Approved to receive tasks, as an Engineer does on the roster.
    await identityDb.query(`UPDATE "identity"."users" SET "pre_approved" = true WHERE "id" = $1`, [first.id]);
    const device = await addDevice(kept);
    const created = await call<TaskCreatedResponse>(kept.url, 'POST', '/api/tasks', {
      token: engineer,
      body: {
        title: 'Kept figures: check the pump',
        description: 'Occlusion alarm test',
        priority: 'Medium',
        equipmentId: device,
        assignedTo: first.id,
      },
    });
    expect(created.status).toBe(201);
    const [firstToken, secondToken] = [
      await signIn(kept.url, first.serviceNumber),
      await signIn(kept.url, second.serviceNumber),
    ];
    expect((await dashboard(kept, firstToken)).tasks?.total).toBe(1);
    expect((await dashboard(kept, secondToken)).tasks?.total).toBe(0);
    expect((await dashboard(kept, firstToken)).tasks?.total).toBe(1);
    // And the department's figures, kept for Engineers, count the Technician's task.
    expect(figures(await dashboard(kept)).tasks).toEqual(figures(await dashboard(truth)).tasks);
  });
});
