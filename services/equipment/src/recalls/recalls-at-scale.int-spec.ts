import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import {
  RECALL_ACTIONS_PAGE,
  RECALL_REPORT_ACTION_ROWS,
  SUBJECTS,
  type ApiErrorBody,
  type RecallActionsPage,
  type RecallDto,
  type RecallNoticeRequest,
  type RecallReportFigures,
} from '@caliber/contracts';
import { natsConnectOptions } from '@caliber/testing/nats-users';
import { testSigner } from '@caliber/testing/statement-keys';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  useSignInStack,
} from '@caliber/testing/stack';

/** The devices of the one model the notice names: a large hospital's whole fleet of a pump. */
const DEVICES = 20_000;

/**
 * A whole-model recall at the scale of a large hospital: saving it answers the notice and its
 * counts (never its devices), its devices are read a page at a time, each answer stays small
 * whatever the notice found, and a retry of the save is refused rather than recorded twice.
 */
describe('A whole-model recall of 20,000 devices (real PostgreSQL, NATS, Redis)', () => {
  const stack = useSignInStack('recalls-at-scale');
  let equipment: INestApplication;
  let rows: DataSource;
  let token = '';
  const marker = `RS${Date.now().toString(36).toUpperCase()}`;
  const MODEL = `Fleet ${marker}`;
  let deviceIds: Set<string>;
  let recallId = '';

  beforeAll(async () => {
    equipment = await startEquipment();
    rows = await equipmentDataSource();
    const engineer = await rosterStaff(stack.db, { role: 'Engineer', name: 'Engineer Fleet' });
    token = await signIn(stack.gateway.url, engineer.serviceNumber);
    const inserted = (await rows.query(
      `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
              "location", "installation_date", "status", "category", "created_by_id", "created_by_name",
              "updated_by_id", "updated_by_name")
       SELECT $1 || ' Pump ' || lpad(i::text, 5, '0'), 'Fleet Medical', $2, $1 || '-' || i, 'ICU', 'Bay ' || (i % 40),
              '2022-01-10', 'Serviceable', 'Other', gen_random_uuid(), 'Fleet', gen_random_uuid(), 'Fleet'
         FROM generate_series(1, $3::int) AS i
       RETURNING "id"`,
      [marker, MODEL, DEVICES],
    )) as { id: string }[];
    deviceIds = new Set(inserted.map((row) => row.id));
  }, 120_000);
  afterAll(async () => {
    // The fleet leaves the inventory again, its actions closed, so other test files that read the
    // oldest open actions or the whole inventory do not meet 20,000 of them.
    if (recallId) {
      await rows.query(
        `UPDATE "equipment"."recall_actions" SET "state" = 'closed', "closed_with" = 'decision',
                "decision" = 'Test fleet removed.', "closed_at" = now() WHERE "recall_id" = $1`,
        [recallId],
      );
      await rows.query(
        `UPDATE "equipment"."recall_notices" SET "state" = 'closed', "closed" = "affected", "closed_at" = now()
          WHERE "id" = $1`,
        [recallId],
      );
    }
    await rows.query(
      `UPDATE "equipment"."equipment" SET "open_recall_actions" = 0, "deleted_at" = now() WHERE "model" = $1`,
      [MODEL],
    );
    await rows.destroy();
    await equipment.close();
  }, 120_000);

  const send = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.gateway.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as T };
  };
  const notice: RecallNoticeRequest = {
    source: 'Manufacturer',
    sourceReference: `FSN-${marker}`,
    title: 'Infusion may stop without alarm',
    manufacturer: 'Fleet Medical',
    models: [MODEL],
    hazard: 'The pump may stop infusing without sounding its alarm.',
    actionRequired: 'Update the firmware and test the occlusion alarm.',
    publishedOn: '2026-06-01',
  };

  it('saves the notice, answering the notice and its counts, not its 20,000 devices', async () => {
    const saved = await send<RecallDto>('POST', '/recalls', notice);
    expect(saved.status).toBe(201);
    recallId = saved.body._id;
    expect([saved.body.affected, saved.body.closed, saved.body.state]).toEqual([DEVICES, 0, 'open']);
    expect(saved.body).not.toHaveProperty('actions');
    // The answer is the notice's size, whatever it found.
    expect(saved.bytes).toBeLessThan(4_000);
    const read = await send<RecallDto>('GET', `/recalls/${recallId}`);
    expect([read.status, read.body.affected, read.bytes < 4_000]).toEqual([200, DEVICES, true]);
    const [{ open, audited }] = (await rows.query(
      `SELECT (SELECT count(*)::int FROM "equipment"."equipment" WHERE "model" = $1 AND "open_recall_actions" = 1)
                AS "open",
              (SELECT count(*)::int FROM "equipment"."audit_log"
                WHERE "entity" = 'recall-device' AND "action" = 'found' AND "changes" -> 'recall' ->> 'to' = $2)
                AS "audited"`,
      [MODEL, recallId],
    )) as [{ open: number; audited: number }];
    expect([open, audited]).toEqual([DEVICES, DEVICES]);
  }, 120_000);

  it('refuses a retry of the save (its answer lost) with the notice on record', async () => {
    const again = await send<ApiErrorBody>('POST', '/recalls', notice);
    expect([again.status, again.body.existingId]).toEqual([409, recallId]);
    const [{ count }] = (await rows.query(
      `SELECT count(*)::int AS "count" FROM "equipment"."recall_notices" WHERE "source_reference" = $1`,
      [`FSN-${marker}`],
    )) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('reads every device a page at a time, each exactly once, each page small', async () => {
    const seen = new Set<string>();
    let read = 0;
    let largest = 0;
    for (let page = 1; ; page++) {
      const answer = await send<RecallActionsPage>(
        'GET',
        `/recalls/${recallId}/actions?page=${page}&limit=${RECALL_ACTIONS_PAGE.max}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.actions.length).toBeLessThanOrEqual(RECALL_ACTIONS_PAGE.max);
      for (const action of answer.body.actions) seen.add(action.device._id);
      largest = Math.max(largest, answer.bytes);
      read += 1;
      expect(answer.body.total).toBe(DEVICES);
      if (page >= answer.body.pages) break;
    }
    expect(read).toBe(DEVICES / RECALL_ACTIONS_PAGE.max);
    expect(seen).toEqual(deviceIds);
    expect(largest).toBeLessThan(100_000);
    const tooMany = await send<ApiErrorBody>('GET', `/recalls/${recallId}/actions?limit=101`);
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'limit must be at most 100.']);
  }, 300_000);

  it('answers the compliance report a bounded part of the open actions, with how many there are', async () => {
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
      const person = { id: '', name: 'Reports', role: 'Manager', serviceNumber: 'REPORTS' };
      const answer = await firstValueFrom(
        bus.send<RecallReportFigures>(subject, testSigner('reports').sign(subject, { scope }, person)),
      );
      expect(answer.openActions.length).toBeLessThanOrEqual(RECALL_REPORT_ACTION_ROWS);
      expect(answer.openActionsTotal).toBeGreaterThanOrEqual(DEVICES);
      expect(answer.notices.find((entry) => entry._id === recallId)?.affected).toBe(DEVICES);
    } finally {
      await bus.close();
    }
  });
});
