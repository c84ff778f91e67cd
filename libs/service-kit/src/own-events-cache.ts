import { EVENT_SUBJECT_PREFIX, type Principal } from '@caliber/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { connectDetached } from './telemetry/nats-connection';
import type { StatementVerifier } from './trust/statements';

/** How long a kept answer serves at most, whatever happened (an event lost on the way). */
export const OWN_EVENTS_CACHE_MAX_AGE_MS = 60_000;
/** How many answers are kept at most: the oldest goes first (searches make many keys). */
export const OWN_EVENTS_CACHE_MAX_ENTRIES = 1000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

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
 * An entry is kept from the moment its computation starts, so a computation that started before
 * a change is dropped with the rest and never answers a request after it. Concurrent requests
 * with the same key share one computation; a failed one is not kept.
 */
export class OwnEventsCache {
  private readonly entries = new Map<string, Entry>();
  private subscription: Subscription | null = null;
  /** Whether answers may be kept: not while a `follow`ing cache cannot hear the events. */
  private hearing = true;
  /** How many times everything was dropped (for the tests and the logs). */
  drops = 0;

  constructor(
    private readonly maxAgeMs: number = OWN_EVENTS_CACHE_MAX_AGE_MS,
    private readonly maxEntries: number = OWN_EVENTS_CACHE_MAX_ENTRIES,
  ) {}

  /** Something the answers count may have changed: nothing kept so far is used again. */
  changed(): void {
    this.entries.clear();
    this.drops += 1;
  }

  get<T>(key: string, compute: () => Promise<T>, now: number = Date.now()): Promise<T> {
    if (this.maxAgeMs <= 0 || !this.hearing) return compute();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.maxAgeMs) return kept.value as Promise<T>;
    const value = compute();
    const entry: Entry = { at: now, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const [other, old] of this.entries) if (now - old.at >= this.maxAgeMs) this.entries.delete(other);
    // A Map keeps the order of insertion: the first key is the oldest.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  get size(): number {
    return this.entries.size;
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

  /** Whether answers are being kept (false while a following cache cannot hear the events). */
  get keeping(): boolean {
    return this.hearing && this.maxAgeMs > 0;
  }

  stop(): void {
    const subscription = this.subscription;
    this.subscription = null;
    subscription?.unsubscribe();
  }
}
