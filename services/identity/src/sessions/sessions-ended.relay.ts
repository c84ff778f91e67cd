import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  EVENT_SUBJECTS,
  SESSION_END_REASONS,
  sessionEndedMessage,
  type SessionsEndedEvent,
} from '@caliber/contracts';
import { publishSignedEvent, StatementSigner } from '@caliber/service-kit';
import { Client, type Notification } from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { LOGGER } from '../tokens';
import { SESSIONS_ENDED_CHANNEL } from './sessions.service';

export const IDENTITY_EVENTS_CLIENT = 'IDENTITY_EVENTS_CLIENT';

const RECONNECT_AFTER_MS = 1000;

const noticeSchema = z.object({
  sessionIds: z.array(z.uuid()).default([]),
  userId: z.uuid().optional(),
  reason: z.enum(SESSION_END_REASONS),
});

/**
 * Relays ended sessions from PostgreSQL to every gateway: it LISTENs on the channel the sessions
 * code and the `users` trigger notify on (only after their transaction commits), and publishes
 * each notice as `events.identity.sessions-ended`, signed by identity. Every identity replica
 * relays every notice; a gateway forgetting a session twice is harmless. While the listening
 * connection is down, notices are lost: the gateways' session cache then catches up within its
 * period, when it asks again.
 */
@Injectable()
export class SessionsEndedRelay implements OnModuleInit, OnModuleDestroy {
  private client: Client | null = null;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @Inject(IDENTITY_EVENTS_CLIENT) private readonly events: ClientProxy,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly signer: StatementSigner,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    client.on('notification', (notification) => void this.relay(notification));
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'session notices: connection lost, reconnecting');
      this.reconnect(client);
    });
    try {
      await client.connect();
      if (this.stopped) {
        await client.end();
        return;
      }
      await client.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`);
      this.client = client;
    } catch (error) {
      this.logger.warn({ err: error }, 'session notices: cannot listen yet, retrying');
      this.reconnect(client);
    }
  }

  private reconnect(client: Client): void {
    void client.end().catch(() => undefined);
    if (this.client === client) this.client = null;
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.stopped) void this.listen();
    }, RECONNECT_AFTER_MS);
    this.retry.unref();
  }

  private async relay(notification: Notification): Promise<void> {
    let notice: z.output<typeof noticeSchema>;
    try {
      notice = noticeSchema.parse(JSON.parse(notification.payload ?? ''));
    } catch {
      this.logger.warn({ payload: notification.payload }, 'session notice not understood');
      return;
    }
    const event: SessionsEndedEvent = {
      sessionIds: notice.sessionIds,
      ...(notice.userId ? { userId: notice.userId } : {}),
      reason: notice.reason,
      message: sessionEndedMessage(notice.reason, this.config.sessions.idleMinutes),
    };
    await publishSignedEvent(this.events, this.signer, this.logger, EVENT_SUBJECTS.sessionsEnded, event);
  }
}
