import 'reflect-metadata';
import { runServiceCli } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { notificationsDatabase } from './database';

const USAGE = `Notifications commands:
  deliveries:failed   Lists the e-mails and SMS recorded failed in the last 7 days, newest first (at most 50).
  deliveries:retry    Makes every failed delivery of the last 7 days pending again (after the mail
                      server or SMS gateway is mended), so each is tried once more.`;

interface FailedRow {
  id: string;
  channel: string;
  recipient_name: string;
  title: string;
  last_error: string | null;
  created_at: Date;
}

async function run(dataSource: DataSource, command: string): Promise<string> {
  if (command === 'deliveries:failed') {
    const rows: FailedRow[] = await dataSource.query(
      `SELECT d."id", d."channel", d."recipient_name", n."title", d."last_error", d."created_at"
         FROM "notifications"."deliveries" d JOIN "notifications"."notifications" n ON n."id" = d."notification_id"
        WHERE d."state" = 'failed' AND d."created_at" > now() - interval '7 days'
        ORDER BY d."created_at" DESC LIMIT 50`,
    );
    if (rows.length === 0) return 'No delivery failed in the last 7 days.';
    return rows
      .map(
        (r) =>
          `${r.created_at.toISOString()}  ${r.channel.padEnd(5)}  ${r.recipient_name}: ${r.title} (${r.last_error ?? 'no reason'})`,
      )
      .join('\n');
  }
  // An UPDATE … RETURNING answers `[rows, count]` through TypeORM's PostgreSQL driver.
  const [, count]: [unknown[], number] = await dataSource.query(
    `UPDATE "notifications"."deliveries"
        SET "state" = 'pending', "attempts" = 0, "next_attempt_at" = now(), "lease_until" = NULL
      WHERE "state" = 'failed' AND "created_at" > now() - interval '7 days' RETURNING "id"`,
  );
  return `${count} failed deliveries will be tried again.`;
}

const command = process.argv[2];
if (command !== 'deliveries:failed' && command !== 'deliveries:retry') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(command === '--help' ? 0 : 2);
}
runServiceCli('notifications', notificationsDatabase, (dataSource) => run(dataSource, command));
