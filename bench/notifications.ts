import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { SMTPServer } from 'smtp-server';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_SETTINGS,
  type EquipmentListResponse,
  type NotificationCreatedEvent,
  type TaskCreatedResponse,
} from '@caliber/contracts';
import { startThrowawayStack } from '../infra/local/src';
import { signInThroughApi } from '../infra/testing/outbox';

/** The demo Engineer who assigns, and the demo Technicians who receive. */
const ENGINEER = 'BME-1002';
const TECHNICIANS = ['BME-1005', 'BME-1006', 'BME-1007', 'BME-1008', 'BME-1011'];
/** Requests in flight while the burst is made. */
const CONCURRENCY = 16;

export interface NotificationBurstResult {
  events: number;
  /** How long making the burst's tasks took (the events' own rate). */
  burstSeconds: number;
  /** In the bell: `notification:new` received per event, and its latency from the task's commit. */
  received: number;
  p50: number;
  p99: number;
  max: number;
  /** E-mails: deliveries sent of the events', messages the server accepted, and the last one's time. */
  emailsSent: number;
  messages: number;
  lastEmailAfterBurstSeconds: number;
  lastEmailAfterFirstEventSeconds: number;
  emailsPerHour: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * A burst of `events` task assignments (an Engineer assigning tasks to five Technicians through the
 * API, 16 at a time) on its own stack, with a real SMTP server: when each assignee's socket hears
 * `notification:new` for each task (from the task's commit), and when the last e-mail of them was
 * handed to the mail server. Quiet hours are off (the bench may run at night) and the per-person
 * hourly e-mail limit is raised to `emailsPerHour`: at the default of 10, a person's 200 e-mails
 * of a burst go as a few gathered messages, the rest held for the hour, by design.
 */
export async function measureNotificationBurst(
  events = 1000,
  emailsPerHour = 1000,
): Promise<NotificationBurstResult> {
  let messages = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        messages += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  const root = await mkdtemp(join(tmpdir(), 'caliber-bench-notifications-'));
  // PostgreSQL runs as its own user and must reach its folder inside.
  await chmod(root, 0o755);
  const stack = await startThrowawayStack({
    dataDir: join(root, 'data'),
    env: {
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIFY_QUIET_HOURS: '',
      NOTIFY_EMAILS_PER_HOUR: String(emailsPerHour),
    },
    log: () => undefined,
    serviceOutput: () => undefined,
  });
  const pool = new Pool({ connectionString: String(stack.env['DATABASE_URL']), max: 2 });
  const sockets: Socket[] = [];
  try {
    // The demo Technicians' addresses count once confirmed, as their owners would have done.
    await pool.query(
      `UPDATE "identity"."users" SET "email_confirmed_at" = now() WHERE "service_number" = ANY($1)`,
      [TECHNICIANS],
    );
    const engineer = await signInThroughApi(stack.baseUrl, ENGINEER, stack.outboxPath);
    const technicians = await Promise.all(
      TECHNICIANS.map((serviceNumber) => signInThroughApi(stack.baseUrl, serviceNumber, stack.outboxPath)),
    );
    const headers = {
      authorization: `Bearer ${engineer.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
    const devices = (await (
      await fetch(`${stack.baseUrl}/api/equipment?page=1&limit=20`, { headers })
    ).json()) as EquipmentListResponse;
    const committedAt = new Map<string, number>();
    const latencies: number[] = [];
    for (const technician of technicians) {
      const socket = io(stack.baseUrl, {
        path: SOCKET_SETTINGS.path,
        transports: ['websocket'],
        reconnection: false,
        auth: { token: technician.token },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('socket:ready', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on('notification:new', (event: NotificationCreatedEvent) => {
        const taskId = /task=([0-9a-f-]+)/.exec(event.notification.link)?.[1];
        const at = taskId ? committedAt.get(taskId) : undefined;
        if (at !== undefined) latencies.push(Date.now() - at);
      });
      sockets.push(socket);
    }
    const since = new Date();
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < events) {
        const index = (next += 1) - 1;
        const device = devices.equipment[index % devices.equipment.length];
        const assignee = technicians[index % technicians.length];
        if (!device || !assignee) throw new Error('No demo device or Technician to assign');
        const answer = await fetch(`${stack.baseUrl}/api/tasks`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            title: `Burst task ${index + 1}`,
            description: 'Made by the notifications benchmark.',
            taskType: 'Inspect',
            priority: 'Medium',
            equipmentId: device._id,
            assignedTo: assignee.user._id,
            dueDate: '2027-01-31',
          }),
        });
        if (answer.status !== 201)
          throw new Error(`Creating a task answered ${answer.status}: ${await answer.text()}`);
        const { task } = (await answer.json()) as TaskCreatedResponse;
        // The answer follows the commit: the latency is counted from it, never before it.
        committedAt.set(task._id, Date.now());
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const burstEnded = Date.now();
    const deadline = Date.now() + 120_000;
    let sent = 0;
    let last: Date | null = null;
    while (Date.now() < deadline) {
      const { rows } = await pool.query<{ sent: number; last: Date | null }>(
        `SELECT count(*) FILTER (WHERE "state" = 'sent')::int AS "sent", max("sent_at") AS "last"
           FROM "notifications"."deliveries" WHERE "channel" = 'email' AND "created_at" >= $1`,
        [since],
      );
      sent = rows[0]?.sent ?? 0;
      last = rows[0]?.last ?? null;
      if (sent >= events && latencies.length >= events) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const lastAt = last?.getTime() ?? Number.NaN;
    return {
      events,
      burstSeconds: (burstEnded - started) / 1000,
      received: latencies.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      emailsSent: sent,
      messages,
      lastEmailAfterBurstSeconds: (lastAt - burstEnded) / 1000,
      lastEmailAfterFirstEventSeconds: (lastAt - started) / 1000,
      emailsPerHour,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await pool.end();
    await stack.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await rm(root, { recursive: true, force: true });
  }
}

export function printNotificationBurst(r: NotificationBurstResult, say: (line: string) => void): void {
  say(`\nNotifications: a burst of ${r.events.toLocaleString('en')} task assignments to 5 Technicians`);
  say(`  burst made in ${r.burstSeconds.toFixed(1)} s (16 requests at a time)`);
  say(
    `  bell: ${r.received}/${r.events} received; from commit p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, max ${r.max.toFixed(0)} ms (target: all within 2,000 ms: ${r.received >= r.events && r.max <= 2000 ? 'met' : 'NOT met'})`,
  );
  say(
    `  e-mail: ${r.emailsSent}/${r.events} sent in ${r.messages} messages; the last ${r.lastEmailAfterBurstSeconds.toFixed(1)} s after the burst ended, ${r.lastEmailAfterFirstEventSeconds.toFixed(1)} s after it began (target: within 60 s: ${r.emailsSent >= r.events && r.lastEmailAfterFirstEventSeconds <= 60 ? 'met' : 'NOT met'}; NOTIFY_EMAILS_PER_HOUR=${r.emailsPerHour})`,
  );
}
