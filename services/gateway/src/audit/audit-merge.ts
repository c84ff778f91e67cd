import {
  DOMAIN_SERVICE_NAMES,
  type AuditCursorPositions,
  type AuditServiceRow,
  type AuditTrailRow,
  type DomainServiceName,
} from '@caliber/contracts';

/** A row as merged: its service with it. */
export interface ServiceRow {
  service: DomainServiceName;
  row: AuditServiceRow;
}

/**
 * The order of the audit viewer, newest first: time (to the microsecond), then the service (in
 * registry order), then the row's id. It is total, and within one service it is that service's
 * own order (time, id), so each service's rows are taken in the order it pages them.
 */
export function newerFirst(a: ServiceRow, b: ServiceRow): number {
  const at = BigInt(b.row.atUs) - BigInt(a.row.atUs);
  if (at !== 0n) return at > 0n ? 1 : -1;
  const service = DOMAIN_SERVICE_NAMES.indexOf(a.service) - DOMAIN_SERVICE_NAMES.indexOf(b.service);
  if (service !== 0) return service;
  const id = BigInt(b.row.id) - BigInt(a.row.id);
  return id === 0n ? 0 : id > 0n ? 1 : -1;
}

/**
 * One page from each service's next rows (each list already newest first, at most `limit + 1`
 * long): the `limit` newest of them all (a k-way merge), each service's new position (its last
 * row taken, or where it was when none was), and whether older rows remain anywhere.
 */
export function mergeAuditPages(
  answers: Record<DomainServiceName, AuditServiceRow[]>,
  positions: AuditCursorPositions,
  limit: number,
): { rows: ServiceRow[]; positions: AuditCursorPositions; more: boolean } {
  const heads = Object.fromEntries(DOMAIN_SERVICE_NAMES.map((name) => [name, 0])) as Record<
    DomainServiceName,
    number
  >;
  const taken: ServiceRow[] = [];
  while (taken.length < limit) {
    let best: ServiceRow | null = null;
    for (const service of DOMAIN_SERVICE_NAMES) {
      const row = answers[service][heads[service]];
      if (!row) continue;
      const candidate = { service, row };
      if (!best || newerFirst(candidate, best) < 0) best = candidate;
    }
    if (!best) break;
    taken.push(best);
    heads[best.service] += 1;
  }
  const next = { ...positions };
  for (const { service, row } of taken) next[service] = { atUs: row.atUs, id: row.id };
  const more = DOMAIN_SERVICE_NAMES.some((service) => answers[service].length > heads[service]);
  return { rows: taken, positions: next, more };
}

/** A merged row as the viewer shows it; `names` are the people's names identity gave, by id. */
export function toTrailRow({ service, row }: ServiceRow, names: ReadonlyMap<string, string>): AuditTrailRow {
  return {
    key: `${service}:${row.id}`,
    at: row.at,
    service,
    actor: {
      id: row.actor.id,
      label: row.actor.label,
      name: row.actor.id ? (names.get(row.actor.id) ?? null) : null,
    },
    via: row.via,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes,
    equipmentId: row.equipmentId,
  };
}
