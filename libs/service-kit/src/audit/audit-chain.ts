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
  // An exception to the expand rule of docs/migrations.md (no SET NOT NULL without a DEFAULT): the
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

interface VerifyRow {
  rows: string;
  head_seq: string | null;
  head_hash: string | null;
  last_seq: string | null;
  last_hash: string | null;
  break_seq: string | null;
  break_id: string | null;
  break_reason: string | null;
}

/**
 * Checks a schema's whole chain in one pass: each row's seq is its place (1, 2, 3…), its prev_hash
 * is the previous row's row_hash, its row_hash is the hash of its content now, and the head table
 * names the last row. Answers the first row where one of these fails.
 */
export async function verifyAuditChain(runner: AuditSqlRunner, schema: string): Promise<AuditChainVerdict> {
  const s = `"${schema}"`;
  const table = `${s}."audit_log"`;
  const [row] = (await runner.query(
    `WITH chain AS (
       SELECT a."chain_seq", a."id", a."prev_hash", a."row_hash",
              ${auditRowHashSql('a', 'a."prev_hash"')} AS recomputed,
              lag(a."row_hash", 1, ${GENESIS_SQL}) OVER (ORDER BY a."chain_seq", a."id") AS expected_prev,
              row_number() OVER (ORDER BY a."chain_seq", a."id") AS place
         FROM ${table} a
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
     )
     SELECT (SELECT count(*) FROM checked)::text AS rows,
            h."seq"::text AS head_seq, encode(h."hash", 'hex') AS head_hash,
            l."chain_seq"::text AS last_seq, encode(l."row_hash", 'hex') AS last_hash,
            b."chain_seq"::text AS break_seq, b."id"::text AS break_id, b.reason AS break_reason
       FROM (SELECT 1) one
       LEFT JOIN ${s}."audit_chain_head" h ON true
       LEFT JOIN last_row l ON true
       LEFT JOIN first_break b ON true`,
  )) as VerifyRow[];
  const rows = Number(row?.rows ?? 0);
  const headSeq = Number(row?.head_seq ?? 0);
  const headHash = row?.head_hash ?? '';
  let firstBreak: AuditChainBreak | null = null;
  if (row?.break_reason) {
    firstBreak = { seq: Number(row.break_seq), id: row.break_id ?? '', reason: row.break_reason };
  } else if (row?.head_seq === null || row?.head_seq === undefined) {
    firstBreak = { seq: 0, id: '', reason: 'the chain has no head row' };
  } else if (
    headSeq !== Number(row.last_seq ?? 0) ||
    headHash !== (row.last_hash ?? AUDIT_CHAIN_GENESIS_HEX)
  ) {
    // Every row links up, but the head names another last row: rows were cut off the end (or
    // the head was changed).
    const lastSeq = Number(row.last_seq ?? 0);
    firstBreak = {
      seq: lastSeq + 1,
      id: '',
      reason:
        headSeq > lastSeq
          ? `the chain ends at ${lastSeq} but its head names ${headSeq}: the last rows were removed`
          : `the head names row ${headSeq} with another hash than the last row ${lastSeq}: the head or the last rows were changed`,
    };
  }
  return { rows, headSeq, headHash, intact: firstBreak === null, firstBreak };
}
