import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CONTRACT_KEEPER_ROLES, CONTRACT_KIND_LABELS, type ContractRenewalDue } from '@caliber/contracts';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { PeersClient } from '../feeds/peers.client';
import type { Intent } from '../rules/notification-rules';
import { planNotifications } from '../rules/planner';
import { NotificationAnnouncer } from '../store/notification-announcer';
import { NotificationsRepository } from '../store/notifications.repository';
import { LOGGER } from '../tokens';
import { DailyPass } from './daily-pass';

/**
 * What a contract coming up for renewal tells those who keep contracts (Engineers, Managers and
 * Admins): once at 90 days before its last day, once more at 30. The source names the contract
 * and its last day, so a contract renewed to a later day is told again as that day nears.
 */
export function contractRenewalIntent(contract: ContractRenewalDue): Intent {
  const kind = CONTRACT_KIND_LABELS[contract.kind];
  return {
    kind: 'contract-renewal',
    audience: { roles: [...CONTRACT_KEEPER_ROLES] },
    title: `Contract renewal due: ${contract.vendorName} ${contract.reference}`,
    body: `The ${kind} contract ${contract.reference} with ${contract.vendorName} ends on ${contract.endsOn}: ${
      contract.notice === 30 ? 'within 30 days' : 'within 90 days'
    }. Renew it, or arrange the cover its devices need.`,
    subject: { contract: contract.id },
    urgent: false,
    // `contract:<id>:<yyyymmdd>`: the key's source holds 60 characters.
    source: `contract:${contract.id}:${contract.endsOn.replaceAll('-', '')}`,
    sourceSeq: String(contract.notice),
    actorId: null,
  };
}

/**
 * Tells those who keep contracts of each contract in force that comes within 90, then 30, days of
 * its last day (their Inventory toggle decides the bell and the e-mail). Asked every day for every
 * contract within 90 days: a notice missed while the service was down is given the next day, and
 * the notification's unique key (contract, last day, notice, person, kind) keeps each one once.
 */
@Injectable()
export class ContractRenewalScheduler extends DailyPass {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
    @Inject(LOGGER) logger: Logger,
    private readonly peers: PeersClient,
    private readonly repository: NotificationsRepository,
    private readonly announcer: NotificationAnnouncer,
  ) {
    super(
      { timeZone: config.timeZone, checkMs: config.digest.checkMs },
      logger,
      'contract renewals not all told',
    );
  }

  protected async tell(date: string): Promise<number> {
    let made = 0;
    let after: string | undefined;
    do {
      const page = await this.peers.contractsRenewalDue({ date, ...(after ? { after } : {}) });
      const planned = await planNotifications(page.contracts.map(contractRenewalIntent), this.peers);
      const written = await this.dataSource.transaction((manager) =>
        this.repository.insertPlanned(manager, planned),
      );
      made += written.length;
      await this.announcer.announce(written);
      after = page.next ?? undefined;
    } while (after && !this.stopped);
    return made;
  }
}
