import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { CreateEquipmentRequest, InventoryImportDto, RecallNoticeRequest } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { until } from '@caliber/testing/wait';
import { lockRecallMatching } from './recall-matching';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  useSignInStack,
} from '@caliber/testing/stack';

/**
 * The lock order of the writes that meet on an open recall. A device added or imported while a
 * notice of its model is open raises the notice's count; closing one of the notice's actions raises
 * it too; both write audit rows, and a transaction's first audit row holds the audit chain's head
 * until it commits. Run side by side many times, neither may wait for the other while holding what
 * the other waits for: PostgreSQL would abort one of them as a deadlock (a 500).
 */
describe('Recall writes side by side (real PostgreSQL, NATS, Redis)', () => {
  const stack = useSignInStack('recall-locks');
  let equipment: INestApplication;
  let rows: DataSource;
  let token = '';
  const marker = `LK${Date.now().toString(36).toUpperCase()}`;
  const MODEL = `Lock ${marker}`;
  /** Rounds of writes at once: each round closes actions while devices of the model arrive. */
  const ROUNDS = 12;
  const PAIRS = 4;

  beforeAll(async () => {
    equipment = await startEquipment();
    rows = await equipmentDataSource();
    const engineer = await rosterStaff(stack.db, { role: 'Engineer', name: 'Engineer Locks' });
    token = await signIn(stack.gateway.url, engineer.serviceNumber);
  });
  afterAll(async () => {
    await rows.destroy();
    await equipment.close();
  });

  const send = <T>(method: string, path: string, body?: unknown) =>
    call<T & { message?: string }>(stack.gateway.url, method, `/api${path}`, { token, body });
  const device = (serial: string): CreateEquipmentRequest => ({
    name: `${marker} Monitor ${serial}`,
    manufacturer: 'Lockstep Medical',
    model: MODEL,
    serialNumber: `${marker}-${serial}`,
    department: 'ICU',
    location: 'Bed 1',
    installationDate: '2022-01-10',
    status: 'Serviceable',
    category: 'Monitor',
  });
  const openActions = async (recallId: string): Promise<string[]> =>
    (
      (await rows.query(
        `SELECT "id" FROM "equipment"."recall_actions" WHERE "recall_id" = $1 AND "state" = 'open' ORDER BY "id"`,
        [recallId],
      )) as { id: string }[]
    ).map((row) => row.id);
  const close = (actionId: string) =>
    send('PUT', `/recall-actions/${actionId}`, {
      closeWith: 'decision',
      decision: 'Checked on the device: the affected board was already replaced.',
    });

  it('adds and imports devices that match an open recall while its actions are closed, without a deadlock', async () => {
    for (let at = 0; at < ROUNDS * PAIRS + 2 * PAIRS; at++) {
      const added = await send('POST', '/equipment', device(`A${at}`));
      expect([added.status, added.body.message]).toEqual([201, undefined]);
    }
    // A whole-model notice: every device of the model, and every one added while it is open.
    const notice: RecallNoticeRequest = {
      source: 'Manufacturer',
      sourceReference: `FSN-${marker}`,
      title: 'Monitor may reboot',
      manufacturer: 'Lockstep Medical',
      models: [MODEL],
      hazard: 'The monitor may reboot during use.',
      actionRequired: 'Replace the main board.',
      publishedOn: '2026-05-01',
    };
    const saved = await send<{ _id: string }>('POST', '/recalls', notice);
    expect([saved.status, saved.body.message]).toEqual([201, undefined]);
    const recallId = saved.body._id;

    const statuses: number[] = [];
    const failures: string[] = [];
    const record = (answer: { status: number; body: { message?: string } }) => {
      statuses.push(answer.status);
      if (answer.status >= 300) failures.push(`${answer.status} ${answer.body.message ?? ''}`);
    };
    let serial = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const actions = (await openActions(recallId)).slice(0, PAIRS);
      const answers = await Promise.all([
        ...actions.map((id) => close(id)),
        ...actions.map(() => send('POST', '/equipment', device(`B${serial++}`))),
      ]);
      answers.forEach(record);
    }
    // The import's apply (one transaction for all its devices) against closings, twice.
    for (let round = 0; round < 2; round++) {
      const lines = Array.from({ length: 3 }, (_, at) => {
        const item = device(`C${round}-${at}`);
        return `${item.name},${item.manufacturer},${item.model},${item.serialNumber},ICU,Bed 2,2023-03-01,Serviceable,Monitor`;
      });
      const csv =
        'Name,Manufacturer,Model,Serial Number,Department,Location,Installation Date,Status,Category\n' +
        `${lines.join('\n')}\n`;
      // The file is the body, as the inventory screen sends it; its name in the query.
      const staged = await call<InventoryImportDto & { message?: string }>(
        stack.gateway.url,
        'POST',
        `/api/inventory-imports?fileName=locks-${round}.csv`,
        { token, rawBody: csv, contentType: 'application/octet-stream' },
      );
      expect([staged.status, staged.body.message]).toEqual([201, undefined]);
      const actions = (await openActions(recallId)).slice(0, PAIRS);
      const answers = await Promise.all([
        send('POST', `/inventory-imports/${staged.body._id}/apply`, {}),
        ...actions.map((id) => close(id)),
      ]);
      answers.forEach(record);
    }
    expect(failures).toEqual([]);

    // Every write landed: each device of the model has its action, each closing is counted.
    const [counts] = (await rows.query(
      `SELECT n."affected", n."closed",
              (SELECT count(*)::int FROM "equipment"."equipment" e WHERE e."model" = $2) AS "devices",
              (SELECT count(*)::int FROM "equipment"."recall_actions" a
                WHERE a."recall_id" = n."id" AND a."state" = 'closed') AS "closedActions"
         FROM "equipment"."recall_notices" n WHERE n."id" = $1`,
      [recallId, MODEL],
    )) as { affected: number; closed: number; devices: number; closedActions: number }[];
    expect(counts).toEqual({
      affected: counts?.devices,
      closed: ROUNDS * PAIRS + 2 * PAIRS,
      devices: ROUNDS * PAIRS * 2 + 2 * PAIRS + 6,
      closedActions: ROUNDS * PAIRS + 2 * PAIRS,
    });
  });

  it('matches a device edited while a notice is being matched once that notice has committed, not beside it', async () => {
    const added = await send<{ _id: string; version: number }>('POST', '/equipment', device('M1'));
    expect(added.status).toBe(201);
    // Another write in the middle of matching (as a notice being saved is): it holds the lock.
    const matching = rows.createQueryRunner();
    await matching.connect();
    await matching.startTransaction();
    try {
      await lockRecallMatching(matching.manager);
      const edit = send('PUT', `/equipment/${added.body._id}`, { model: `${MODEL} Plus` });
      // The edit of a matched field waits for the lock: each side then sees the other committed.
      await until(
        async () =>
          (
            (await rows.query(
              `SELECT 1 FROM pg_locks WHERE "locktype" = 'advisory' AND NOT "granted" AND "objid" = 736600101`,
            )) as unknown[]
          ).length > 0,
        { timeoutMs: 10_000, what: 'the edit waiting for the matching lock' },
      );
      await matching.commitTransaction();
      expect((await edit).status).toBe(200);
    } finally {
      if (matching.isTransactionActive) await matching.rollbackTransaction();
      await matching.release();
    }
  });
});
