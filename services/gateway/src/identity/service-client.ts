import { isServiceErrorPayload } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { ClientProxy } from '@nestjs/microservices';
// Not re-exported by the package's index: raised when no replica of the service is subscribed.
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

/**
 * Request/reply to a domain service over NATS. A refusal comes back as the service's own
 * ServiceError; silence past the deadline becomes SERVICE_UNAVAILABLE, never a hung request.
 */
export async function requestFromService<T>(
  client: ClientProxy,
  serviceLabel: string,
  subject: string,
  payload: unknown,
  timeoutMs: number,
): Promise<T> {
  try {
    return await firstValueFrom(client.send<T>(subject, payload).pipe(timeout(timeoutMs)));
  } catch (error) {
    if (isServiceErrorPayload(error)) {
      throw new ServiceError(error.code, error.message, error.details, error.retryAfterSeconds);
    }
    if (error instanceof TimeoutError) {
      throw new ServiceError(
        'SERVICE_UNAVAILABLE',
        `The ${serviceLabel} did not answer in time. Please try again.`,
      );
    }
    if (error instanceof EmptyResponseException) {
      throw new ServiceError(
        'SERVICE_UNAVAILABLE',
        `The ${serviceLabel} is not available right now. Please try again shortly.`,
      );
    }
    throw new ServiceError(
      'SERVICE_UNAVAILABLE',
      `The ${serviceLabel} cannot be reached right now. Please try again.`,
    );
  }
}

/** The gateway's one NATS connection for requests to the domain services (and their events). */
export const SERVICES_CLIENT = 'SERVICES_CLIENT';

/** Base of the gateway's typed view of one domain service: requests carry its label and deadline. */
export abstract class DomainServiceClient {
  protected constructor(
    private readonly client: ClientProxy,
    private readonly timeoutMs: number,
    private readonly label: string,
  ) {}

  protected request<T>(subject: string, payload: unknown): Promise<T> {
    return requestFromService<T>(this.client, this.label, subject, payload, this.timeoutMs);
  }
}
