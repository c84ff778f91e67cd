import type { ErrorCode, FieldIssue, ServiceErrorPayload } from '@caliber/contracts';

/**
 * A refusal with a user-facing message and a machine code. Services throw it; the exception filter
 * turns it into the NATS error payload, and the gateway into an HTTP answer.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    readonly retryAfterSeconds?: number,
    /** A 409's record that already exists (`ApiErrorBody.existingId`). */
    readonly existingId?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  toPayload(): ServiceErrorPayload {
    const payload: ServiceErrorPayload = { code: this.code, message: this.message };
    if (this.details) payload.details = this.details;
    if (this.retryAfterSeconds !== undefined) payload.retryAfterSeconds = this.retryAfterSeconds;
    if (this.existingId !== undefined) payload.existingId = this.existingId;
    return payload;
  }

  static validation(issues: FieldIssue[]): ServiceError {
    return new ServiceError('VALIDATION_FAILED', issues[0]?.message ?? 'The request is not valid.', issues);
  }
}
