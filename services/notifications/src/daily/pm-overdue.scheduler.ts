import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OverduePm } from '@caliber/contracts';
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

/** What a PM occurrence that fell overdue tells its assignee. */
export function pmOverdueIntent(task: OverduePm, date: string): Intent {
  return {
    kind: 'pm-overdue',
    audience: { ids: [task.assigneeId] },
    title: `PM overdue: ${task.title}`,
    body: `${task.deviceName} (SN ${task.serialNumber}), ${task.department}. It was due ${task.dueDate}.`,
    subject: { task: task.id },
    urgent: false,
    // The task in the source, the day in the sequence: one per task, person and day.
    source: `pm-overdue:${task.id}`,
    sourceSeq: date.replaceAll('-', ''),
    actorId: null,
  };
}

/**
 * Tells each assignee of a PM occurrence that became overdue today (hospital calendar): once the
 * day has begun, at start and every `DIGEST_CHECK_MS`, the day's occurrences are read page by
 * page from maintenance and each assignee told (their Task updates toggle decides the bell and the
 * e-mail, like every task update; an e-mail made in the quiet hours waits for their end).
 *
 * Exactly once without a queue or lock: the notification's unique key (source `pm-overdue:<task>`,
 * the date as yyyymmdd, the person, the kind) is written with its e-mail in one transaction, so
 * two replicas or a restart write one row per task and person. A day the service is down from
 * start to end is not told afterwards (the next day's occurrences are).
 */
@Injectable()
export class PmOverdueScheduler extends DailyPass {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
    @Inject(LOGGER) logger: Logger,
    private readonly peers: PeersClient,
    private readonly repository: NotificationsRepository,
    private readonly announcer: NotificationAnnouncer,
  ) {
    super({ timeZone: config.timeZone, checkMs: config.digest.checkMs }, logger, 'overdue PM not all told');
  }

  protected async tell(date: string): Promise<number> {
    let made = 0;
    let after: string | undefined;
    do {
      const page = await this.peers.pmBecameOverdue({ date, ...(after ? { after } : {}) });
      const planned = await planNotifications(
        page.tasks.map((task) => pmOverdueIntent(task, date)),
        this.peers,
      );
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
