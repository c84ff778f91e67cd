import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  EVENT_SUBJECT_PREFIX,
  EVENT_SUBJECTS,
  eventOwner,
  LIVE_EVENT_OF_SUBJECT,
  reportersView,
  type LiveEvent,
  type NotificationCreatedEvent,
  type NotificationsReadEvent,
  type NotificationUserEvent,
  TASK_EVENT_SUBJECTS,
  type TaskChangedEvent,
  type TaskDeletedEvent,
  type ReportProgressEvent,
  type SessionsEndedEvent,
  type UserUpdatedEvent,
} from '@caliber/contracts';
import { carrierOfNatsHeaders, continueFrom, SpanKind, StatementVerifier } from '@caliber/service-kit';
import { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { SessionCache } from '../auth/session-cache';
import { DashboardFiguresCache } from '../dashboard/dashboard-figures-cache';
import { movesDashboardFigures } from '../dashboard/dashboard-figure-events';
import { GATEWAY_LOGGER } from '../config';
import { SERVICES_CLIENT } from '../identity/service-client';
import { LiveGateway } from './live.gateway';

type RelayedSubject = keyof typeof LIVE_EVENT_OF_SUBJECT;

/**
 * Receives the services' domain events from NATS. Every gateway replica subscribes (no queue
 * group), so each reaches its own sockets and its own session cache. An event counts only if it
 * is signed by the service that owns its subject (`events.<service>.…`): inventory changes go to
 * the staff's browsers under the screens' event names (clinical staff hear only of their own
 * reports and account); a person's notifications and report progress reach that person's sockets
 * only; ended sessions are forgotten and their sockets closed; a changed account is asked for
 * again on its next call. When the NATS connection comes back after a loss, announcements may have
 * been missed, so the session cache is emptied.
 */
@Injectable()
export class DomainEventsRelay implements OnModuleInit, OnModuleDestroy {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(SERVICES_CLIENT) private readonly client: ClientProxy,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
    private readonly live: LiveGateway,
    private readonly verifier: StatementVerifier,
    private readonly sessions: SessionCache,
    private readonly dashboardFigures: DashboardFiguresCache,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.client.connect();
    const connection = this.client.unwrap<NatsConnection>();
    this.subscription = connection.subscribe(`${EVENT_SUBJECT_PREFIX}.>`);
    void this.relay(this.subscription);
    void this.watch(connection);
  }

  private async watch(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'reconnect') {
        this.sessions.clear();
        this.dashboardFigures.changed();
        this.logger.info('NATS reconnected: session cache and dashboard figures emptied');
      }
    }
  }

  private async relay(subscription: Subscription): Promise<void> {
    for await (const message of subscription) {
      // Inside the request and trace that caused the event: the sockets' emits and these log
      // lines join them.
      const continued = continueFrom(carrierOfNatsHeaders(message.headers), {
        name: `relay ${message.subject}`,
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': message.subject },
      });
      continued.run(() => {
        try {
          const packet = JSON.parse(new TextDecoder().decode(message.data)) as { data?: unknown };
          // Nest's NATS client wraps an emitted event as {pattern, data}.
          const signed = packet && typeof packet === 'object' && 'data' in packet ? packet.data : packet;
          const owner = eventOwner(message.subject);
          const { payload } = this.verifier.verify(message.subject, signed, owner ? [owner] : []);
          this.deliver(message.subject, payload);
        } catch (error) {
          this.logger.warn({ subject: message.subject, error: (error as Error).message }, 'event refused');
        }
      });
      continued.span.end();
    }
  }

  private deliver(subject: string, payload: unknown): void {
    // The kept figures are dropped before the browsers hear of a change that may move them, so a
    // dashboard reloading for this event is answered with figures that include it.
    if (movesDashboardFigures(subject, payload)) this.dashboardFigures.changed();
    if (subject === EVENT_SUBJECTS.sessionsEnded) {
      const ended = payload as SessionsEndedEvent;
      this.sessions.forget(ended.sessionIds, ended.userId);
      this.live.endSessions(ended);
      return;
    }
    if (subject === EVENT_SUBJECTS.userUpdated) {
      // Not an ending: the next call asks identity again, and acts for the saved account. Screens
      // listing staff reload; the event names the person only, never their details.
      const { userId } = payload as UserUpdatedEvent;
      this.sessions.refreshUser(userId);
      this.live.sendToStaffAnd('user:changed', { userId }, userId);
      return;
    }
    if (subject === EVENT_SUBJECTS.reportProgress) {
      // A report is its owner's business: its progress reaches their sockets only.
      const { job } = payload as ReportProgressEvent;
      this.live.sendToUser('report:progress', payload, job.requestedBy._id);
      return;
    }
    if (subject === EVENT_SUBJECTS.notificationCreated) {
      // A notification is its person's alone: their sockets receive the notification and their
      // count, nobody else's hear of it.
      const { userId, event } = payload as NotificationUserEvent<NotificationCreatedEvent>;
      this.live.sendToUser('notification:new', event, userId);
      return;
    }
    if (subject === EVENT_SUBJECTS.notificationsRead) {
      const { userId, event } = payload as NotificationUserEvent<NotificationsReadEvent>;
      this.live.sendToUser('notification:read', event, userId);
      return;
    }
    const event = LIVE_EVENT_OF_SUBJECT[subject as RelayedSubject];
    if (!event) return;
    if (TASK_EVENT_SUBJECTS.includes(subject)) this.deliverTaskEvent(event, payload);
    else this.live.broadcast(event, payload);
  }

  /**
   * A task event goes whole to everyone who sees all tasks and to its assignee. The person who
   * reported it follows their report read-only: they get it as a reporter sees the task (no
   * notes, hours or costs). A Technician it was just taken from gets its id alone, unless they
   * reported it and so still see it.
   */
  private deliverTaskEvent(event: LiveEvent, payload: unknown): void {
    const changed = payload as Partial<TaskChangedEvent & TaskDeletedEvent>;
    const assigneeId = changed.task ? (changed.task.assignedTo?._id ?? null) : (changed.assigneeId ?? null);
    const reporterId = changed.task ? (changed.task.reportedBy?._id ?? null) : (changed.reporterId ?? null);
    this.live.sendToTaskAudience(event, payload, assigneeId ? [assigneeId] : []);
    if (reporterId && reporterId !== assigneeId)
      this.live.sendToReporter(
        event,
        changed.task ? { ...changed, task: reportersView(changed.task) } : payload,
        reporterId,
      );
    const previous = changed.previousAssigneeId;
    const id = changed.task?._id;
    if (previous && id && previous !== assigneeId && previous !== reporterId)
      this.live.withdrawTask(event, { _id: id }, previous);
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }
}
