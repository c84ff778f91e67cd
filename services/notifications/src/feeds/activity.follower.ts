import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChangeFeedPage } from '@caliber/contracts';
import { catchUpFeed, tableFeedPosition } from '@caliber/service-kit';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { NotificationMetrics } from '../metrics/notification-metrics';
import { intentsOf } from '../rules/notification-rules';
import { planNotifications, type PlannedNotification } from '../rules/planner';
import { NotificationAnnouncer } from '../store/notification-announcer';
import { NotificationsRepository, type CreatedNotification } from '../store/notifications.repository';
import { OnCallRepository } from '../store/on-call.repository';
import { LOGGER } from '../tokens';
import { ACTIVITY_SOURCES, PeersClient, type ActivitySource } from './peers.client';

/** Pages read in one round per feed before the other feed gets its turn. */
const PAGES_PER_ROUND = 20;

/**
 * Follows the activity feeds of maintenance and equipment and turns each page into notifications.
 * A page is planned (who is told, and where) before any write, and its notifications are written
 * in the transaction that moves the feed's position: an event happening while this service is
 * down is read when it is back, and none is turned into notifications twice. When identity or the
 * feed's owner does not answer, nothing is written and the same page is read again next round.
 * Every replica may follow: the position row decides which one writes a page.
 */
@Injectable()
export class ActivityFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly peers: PeersClient,
    private readonly repository: NotificationsRepository,
    private readonly announcer: NotificationAnnouncer,
    private readonly metrics: NotificationMetrics,
    private readonly onCall: OnCallRepository,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.round().finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(tick, this.config.followMs);
      });
    };
    tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One round: each feed caught up (a bounded number of pages), one after the other. */
  async round(): Promise<void> {
    for (const source of Object.keys(ACTIVITY_SOURCES) as ActivitySource[]) await this.follow(source);
  }

  private async follow(source: ActivitySource): Promise<void> {
    const position = tableFeedPosition('"notifications"."feed_positions"', `${source}.activity`);
    for (let pages = 0; pages < PAGES_PER_ROUND && !this.stopped; pages += 1) {
      let written: CreatedNotification[] = [];
      try {
        const outcome = await catchUpFeed<PlannedNotification>({
          dataSource: this.dataSource,
          position,
          maxPages: 1,
          readPage: (after) => this.plannedPage(source, after),
          apply: async (manager, planned) => {
            written = await this.repository.insertPlanned(manager, planned);
          },
        });
        // The transaction has committed: its notifications may be announced and sent.
        await this.announcer.announce(written);
        if (outcome.caughtUp) return;
      } catch (error) {
        this.metrics.feedFailed(source);
        this.logger.warn(
          { source, err: error instanceof Error ? error.message : String(error) },
          'activity not read; the same page is read again next round',
        );
        return;
      }
    }
  }

  private async plannedPage(
    source: ActivitySource,
    after: string,
  ): Promise<ChangeFeedPage<PlannedNotification>> {
    const page = await this.peers.activity(source, after);
    const planned = await planNotifications(intentsOf(page.changes, source), this.peers, this.onCall);
    return { changes: planned, last: page.last, more: page.more };
  }
}
