import type { ErrorCode } from '@caliber/contracts';

/** The one mapping from error codes to HTTP statuses; a new code without a case fails to compile. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
    case 'ACCOUNT_INACTIVE':
      return 403;
    case 'NOT_FOUND':
    case 'STAFF_NOT_ROSTERED':
      return 404;
    case 'CONFLICT':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'UNPROCESSABLE':
    case 'OTP_NOT_REQUESTED':
    case 'OTP_INCORRECT':
    case 'OTP_LOCKED':
    case 'OTP_EXPIRED':
    case 'OTP_USED':
      return 422;
    case 'RATE_LIMITED':
    case 'OTP_COOLDOWN':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'SERVICE_UNAVAILABLE':
    case 'SMS_NOT_SENT':
      return 503;
    default: {
      const unhandled: never = code;
      throw new Error(`No HTTP status for error code ${String(unhandled)}`);
    }
  }
}
