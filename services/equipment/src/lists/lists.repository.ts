import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { listNameKey, type ListEntryChange, type ListKind } from '@caliber/contracts';
import { changeFeedPage, renameStoredValues, type AuditActor } from '@caliber/service-kit';
import type { DataSource, EntityManager } from 'typeorm';

const ENTRIES = '"equipment"."list_entries"';
const NAMES = '"equipment"."list_entry_names"';

/** One entry as stored, with every former name (newest first). */
export interface ListEntryRow {
  id: string;
  kind: ListKind;
  name: string;
  parentId: string | null;
  retiredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  formerNames: { name: string; until: Date }[];
}

interface EntrySqlRow {
  id: string;
  kind: ListKind;
  name: string;
  parent_id: string | null;
  retired_at: Date | null;
  created_at: Date;
  updated_at: Date;
  version: number;
  former_names: { name: string; until: string }[];
  seq: string;
}

const SELECT_ENTRIES = `
  SELECT entry."id", entry."kind", entry."name", entry."parent_id", entry."retired_at", entry."created_at",
         entry."updated_at", entry."version", entry."feed_seq"::text AS "seq",
         COALESCE((SELECT jsonb_agg(jsonb_build_object('name', old."name", 'until', old."until")
                                    ORDER BY old."until" DESC, old."name")
                     FROM ${NAMES} AS old WHERE old."entry_id" = entry."id"), '[]'::jsonb) AS "former_names"
    FROM ${ENTRIES} AS entry`;

function toRow(row: EntrySqlRow): ListEntryRow {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    parentId: row.parent_id,
    retiredAt: row.retired_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    formerNames: row.former_names.map((old) => ({ name: old.name, until: new Date(old.until) })),
  };
}

/** Which column of a device a list's value sits in. */
const DEVICE_COLUMN: Readonly<Record<ListKind, 'department' | 'category' | 'location'>> = {
  department: 'department',
  category: 'category',
  ward: 'location',
};

/**
 * The lists' storage: entries, their former names, the feed of their changes, and the devices a
 * rename reaches. Every write runs in the caller's transaction (the entity manager it passes).
 */
@Injectable()
export class ListsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Serializes every change of the lists: names are checked against all entries, then written. It
   * also waits for the writes that are reading a name of the lists (`lockForReading`), so a rename
   * never misses a device stored under the old name at the same moment.
   */
  async lockLists(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('equipment.list_entries'))`);
  }

  /**
   * Held by a write that stores a name of the lists, until it commits: writes go on side by side,
   * and a change of the lists waits for them (then the rename's rewrite sees their rows) or they
   * wait for it (then they read the new name).
   */
  async lockForReading(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock_shared(hashtext('equipment.list_entries'))`);
  }

  async all(manager: EntityManager = this.dataSource.manager): Promise<ListEntryRow[]> {
    const rows: EntrySqlRow[] = await manager.query(
      `${SELECT_ENTRIES} ORDER BY entry."kind", lower(entry."name")`,
    );
    return rows.map(toRow);
  }

  async find(manager: EntityManager, id: string, lock = false): Promise<ListEntryRow | null> {
    const rows: EntrySqlRow[] = await manager.query(
      `${SELECT_ENTRIES} WHERE entry."id" = $1${lock ? ' FOR UPDATE OF entry' : ''}`,
      [id],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * The entry of `kind` (within `parentId` for a ward) that has or had a name like `name`, other
   * than `except`: a current name first.
   */
  async findByName(
    manager: EntityManager,
    kind: ListKind,
    name: string,
    parentId: string | null,
    except: string | null = null,
  ): Promise<ListEntryRow | null> {
    const rows: EntrySqlRow[] = await manager.query(
      `${SELECT_ENTRIES}
        WHERE entry."kind" = $1 AND entry."parent_id" IS NOT DISTINCT FROM $2::uuid
          AND entry."id" IS DISTINCT FROM $4::uuid
          AND (lower(entry."name") = $3
               OR EXISTS (SELECT 1 FROM ${NAMES} AS old WHERE old."entry_id" = entry."id" AND lower(old."name") = $3))
        ORDER BY (lower(entry."name") = $3) DESC
        LIMIT 1`,
      [kind, parentId, listNameKey(name), except],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async count(manager: EntityManager, kind: ListKind, parentId: string | null = null): Promise<number> {
    const rows: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM ${ENTRIES} WHERE "kind" = $1${parentId ? ' AND "parent_id" = $2' : ''}`,
      parentId ? [kind, parentId] : [kind],
    );
    return rows[0]?.n ?? 0;
  }

  /** How many former names the lists keep, in all. */
  async formerNameCount(manager: EntityManager): Promise<number> {
    const rows: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM ${NAMES}`);
    return rows[0]?.n ?? 0;
  }

  async insert(
    manager: EntityManager,
    kind: ListKind,
    name: string,
    parentId: string | null,
  ): Promise<string> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO ${ENTRIES} ("id", "kind", "name", "parent_id") VALUES (gen_random_uuid(), $1, $2, $3)
       RETURNING "id"`,
      [kind, name, parentId],
    );
    return rows[0]?.id ?? '';
  }

  /**
   * Gives the entry a new name: the current one becomes a former name (until now), and the new one,
   * if it was a former name of this entry, is current again.
   */
  async rename(manager: EntityManager, entry: ListEntryRow, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO ${NAMES} ("entry_id", "name", "until") VALUES ($1, $2, now())
       ON CONFLICT ("entry_id", "name") DO UPDATE SET "until" = now()`,
      [entry.id, entry.name],
    );
    await manager.query(`DELETE FROM ${NAMES} WHERE "entry_id" = $1 AND "name" = $2`, [entry.id, name]);
    await this.touch(manager, entry.id, `"name" = $2`, [name]);
  }

  async setRetired(manager: EntityManager, id: string, retired: boolean): Promise<void> {
    await this.touch(manager, id, `"retired_at" = ${retired ? 'now()' : 'NULL'}`, []);
  }

  /** Every change moves the entry's version and its place in the feed. */
  private async touch(manager: EntityManager, id: string, set: string, params: unknown[]): Promise<void> {
    await manager.query(
      `UPDATE ${ENTRIES}
          SET ${set}, "version" = "version" + 1, "updated_at" = now(),
              "feed_seq" = nextval('"equipment"."list_feed_seq"')
        WHERE "id" = $1`,
      [id, ...params],
    );
  }

  /**
   * Rewrites the devices that carry any of `oldNames` to `name` (a ward's within its department),
   * each with an audit row naming who renamed. Answers how many devices changed.
   */
  async renameOnDevices(
    manager: EntityManager,
    kind: ListKind,
    oldNames: readonly string[],
    name: string,
    actor: AuditActor,
    department: string | null,
  ): Promise<number> {
    return renameStoredValues(manager, {
      schema: 'equipment',
      table: 'equipment',
      column: DEVICE_COLUMN[kind],
      entity: 'equipment',
      equipmentColumn: 'id',
      renames: Object.fromEntries(oldNames.map((old) => [old, name])),
      actor,
      ...(kind === 'ward' && department ? { scope: { column: 'department', value: department } } : {}),
    });
  }

  /** One page of the feed of entry changes after a position, oldest first. */
  async changes(after: string, limit: number) {
    const rows: EntrySqlRow[] = await this.dataSource.query(
      `${SELECT_ENTRIES} WHERE entry."feed_seq" > $1::bigint ORDER BY entry."feed_seq" LIMIT $2`,
      [after, limit + 1],
    );
    return changeFeedPage(rows, limit, after, (row): ListEntryChange => ({
      entryId: row.id,
      seq: row.seq,
      kind: row.kind,
      name: row.name,
      parentId: row.parent_id,
      retired: row.retired_at !== null,
      formerNames: row.former_names.map((old) => old.name),
    }));
  }
}
