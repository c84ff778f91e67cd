import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeliveryRecord, DeliveryRecordPage, ListDeliveriesQuery } from '@caliber/contracts';
import { maskPhone } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';

interface DeliveryRow {
  id: string;
  notification_id: string;
  kind: DeliveryRecord['kind'];
  title: string;
  user_id: string;
  recipient_name: string;
  service_number: string;
  channel: DeliveryRecord['channel'];
  address: string;
  state: DeliveryRecord['state'];
  attempts: number;
  note: string | null;
  last_error: string | null;
  created_at: Date;
  next_attempt_at: Date;
  sent_at: Date | null;
}

/** `a•••@hospital.example`: enough to recognise one's own address, not to learn another's. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}

/** The delivery record Admins read: newest first, by state and channel, addresses masked. */
@Injectable()
export class DeliveriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async page(query: ListDeliveriesQuery): Promise<DeliveryRecordPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.state) where.push(`d."state" = $${params.push(query.state)}`);
    if (query.channel) where.push(`d."channel" = $${params.push(query.channel)}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: [{ total: number }] = await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM "notifications"."deliveries" d ${filter}`,
      params,
    );
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT d."id", d."notification_id", n."kind", n."title", d."user_id", d."recipient_name", d."service_number", d."channel",
              d."address", d."state", d."attempts", d."note", d."last_error", d."created_at",
              d."next_attempt_at", d."sent_at"
         FROM "notifications"."deliveries" d JOIN "notifications"."notifications" n ON n."id" = d."notification_id"
         ${filter}
        ORDER BY d."created_at" DESC, d."id" DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, (query.page - 1) * query.limit],
    );
    return {
      rows: rows.map((row) => ({
        id: row.id,
        notificationId: row.notification_id,
        kind: row.kind,
        title: row.title,
        recipientId: row.user_id,
        recipientName: row.recipient_name,
        recipientServiceNumber: row.service_number,
        channel: row.channel,
        address: row.channel === 'email' ? maskEmail(row.address) : maskPhone(row.address),
        state: row.state,
        attempts: row.attempts,
        note: row.note,
        lastError: row.last_error,
        createdAt: row.created_at.toISOString(),
        nextAttemptAt: row.state === 'pending' ? row.next_attempt_at.toISOString() : null,
        sentAt: row.sent_at ? row.sent_at.toISOString() : null,
      })),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }
}
