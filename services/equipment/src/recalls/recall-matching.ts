import { recallNameKey, recallSerialKey, serialParts, type RecallNotice } from '@caliber/contracts';
import { holdsAuditChainHead } from '@caliber/service-kit';
import type { EntityManager } from 'typeorm';
import { EQUIPMENT_SCHEMA } from '../database';
import type { RecallAuditEntry } from './recall-audit';

/** A notice's matching keys, as stored beside it (and bound for a preview). */
export interface NoticeKeys {
  manufacturerKey: string;
  modelKeys: string[];
  serialKeys: string[];
  rangeKeys: { prefix: string; lo: string; hi: string }[];
  lotKeys: string[];
  udiDi: string | null;
}

export function noticeKeys(notice: RecallNotice): NoticeKeys {
  return {
    manufacturerKey: recallNameKey(notice.manufacturer),
    modelKeys: [...new Set(notice.models.map(recallNameKey))],
    serialKeys: [...new Set(notice.serialNumbers.map(recallSerialKey))],
    rangeKeys: notice.serialRanges.map((range) => {
      // The schema refused a range whose ends are not prefix + number.
      const from = serialParts(range.from) ?? { prefix: '', digits: '' };
      const to = serialParts(range.to) ?? { prefix: '', digits: '' };
      return { prefix: from.prefix, lo: from.digits, hi: to.digits };
    }),
    lotKeys: [...new Set(notice.lotNumbers.map(recallSerialKey))],
    udiDi: notice.udiDi,
  };
}

/**
 * The matching rule of the contracts (`recallMatches`) as one SQL condition on a notice `n`
 * (its key columns) and a device `e`. The device's keys come from the functions the recalls
 * migration made, so the rule holds the same wherever it runs; the serial's prefix and number are
 * computed once per device (`k`).
 */
const MATCHES = `
      e."deleted_at" IS NULL
  AND "equipment"."recall_key"(e."manufacturer") = n."manufacturer_key"
  AND "equipment"."recall_key"(e."model") = ANY (n."model_keys")
  AND (n."udi_di" IS NULL OR e."gtin" IS NULL OR e."gtin" = n."udi_di")
  AND (cardinality(n."lot_keys") = 0 OR "equipment"."recall_serial_key"(e."lot_number") = ANY (n."lot_keys"))
  AND ((cardinality(n."serial_keys") = 0 AND jsonb_array_length(n."range_keys") = 0)
       OR k."serial" = ANY (n."serial_keys")
       OR (k."digits" IS NOT NULL AND EXISTS (
             SELECT 1 FROM jsonb_to_recordset(n."range_keys") AS r("prefix" text, "lo" text, "hi" text)
              WHERE r."prefix" = k."prefix"
                AND (length(k."digits"), k."digits" COLLATE "C") >= (length(r."lo"), r."lo" COLLATE "C")
                AND (length(k."digits"), k."digits" COLLATE "C") <= (length(r."hi"), r."hi" COLLATE "C"))))`;

/** The device's serial key, its prefix and its trailing number without leading zeros (null: none). */
const SERIAL_PARTS = `
  CROSS JOIN LATERAL (SELECT "equipment"."recall_serial_key"(e."serial_number") AS "serial") s
  CROSS JOIN LATERAL (SELECT s."serial",
         regexp_replace(s."serial", '[0-9]+$', '') AS "prefix",
         ltrim(substring(s."serial" from '[0-9]+$'), '0') AS "digits") k`;

/** The devices a notice not yet saved would find: how many, and the first in name order. */
export async function previewMatches(
  manager: EntityManager,
  keys: NoticeKeys,
  limit: number,
): Promise<{
  total: number;
  devices: { id: string; name: string; serialNumber: string; model: string; department: string }[];
}> {
  const rows: {
    id: string;
    name: string;
    serialNumber: string;
    model: string;
    department: string;
    total: number;
  }[] = await manager.query(
    `SELECT e."id", e."name", e."serial_number" AS "serialNumber", e."model", e."department",
              count(*) OVER ()::int AS "total"
         FROM (SELECT $1::text AS "manufacturer_key", $2::text[] AS "model_keys", $3::text[] AS "serial_keys",
                      $4::jsonb AS "range_keys", $5::text[] AS "lot_keys", $6::text AS "udi_di") n
         JOIN "equipment"."equipment" e ON true
         ${SERIAL_PARTS}
        WHERE ${MATCHES}
        ORDER BY e."name", e."id"
        LIMIT $7`,
    [
      keys.manufacturerKey,
      keys.modelKeys,
      keys.serialKeys,
      JSON.stringify(keys.rangeKeys),
      keys.lotKeys,
      keys.udiDi,
      limit,
    ],
  );
  return {
    total: rows[0]?.total ?? 0,
    devices: rows.map(({ total: _total, ...device }) => device),
  };
}

/**
 * The key of the advisory lock every write that matches takes first (`lockRecallMatching`): a
 * number of this service's own, apart from the other advisory locks it takes.
 */
const RECALL_MATCHING_LOCK = 736_600_101;

/**
 * Takes the matching lock, held to commit. Matching reads the other side as committed: a device
 * added or edited while a notice is saved would be missed by both statements (each sees the
 * other's row as it was before), and the device never flagged. Every write that can match (a
 * notice saved or edited; a device added, imported or edited in a matched field) takes it first,
 * before any row lock, so one such write matches after the other has committed.
 */
export async function lockRecallMatching(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(${RECALL_MATCHING_LOCK})`);
}

async function holdsRecallMatching(manager: EntityManager): Promise<boolean> {
  const [held] = (await manager.query(
    `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE "locktype" = 'advisory' AND "pid" = pg_backend_pid()
              AND "granted" AND "classid" = 0 AND "objid" = $1 AND "objsubid" = 1) AS "held"`,
    [RECALL_MATCHING_LOCK],
  )) as [{ held: boolean }];
  return held.held;
}

/** Which open notices and which devices to match: one notice against the inventory, or devices against every open notice. */
export type MatchScope = { recallId: string } | { equipmentIds: readonly string[] };

/** What a match found: the devices that gained an action, and the audit rows the caller writes. */
export interface RecallMatches {
  devices: string[];
  /** One `found` row per new action: written by the caller with its own rows, last (see below). */
  audit: RecallAuditEntry[];
}

const NOTHING_FOUND = (): RecallMatches => ({ devices: [], audit: [] });

/**
 * Matches in one statement and records what it found, in the caller's transaction: an action row
 * for each (notice, device) pair not found before, the notices' affected counts and the devices'
 * open-action counts raised. Only open notices find devices. Answers the devices that gained an
 * action and their audit rows, which the caller writes after its own (and after any lock it still
 * takes): `auditRecalls(manager, actor, [...own, ...matches.audit])`.
 *
 * The lock order of every write that meets a recall, written here because this is where they meet:
 *
 *   0. for a write that matches, the matching lock (`lockRecallMatching`), before any row: it must
 *      not wait for it while holding a device or a notice that the write holding it will update;
 *   1. the rows the write is about (a recall action, a device, an import's devices, a notice), then
 *   2. the notices and devices a match changes (here), and
 *   3. last, the audit chain's head: a transaction's first audit row locks it until commit.
 *
 * So a transaction writes its audit rows only after its last row lock, and this function, which
 * locks notices and devices, refuses to run once its transaction has written one. Closing an action
 * (action, device, notice, then audit) and adding a device that an open notice finds (device,
 * notice, then audit) then both take the notice before the head: one waits for the other instead of
 * each waiting for the other (a deadlock, which PostgreSQL ends by aborting one of them: a 500).
 */
export async function recordMatches(manager: EntityManager, scope: MatchScope): Promise<RecallMatches> {
  if (await holdsAuditChainHead(manager, EQUIPMENT_SCHEMA))
    throw new Error(
      'recordMatches ran after its transaction wrote an audit row: lock the notices and devices first, audit last.',
    );
  if (!(await holdsRecallMatching(manager)))
    throw new Error('recordMatches ran without the matching lock: take lockRecallMatching first of all.');
  if ('equipmentIds' in scope) {
    if (scope.equipmentIds.length === 0) return NOTHING_FOUND();
    // Most writes happen with no notice open: one index probe and nothing else.
    const [open] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM "equipment"."recall_notices" WHERE "state" = 'open') AS "any"`,
    )) as [{ any: boolean }];
    if (!open.any) return NOTHING_FOUND();
  }
  const found: { id: string; recallId: string; equipmentId: string; matched: Record<string, unknown> }[] =
    await manager.query(
      `INSERT INTO "equipment"."recall_actions" ("recall_id", "equipment_id", "matched")
       SELECT n."id", e."id",
              jsonb_build_object('manufacturer', e."manufacturer", 'model', e."model",
                                 'serialNumber', e."serial_number", 'lotNumber', e."lot_number")
         FROM "equipment"."recall_notices" n
         JOIN "equipment"."equipment" e ON ${'recallId' in scope ? 'n."id" = $1' : 'e."id" = ANY ($1::uuid[])'}
         ${SERIAL_PARTS}
        WHERE n."state" = 'open' AND ${MATCHES}
       ON CONFLICT ("recall_id", "equipment_id") DO NOTHING
       RETURNING "id", "recall_id" AS "recallId", "equipment_id" AS "equipmentId", "matched"`,
      ['recallId' in scope ? scope.recallId : scope.equipmentIds],
    );
  if (found.length === 0) return NOTHING_FOUND();
  // A notice with an open action is open: had another transaction closed it since this statement
  // read it open, it is open again (the row lock orders the two).
  await manager.query(
    `UPDATE "equipment"."recall_notices" n
        SET "affected" = n."affected" + c."count", "state" = 'open', "closed_at" = NULL
       FROM (SELECT r."recallId"::uuid AS "id", count(*)::int AS "count"
               FROM jsonb_to_recordset($1::jsonb) AS r("recallId" text) GROUP BY 1) c
      WHERE n."id" = c."id"`,
    [JSON.stringify(found.map(({ recallId }) => ({ recallId })))],
  );
  const devices = [...new Set(found.map((row) => row.equipmentId))];
  await manager.query(
    `UPDATE "equipment"."equipment" e SET "open_recall_actions" = e."open_recall_actions" + c."count"
       FROM (SELECT r."equipmentId"::uuid AS "id", count(*)::int AS "count"
               FROM jsonb_to_recordset($1::jsonb) AS r("equipmentId" text) GROUP BY 1) c
      WHERE e."id" = c."id"`,
    [JSON.stringify(found.map(({ equipmentId }) => ({ equipmentId })))],
  );
  return {
    devices,
    audit: found.map((row) => ({
      entity: 'recall-device',
      entityId: row.id,
      equipmentId: row.equipmentId,
      action: 'found',
      changes: {
        recall: { from: null, to: row.recallId },
        equipment: { from: null, to: row.equipmentId },
        matched: { from: null, to: row.matched },
        state: { from: null, to: 'open' },
      },
    })),
  };
}
