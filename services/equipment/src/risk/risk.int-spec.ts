import { Controller, Module, type INestApplication, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ClientProxyFactory,
  MessagePattern,
  Payload,
  Transport,
  type ClientProxy,
} from '@nestjs/microservices';
import { connect, type NatsConnection } from 'nats';
import { firstValueFrom } from 'rxjs';
import type { DataSource } from 'typeorm';
import {
  EVENT_SUBJECTS,
  QUEUE_GROUPS,
  SUBJECTS,
  type ChangeFeedPage,
  type ChangeFeedRequest,
  type CreateEquipmentRequest,
  type DeviceRiskChange,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type PmCoverageChange,
  type Role,
  type SignedMessage,
} from '@caliber/contracts';
import { natsConnectionOptions, natsServerOptions } from '@caliber/service-kit';
import { call } from '@caliber/testing/http';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { testSigner, testVerifier } from '@caliber/testing/statement-keys';
import { until } from '@caliber/testing/wait';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  useSignInStack,
} from '@caliber/testing/stack';

const harnessNats = () => ({
  servers: [process.env['NATS_URL'] ?? ''],
  user: process.env['NATS_USER'] ?? '',
  pass: process.env['NATS_PASSWORD'] ?? '',
});

/**
 * Maintenance's coverage feed as the test arranges it: `coverage` holds the feed's rows in order,
 * served two at a time (whatever limit is asked) so a catch-up has to read several pages. Every
 * request is checked to be signed by the equipment service.
 */
const coverage: PmCoverageChange[] = [];
const coverageRequests: string[] = [];
const verifier = testVerifier();

@Controller()
class FakeCoverageController {
  @MessagePattern(SUBJECTS.maintenance.pmCoverage)
  page(@Payload() message: SignedMessage<ChangeFeedRequest>): ChangeFeedPage<PmCoverageChange> {
    const { payload } = verifier.verify(SUBJECTS.maintenance.pmCoverage, message, ['equipment']);
    const after = BigInt((payload as ChangeFeedRequest).after ?? '0');
    coverageRequests.push(after.toString());
    const rest = coverage.filter((change) => BigInt(change.seq) > after);
    const changes = rest.slice(0, 2);
    return { changes, last: changes.at(-1)?.seq ?? after.toString(), more: rest.length > 2 };
  }
}
@Module({ controllers: [FakeCoverageController] })
class FakeMaintenanceModule {}

describe('Risk assessment, the risk feed and the PM program filters (real PostgreSQL, NATS, Redis)', () => {
  const stack = useSignInStack('risk');
  let equipment: INestApplication;
  let rows: DataSource;
  let nats: NatsConnection;
  let bus: ClientProxy;
  let fakeMaintenance: INestMicroservice | undefined;
  const tokens = new Map<Role, string>();
  const serviceNumbers = new Map<Role, string>();
  const marker = `R${Date.now().toString(36)}`;
  let serial = 0;

  beforeAll(async () => {
    equipment = await startEquipment();
    rows = await equipmentDataSource();
    nats = await connect(natsConnectOptions());
    bus = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsConnectionOptions(harnessNats(), 'risk-harness'),
    });
    await bus.connect();
    for (const role of ['Technician', 'Engineer', 'Admin'] as const) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Assessor` });
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
      serviceNumbers.set(role, staff.serviceNumber);
    }
  });
  afterAll(async () => {
    await fakeMaintenance?.close();
    await bus.close();
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
  const admin = as('Admin');

  async function added(category: string = 'Ventilator', name = 'Device'): Promise<EquipmentDto> {
    serial += 1;
    const body: CreateEquipmentRequest = {
      name: `${marker} ${name} ${serial}`,
      manufacturer: 'Dräger',
      model: 'Evita V500',
      serialNumber: `${marker}-SN-${serial}`,
      department: 'ICU',
      location: 'ICU Bed 4',
      installationDate: '2022-03-01',
      status: 'Serviceable',
      category,
    };
    const answer = await engineer.post<EquipmentDto>('/equipment', body);
    expect(answer.status).toBe(201);
    return answer.body;
  }

  const ventilatorScores = { function: 10, physicalRisk: 5, maintenance: 5, incidentHistory: 0 };
  const monitorScores = { function: 7, physicalRisk: 3, maintenance: 2, incidentHistory: 0 };
  const autoclaveScores = { function: 4, physicalRisk: 2, maintenance: 3, incidentHistory: -2 };

  async function assessed(item: EquipmentDto, scores: object): Promise<EquipmentDto> {
    const answer = await engineer.put<EquipmentDto>(`/equipment/${item._id}/risk`, scores);
    expect(answer.status).toBe(200);
    return answer.body;
  }

  function auditOf(id: string) {
    return rows.query(
      `SELECT "action", "actor_label", "changes" FROM "equipment"."audit_log"
        WHERE "entity_id" = $1 AND "action" = 'risk-assessed' ORDER BY "id"`,
      [id],
    ) as Promise<
      { action: string; actor_label: string; changes: Record<string, { from: unknown; to: unknown }> }[]
    >;
  }

  /** Sends a feed request on the bus as `principal` would sign it. */
  function riskChanges(request: ChangeFeedRequest, principal: 'maintenance' | 'gateway' = 'maintenance') {
    const subject = SUBJECTS.equipment.riskChanges;
    return firstValueFrom(
      bus.send<ChangeFeedPage<DeviceRiskChange>>(subject, testSigner(principal).sign(subject, request)),
    );
  }

  async function feedPosition(): Promise<string> {
    const [row] = (await rows.query(
      `SELECT COALESCE(max("feed_seq"), 0)::text AS "last" FROM "equipment"."equipment"`,
    )) as [{ last: string }];
    return row.last;
  }

  async function listed(query: string): Promise<string[]> {
    const answer = await technician.get<EquipmentListResponse>(`/equipment?limit=100&${query}`);
    expect(answer.status).toBe(200);
    return answer.body.equipment.map((item) => item.name).sort();
  }

  describe('assessing an item', () => {
    it('saves the scores with the EM number, class and flags, names the assessor, and publishes the update', async () => {
      const item = await added();
      expect(item.risk).toBeNull();
      const updates: unknown[] = [];
      const subscription = nats.subscribe(EVENT_SUBJECTS.equipmentUpdated, {
        callback: (_error, message) => {
          const packet = JSON.parse(new TextDecoder().decode(message.data)) as { data: unknown };
          updates.push(verifier.verify(message.subject, packet.data, ['equipment']).payload);
        },
      });
      await nats.flush();
      const saved = await assessed(item, { ...ventilatorScores, version: item.version });
      expect(saved.risk).toEqual({
        ...ventilatorScores,
        total: 20,
        riskClass: 'High',
        highRisk: true,
        lifeSupport: true,
        inPmProgram: true,
        assessedAt: expect.any(String),
        assessedBy: { _id: expect.any(String), name: 'Engineer Assessor' },
      });
      expect(saved.version).toBe(item.version + 1);
      // Everyone reads it, in the details and in the list.
      const detail = await technician.get<EquipmentDetail>(`/equipment/${item._id}`);
      expect(detail.body.risk).toEqual(saved.risk);
      const list = await technician.get<EquipmentListResponse>(
        `/equipment?q=${encodeURIComponent(item.name)}`,
      );
      expect(list.body.equipment[0]?.risk).toEqual(saved.risk);
      await until(
        () => updates.some((update) => JSON.stringify(update) === JSON.stringify({ equipment: saved })),
        {
          what: 'the update event of the assessment',
        },
      );
      subscription.unsubscribe();
    });

    it('audits each assessment with the old and new values', async () => {
      const item = await added('Monitor', 'Monitor');
      await assessed(item, monitorScores);
      await assessed(item, { ...monitorScores, physicalRisk: 4, incidentHistory: 2 });
      const audit = await auditOf(item._id);
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({ actor_label: serviceNumbers.get('Engineer') });
      expect(audit[0]?.changes).toMatchObject({
        function: { from: null, to: 7 },
        total: { from: null, to: 12 },
        riskClass: { from: null, to: 'Medium' },
        inPmProgram: { from: null, to: true },
      });
      expect(audit[1]?.changes).toEqual({
        physicalRisk: { from: 3, to: 4 },
        incidentHistory: { from: 0, to: 2 },
        total: { from: 12, to: 15 },
        highRisk: { from: false, to: true },
      });
    });

    it('is for Engineers and Admins: a Technician is refused with 403 and nothing changes', async () => {
      const item = await added();
      const refused = await technician.put(`/equipment/${item._id}/risk`, ventilatorScores);
      expect(refused.status).toBe(403);
      expect(refused.body['message']).toBe('Only Engineers and Admins may assess the risk of equipment.');
      expect((await technician.get<EquipmentDetail>(`/equipment/${item._id}`)).body.risk).toBeNull();
      expect(await auditOf(item._id)).toEqual([]);
      const byAdmin = await admin.put<EquipmentDto>(`/equipment/${item._id}/risk`, autoclaveScores);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.risk).toMatchObject({ total: 7, riskClass: 'Low', inPmProgram: false });
    });

    it('refuses scores off their published scales, missing scores and extra fields with 400 and a message', async () => {
      const item = await added();
      const cases: [unknown, string][] = [
        [
          { ...ventilatorScores, function: 11 },
          'Equipment function must be one of 10, 9, 8, 7, 6, 5, 4, 3, 2.',
        ],
        [{ ...ventilatorScores, incidentHistory: -3 }, 'Incident history must be one of 2, 1, 0, -1, -2.'],
        [{ ...ventilatorScores, maintenance: '5' }, 'Maintenance requirements must be a score.'],
        [{ function: 10, physicalRisk: 5, maintenance: 5 }, 'Incident history must be a score.'],
        [
          { ...ventilatorScores, total: 22 },
          'Only function, physicalRisk, maintenance, incidentHistory and version may be sent.',
        ],
      ];
      for (const [body, message] of cases) {
        const answer = await engineer.put(`/equipment/${item._id}/risk`, body);
        expect({ status: answer.status, message: answer.body['message'] }).toEqual({ status: 400, message });
      }
      expect(await auditOf(item._id)).toEqual([]);
    });

    it('checks the scores in the service too, whoever sends them on the bus', async () => {
      const item = await added();
      const subject = SUBJECTS.equipment.assessRisk;
      const statement = testSigner('gateway').sign(
        subject,
        { id: item._id, data: { ...ventilatorScores, physicalRisk: 6 } },
        {
          id: item.createdBy?._id ?? '',
          role: 'Engineer',
          name: 'Bus Engineer',
          serviceNumber: 'B-1',
          sessionId: 's',
        },
      );
      await expect(firstValueFrom(bus.send(subject, statement))).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('Physical risk must be one of 5, 4, 3, 2, 1.'),
      });
    });

    it('answers 404 for an item that is not in the inventory, deleted or never there', async () => {
      const item = await added();
      expect((await engineer.delete(`/equipment/${item._id}`)).status).toBe(200);
      for (const id of [item._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const answer = await engineer.put(`/equipment/${id}/risk`, ventilatorScores);
        expect({ status: answer.status, message: answer.body['message'] }).toEqual({
          status: 404,
          message: 'This equipment is not in the inventory.',
        });
      }
    });

    it('refuses an assessment made on a stale view of the item (409)', async () => {
      const item = await added();
      expect((await technician.put(`/equipment/${item._id}`, { location: 'Moved' })).status).toBe(200);
      const stale = await engineer.put(`/equipment/${item._id}/risk`, {
        ...ventilatorScores,
        version: item.version,
      });
      expect(stale.status).toBe(409);
      expect(stale.body['message']).toBe(
        `${item.name} was changed by someone else since you opened it. Reload it and try again.`,
      );
      expect((await technician.get<EquipmentDetail>(`/equipment/${item._id}`)).body.risk).toBeNull();
    });
  });

  describe('the risk feed', () => {
    it('pages the changed devices in order, with deletions, and moves only on what maintenance follows', async () => {
      const start = await feedPosition();
      const first = await added('Defibrillator', 'Feed Defibrillator');
      const second = await added('Monitor', 'Feed Monitor');
      await assessed(first, ventilatorScores);
      // An ordinary status change is not in the feed; a rename and a deletion are.
      expect(
        (await engineer.put(`/equipment/${second._id}/status`, { status: 'Unserviceable' })).status,
      ).toBe(200);
      expect(
        (await engineer.put(`/equipment/${second._id}`, { name: `${marker} Feed Monitor renamed` })).status,
      ).toBe(200);
      expect((await engineer.delete(`/equipment/${first._id}`)).status).toBe(200);

      const all = await riskChanges({ after: start });
      expect(all.more).toBe(false);
      // Each device appears once, at its latest change, in the order of those changes.
      expect(all.changes.map((change) => change.equipmentId)).toEqual([second._id, first._id]);
      expect(all.changes[1]).toEqual({
        equipmentId: first._id,
        seq: all.last,
        riskClass: 'High',
        highRisk: true,
        lifeSupport: true,
        inPmProgram: true,
        name: first.name,
        serialNumber: first.serialNumber,
        department: 'ICU',
        category: 'Defibrillator',
        retired: false,
        deleted: true,
      });
      expect(all.changes[0]).toMatchObject({
        riskClass: null,
        highRisk: false,
        lifeSupport: false,
        inPmProgram: false,
        name: `${marker} Feed Monitor renamed`,
        retired: false,
        deleted: false,
      });
      const [renamedAt, deletedAt] = all.changes.map((change) => BigInt(change.seq));
      expect(renamedAt !== undefined && deletedAt !== undefined).toBe(true);
      expect((renamedAt ?? 0n) > BigInt(start) && (renamedAt ?? 0n) < (deletedAt ?? 0n)).toBe(true);

      const page1 = await riskChanges({ after: start, limit: 1 });
      expect(page1).toEqual({ changes: [all.changes[0]], last: all.changes[0]?.seq, more: true });
      const page2 = await riskChanges({ after: page1.last, limit: 1 });
      expect(page2).toEqual({ changes: [all.changes[1]], last: all.last, more: false });
      expect(await riskChanges({ after: all.last })).toEqual({ changes: [], last: all.last, more: false });
    });

    it('serves maintenance only, and refuses a bad position with a message', async () => {
      await expect(riskChanges({ after: '0' }, 'gateway')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(riskChanges({ after: 'x' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('after must be a sequence position.'),
      });
      await expect(riskChanges({ after: '0', limit: 501 })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      // Not a route of the gateway: no person reaches it over HTTP.
      expect((await engineer.get('/equipment/risk/changes')).status).toBe(404);
    });
  });

  describe('the list filters', () => {
    let high: EquipmentDto;
    let medium: EquipmentDto;
    let low: EquipmentDto;
    let unassessed: EquipmentDto;

    beforeAll(async () => {
      high = await added('Ventilator', 'Filter Ventilator');
      medium = await added('Monitor', 'Filter Monitor');
      low = await added('Autoclave', 'Filter Autoclave');
      unassessed = await added('Suction', 'Filter Suction');
      await assessed(high, ventilatorScores);
      await assessed(medium, monitorScores);
      await assessed(low, autoclaveScores);
    });
    const names = (...items: EquipmentDto[]) => items.map((item) => item.name).sort();
    const filter = (query: string) => listed(`q=${encodeURIComponent(`${marker} Filter`)}&${query}`);

    it('narrows the list by risk class, and finds the items not assessed yet', async () => {
      expect(await filter('riskClass=High')).toEqual(names(high));
      expect(await filter('riskClass=Medium')).toEqual(names(medium));
      expect(await filter('riskClass=Low')).toEqual(names(low));
      expect(await filter('riskClass=unassessed')).toEqual(names(unassessed));
      expect(await filter('riskClass=')).toEqual(names(high, medium, low, unassessed));
      const bad = await technician.get('/equipment?riskClass=Severe');
      expect(bad.status).toBe(400);
      expect(bad.body['message']).toContain('riskClass must be one of High, Medium, Low, unassessed.');
      expect((await technician.get('/equipment?pmProgram=planned')).status).toBe(400);
    });

    it('answers "in the PM program without a plan" from the stored copy while maintenance does not answer', async () => {
      // No maintenance on the bus: nobody is known to have a plan, and the list still answers.
      expect(await filter('pmProgram=unplanned')).toEqual(names(high, medium));
    });

    it('reads maintenance’s coverage feed, page by page, before answering', async () => {
      coverage.push(
        { equipmentId: '00000000-0000-4000-8000-0000000000aa', seq: '1', activePlans: 1 },
        { equipmentId: high._id, seq: '2', activePlans: 1 },
        { equipmentId: medium._id, seq: '3', activePlans: 1 },
        { equipmentId: medium._id, seq: '4', activePlans: 0 },
        { equipmentId: low._id, seq: '5', activePlans: 2 },
      );
      fakeMaintenance = await NestFactory.createMicroservice(FakeMaintenanceModule, {
        ...natsServerOptions(harnessNats(), QUEUE_GROUPS.maintenance),
        logger: false,
      });
      await fakeMaintenance.listen();
      // Other test files share the database and may have read the real feed: start from its beginning.
      await rows.query(`DELETE FROM "equipment"."feed_positions" WHERE "feed" = $1`, [
        SUBJECTS.maintenance.pmCoverage,
      ]);

      expect(await filter('pmProgram=unplanned')).toEqual(names(medium));
      expect(coverageRequests).toEqual(['0', '2', '4']);
      const [position] = (await rows.query(
        `SELECT "position"::text AS "position" FROM "equipment"."feed_positions" WHERE "feed" = $1`,
        [SUBJECTS.maintenance.pmCoverage],
      )) as [{ position: string }];
      expect(position.position).toBe('5');
      // The filters combine.
      expect(await filter('pmProgram=unplanned&riskClass=High')).toEqual([]);

      // The plan on the ventilator is retired: the next list asks only for what came after.
      coverageRequests.length = 0;
      coverage.push({ equipmentId: high._id, seq: '6', activePlans: 0 });
      expect(await filter('pmProgram=unplanned')).toEqual(names(high, medium));
      expect(coverageRequests).toEqual(['5']);
    });

    it('keeps the filter to items still in the inventory and still in the program', async () => {
      await assessed(medium, autoclaveScores);
      expect(await filter('pmProgram=unplanned')).toEqual(names(high));
      expect((await engineer.delete(`/equipment/${high._id}`)).status).toBe(200);
      expect(await filter('pmProgram=unplanned')).toEqual([]);
    });
  });
});
