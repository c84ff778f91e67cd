import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  DOMAIN_SERVICE_NAMES,
  encodeAuditCursor,
  type AuditCursorPositions,
  type AuditTrailPage,
  type EquipmentDto,
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
 * GET /api/audit against the real services: rows read through each service, merged by time, paged
 * by a cursor that never skips or repeats a committed row (also when rows of several services share a
 * time), filtered by device, person and period; Technicians refused.
 */
describe('GET /api/audit', () => {
  let gateway: RunningGateway;
  const services: INestApplication[] = [];
  const sources = new Map<string, DataSource>();
  const source = (name: string): DataSource => {
    const found = sources.get(name);
    if (!found) throw new Error(`No connection to ${name}.`);
    return found;
  };
  let engineer: { id: string; name: string; token: string };
  let technician: string;
  let manager: string;

  beforeAll(async () => {
    for (const name of DOMAIN_SERVICE_NAMES) services.push(await startDomainService(name));
    gateway = await startGateway();
    for (const name of DOMAIN_SERVICE_NAMES)
      sources.set(name, name === 'identity' ? await identityDataSource() : await serviceDataSource(name));
    const identity = source('identity');
    const person = await rosterStaff(identity, { role: 'Engineer', name: 'Abena Audit' });
    engineer = { id: person.id, name: person.name, token: await signIn(gateway.url, person.serviceNumber) };
    technician = await signIn(
      gateway.url,
      (await rosterStaff(identity, { role: 'Technician' })).serviceNumber,
    );
    manager = await signIn(gateway.url, (await rosterStaff(identity, { role: 'Manager' })).serviceNumber);
  }, 60_000);
  afterAll(async () => {
    await gateway.app.close();
    for (const service of services.reverse()) await service.close();
    for (const source of sources.values()) await source.destroy();
  });

  const trail = (token: string, query: Record<string, string>) =>
    call<AuditTrailPage>(gateway.url, 'GET', `/api/audit?${new URLSearchParams(query).toString()}`, {
      token,
    });

  it("shows a device's change with its old and new values, by whom, newest first", async () => {
    const created = await call<EquipmentDto>(gateway.url, 'POST', '/api/equipment', {
      token: engineer.token,
      body: {
        name: 'Audit Monitor',
        serialNumber: uniqueServiceNumber('AUD'),
        manufacturer: 'Mindray',
        // A model no recall notice of another test names: a match would add its own audit row.
        model: 'Audit Trail N12',
        department: 'ICU',
        location: 'Bed 3',
        installationDate: '2024-02-01',
        status: 'Serviceable',
        category: 'Monitor',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body._id;
    expect(
      (
        await call(gateway.url, 'PUT', `/api/equipment/${id}`, {
          token: engineer.token,
          body: { location: 'Bed 4' },
        })
      ).status,
    ).toBe(200);

    // A task on the device: maintenance's audit row names the device too.
    const task = await call<{ task: { _id: string } }>(gateway.url, 'POST', '/api/tasks', {
      token: engineer.token,
      body: { title: 'Audit check', description: 'Alarm test', priority: 'Low', equipmentId: id },
    });
    expect(task.status).toBe(201);

    const page = await trail(engineer.token, { equipment: id });
    expect(page.status).toBe(200);
    expect(page.body.next).toBeNull();
    expect(page.body.rows.map((row) => [row.service, row.entity, row.action])).toEqual([
      ['maintenance', 'task', 'created'],
      ['equipment', 'equipment', 'updated'],
      ['equipment', 'equipment', 'created'],
    ]);
    expect(page.body.rows[0]).toMatchObject({ entityId: task.body.task._id, equipmentId: id });
    expect(page.body.rows[1]).toMatchObject({
      service: 'equipment',
      entity: 'equipment',
      entityId: id,
      equipmentId: id,
      actor: { id: engineer.id, name: 'Abena Audit' },
      via: 'gateway',
      changes: { location: { from: 'Bed 3', to: 'Bed 4' } },
    });
    // A Manager reads it too.
    expect((await trail(manager, { equipment: id })).body.rows).toHaveLength(3);
  });

  it('refuses Technicians (the rows hold staff personal details) and a cursor it did not make', async () => {
    const refused = await trail(technician, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: expect.stringContaining('Only Engineers, Managers and Admins'),
    });
    const unknown = await trail(engineer.token, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(unknown.status).toBe(400);
    expect((await trail(engineer.token, { from: '2026-02-30' })).status).toBe(400);
    expect((await trail(engineer.token, { from: '2026-03-02', to: '2026-03-01' })).status).toBe(400);
  });

  it('refuses a crafted cursor whose numbers would overflow the database arithmetic, with a message, not a server error', async () => {
    const hostile = (position: { atUs: string; id: string }) => {
      const positions = Object.fromEntries(DOMAIN_SERVICE_NAMES.map((name) => [name, null]));
      return encodeAuditCursor({ ...positions, identity: position } as AuditCursorPositions);
    };
    for (const position of [
      // Past a bigint.
      { atUs: '99999999999999999999', id: '1' },
      { atUs: '1767225600000000', id: '9999999999999999999' },
      // A bigint, but past the last time PostgreSQL can hold when added to the epoch.
      { atUs: '9223372036854775807', id: '1' },
    ]) {
      const answer = await trail(engineer.token, { cursor: hostile(position) });
      expect({ position, status: answer.status }).toEqual({ position, status: 400 });
      expect(answer.body).toMatchObject({
        message: expect.stringContaining('That page of the audit trail is not known'),
      });
    }
    // The largest numbers a position may carry are read without error.
    const largest = await trail(engineer.token, {
      cursor: hostile({ atUs: '999999999999999999', id: '999999999999999999' }),
    });
    expect(largest.status).toBe(200);
  });

  it('pages rows of three services that share a time without skipping or repeating one, and filters by person and period', async () => {
    // Rows of one device written straight to the services' logs (chained by their triggers), many
    // at the very same microsecond, in 2021: no other test writes there.
    const device = randomUUID();
    const someoneElse = randomUUID();
    const tie = '2021-06-15T09:30:00.123456Z';
    const rows: [service: string, at: string, actor: string][] = [
      ['identity', tie, engineer.id],
      ['identity', tie, someoneElse],
      ['equipment', tie, engineer.id],
      ['equipment', tie, someoneElse],
      ['equipment', tie, engineer.id],
      ['maintenance', tie, someoneElse],
      ['maintenance', '2021-06-15T09:30:00.123457Z', engineer.id],
      ['maintenance', '2021-06-14T23:59:59Z', engineer.id],
      ['equipment', '2021-06-16T00:00:00Z', someoneElse],
    ];
    for (const [service, at, actor] of rows)
      await source(service).query(
        `INSERT INTO "${service}"."audit_log" ("actor_id", "actor_label", "entity", "entity_id", "action", "changes", "at", "equipment_id")
           VALUES ($1, 'S-1', 'equipment', $2, 'updated', '{"location": {"from": "A", "to": "B"}}', $3, $4)`,
        [actor, device, at, device],
      );

    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof trail>> = await trail(engineer.token, {
        equipment: device,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.rows.map((row) => row.key));
      times.push(...page.body.rows.map((row) => row.at));
      cursor = page.body.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(new Set(seen).size).toBe(rows.length);
    expect(seen).toHaveLength(rows.length);
    expect([...times].sort().reverse()).toEqual(times);

    const mine = await trail(engineer.token, { equipment: device, person: engineer.id });
    expect(mine.body.rows).toHaveLength(5);
    // The period is on the hospital's calendar (UTC in the tests): 15 June only.
    const day = await trail(engineer.token, { equipment: device, from: '2021-06-15', to: '2021-06-15' });
    expect(day.body.rows).toHaveLength(7);
    expect(day.body.rows.every((row) => row.at.startsWith('2021-06-15'))).toBe(true);
  });
});
