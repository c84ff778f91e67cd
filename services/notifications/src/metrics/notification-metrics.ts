import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeliveryChannel } from '@caliber/contracts';
import { ProcessMetrics } from '@caliber/service-kit';
import { Counter, Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { CreatedNotification } from '../store/notifications.repository';

interface Backlog {
  channel: DeliveryChannel;
  pending: number;
  oldestSeconds: number;
}

/** The statement's own limit in PostgreSQL: a slow read is cancelled there, not only abandoned here. */
const STATEMENT_TIMEOUT_MS = 800;

/**
 * The notifying service's figures (`/metrics` of its health port): notifications made, messages
 * sent, held past a limit and refused, activity pages not read, and the backlog of e-mails and
 * SMS still to send with the age of the oldest (read at scrape time from the partial index of
 * pending rows; every replica reports the same figure, take the max). The oldest age counts from
 * when the message was made, so a mail server refusing every try makes it grow through the back-off
 * (a held message, waiting for the quiet hours or a person's limit, is not counted): an alert on it
 * is the 3 a.m. page for a mail server that stopped accepting.
 */
@Injectable()
export class NotificationMetrics {
  private readonly made: Counter<'kind'>;
  private readonly delivered: Counter<'channel' | 'outcome'>;
  private readonly feedErrors: Counter<'source'>;

  constructor(metrics: ProcessMetrics, @InjectDataSource() dataSource: DataSource) {
    const registers = [metrics.registry];
    this.made = new Counter({
      name: 'caliber_notifications_created_total',
      help: 'Notifications written for people, by kind',
      labelNames: ['kind'],
      registers,
    });
    this.delivered = new Counter({
      name: 'caliber_notification_deliveries_total',
      help: 'E-mail and SMS deliveries by outcome: sent, held (past a limit), refused (retried or failed)',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.feedErrors = new Counter({
      name: 'caliber_notification_feed_errors_total',
      help: 'Rounds in which an activity feed or the roster did not answer (the page is read again)',
      labelNames: ['source'],
      registers,
    });
    const pending = new Gauge({
      name: 'caliber_notification_deliveries_pending',
      help: 'E-mails and SMS waiting to be sent (held ones included), read at scrape time',
      labelNames: ['channel'],
      registers,
    });
    const oldest = new Gauge({
      name: 'caliber_notification_oldest_due_age_seconds',
      help: 'Age (since it was made) of the oldest unsent delivery that is due or was refused; held ones (quiet hours, limits) do not count',
      labelNames: ['channel'],
      registers,
    });
    metrics.addScrapeSource(
      'notifications:backlog',
      () =>
        dataSource.transaction(async (manager) => {
          await manager.query(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
          return (await manager.query(
            `SELECT "channel", count(*)::int AS "pending",
                    COALESCE(EXTRACT(EPOCH FROM now() - min("created_at") FILTER (WHERE "attempts" > 0 OR "next_attempt_at" <= now())), 0)::float8 AS "oldestSeconds"
               FROM "notifications"."deliveries" WHERE "state" = 'pending' GROUP BY "channel"`,
          )) as Backlog[];
        }),
      (rows) => {
        // Unreadable: the figures leave the scrape rather than say zero.
        pending.reset();
        oldest.reset();
        if (!rows) return;
        for (const channel of ['email', 'sms'] as const) {
          const row = rows.find((r) => r.channel === channel);
          pending.set({ channel }, row?.pending ?? 0);
          oldest.set({ channel }, row?.oldestSeconds ?? 0);
        }
      },
    );
  }

  created(written: readonly CreatedNotification[]): void {
    for (const { notification } of written) this.made.inc({ kind: notification.kind });
  }

  sent(channel: DeliveryChannel, count: number): void {
    this.delivered.inc({ channel, outcome: 'sent' }, count);
  }

  held(channel: DeliveryChannel, count: number): void {
    this.delivered.inc({ channel, outcome: 'held' }, count);
  }

  failed(channel: DeliveryChannel, count: number): void {
    this.delivered.inc({ channel, outcome: 'refused' }, count);
  }

  feedFailed(source: string): void {
    this.feedErrors.inc({ source });
  }
}
