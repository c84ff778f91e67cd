import type { AuditChainBreak, AuditChainVerdict } from '@caliber/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hash chain of a schema's audit log.
 *
 * Every audit row carries `chain_seq` (1, 2, 3… without gaps), `prev_hash` (the previous row's
 * `row_hash`; 32 zero bytes for the first row) and `row_hash` = sha256(prev_hash || the row's
 * canonical text). A one-row head table (`audit_chain_head`) holds the last seq and hash.
 *
 * The chain is made by the database, in a BEFORE INSERT trigger, so every path that adds audit rows
 * (writeAudit, the imports' and the demo seed's set-based INSERTs, the rename migrations, the
 * command line) is chained without knowing it. Appends are serialised by locking the head row
 * FOR UPDATE at a transaction's first audit row; the lock is held to commit, so a waiting
 * transaction (READ COMMITTED) then reads the committed head and continues the chain from it.
 * Within one transaction the running head is kept in a transaction-local setting and written to
 * the head table once per statement (an AFTER INSERT statement trigger): a bulk insert of 20,000
 * rows then updates the head row 20,000 times fewer, and one row updated many times in one
 * transaction is what makes PostgreSQL slow (each update leaves a version the next must step over).
 *
 * What a chain proves: no audit row was changed, removed, re-ordered or cut off the end since it
 * was written, by anyone without the rights to rewrite the whole chain; `verifyAuditChain` finds
 * the first row where that is not so. What it does not prove: someone with the table owner's
 * rights (who can disable the triggers) can rewrite every row and re-hash the chain from that row
 * on, and the result verifies. Against that, the head hashes printed by `npm run cli -- audit
 * verify` and in each compliance report are the anchors: an auditor compares a head from an
 * earlier copy with the row of that seq now (`row_hash` at that `chain_seq` must be the same).
 */

/** What runs the chain's statements: a data source, an entity manager or a migration's query runner. */
export interface AuditSqlRunner {
  query(query: string, parameters?: unknown[]): Promise<unknown>;
}

/** `prev_hash` of a chain's first row. */
export const AUDIT_CHAIN_GENESIS_HEX = '0'.repeat(64);
const GENESIS_SQL = `decode('${AUDIT_CHAIN_GENESIS_HEX}', 'hex')`;

/**
 * The canonical text of an audit row (`r` names the row: a table alias, or NEW in the trigger):
 * a jsonb array of its content, so every value is quoted and escaped and a null is `null`; jsonb
 * writes object keys in one order, so `changes` has one text whatever order it was sent in; the
 * time is microseconds since the epoch, a number that does not depend on the session's TimeZone.
 */
export function auditCanonicalTextSql(r: string): string {
  return `jsonb_build_array(${r}."chain_seq", ${r}."id", ${r}."actor_id", ${r}."actor_label", ${r}."service",
      ${r}."entity", ${r}."entity_id", ${r}."action", ${r}."changes",
      (extract(epoch FROM ${r}."at") * 1000000)::bigint, ${r}."equipment_id")::text`;
}

/** A row's hash from the previous row's hash (an SQL expression giving `bytea`). */
export function auditRowHashSql(r: string, prevHash: string): string {
  return `sha256(${prevHash} || convert_to(${auditCanonicalTextSql(r)}, 'UTF8'))`;
}

/** The transaction-local setting holding a schema's running head: `<seq>:<hash hex>`. */
function headSetting(schema: string): string {
  return `caliber.audit_head_${schema}`;
}

/**
 * Whether the running transaction has written an audit row of the schema, and so holds the chain's
 * head until it commits. A writer that still has rows to lock must lock them before its first audit
 * row: one that waits for a row while holding the head deadlocks with a writer that holds that row
 * and waits for the head (every audited write ends by taking it).
 */
export async function holdsAuditChainHead(runner: AuditSqlRunner, schema: string): Promise<boolean> {
  const [row] = (await runner.query(`SELECT coalesce(current_setting($1, true), '') <> '' AS "held"`, [
    headSetting(schema),
  ])) as { held: boolean }[];
  return row?.held === true;
}

/** The chain's DDL on a schema whose audit table has the chain columns: functions and triggers. */
export function auditChainTriggerSql(schema: string): string[] {
  const s = `"${schema}"`;
  const setting = headSetting(schema);
  return [
    `CREATE FUNCTION ${s}."audit_chain_append"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        running text := current_setting('${setting}', true);
        last_seq bigint;
        last_hash bytea;
      BEGIN
        -- The head lock is taken once per transaction and held to its commit. Under REPEATABLE
        -- READ or SERIALIZABLE a transaction would fail whenever another appended since it began,
        -- so audited writes are refused there every time rather than now and then.
        IF current_setting('transaction_isolation') <> 'read committed' THEN
          RAISE EXCEPTION 'Audit rows are chained only in READ COMMITTED transactions (this one is %).',
            current_setting('transaction_isolation') USING ERRCODE = 'feature_not_supported';
        END IF;
        IF running IS NULL OR running = '' THEN
          SELECT h."seq", h."hash" INTO last_seq, last_hash FROM ${s}."audit_chain_head" h FOR UPDATE;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'The audit chain of % has no head row.', TG_TABLE_SCHEMA;
          END IF;
        ELSE
          last_seq := split_part(running, ':', 1)::bigint;
          last_hash := decode(split_part(running, ':', 2), 'hex');
        END IF;
        NEW."chain_seq" := last_seq + 1;
        NEW."prev_hash" := last_hash;
        NEW."row_hash" := ${auditRowHashSql('NEW', 'last_hash')};
        PERFORM set_config('${setting}', NEW."chain_seq" || ':' || encode(NEW."row_hash", 'hex'), true);
        RETURN NEW;
      END $$`,
    `CREATE FUNCTION ${s}."audit_chain_store_head"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        running text := current_setting('${setting}', true);
      BEGIN
        IF running IS NOT NULL AND running <> '' THEN
          UPDATE ${s}."audit_chain_head"
             SET "seq" = split_part(running, ':', 1)::bigint, "hash" = decode(split_part(running, ':', 2), 'hex');
        END IF;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON ${s}."audit_log"
      FOR EACH ROW EXECUTE FUNCTION ${s}."audit_chain_append"()`,
    `CREATE TRIGGER "audit_log_chain_head" AFTER INSERT ON ${s}."audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}."audit_chain_store_head"()`,
  ];
}

/**
 * Adds the chain to a schema's existing audit table (with `equipment_id`, the device a change
 * concerns) and chains the rows already there, in id order. Its first statement (ADD COLUMN) takes an
 * exclusive lock on the audit table held to the migration's commit, so the service's audited writes
 * (and audit reads) wait while the rows are chained: about 2.8 s per 61,000 rows measured. `equipmentIds` are the UPDATEs that
 * fill `equipment_id` of existing rows from the tables that own them.
 *
 * Filling the new columns of existing rows is an UPDATE, which the append-only trigger refuses;
 * the migration runs as the table's owner and disables that trigger for its own transaction only
 * (DDL, rolled back with the migration if anything fails), and enables it again before it ends.
 */
export async function addAuditChain(
  runner: AuditSqlRunner,
  schema: string,
  equipmentIds: string[] = [],
): Promise<void> {
  const s = `"${schema}"`;
  const table = `${s}."audit_log"`;
  await runner.query(`ALTER TABLE ${table}
      ADD COLUMN "equipment_id" uuid,
      ADD COLUMN "chain_seq" bigint,
      ADD COLUMN "prev_hash" bytea,
      ADD COLUMN "row_hash" bytea`);
  await runner.query(`COMMENT ON COLUMN ${table}."equipment_id" IS 'The device this change concerns'`);
  await runner.query(`CREATE TABLE ${s}."audit_chain_head" (
      "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
      "seq" bigint NOT NULL,
      "hash" bytea NOT NULL
    )`);
  // As the owner, for this migration's transaction only: the existing rows get their new columns.
  await runner.query(`ALTER TABLE ${table} DISABLE TRIGGER "audit_log_append_only"`);
  for (const statement of equipmentIds) await runner.query(statement);
  await runner.query(
    `UPDATE ${table} a SET "chain_seq" = n.seq
       FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS seq FROM ${table}) n
      WHERE a."id" = n."id"`,
  );
  await runner.query(`DO $$
      DECLARE
        r record;
        prev bytea := ${GENESIS_SQL};
        this bytea;
      BEGIN
        FOR r IN SELECT * FROM ${table} ORDER BY "chain_seq" LOOP
          this := ${auditRowHashSql('r', 'prev')};
          UPDATE ${table} SET "prev_hash" = prev, "row_hash" = this WHERE "id" = r."id";
          prev := this;
        END LOOP;
      END $$`);
  await runner.query(
    `INSERT INTO ${s}."audit_chain_head" ("seq", "hash")
     SELECT coalesce(max("chain_seq"), 0),
            coalesce((SELECT "row_hash" FROM ${table} ORDER BY "chain_seq" DESC LIMIT 1), ${GENESIS_SQL})
       FROM ${table}`,
  );
  await runner.query(`ALTER TABLE ${table} ENABLE TRIGGER "audit_log_append_only"`);
  // An exception to the expand rule of docs/running/migrations.md (no SET NOT NULL without a DEFAULT): the
  // previous release's INSERTs do not name these columns, yet they never fail, because the chain's
  // BEFORE INSERT trigger (created below, in this same transaction) fills all three in every
  // inserted row, whoever runs the INSERT, and a BEFORE trigger runs before NOT NULL is checked.
  // No DEFAULT could serve: each row's values depend on the row before it.
  await runner.query(`ALTER TABLE ${table}
      ALTER COLUMN "chain_seq" SET NOT NULL,
      ALTER COLUMN "prev_hash" SET NOT NULL,
      ALTER COLUMN "row_hash" SET NOT NULL,
      ADD CONSTRAINT "audit_log_chain_seq_key" UNIQUE ("chain_seq")`);
  // The audit viewer's filters, each read newest first.
  await runner.query(`CREATE INDEX "audit_log_at_idx" ON ${table} ("at", "id")`);
  await runner.query(`CREATE INDEX "audit_log_equipment_idx" ON ${table} ("equipment_id", "at", "id")`);
  await runner.query(`CREATE INDEX "audit_log_actor_idx" ON ${table} ("actor_id", "at", "id")`);
  for (const statement of auditChainTriggerSql(schema)) await runner.query(statement);
}

/** Takes the chain away again (the migration's `down`); the rows stay. */
export async function removeAuditChain(runner: AuditSqlRunner, schema: string): Promise<void> {
  const s = `"${schema}"`;
  const table = `${s}."audit_log"`;
  await runner.query(`DROP TRIGGER "audit_log_chain_head" ON ${table}`);
  await runner.query(`DROP TRIGGER "audit_log_chain" ON ${table}`);
  await runner.query(`DROP FUNCTION ${s}."audit_chain_store_head"()`);
  await runner.query(`DROP FUNCTION ${s}."audit_chain_append"()`);
  await runner.query(`DROP TABLE ${s}."audit_chain_head"`);
  await runner.query(`DROP INDEX ${s}."audit_log_actor_idx"`);
  await runner.query(`DROP INDEX ${s}."audit_log_equipment_idx"`);
  await runner.query(`DROP INDEX ${s}."audit_log_at_idx"`);
  await runner.query(`ALTER TABLE ${table}
      DROP COLUMN "row_hash", DROP COLUMN "prev_hash", DROP COLUMN "chain_seq", DROP COLUMN "equipment_id"`);
}

/** The migration adding the chain to one schema; `equipmentIds` as for `addAuditChain`. */
export function auditChainMigration(
  name: string,
  schema: string,
  equipmentIds: string[] = [],
): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await addAuditChain(queryRunner, schema, equipmentIds);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await removeAuditChain(queryRunner, schema);
    }
  };
}

/**
 * The last head a check found intact (`audit_chain_verified`, one row): its seq and hash, when,
 * and when a check last re-hashed every row (`whole_at`). The next check of the service's own
 * subject starts there, so the compliance report costs the rows written since the last report
 * rather than the whole log each time.
 */
export function auditChainCheckpointSql(schema: string): string {
  return `CREATE TABLE "${schema}"."audit_chain_verified" (
      "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
      "seq" bigint NOT NULL,
      "hash" bytea NOT NULL,
      "verified_at" timestamptz NOT NULL,
      "whole_at" timestamptz
    )`;
}

/**
 * A check from the last verified head re-hashes every row all the same when no check has done so
 * for this many days: an older row's content changed in place (which only re-hashing it finds) is
 * then found within a week by the reports alone, not only by someone running the command line.
 */
export const AUDIT_WHOLE_CHECK_DAYS = 7;

/** The migration adding the checkpoint of the last verified head to one schema. */
export function auditChainCheckpointMigration(name: string, schema: string): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(auditChainCheckpointSql(schema));
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`DROP TABLE "${schema}"."audit_chain_verified"`);
    }
  };
}

/**
 * Where a check starts: `start` re-hashes every row (the command line, the restore drill);
 * `last-verified` re-hashes the rows after the last head a check found intact, and checks what
 * can be checked of the rows before it without reading them all (see `verifyAuditChain`).
 */
export type AuditVerifyFrom = 'start' | 'last-verified';

interface VerifyRow {
  rows: string;
  head_seq: string | null;
  head_hash: string | null;
  last_seq: string | null;
  last_hash: string | null;
  break_seq: string | null;
  break_id: string | null;
  break_reason: string | null;
  /** The checkpoint started from (null: from the start), and the log's rows then. */
  checkpoint_seq: string | null;
  checkpoint_hash: string | null;
  checkpoint_at: Date | null;
  checkpoint_row_id: string | null;
  checkpoint_row_hash: string | null;
  checkpoint_recomputed: string | null;
  total: string | null;
  /** Whether the rows were re-hashed from the checkpoint on (not from the start). */
  from_checkpoint: boolean;
}

/**
 * Checks a schema's chain: each row's seq is its place (1, 2, 3…), its prev_hash is the previous
 * row's row_hash, its row_hash is the hash of its content now, and the head table names the last
 * row. Answers the first row where one of these fails. An intact chain's head becomes the
 * checkpoint the next `last-verified` check starts from.
 *
 * From the last verified head, the rows after it are checked as above, linking on from the
 * checkpoint's hash; of the rows up to it, that the checkpoint's row is still there with the hash
 * it had and its content still matches it (a chain re-hashed from any earlier row changes it), and
 * that the log holds exactly as many rows as the chain's last seq (a row removed or added before it
 * changes the count). What only a check from the start finds is an older row's content changed in
 * place without re-hashing anything (by someone with the table owner's rights): so a check from
 * the last verified head still starts from the start when no check has re-hashed every row for
 * `AUDIT_WHOLE_CHECK_DAYS`, and the command line (`npm run cli -- audit verify`) always does.
 *
 * One statement, so one snapshot: rows appended while it runs are neither half-counted nor taken
 * for a break. `keepCheckpoint: false` checks without writing (a restored copy, which must stay
 * the backup's exact copy).
 */
export async function verifyAuditChain(
  runner: AuditSqlRunner,
  schema: string,
  from: AuditVerifyFrom = 'start',
  { keepCheckpoint = true }: { keepCheckpoint?: boolean } = {},
): Promise<AuditChainVerdict> {
  const s = `"${schema}"`;
  const table = `${s}."audit_log"`;
  // A schema migrated before checkpoints existed (a restored backup of an older release) is
  // checked from the start and keeps no checkpoint.
  const keepsCheckpoints = await hasCheckpointTable(runner, schema);
  const fromCheckpoint = from === 'last-verified';
  // The checkpoint is read by every check: one from the start re-hashes every row and also
  // confirms that the last intact head still has its hash, so a chain re-sealed after a rewrite
  // (which verifies row by row) is not taken for intact, nor its head kept as the next start.
  const checkpointSql = keepsCheckpoints
    ? `SELECT "seq", "hash", "verified_at", "whole_at" FROM ${s}."audit_chain_verified" WHERE "seq" > 0`
    : `SELECT NULL::bigint AS "seq", NULL::bytea AS "hash", NULL::timestamptz AS "verified_at",
              NULL::timestamptz AS "whole_at" WHERE false`;
  const [row] = (await runner.query(
    `WITH cp AS (${checkpointSql}),
     from_cp AS (
       SELECT "seq", "hash" FROM cp
        WHERE $1::boolean AND "whole_at" > now() - make_interval(days => $2::int)
     ), start AS (
       SELECT coalesce((SELECT "seq" FROM from_cp), 0) AS seq,
              coalesce((SELECT "hash" FROM from_cp), ${GENESIS_SQL}) AS hash
     ), chain AS (
       SELECT a."chain_seq", a."id", a."prev_hash", a."row_hash",
              ${auditRowHashSql('a', 'a."prev_hash"')} AS recomputed,
              lag(a."row_hash", 1, (SELECT hash FROM start)) OVER (ORDER BY a."chain_seq", a."id") AS expected_prev,
              (SELECT seq FROM start) + row_number() OVER (ORDER BY a."chain_seq", a."id") AS place
         FROM ${table} a
        WHERE a."chain_seq" > (SELECT seq FROM start)
     ), checked AS (
       SELECT "chain_seq", "id", "row_hash", place,
              CASE
                WHEN "chain_seq" IS DISTINCT FROM place THEN
                  'sequence number ' || coalesce("chain_seq"::text, 'missing') || ' where ' || place || ' was due: a row before it is missing or out of order'
                WHEN "prev_hash" IS DISTINCT FROM expected_prev THEN
                  'its link to the previous row does not match: a row before it was removed, replaced or re-ordered'
                WHEN "row_hash" IS DISTINCT FROM recomputed THEN
                  'its content no longer matches its hash: the row was changed after it was written'
              END AS reason
         FROM chain
     ), first_break AS (
       SELECT "chain_seq", "id", reason FROM checked WHERE reason IS NOT NULL ORDER BY place LIMIT 1
     ), last_row AS (
       SELECT "chain_seq", "row_hash" FROM checked ORDER BY place DESC LIMIT 1
     ), cp_row AS (
       SELECT a."id", a."row_hash", ${auditRowHashSql('a', 'a."prev_hash"')} AS recomputed
         FROM ${table} a WHERE a."chain_seq" = (SELECT "seq" FROM cp)
     )
     SELECT ((SELECT seq FROM start) + (SELECT count(*) FROM checked))::text AS rows,
            h."seq"::text AS head_seq, encode(h."hash", 'hex') AS head_hash,
            coalesce(l."chain_seq", nullif((SELECT seq FROM start), 0))::text AS last_seq,
            encode(coalesce(l."row_hash", (SELECT hash FROM start)), 'hex') AS last_hash,
            b."chain_seq"::text AS break_seq, b."id"::text AS break_id, b.reason AS break_reason,
            c."seq"::text AS checkpoint_seq, encode(c."hash", 'hex') AS checkpoint_hash,
            c."verified_at" AS checkpoint_at,
            r."id"::text AS checkpoint_row_id, encode(r."row_hash", 'hex') AS checkpoint_row_hash,
            encode(r.recomputed, 'hex') AS checkpoint_recomputed,
            CASE WHEN c."seq" IS NOT NULL THEN (SELECT count(*) FROM ${table})::text END AS total,
            EXISTS (SELECT 1 FROM from_cp) AS from_checkpoint
       FROM (SELECT 1) one
       LEFT JOIN ${s}."audit_chain_head" h ON true
       LEFT JOIN last_row l ON true
       LEFT JOIN first_break b ON true
       LEFT JOIN cp c ON true
       LEFT JOIN cp_row r ON true`,
    [fromCheckpoint, AUDIT_WHOLE_CHECK_DAYS],
  )) as VerifyRow[];
  const headSeq = Number(row?.head_seq ?? 0);
  const headHash = row?.head_hash ?? '';
  const started = row?.from_checkpoint ? row : undefined;
  const kept = row ? checkpointBreak(row) : null;
  const read = chainBreak(row, headSeq, headHash);
  // The first break in the chain's order: from a checkpoint, the rows up to it come before the
  // rows read; from the start, the rows read include them.
  const firstBreak = started ? (kept ?? read) : (read ?? kept);
  const intact = firstBreak === null;
  if (intact && keepCheckpoint && keepsCheckpoints && headSeq > 0)
    await recordCheckpoint(runner, schema, headSeq, headHash, !started);
  return {
    rows: Number(row?.total ?? row?.rows ?? 0),
    headSeq,
    headHash,
    intact,
    firstBreak,
    checkedFromSeq: started ? Number(started.checkpoint_seq) + 1 : 1,
    earlierVerifiedAt: started?.checkpoint_at ? new Date(started.checkpoint_at).toISOString() : null,
  };
}

/** What is wrong with the rows up to the checkpoint, as far as a check from it can tell. */
function checkpointBreak(row: VerifyRow): AuditChainBreak | null {
  if (row.checkpoint_seq === null) return null;
  const seq = Number(row.checkpoint_seq);
  const when = row.checkpoint_at
    ? new Date(row.checkpoint_at).toISOString().slice(0, 10)
    : 'an earlier check';
  if (row.checkpoint_row_id === null)
    return {
      seq,
      id: '',
      reason: `row ${seq}, found intact on ${when}, is missing: rows were removed or renumbered`,
    };
  if (row.checkpoint_row_hash !== row.checkpoint_hash)
    return {
      seq,
      id: row.checkpoint_row_id,
      reason: `row ${seq} no longer has the hash it had when found intact on ${when}: the chain up to it was rewritten`,
    };
  if (row.checkpoint_recomputed !== row.checkpoint_row_hash)
    return {
      seq,
      id: row.checkpoint_row_id,
      reason: 'its content no longer matches its hash: the row was changed after it was written',
    };
  return null;
}

/** The first break of the rows checked one by one, of the head, and of the log's row count. */
function chainBreak(row: VerifyRow | undefined, headSeq: number, headHash: string): AuditChainBreak | null {
  if (row?.break_reason)
    return { seq: Number(row.break_seq), id: row.break_id ?? '', reason: row.break_reason };
  if (row?.head_seq === null || row?.head_seq === undefined)
    return { seq: 0, id: '', reason: 'the chain has no head row' };
  const lastSeq = Number(row.last_seq ?? 0);
  if (headSeq !== lastSeq || headHash !== (row.last_hash ?? AUDIT_CHAIN_GENESIS_HEX))
    // Every row links up, but the head names another last row: rows were cut off the end (or
    // the head was changed).
    return {
      seq: lastSeq + 1,
      id: '',
      reason:
        headSeq > lastSeq
          ? `the chain ends at ${lastSeq} but its head names ${headSeq}: the last rows were removed`
          : `the head names row ${headSeq} with another hash than the last row ${lastSeq}: the head or the last rows were changed`,
    };
  if (row.total !== null && Number(row.total) !== headSeq)
    // Every row after the checkpoint links up to the head, yet the log holds another number of
    // rows than the chain numbers: rows before the checkpoint were removed or added.
    return {
      seq: 0,
      id: '',
      reason: `the log holds ${Number(row.total).toLocaleString('en')} rows where the chain numbers ${headSeq.toLocaleString('en')}: rows up to row ${row.checkpoint_seq ?? '?'} were removed or added`,
    };
  return null;
}

async function hasCheckpointTable(runner: AuditSqlRunner, schema: string): Promise<boolean> {
  const [found] = (await runner.query(`SELECT to_regclass($1) IS NOT NULL AS "exists"`, [
    `"${schema}"."audit_chain_verified"`,
  ])) as { exists: boolean }[];
  return found?.exists === true;
}

/**
 * Keeps an intact head as the next check's starting point, and when every row was last re-hashed
 * (`whole`: this check did). Never moves it back: a slower check that began earlier may finish
 * after one that began later.
 */
async function recordCheckpoint(
  runner: AuditSqlRunner,
  schema: string,
  seq: number,
  hashHex: string,
  whole: boolean,
): Promise<void> {
  await runner.query(
    `INSERT INTO "${schema}"."audit_chain_verified" ("seq", "hash", "verified_at", "whole_at")
     VALUES ($1, decode($2, 'hex'), now(), CASE WHEN $3::boolean THEN now() END)
     ON CONFLICT ("one") DO UPDATE
        SET "seq" = EXCLUDED."seq", "hash" = EXCLUDED."hash", "verified_at" = EXCLUDED."verified_at",
            "whole_at" = coalesce(EXCLUDED."whole_at", "audit_chain_verified"."whole_at")
      WHERE "audit_chain_verified"."seq" <= EXCLUDED."seq"`,
    [seq, hashHex, whole],
  );
}
