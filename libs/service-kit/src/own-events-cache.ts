import { EVENT_SUBJECT_PREFIX, type Principal } from '@caliber/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { KeptAnswers } from './kept-answers';
import { connectDetached } from './telemetry/nats-connection';
import type { StatementVerifier } from './trust/statements';

/** How long a kept answer serves at most, whatever happened (an event lost on the way). */
export const OWN_EVENTS_CACHE_MAX_AGE_MS = 60_000;
/** How many answers are kept at most: the oldest goes first (searches make many keys). */
export const OWN_EVENTS_CACHE_MAX_ENTRIES = 1000;

/**
 * Answers a service computes from its own tables that change only when it writes them (a list
 * page's filter options, the counts kept by triggers), kept between requests. Every replica of
 * the service keeps its own, and drops all of it:
 * - when this replica committed a write, before it publishes the event about it (`changed()`, from
 *   the service's event publisher): the next read on this replica includes the write;
 * - on every event of the service that reaches NATS, signed by the service, whichever replica
 *   wrote (`follow`): the gateway shows a change to the browsers when it receives that same event,
 *   so a page reloaded for it is answered after this replica, too, has dropped what it kept;
 * - when the NATS connection comes back (events may have been missed meanwhile);
 * - after `maxAgeMs` whatever happened.
 *
 * While it cannot hear the events (its connection is down, or the subscription was refused or
 * ended), it keeps nothing and every request computes its answer: another replica's write would
 * otherwise go unseen for up to `maxAgeMs` while the gateway already shows it.
 *
 * The gateway and this replica hear an event on different connections, and NATS does not order
 * deliveries across connections: a page reloaded for an event reaches a replica that has dropped
 * its copy in practice (it is a fraction of a millisecond behind, a reload is a network round trip
 * later), not by construction. `maxAgeMs` bounds the rest, including a write whose event was lost.
 *
 * Kept as `KeptAnswers` keeps them: a computation that started before a change never answers
 * after it, concurrent requests share one, a failure is not kept.
 */
export class OwnEventsCache extends KeptAnswers {
  private subscription: Subscription | null = null;
  /** Whether answers may be kept: not while a `follow`ing cache cannot hear the events. */
  private hearing = true;
  /** How many times everything was dropped (for the tests and the logs). */
  drops = 0;

  constructor(
    maxAgeMs: number = OWN_EVENTS_CACHE_MAX_AGE_MS,
    maxEntries: number = OWN_EVENTS_CACHE_MAX_ENTRIES,
  ) {
    super(maxAgeMs, maxEntries);
  }

  override changed(): void {
    super.changed();
    this.drops += 1;
  }

  /** Whether answers are being kept: not while a following cache cannot hear the events. */
  override get keeping(): boolean {
    return this.hearing && super.keeping;
  }

  /**
   * Drops everything on each event `events.<service>.>` signed by the service (an unsigned or
   * forged message is refused and logged: it drops nothing), and when the connection comes back.
   */
  async follow(
    client: ClientProxy,
    verifier: StatementVerifier,
    service: Principal,
    logger: Logger,
  ): Promise<void> {
    this.deaf();
    await connectDetached(client);
    const connection = client.unwrap<NatsConnection>();
    const subscription = connection.subscribe(`${EVENT_SUBJECT_PREFIX}.${service}.>`);
    this.subscription = subscription;
    this.hearing = true;
    void (async () => {
      try {
        for await (const message of subscription) {
          try {
            const packet = JSON.parse(new TextDecoder().decode(message.data)) as { data?: unknown };
            // Nest's NATS client wraps an emitted event as {pattern, data}.
            const signed = packet && typeof packet === 'object' && 'data' in packet ? packet.data : packet;
            verifier.verify(message.subject, signed, [service]);
            this.changed();
          } catch (error) {
            logger.warn({ subject: message.subject, error: (error as Error).message }, 'event refused');
          }
        }
      } catch (error) {
        // A refused subscription (a NATS user without the permission, say): loud, and nothing kept.
        logger.error(
          { subject: subscription.getSubject(), error: (error as Error).message },
          'cannot follow our own events: list answers are computed at every request',
        );
      } finally {
        if (this.subscription === subscription) this.deaf();
      }
    })();
    void (async () => {
      for await (const status of connection.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnecting') this.deaf();
        else if (status.type === 'reconnect' && this.subscription === subscription) {
          this.changed();
          this.hearing = true;
          logger.info('NATS reconnected: kept list answers dropped');
        }
      }
    })();
  }

  /** Cannot hear the events for now: drop everything and keep nothing until it can again. */
  private deaf(): void {
    this.hearing = false;
    this.changed();
  }

  stop(): void {
    const subscription = this.subscription;
    this.subscription = null;
    subscription?.unsubscribe();
  }
}
