import type { ErrorCode } from '@caliber/contracts';
import { ServiceError } from '../service-error';

/** The answers a refused file gets: 415 for a format, 413 for a size, 400 for a file that cannot be read. */
export type DocumentRefusalCode = Extract<
  ErrorCode,
  'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION_FAILED'
>;

/**
 * A document or photo that is not kept, with a message the person can act on ("This file is a
 * ZIP archive; a manual must be …"). A `ServiceError`, so a service's handler may let it travel
 * as the answer and the gateway maps its code to the status.
 */
export class DocumentRefusedError extends ServiceError {
  constructor(
    override readonly code: DocumentRefusalCode,
    message: string,
  ) {
    super(code, message);
    this.name = 'DocumentRefusedError';
  }
}
