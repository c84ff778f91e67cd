import { Controller, Inject, Injectable, Query } from '@nestjs/common';
import {
  AUDIT_READ_REFUSAL,
  auditTrailQuerySchema,
  dayStartIn,
  decodeAuditCursor,
  DOMAIN_SERVICE_NAMES,
  encodeAuditCursor,
  mayReadAuditTrail,
  nextCalendarDay,
  SUBJECTS,
  type AuditCursorPositions,
  type AuditServicePage,
  type AuditServicePageQuery,
  type AuditServiceRow,
  type AuditTrailPage,
  type DomainServiceName,
} from '@caliber/contracts';
import { DomainServiceClient, ServiceError, type ServiceChannel } from '@caliber/service-kit';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { CurrentSession } from '../auth/current-user.decorator';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { SERVICE_CHANNEL } from '../identity/service-client';
import { mergeAuditPages, toTrailRow } from './audit-merge';
import { AUDIT_OPERATIONS } from './audit.operations';

/** Each service's audit log, read through the service (never its tables), signed for who asks. */
@Injectable()
export class AuditClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'audit trail');
  }

  page(
    session: GatewaySession,
    service: DomainServiceName,
    query: AuditServicePageQuery,
  ): Promise<AuditServicePage> {
    return this.request(SUBJECTS[service].auditPage, query, actingUserOf(session));
  }

  names(session: GatewaySession, ids: string[]): Promise<Record<string, string>> {
    return this.request(SUBJECTS.identity.auditNames, { ids }, actingUserOf(session));
  }
}

/**
 * GET /api/audit: the audit rows of all four services, newest first, one page at a time. Each
 * service answers its next rows after its own position; the pages are merged by time, and the
 * cursor of the next page holds every service's position, so a row is never shown twice, and
 * none committed before the first page was read is skipped, even when rows of several services
 * share a time. A row's time is its transaction's start, so one committed after that with a time
 * inside pages already read is not shown when paging older (docs/using/audit-trail.md). Only Engineers, Managers and Admins
 * (the rows hold staff's personal details); each service checks that again.
 */
@Controller()
export class AuditController {
  constructor(
    private readonly audit: AuditClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Operation(AUDIT_OPERATIONS.getAuditTrail)
  async page(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(auditTrailQuerySchema)) query: z.output<typeof auditTrailQuerySchema>,
  ): Promise<AuditTrailPage> {
    if (!mayReadAuditTrail(session.user.role)) throw new ServiceError('FORBIDDEN', AUDIT_READ_REFUSAL);
    const start = Object.fromEntries(
      DOMAIN_SERVICE_NAMES.map((name) => [name, null]),
    ) as AuditCursorPositions;
    const positions = query.cursor ? decodeAuditCursor(query.cursor) : start;
    if (!positions)
      throw new ServiceError(
        'VALIDATION_FAILED',
        'That page of the audit trail is not known: start again from the newest.',
      );
    const base: Omit<AuditServicePageQuery, 'after'> = {
      limit: query.limit + 1,
      ...(query.equipment ? { equipmentId: query.equipment } : {}),
      ...(query.person ? { personId: query.person } : {}),
      // The period is the hospital's days: from the first day's start to the end of the last.
      ...(query.from ? { fromAt: dayStartIn(this.config.timeZone, query.from) } : {}),
      ...(query.to ? { toAt: dayStartIn(this.config.timeZone, nextCalendarDay(query.to)) } : {}),
    };
    const answers = await Promise.all(
      DOMAIN_SERVICE_NAMES.map(async (service): Promise<[DomainServiceName, AuditServiceRow[]]> => {
        const after = positions[service];
        const page = await this.audit.page(session, service, after ? { ...base, after } : base);
        return [service, page.rows];
      }),
    );
    const merged = mergeAuditPages(
      Object.fromEntries(answers) as Record<DomainServiceName, AuditServiceRow[]>,
      positions,
      query.limit,
    );
    const ids = [...new Set(merged.rows.flatMap(({ row }) => (row.actor.id ? [row.actor.id] : [])))];
    const names = new Map(Object.entries(ids.length ? await this.audit.names(session, ids) : {}));
    return {
      rows: merged.rows.map((row) => toTrailRow(row, names)),
      next: merged.more ? encodeAuditCursor(merged.positions) : null,
    };
  }
}
