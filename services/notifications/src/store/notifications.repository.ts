import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ListNotificationsQuery, NotificationDto, NotificationPage } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { clockText, quietUntil } from '../delivery/quiet-hours';
import type { PlannedNotification } from '../rules/planner';

/** A notification just written, for the live event sent once its transaction commits. */
export interface CreatedNotification {
  userId: string;
  notification: NotificationDto;
}

interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationDto['kind'];
  topic: NotificationDto['topic'];
  title: string;
  body: string;
  link: string;
  urgent: boolean;
  created_at: Date;
  read_at: Date | null;
}

export function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    topic: row.topic,
    title: row.title,
    body: row.body,
    link: row.link,
    urgent: row.urgent,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at ? row.read_at.toISOString() : null,
  };
}

const COLUMNS = `"id", "user_id", "kind", "topic", "title", "body", "link", "urgent", "created_at", "read_at"`;

/** The bell's records and the deliveries they send, in schema `notifications`. */
@Injectable()
export class NotificationsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  /**
   * Writes a page's notifications and their deliveries in the caller's transaction (the one that
   * moves the feed's position). A notification already written for the same audit row, person
   * and kind is left as it is, with its deliveries: a page applied twice sends nothing twice. An
   * e-mail or SMS made in the quiet hours waits for their end, unless it is an urgent page.
   */
  async insertPlanned(
    manager: EntityManager,
    planned: readonly PlannedNotification[],
  ): Promise<CreatedNotification[]> {
    if (planned.length === 0) return [];
    const rows: NotificationRow[] = await manager.query(
      `INSERT INTO "notifications"."notifications"
              ("user_id", "kind", "topic", "title", "body", "link", "urgent", "source", "source_seq", "detail")
       SELECT r."userId", r."kind", r."topic", r."title", r."body", r."link", r."urgent", r."source", r."sourceSeq"::bigint, r."detail"
         FROM jsonb_to_recordset($1::jsonb) AS r("userId" uuid, "kind" text, "topic" text, "title" text, "body" text,
              "link" text, "urgent" boolean, "source" text, "sourceSeq" text, "detail" jsonb)
       ON CONFLICT ON CONSTRAINT "notifications_once" DO NOTHING
       RETURNING ${COLUMNS}, "source", "source_seq"::text AS "source_seq"`,
      [JSON.stringify(planned)],
    );
    const keyOf = (n: { userId: string; kind: string; source: string; sourceSeq: string }) =>
      `${n.source}:${n.sourceSeq}:${n.userId}:${n.kind}`;
    const created = new Map(
      (rows as (NotificationRow & { source: string; source_seq: string })[]).map((row) => [
        keyOf({ userId: row.user_id, kind: row.kind, source: row.source, sourceSeq: row.source_seq }),
        row,
      ]),
    );
    const now = new Date();
    const held = quietUntil(now, this.config.timeZone, this.config.quietHours);
    const quietNote =
      held && this.config.quietHours
        ? `Held for the quiet hours until ${clockText(this.config.quietHours.to)}.`
        : null;
    const deliveries = planned.flatMap((plan) => {
      const row = created.get(keyOf(plan));
      if (!row) return [];
      return plan.deliveries.map((delivery) => {
        const waits = held && !plan.urgent;
        return {
          notificationId: row.id,
          userId: plan.userId,
          recipientName: plan.recipientName,
          serviceNumber: plan.serviceNumber,
          channel: delivery.channel,
          address: delivery.address,
          note: [delivery.note, waits ? quietNote : null].filter(Boolean).join(' ') || null,
          nextAttemptAt: (waits ? held : now).toISOString(),
        };
      });
    });
    if (deliveries.length)
      await manager.query(
        `INSERT INTO "notifications"."deliveries" ("notification_id", "user_id", "recipient_name", "service_number", "channel", "address", "note", "next_attempt_at")
         SELECT r."notificationId", r."userId", r."recipientName", r."serviceNumber", r."channel", r."address", r."note", r."nextAttemptAt"
           FROM jsonb_to_recordset($1::jsonb) AS r("notificationId" uuid, "userId" uuid, "recipientName" text, "serviceNumber" text,
                "channel" text, "address" text, "note" text, "nextAttemptAt" timestamptz)
         ON CONFLICT ON CONSTRAINT "deliveries_once" DO NOTHING`,
        [JSON.stringify(deliveries)],
      );
    return [...created.values()].map((row) => ({
      userId: row.user_id,
      notification: toNotificationDto(row),
    }));
  }

  /** Who of these people already has the notification of this source, sequence and kind. */
  async alreadyMade(
    source: string,
    sourceSeq: string,
    kind: NotificationDto['kind'],
    userIds: readonly string[],
  ): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows: { user_id: string }[] = await this.dataSource.query(
      `SELECT "user_id" FROM "notifications"."notifications"
        WHERE "source" = $1 AND "source_seq" = $2::bigint AND "kind" = $3 AND "user_id" = ANY($4::uuid[])`,
      [source, sourceSeq, kind, [...userIds]],
    );
    return new Set(rows.map((row) => row.user_id));
  }

  async list(userId: string, query: ListNotificationsQuery): Promise<NotificationPage> {
    const offset = (query.page - 1) * query.limit;
    const unreadOnly = query.unread ? `AND "read_at" IS NULL` : '';
    const [rows, [{ total }], unread] = await Promise.all([
      this.dataSource.query(
        `SELECT ${COLUMNS} FROM "notifications"."notifications"
          WHERE "user_id" = $1 ${unreadOnly}
          ORDER BY "created_at" DESC, "id" DESC LIMIT $2 OFFSET $3`,
        [userId, query.limit, offset],
      ) as Promise<NotificationRow[]>,
      this.dataSource.query(
        `SELECT count(*)::int AS "total" FROM "notifications"."notifications" WHERE "user_id" = $1 ${unreadOnly}`,
        [userId],
      ) as Promise<[{ total: number }]>,
      this.unread(this.dataSource.manager, userId),
    ]);
    return {
      rows: rows.map(toNotificationDto),
      unread,
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  /** Marks one of the person's notifications read; another person's is not found. */
  async markRead(userId: string, id: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const found: { id: string }[] = await manager.query(
        `SELECT "id" FROM "notifications"."notifications" WHERE "id" = $1 AND "user_id" = $2`,
        [id, userId],
      );
      if (found.length === 0) throw new ServiceError('NOT_FOUND', 'No such notification.');
      await manager.query(
        `UPDATE "notifications"."notifications" SET "read_at" = now() WHERE "id" = $1 AND "read_at" IS NULL`,
        [id],
      );
      return this.unread(manager, userId);
    });
  }

  async markAllRead(userId: string): Promise<number> {
    await this.dataSource.query(
      `UPDATE "notifications"."notifications" SET "read_at" = now() WHERE "user_id" = $1 AND "read_at" IS NULL`,
      [userId],
    );
    return 0;
  }

  async unread(manager: EntityManager, userId: string): Promise<number> {
    const [{ unread }]: [{ unread: number }] = await manager.query(
      `SELECT count(*)::int AS "unread" FROM "notifications"."notifications" WHERE "user_id" = $1 AND "read_at" IS NULL`,
      [userId],
    );
    return unread;
  }

  /** Each person's unread count, for the live events after a page is written. */
  async unreadOf(userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows: { user_id: string; unread: number }[] = await this.dataSource.query(
      `SELECT "user_id", count(*)::int AS "unread" FROM "notifications"."notifications"
        WHERE "user_id" = ANY($1::uuid[]) AND "read_at" IS NULL GROUP BY "user_id"`,
      [[...new Set(userIds)]],
    );
    return new Map(rows.map((row) => [row.user_id, row.unread]));
  }
}
