import { isServiceErrorPayload, type ActingUser, type Actor } from '@caliber/contracts';
import { ServiceError } from './service-error';
import { measureServiceRequest } from './metrics/nats-metrics';
import { StatementSigner } from './trust/statements';
import type { FactoryProvider } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { Logger } from 'pino';
// Not re-exported by the package's index: raised when no replica of the service is subscribed.
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { firstValueFrom, from, switchMap, timeout, TimeoutError } from 'rxjs';
import { context, trace } from '@opentelemetry/api';
import { connectDetached } from './telemetry/nats-connection';
import { withContextHeaders } from './telemetry/nats-headers';
import { failSpan, SERVICE_FAULT_CODES, SpanKind, tracer } from './telemetry/propagation';

/** How a service's refusal of a statement begins (`StatementVerifier`). */
const REFUSED_STATEMENT = 'The request was refused:';

/** How a process reaches the domain services: its NATS connection, its signer, and the deadline. */
export interface ServiceChannel {
  client: ClientProxy;
  signer: StatementSigner;
  timeoutMs: number;
  logger: Logger;
}

/**
 * The provider of a process's `ServiceChannel` (`provide`), made of its NATS client (the token it
 * was registered under) and its signer, for the calls it makes to other services.
 */
export function serviceChannelProvider(
  provide: string | symbol,
  client: string | symbol,
  settings: { timeoutMs: number; logger: Logger },
): FactoryProvider<ServiceChannel> {
  return {
    provide,
    inject: [client, StatementSigner],
    useFactory: (nats: ClientProxy, signer: StatementSigner): ServiceChannel => ({
      client: nats,
      signer,
      ...settings,
    }),
  };
}

/**
 * Request/reply to a domain service over NATS, signed by the caller (the gateway, or a service
 * calling another) for `user` (the person it acts for) or for itself. A refusal comes back as the service's own ServiceError;
 * silence past the deadline becomes SERVICE_UNAVAILABLE, never a hung request. The request is a
 * CLIENT span (with tracing on), and carries the request id and that span's context.
 */
export async function requestFromService<T>(
  channel: ServiceChannel,
  serviceLabel: string,
  subject: string,
  payload: unknown,
  user?: ActingUser,
  timeoutMs = channel.timeoutMs,
): Promise<T> {
  const signed = channel.signer.sign(subject, payload, user);
  const span = tracer().startSpan(`send ${subject}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      'messaging.system': 'nats',
      'messaging.destination.name': subject,
      'messaging.operation.type': 'send',
    },
  });
  const message = context.with(trace.setSpan(context.active(), span), () => withContextHeaders(signed));
  try {
    return await measureServiceRequest(channel.signer, subject, () =>
      firstValueFrom(
        from(connectDetached(channel.client)).pipe(
          switchMap(() => channel.client.send<T>(subject, message)),
          timeout(timeoutMs),
        ),
      ),
    );
  } catch (error) {
    const failure = serviceFailure(error, channel, serviceLabel, subject);
    span.setAttribute('caliber.error_code', failure.code);
    if (!isServiceErrorPayload(error) || SERVICE_FAULT_CODES.has(failure.code)) failSpan(span, failure);
    throw failure;
  } finally {
    span.end();
  }
}

/** What a failed request becomes for the caller: the service's refusal, or why it was not answered. */
function serviceFailure(
  error: unknown,
  channel: ServiceChannel,
  serviceLabel: string,
  subject: string,
): ServiceError {
  if (isServiceErrorPayload(error)) {
    // The service refused the caller's own statement (keys or clocks disagree): that is this
    // deployment's fault, not the person's session, and its wording is for the log only.
    if (error.code === 'UNAUTHENTICATED' && error.message.startsWith(REFUSED_STATEMENT)) {
      channel.logger.error({ subject, refusal: error.message }, 'a service refused our statement');
      return new ServiceError(
        'SERVICE_UNAVAILABLE',
        `The ${serviceLabel} could not verify this request. Please try again later.`,
      );
    }
    return new ServiceError(
      error.code,
      error.message,
      error.details,
      error.retryAfterSeconds,
      error.existingId,
    );
  }
  if (error instanceof TimeoutError) {
    return new ServiceError(
      'SERVICE_UNAVAILABLE',
      `The ${serviceLabel} did not answer in time. Please try again.`,
    );
  }
  if (error instanceof EmptyResponseException) {
    return new ServiceError(
      'SERVICE_UNAVAILABLE',
      `The ${serviceLabel} is not available right now. Please try again shortly.`,
    );
  }
  return new ServiceError(
    'SERVICE_UNAVAILABLE',
    `The ${serviceLabel} cannot be reached right now. Please try again.`,
  );
}

/** The person a call to another service is made for, as the signed statement names them. */
export function actingUserOfActor(actor: Actor): ActingUser {
  return {
    id: actor._id,
    role: actor.role,
    name: actor.name,
    serviceNumber: actor.serviceNumber,
    ...(actor.ward === undefined ? {} : { ward: actor.ward }),
  };
}

/** Base of a typed view of one domain service: requests carry its label and deadline. */
export abstract class DomainServiceClient {
  protected constructor(
    private readonly channel: ServiceChannel,
    private readonly label: string,
  ) {}

  /**
   * `atLeastMs` lengthens the deadline for a request that is work of seconds (an import of many
   * rows): past the usual deadline it would be answered 503 while the service still does it.
   */
  protected request<T>(subject: string, payload: unknown, user?: ActingUser, atLeastMs = 0): Promise<T> {
    return requestFromService<T>(
      this.channel,
      this.label,
      subject,
      payload,
      user,
      Math.max(this.channel.timeoutMs, atLeastMs),
    );
  }
}
