import { ClientNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { createInbox, type Msg, type NatsConnection, type NatsError } from 'nats';

/** A request's handler of its answer (Nest's); a failure carries no message. */
type Answer = (error: Error | undefined, message: Msg | Record<string, never>) => Promise<unknown>;

/**
 * Nest's NATS client with every request answered on one shared inbox subscription.
 *
 * Nest's own client subscribes a fresh inbox for each request and unsubscribes it after the
 * answer: two more protocol messages per request for this process to write (a socket write costs
 * a third of a millisecond of CPU on a small machine) and for the NATS server to add to its
 * subscription index and take out again. Here one `<prefix>.<nuid>.*` subscription is made at the
 * first request, the NATS client renews it after a reconnect, and each answer is handed to its
 * request by the reply subject's last token. The packets, their ids and their answers are Nest's
 * own, so the services answer exactly as before.
 */
export class MuxedNatsClient extends ClientNats {
  private readonly waiting = new Map<string, Answer>();
  private inbox = '';
  private sent = 0;

  override async createClient(): Promise<NatsConnection> {
    const connection = (await super.createClient()) as NatsConnection;
    // A new connection (after close) has no shared inbox yet.
    this.inbox = '';
    return connection;
  }

  /**
   * The shared inbox, subscribed at the first request: a client that only publishes events never
   * asks for it (and its NATS user may not read any inbox).
   */
  private inboxOf(connection: NatsConnection): string {
    if (!this.inbox) {
      const inbox = createInbox(this.options.inboxPrefix);
      connection.subscribe(`${inbox}.*`, {
        callback: (error, message) => this.deliver(inbox, error, message),
      });
      this.inbox = inbox;
    }
    return this.inbox;
  }

  /** Closing fails the requests still waiting: their answers can no longer arrive. */
  override async close(): Promise<void> {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    await super.close();
    const closed = new Error('The NATS connection was closed before the answer came.');
    for (const answer of waiting) void answer(closed, {});
  }

  /** Requests sent and not yet answered, given up on or failed (for tests and metrics). */
  get pending(): number {
    return this.waiting.size;
  }

  private deliver(inbox: string, error: NatsError | null, message: Msg): void {
    if (error) {
      // The shared subscription itself failed (a permission refused, say) and NATS has closed it:
      // every request waiting on it fails now with the reason, rather than at its deadline with
      // none, and the next request subscribes a new inbox.
      if (this.inbox === inbox) this.inbox = '';
      for (const answer of [...this.waiting.values()]) void answer(error, {});
      return;
    }
    const answer = this.waiting.get(message.subject.slice(inbox.length + 1));
    if (answer) void answer(undefined, message);
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    this.sent = (this.sent + 1) % Number.MAX_SAFE_INTEGER;
    const token = this.sent.toString(36);
    try {
      const packet = this.assignPacketId(partialPacket);
      this.waiting.set(token, this.createSubscriptionHandler(packet, callback));
      const serialized = this.serializer.serialize(packet);
      const connection = this.natsClient as NatsConnection;
      connection.publish(this.normalizePattern(partialPacket.pattern), serialized.data, {
        reply: `${this.inboxOf(connection)}.${token}`,
        headers: this.mergeHeaders(serialized.headers),
      });
      // Called when the answer says it is the last, on a deadline, or when the caller leaves.
      return () => this.waiting.delete(token);
    } catch (error) {
      this.waiting.delete(token);
      callback({ err: error });
      return () => undefined;
    }
  }
}
