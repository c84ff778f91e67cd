import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AUDIT_READ_REFUSAL,
  auditServicePageSchema,
  mayReadAuditTrail,
  type Actor,
  type AuditChainVerdict,
  type AuditServicePage,
  type AuditServicePageQuery,
  type AuditServiceRow,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { parsePayload } from '../payload';
import { ServiceError } from '../service-error';
import { Acting, Command } from '../trust/signed-messages';
import { verifyAuditChain, type AuditSqlRunner } from './audit-chain';

interface AuditPageRow {
  id: string;
  at_us: string;
  at: Date;
  actor_id: string | null;
  actor_label: string;
  service: string | null;
  entity: string;
  entity_id: string;
  action: string;
  changes: AuditServiceRow['changes'];
  equipment_id: string | null;
}

/**
 * One page of a schema's audit rows, newest first (time, then id), older than `after`. A person's
 * rows are those they made and, where the schema keeps people (`personEntity`: identity's
 * `user`), the rows about them. Each filter is added only when given, so each reads its index
 * (`audit_log_equipment_idx`, `audit_log_actor_idx`, `audit_log_at_idx`).
 */
export async function auditPage(
  runner: AuditSqlRunner,
  schema: string,
  query: AuditServicePageQuery,
  personEntity?: string,
): Promise<AuditServicePage> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (query.equipmentId) where.push(`a."equipment_id" = ${param(query.equipmentId)}::uuid`);
  if (query.personId) {
    const person = param(query.personId);
    where.push(
      personEntity
        ? `(a."actor_id" = ${person}::uuid OR (a."entity" = ${param(personEntity)} AND a."entity_id" = ${person}::text))`
        : `a."actor_id" = ${person}::uuid`,
    );
  }
  if (query.fromAt) where.push(`a."at" >= ${param(query.fromAt)}::timestamptz`);
  if (query.toAt) where.push(`a."at" < ${param(query.toAt)}::timestamptz`);
  if (query.after)
    // Exactly the microsecond of the last row read: a row's time and id order it, also when
    // several rows share a time.
    where.push(
      `(a."at", a."id") < ('epoch'::timestamptz + ${param(query.after.atUs)}::bigint * interval '1 microsecond', ${param(query.after.id)}::bigint)`,
    );
  const rows = (await runner.query(
    `SELECT a."id"::text AS id, ((extract(epoch FROM a."at") * 1000000)::bigint)::text AS at_us, a."at",
            a."actor_id", a."actor_label", a."service", a."entity", a."entity_id", a."action", a."changes",
            a."equipment_id"
       FROM "${schema}"."audit_log" a
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a."at" DESC, a."id" DESC
      LIMIT ${param(query.limit)}`,
    params,
  )) as AuditPageRow[];
  return {
    rows: rows.map((row) => ({
      id: row.id,
      atUs: row.at_us,
      at: row.at.toISOString(),
      actor: { id: row.actor_id, label: row.actor_label },
      via: row.service,
      entity: row.entity,
      entityId: row.entity_id,
      action: row.action,
      changes: row.changes,
      equipmentId: row.equipment_id,
    })),
  };
}

/**
 * A domain service's audit subjects: `<service>.audit.page` for the audit viewer (Engineers,
 * Managers and Admins only, checked here whatever the gateway did), and the service-only
 * `<service>.audit.verify` for the compliance report (its senders are set in `SUBJECT_SENDERS`).
 */
export function serviceAuditController(
  schema: string,
  subjects: { page: string; verify: string },
  personEntity?: string,
): Type<unknown> {
  @Controller()
  class AuditController {
    constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

    @MessagePattern(subjects.page)
    page(@Acting() actor: Actor, @Command() data: unknown): Promise<AuditServicePage> {
      if (!mayReadAuditTrail(actor.role)) throw new ServiceError('FORBIDDEN', AUDIT_READ_REFUSAL);
      return auditPage(this.dataSource, schema, parsePayload(auditServicePageSchema, data), personEntity);
    }

    @MessagePattern(subjects.verify)
    verify(): Promise<AuditChainVerdict> {
      return verifyAuditChain(this.dataSource, schema, 'last-verified');
    }
  }
  return AuditController;
}
