import { Logger } from '@nestjs/common';
import type { NatsContext, ServerNats } from '@nestjs/microservices';
import { MeasuredNatsServer } from './metrics/measured-nats.server';
import type { ServiceErrorPayload } from '@caliber/contracts';
import type { Msg } from 'nats';
import { carrierOfNatsHeaders } from './telemetry/nats-headers';
import { continueFrom, failSpan, SERVICE_FAULT_CODES, SpanKind } from './telemetry/propagation';
import type { Span } from '@opentelemetry/api';

/** What the NATS client hands a handler: enough of it to answer. */
type NatsMessage = Parameters<ServerNats['getPublisher']>[0];
type Packet = Record<string, unknown>;

export const REPLY_TOO_LARGE: ServiceErrorPayload = {
  code: 'REPLY_TOO_LARGE',
  message: 'The answer is too large to send. Ask for less at a time (a smaller page).',
};

/**
 * The NATS transport of every service, with two differences from Nest's:
 *
 * - An answer that cannot be sent (larger than the server's payload limit, or refused by the
 *   client) becomes an error answer to the caller instead of an unhandled error that ends the
 *   process. One over-large reply must never take a service, and every request it serves, down.
 * - Each message is handled inside the caller's request (its `x-request-id` header, so every log
 *   line names it) and, with tracing on, inside a SERVER span that is a child of the caller's
 *   CLIENT span (its `traceparent` header). The span ends when the last answer is sent.
 */
export class BoundedNatsServer extends MeasuredNatsServer {
  private readonly replyLogger = new Logger('BoundedNatsServer');
  /** The span of each message being handled, until its answer is sent. */
  private readonly spans = new WeakMap<object, Span>();

  /**
   * Nest reads every subject as a JSON pattern first and falls back to the text when that throws;
   * our subjects are dotted names, never JSON, and the thrown error at every message was a tenth
   * of the transport's time per request. An object pattern (`{…}`) still takes Nest's way.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    const continued = continueFrom(carrierOfNatsHeaders(natsMsg.headers), {
      name: `process ${channel}`,
      // A request (it has an inbox to answer) is served; an event is consumed.
      kind: natsMsg.reply ? SpanKind.SERVER : SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': channel,
        'messaging.operation.type': 'process',
      },
    });
    if (natsMsg.reply) this.spans.set(natsMsg, continued.span);
    try {
      return await continued.run(() => super.handleMessage(channel, natsMsg));
    } catch (error) {
      // Not answered (the transport itself failed): the span ends here, once.
      if (continued.span.isRecording()) {
        failSpan(continued.span, error);
        continued.span.end();
      }
      throw error;
    } finally {
      if (!natsMsg.reply) continued.span.end();
    }
  }

  override getPublisher(
    message: NatsMessage,
    id: string,
    context: NatsContext,
  ): (response: Packet) => unknown {
    const publish = super.getPublisher(message, id, context) as (response: Packet) => unknown;
    const span = this.spans.get(message as object);
    /** The answer in place of one that could not be sent, once it was sent. */
    let replacement: Packet | undefined;
    const send = (response: Packet) => {
      try {
        return publish(response);
      } catch (error) {
        this.replyLogger.error({
          msg: 'answer could not be sent; the caller gets an error instead',
          subject: (message as { subject?: string }).subject,
          error: error instanceof Error ? error.message : String(error),
        });
        replacement = { err: REPLY_TOO_LARGE, isDisposed: true };
        return publish(replacement);
      }
    };
    if (!span) return send;
    return (response: Packet) => {
      const sent = send(response);
      // What the caller got: the answer, or the error sent in its place.
      const answered = replacement ?? response;
      // The answer is complete with its error or its last part (`isDisposed`).
      if (answered['err'] !== undefined || answered['isDisposed'] === true) {
        if (answered['err'] !== undefined) markRefusal(span, answered['err']);
        span.end();
        this.spans.delete(message as object);
      }
      return sent;
    };
  }
}

/**
 * An error answer on the span: its code always (`caliber.error_code`); the span is failed only
 * for the service's own faults, so a trace search for errors is not flooded by people's 404s and
 * 422s. The refusal's details stay out: they may hold a person's data.
 */
function markRefusal(span: Span, err: unknown): void {
  const { code, message } = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (typeof code === 'string') span.setAttribute('caliber.error_code', code);
  if (typeof code !== 'string' || SERVICE_FAULT_CODES.has(code))
    failSpan(span, typeof message === 'string' ? message : String(code ?? err));
}
