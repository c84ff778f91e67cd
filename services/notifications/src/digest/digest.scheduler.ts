import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ROLES, type NotificationRecipient, type Role } from '@caliber/contracts';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { PeersClient } from '../feeds/peers.client';
import type { PlannedNotification } from '../rules/planner';
import { NotificationAnnouncer } from '../store/notification-announcer';
import { NotificationsRepository } from '../store/notifications.repository';
import { LOGGER } from '../tokens';
import { digestSummary, digestTitle, type DigestContent } from './digest-message';
import { digestWeek, type DigestWeek } from './digest-week';

/** The source of a digest's unique key; its sequence is the ISO week (yyyyww). */
export const DIGEST_SOURCE = 'digest';
/** The roles whose digest carries the dashboard's figures. */
const FIGURES_ROLES: readonly Role[] = ['Engineer', 'Manager', 'Admin'];

/**
 * Makes each week's digests: once `DIGEST_AT` of this week has passed in the hospital's zone, one
 * notification of kind `weekly-digest` with its e-mail for each active person with the toggle on
 * and a confirmed e-mail, paging through the roster. It looks at start and every
 * `DIGEST_CHECK_MS`, so a service down at the digest time makes them when it is back that week.
 *
 * No queue or lock is needed: a digest's unique key in the database (source `digest`, the week,
 * the person, the kind) is the lock. Two replicas, or a restart halfway through, may both compose
 * one person's digest, but only one row is written and only that row's e-mail is sent; people who
 * already have this week's are skipped before their data is asked for. A pass that fails (a
 * service not answering) is taken up again at the next look.
 */
@Injectable()
export class DigestScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  /** The week whose digests this replica has made for the whole roster. */
  private doneWeek: number | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly peers: PeersClient,
    private readonly repository: NotificationsRepository,
    private readonly announcer: NotificationAnnouncer,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      if (this.stopped) return;
      void this.run().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.config.digest.checkMs);
      });
    };
    tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Makes this week's digests if they are due and not all made; answers how many this call
   * wrote. A call while a pass runs waits for it.
   */
  run(now: Date = new Date()): Promise<number> {
    if (this.running) return this.running;
    this.running = this.pass(now)
      .catch((error: unknown) => {
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'weekly digests not all made; taken up again at the next look',
        );
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass(now: Date): Promise<number> {
    const week = digestWeek(now, this.config.timeZone, this.config.digest.at);
    if (now < week.dueAt || this.doneWeek === week.key) return 0;
    let made = 0;
    let after: string | undefined;
    do {
      const page = await this.peers.recipientsPage(ROLES, after);
      const wanting = page.people.filter((person) => person.notifications.weeklyDigest && person.email);
      const have = await this.repository.alreadyMade(
        DIGEST_SOURCE,
        String(week.key),
        'weekly-digest',
        wanting.map((person) => person.id),
      );
      for (const person of wanting) {
        if (this.stopped) return made;
        if (!have.has(person.id)) made += await this.makeDigest(person, week);
      }
      after = page.next ?? undefined;
    } while (after && !this.stopped);
    if (!this.stopped) this.doneWeek = week.key;
    return made;
  }

  /** One person's digest, written with its e-mail unless another replica wrote it first. */
  private async makeDigest(person: NotificationRecipient, week: DigestWeek): Promise<number> {
    const content = await this.contentOf(person, week);
    const email = person.email;
    if (!email) return 0;
    const planned: PlannedNotification = {
      userId: person.id,
      recipientName: person.name.slice(0, 120),
      serviceNumber: person.serviceNumber.slice(0, 32),
      kind: 'weekly-digest',
      topic: 'weeklyDigest',
      title: digestTitle(content, this.config.productName).slice(0, 300),
      body: digestSummary(content),
      link: person.role === 'Clinical' ? '/my-reports' : '/tasks',
      urgent: false,
      source: DIGEST_SOURCE,
      sourceSeq: String(week.key),
      deliveries: [{ channel: 'email', address: email, note: null }],
      detail: content,
    };
    const written = await this.dataSource.transaction((manager) =>
      this.repository.insertPlanned(manager, [planned]),
    );
    await this.announcer.announce(written);
    return written.length;
  }

  private async contentOf(person: NotificationRecipient, week: DigestWeek): Promise<DigestContent> {
    const figures = FIGURES_ROLES.includes(person.role);
    const [tasks, department] = await Promise.all([
      this.peers.digestTasks({ userId: person.id, role: person.role, from: week.from, to: week.to, figures }),
      person.department
        ? this.peers.digestDepartment({ department: person.department, figures })
        : Promise.resolve(null),
    ]);
    const t = tasks.figures;
    const e = department?.figures ?? null;
    return {
      from: week.from,
      to: week.to,
      department: person.department,
      overdue: tasks.overdue,
      open: tasks.open,
      pmDue: tasks.pmDue,
      outOfService: department?.outOfService ?? null,
      recallActions: department?.recallActions ?? null,
      figures: figures
        ? {
            tasks: t && {
              total: t.total,
              pending: t.pending,
              inProgress: t.inProgress,
              completed: t.completed,
              overdue: t.overdue,
              awaitingCertification: t.awaitingCertification,
            },
            equipment: e && {
              total: e.total,
              serviceable: e.serviceable,
              maintenance: e.maintenance,
              unserviceable: e.unserviceable,
              recalls: e.recalls ?? null,
            },
          }
        : null,
    };
  }
}
