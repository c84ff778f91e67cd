import { Inject, Injectable } from '@nestjs/common';
import {
  AUDIT_VERIFY_DEADLINE_MS,
  REPORT_PAGE_LIMIT,
  SUBJECTS,
  type ActingUser,
  type CostSettings,
  type AuditChainVerdict,
  type ReportRowsPage,
  type ReportScope,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { PEERS_CHANNEL } from '../tokens';

/**
 * The reports service's reads from the services that own the data, signed by the reports service
 * for the person the report is for (so each owner applies its own rules: a Technician's task
 * figures are their own). Figures come in one answer; detail rows page by page.
 */
@Injectable()
export class ReportDataClient extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'service holding the report data');
  }

  figures<T>(subject: string, scope: ReportScope, user: ActingUser): Promise<T> {
    return this.request<T>(subject, { scope }, user);
  }

  /** The rows of a detail list, a page at a time; `total` arrives with the first page. */
  async *pages<T>(subject: string, scope: ReportScope, user: ActingUser): AsyncGenerator<ReportRowsPage<T>> {
    let after = '';
    for (;;) {
      const page = await this.request<ReportRowsPage<T>>(
        subject,
        { scope, after, limit: REPORT_PAGE_LIMIT },
        user,
      );
      yield page;
      if (!page.next) return;
      after = page.next;
    }
  }

  /** The currency an Admin set for the hospital (null until then): every amount is written in it. */
  async hospitalCurrency(user: ActingUser): Promise<string | null> {
    const settings = await this.request<CostSettings>(SUBJECTS.maintenance.costCurrency, {}, user);
    return settings.currency;
  }

  /** Any request (the PM compliance figures, the assignee list) for the person. */
  ask<T>(subject: string, payload: unknown, user: ActingUser): Promise<T> {
    return this.request<T>(subject, payload, user);
  }

  /**
   * A service's check of its own audit chain (`<service>.audit.verify`): a full pass over its log,
   * so it is given `AUDIT_VERIFY_DEADLINE_MS` rather than the usual deadline of a request.
   */
  verifyAuditChain(subject: string, user: ActingUser): Promise<AuditChainVerdict> {
    return this.request<AuditChainVerdict>(subject, {}, user, AUDIT_VERIFY_DEADLINE_MS);
  }
}
