import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isStaff,
  isRecordId,
  keepsVendors,
  VENDOR_LIMITS,
  type Actor,
  type NewVendor,
  type Vendor,
  type VendorPage,
  type VendorQuery,
  type VendorRef,
  type VendorRefsAnswer,
  type VendorUpdate,
} from '@caliber/contracts';
import {
  auditActorOf,
  containsPattern,
  diffFields,
  ServiceError,
  violatedIndex,
  writeAudit,
} from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';

export const READ_REFUSAL = 'Vendors are for the biomedical engineering department.';
export const KEEP_REFUSAL = 'Only Engineers, Managers and Admins add and change vendors.';

const COLUMNS = `"id", "name", "kinds", "contact_name", "phone", "email", "website", "notes", "retired_at",
  "created_at", "updated_at", "updated_by_label", "version"`;

interface VendorRow {
  id: string;
  name: string;
  kinds: Vendor['kinds'];
  contact_name: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  notes: string | null;
  retired_at: Date | null;
  created_at: Date;
  updated_at: Date;
  updated_by_label: string;
  version: number;
}

/** The fields a person changes, as the audit trail compares them. */
type Details = Pick<Vendor, 'name' | 'kinds' | 'contactName' | 'phone' | 'email' | 'website' | 'notes'>;

function toVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    kinds: row.kinds,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    website: row.website,
    notes: row.notes,
    retired: row.retired_at !== null,
    retiredAt: row.retired_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedByLabel: row.updated_by_label,
    version: row.version,
  };
}

function detailsOf(vendor: Details): Details {
  const { name, kinds, contactName, phone, email, website, notes } = vendor;
  return { name, kinds, contactName, phone, email, website, notes };
}

/**
 * The vendors: manufacturers, suppliers and service providers, a managed list that devices,
 * parts and contracts point at by id.
 * - The department's staff read them (a technician at a failed device calls the vendor's
 *   number); clinical staff do not. Engineers, Managers and Admins add and change them.
 * - A name belongs to one vendor whatever its case; renaming keeps the vendor (and every record
 *   pointing at it), so a company taken over is renamed, not added again.
 * - Never deleted: a retired vendor is not offered for new records and stays on those naming it.
 * - The list is bounded (`VENDOR_LIMITS.vendors`, retired ones included); every change carries
 *   the version read (a newer change is refused, 409, never overwritten) and is audited.
 */
@Injectable()
export class VendorsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async page(actor: Actor, query: VendorQuery): Promise<VendorPage> {
    this.requireReader(actor);
    const where: string[] = [];
    const values: unknown[] = [];
    if (query.q) {
      values.push(containsPattern(query.q));
      where.push(
        `(lower("name") LIKE $${values.length} OR lower(coalesce("contact_name", '')) LIKE $${values.length})`,
      );
    }
    if (query.kind) {
      values.push(query.kind);
      where.push(`$${values.length} = ANY("kinds")`);
    }
    if (query.status === 'active') where.push(`"retired_at" IS NULL`);
    if (query.status === 'retired') where.push(`"retired_at" IS NOT NULL`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM "equipment"."vendors" ${filter}`,
      values,
    )) as [{ total: number }];
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "equipment"."vendors" ${filter}
        ORDER BY lower("name"), "id" LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, query.limit, (query.page - 1) * query.limit],
    )) as VendorRow[];
    return {
      rows: rows.map(toVendor),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  async get(actor: Actor, id: string): Promise<Vendor> {
    this.requireReader(actor);
    return toVendor(await this.found(this.dataSource.manager, id));
  }

  /**
   * The names and standing of the vendors `ids` name (a task's charges, at most 20): what
   * maintenance keeps beside a charge and checks it against. An id that names none is left out.
   */
  async refs(ids: readonly string[]): Promise<VendorRefsAnswer> {
    if (ids.length === 0) return { vendors: [] };
    const rows = (await this.dataSource.query(
      `SELECT "id", "name", "retired_at" IS NOT NULL AS "retired" FROM "equipment"."vendors"
        WHERE "id" = ANY($1::uuid[])`,
      [[...new Set(ids.map((id) => id.toLowerCase()))]],
    )) as VendorRef[];
    return { vendors: rows };
  }

  async add(actor: Actor, vendor: NewVendor): Promise<Vendor> {
    this.requireKeeper(actor);
    return this.dataSource.transaction(async (manager) => {
      await this.lock(manager);
      const [{ count }] = (await manager.query(
        `SELECT count(*)::int AS "count" FROM "equipment"."vendors"`,
      )) as [{ count: number }];
      if (count >= VENDOR_LIMITS.vendors)
        throw new ServiceError(
          'UNPROCESSABLE',
          `The list of vendors holds the most it may: ${VENDOR_LIMITS.vendors.toLocaleString('en')}, retired ones included (they stay on the records that name them).`,
        );
      await this.refuseTakenName(manager, vendor.name, null);
      const [row] = (await this.write(() =>
        manager.query(
          `INSERT INTO "equipment"."vendors"
             ("name", "kinds", "contact_name", "phone", "email", "website", "notes", "updated_by_label")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
          [
            vendor.name,
            vendor.kinds,
            vendor.contactName,
            vendor.phone,
            vendor.email,
            vendor.website,
            vendor.notes,
            auditActorOf(actor).label,
          ],
        ),
      )) as [VendorRow];
      const added = toVendor(row);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'vendor',
        entityId: added.id,
        action: 'added',
        changes: diffFields<Details>({}, detailsOf(added)),
      });
      return added;
    });
  }

  async update(actor: Actor, id: string, change: VendorUpdate): Promise<Vendor> {
    this.requireKeeper(actor);
    return this.dataSource.transaction(async (manager) => {
      await this.lock(manager);
      const current = toVendor(await this.found(manager, id, true));
      if (change.version !== current.version)
        throw new ServiceError(
          'CONFLICT',
          `${current.name} was changed by someone else since you opened it. Reload it and try again.`,
        );
      const { retired, ...details } = change;
      if (details.name.toLowerCase() !== current.name.toLowerCase())
        await this.refuseTakenName(manager, details.name, current.id);
      const changes = diffFields<Details>(detailsOf(current), detailsOf(details));
      if (retired !== current.retired) changes.retired = { from: current.retired, to: retired };
      // A save that changes nothing writes nothing: no new version, no audit row.
      if (Object.keys(changes).length === 0) return current;
      const [rows] = (await this.write(() =>
        manager.query(
          `UPDATE "equipment"."vendors" SET "name" = $2, "kinds" = $3, "contact_name" = $4, "phone" = $5,
             "email" = $6, "website" = $7, "notes" = $8, "updated_by_label" = $9, "updated_at" = now(),
             "retired_at" = CASE WHEN $10::boolean THEN coalesce("retired_at", now()) END,
             "version" = "version" + 1
           WHERE "id" = $1 RETURNING ${COLUMNS}`,
          [
            current.id,
            details.name,
            details.kinds,
            details.contactName,
            details.phone,
            details.email,
            details.website,
            details.notes,
            auditActorOf(actor).label,
            retired,
          ],
        ),
      )) as [VendorRow[], number];
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'vendor',
        entityId: current.id,
        action: retired === current.retired ? 'changed' : retired ? 'retired' : 'restored',
        changes,
      });
      return toVendor(rows[0] as VendorRow);
    });
  }

  private requireReader(actor: Actor): void {
    if (!isStaff(actor.role)) throw new ServiceError('FORBIDDEN', READ_REFUSAL);
  }

  private requireKeeper(actor: Actor): void {
    if (!keepsVendors(actor.role)) throw new ServiceError('FORBIDDEN', KEEP_REFUSAL);
  }

  /** Changes of the list wait for each other: the count and the name checks hold until commit. */
  private async lock(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('equipment.vendors'))`);
  }

  private async found(manager: EntityManager, id: string, forUpdate = false): Promise<VendorRow> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', 'No such vendor.');
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM "equipment"."vendors" WHERE "id" = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
      [id.toLowerCase()],
    )) as VendorRow[];
    if (!row) throw new ServiceError('NOT_FOUND', 'No such vendor.');
    return row;
  }

  private async refuseTakenName(
    manager: EntityManager,
    name: string,
    exceptId: string | null,
  ): Promise<void> {
    const [holder] = (await manager.query(
      `SELECT "name", "retired_at" FROM "equipment"."vendors" WHERE lower("name") = lower($1)
         AND ($2::uuid IS NULL OR "id" <> $2::uuid)`,
      [name, exceptId],
    )) as Pick<VendorRow, 'name' | 'retired_at'>[];
    if (holder) throw nameTaken(holder);
  }

  /** A write, with the unique index's refusal (a race the check above lost) said as a 409. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (violatedIndex(error) === 'vendors_name_key')
        throw new ServiceError('CONFLICT', 'A vendor of that name is already on the list.');
      throw error;
    }
  }
}

function nameTaken(holder: Pick<VendorRow, 'name' | 'retired_at'>): ServiceError {
  return new ServiceError(
    'CONFLICT',
    holder.retired_at
      ? `${holder.name} is on the list already, retired: restore it rather than adding it again.`
      : `${holder.name} is on the list already.`,
  );
}
