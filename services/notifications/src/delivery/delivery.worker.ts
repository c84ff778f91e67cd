import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  UNSUBSCRIBE_PATH,
  type DeliveryChannel,
  type NotificationKind,
  type NotificationTopic,
} from '@caliber/contracts';
import { Mailer, SmsSender } from '@caliber/service-kit';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { NotificationMetrics } from '../metrics/notification-metrics';
import { LOGGER } from '../tokens';
import { digestEmailOf, type DigestContent } from '../digest/digest-message';
import { emailOf, smsOf, type MessageContext, type MessageItem } from './messages';
import { unsubscribeToken } from './unsubscribe-token';

/** A claimed delivery with what its message says. */
interface ClaimedRow {
  id: string;
  user_id: string;
  service_number: string;
  channel: DeliveryChannel;
  address: string;
  attempts: number;
  kind: NotificationKind;
  topic: NotificationTopic;
  title: string;
  body: string;
  link: string;
  urgent: boolean;
  detail: unknown;
}

/** Deliveries claimed at once by one replica. */
const BATCH = 200;
/** While one replica sends a claimed delivery, the others leave it alone for this long. */
const LEASE_SECONDS = 120;
/** The longest wait between two tries of one delivery. */
const MAX_BACKOFF_MS = 15 * 60_000;
/** How often due deliveries are looked for when nothing new arrives. */
const POLL_MS = 1000;

const WINDOW_SECONDS: Record<DeliveryChannel, number> = { email: 3600, sms: 86_400 };

/**
 * Sends the pending e-mails and text messages, each delivery once:
 * - a replica claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, so two replicas never
 *   send one row, and a replica that dies mid-send leaves its rows to the others when the lease ends;
 * - a row is marked sent right after the server accepted it. The only way one message goes twice
 *   is a crash between the server's acceptance and that mark: the message then goes again with
 *   the same Message-ID, which mail systems use to tell it is the same message;
 * - a refusal (the mail server down, the SMS gateway refusing) leaves the row pending with its
 *   reason, tried again after 5 s, 10 s, 20 s … up to 15 minutes, until `NOTIFY_ATTEMPTS` tries;
 *   then it is recorded failed;
 * - one person's due rows of one channel go as one message (a burst gathered), and past their
 *   limit (e-mails an hour, SMS a day) they wait until the window allows one more, then go
 *   together: one person's burst never floods their inbox or phone, nor holds anyone else's.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly metrics: NotificationMetrics,
  ) {}

  /** What a message to this person links to, their own unsubscribe links included. */
  private contextFor(userId: string): MessageContext {
    const { productName, publicUrl, trust } = this.config;
    const token = (topic: NotificationTopic) =>
      encodeURIComponent(unsubscribeToken(trust.signingKey, { userId, topic }));
    return {
      productName,
      publicUrl,
      unsubscribeUrl: (topic) => `${publicUrl}${UNSUBSCRIBE_PATH}?token=${token(topic)}`,
      oneClickUrl: (topic) => `${publicUrl}/api/notifications/unsubscribe?token=${token(topic)}`,
    };
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** New deliveries were written: look now rather than at the next poll. */
  kick(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : POLL_MS);
      });
    }, ms);
  }

  /** Sends what is due until nothing is, batch by batch. */
  async drain(): Promise<void> {
    try {
      for (let batches = 0; batches < 50 && !this.stopped; batches += 1) {
        const claimed = await this.claim();
        if (claimed.length === 0) return;
        const groups = new Map<string, ClaimedRow[]>();
        for (const row of claimed) {
          // A weekly digest goes as its own e-mail, never gathered with others.
          const key = row.kind === 'weekly-digest' ? row.id : `${row.user_id}:${row.channel}`;
          groups.set(key, [...(groups.get(key) ?? []), row]);
        }
        await Promise.all(
          [...groups.values()].map((rows) => this.deliver(rows as [ClaimedRow, ...ClaimedRow[]])),
        );
      }
    } catch (error) {
      this.logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'deliveries not sent',
      );
    }
  }

  private async claim(): Promise<ClaimedRow[]> {
    // An UPDATE … RETURNING answers `[rows, count]` through TypeORM's PostgreSQL driver.
    const [claimed]: [ClaimedRow[], number] = await this.dataSource.query(
      `WITH due AS (
         SELECT d."id" FROM "notifications"."deliveries" d
          WHERE d."state" = 'pending' AND d."next_attempt_at" <= now()
            AND (d."lease_until" IS NULL OR d."lease_until" < now())
          ORDER BY d."next_attempt_at", d."id"
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
       UPDATE "notifications"."deliveries" d
          SET "lease_until" = now() + interval '${LEASE_SECONDS} seconds', "attempts" = d."attempts" + 1
         FROM due, "notifications"."notifications" n
        WHERE d."id" = due."id" AND n."id" = d."notification_id"
       RETURNING d."id", d."user_id", d."service_number", d."channel", d."address", d."attempts",
                 n."kind", n."topic", n."title", n."body", n."link", n."urgent", n."detail"`,
    );
    return claimed;
  }

  private async deliver(rows: [ClaimedRow, ...ClaimedRow[]]): Promise<void> {
    const [first] = rows;
    const channel = first.channel;
    const limit = channel === 'email' ? this.config.emailsPerHour : this.config.smsPerDay;
    const window = WINDOW_SECONDS[channel];
    const [{ sent, freeAt }]: [{ sent: number; freeAt: Date | null }] = await this.dataSource.query(
      `SELECT count(DISTINCT coalesce("message_id", "id"::text))::int AS "sent",
              min("sent_at") + make_interval(secs => $3) AS "freeAt"
         FROM "notifications"."deliveries"
        WHERE "user_id" = $1 AND "channel" = $2 AND "state" = 'sent' AND "sent_at" > now() - make_interval(secs => $3)`,
      [first.user_id, channel, window],
    );
    const ids = rows.map((row) => row.id);
    if (sent >= limit && freeAt) {
      // Past the person's limit: the burst waits (not a try) and then goes as one message.
      await this.dataSource.query(
        `UPDATE "notifications"."deliveries"
            SET "attempts" = "attempts" - 1, "lease_until" = NULL, "next_attempt_at" = $2,
                "note" = $3
          WHERE "id" = ANY($1::uuid[])`,
        [
          ids,
          freeAt,
          `Held: ${sent} ${channel === 'email' ? 'e-mails in the last hour' : 'text messages in the last day'} reached the limit; goes with the others gathered.`,
        ],
      );
      this.metrics.held(channel, rows.length);
      return;
    }
    // The newest address the person has (a changed e-mail reaches the new one).
    const address = rows.at(-1)?.address ?? first.address;
    const items = rows.map((row) => this.itemOf(row)) as [MessageItem, ...MessageItem[]];
    const messageId = `<${first.id}@notifications.caliber>`;
    try {
      const context = this.contextFor(first.user_id);
      if (channel === 'email' && first.kind === 'weekly-digest' && first.detail)
        await this.mailer.send(digestEmailOf(address, first.detail as DigestContent, context, messageId));
      else if (channel === 'email') await this.mailer.send(emailOf(address, items, context, messageId));
      else
        await this.sms.send({
          to: address,
          body: smsOf(items, context),
          serviceNumber: first.service_number,
        });
    } catch (error) {
      await this.failed(rows, error instanceof Error ? error.message : String(error));
      return;
    }
    await this.dataSource.query(
      `UPDATE "notifications"."deliveries"
          SET "state" = 'sent', "sent_at" = now(), "lease_until" = NULL, "last_error" = NULL, "message_id" = $2,
              "note" = CASE WHEN $3::int > 1 THEN concat_ws(' ', "note", 'Gathered into one message with ' || ($3::int - 1) || ' other(s).') ELSE "note" END
        WHERE "id" = ANY($1::uuid[]) AND "state" = 'pending'`,
      [ids, messageId, rows.length],
    );
    this.metrics.sent(channel, rows.length);
  }

  private async failed(rows: readonly ClaimedRow[], reason: string): Promise<void> {
    const max = this.config.attempts;
    this.metrics.failed(rows[0]?.channel ?? 'email', rows.length);
    this.logger.warn(
      { channel: rows[0]?.channel, count: rows.length, reason },
      'notification not delivered; retried later',
    );
    for (const row of rows) {
      const wait = Math.min(this.config.retryMs * 2 ** Math.max(0, row.attempts - 1), MAX_BACKOFF_MS);
      const last = row.attempts >= max;
      await this.dataSource.query(
        `UPDATE "notifications"."deliveries"
            SET "state" = $2, "lease_until" = NULL, "last_error" = $3,
                "next_attempt_at" = now() + make_interval(secs => $4::float8 / 1000)
          WHERE "id" = $1 AND "state" = 'pending'`,
        [row.id, last ? 'failed' : 'pending', reason.slice(0, 500), wait],
      );
    }
  }

  private itemOf(row: ClaimedRow): MessageItem {
    return {
      kind: row.kind,
      topic: row.topic,
      title: row.title,
      body: row.body,
      link: row.link,
      urgent: row.urgent,
    };
  }
}
