import type { ErrorCode } from '@caliber/contracts';

/** The one mapping from error codes to HTTP statuses; a new code without a case fails to compile. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'BAD_REQUEST':
    case 'CLIENT_ERROR':
      return 400;
    case 'UNAUTHENTICATED':
    case 'SESSION_ENDED':
      return 401;
    case 'FORBIDDEN':
    case 'ACCOUNT_INACTIVE':
    case 'SSO_REFUSED':
    case 'SSO_REQUIRED':
      return 403;
    case 'NOT_FOUND':
    case 'STAFF_NOT_ROSTERED':
      return 404;
    case 'METHOD_NOT_ALLOWED':
      return 405;
    case 'NOT_ACCEPTABLE':
      return 406;
    case 'REQUEST_TIMEOUT':
      return 408;
    case 'CONFLICT':
      return 409;
    case 'GONE':
      return 410;
    case 'LENGTH_REQUIRED':
      return 411;
    case 'PRECONDITION_FAILED':
      return 412;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'URI_TOO_LONG':
      return 414;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'RANGE_NOT_SATISFIABLE':
      return 416;
    case 'EXPECTATION_FAILED':
      return 417;
    case 'PRECONDITION_REQUIRED':
      return 428;
    case 'HEADERS_TOO_LARGE':
      return 431;
    case 'UNPROCESSABLE':
    case 'OTP_NOT_REQUESTED':
    case 'OTP_INCORRECT':
    case 'OTP_LOCKED':
    case 'OTP_EXPIRED':
    case 'OTP_USED':
    case 'OTP_WITHDRAWN':
      return 422;
    case 'RATE_LIMITED':
    case 'REPORT_LIMIT_REACHED':
    case 'OTP_COOLDOWN':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'REPLY_TOO_LARGE':
      return 502;
    case 'SERVICE_UNAVAILABLE':
    case 'SMS_NOT_SENT':
      return 503;
    default: {
      const unhandled: never = code;
      throw new Error(`No HTTP status for error code ${String(unhandled)}`);
    }
  }
}

/**
 * The code of an HTTP error that did not come with one of ours (an Express or body-parser error,
 * a Nest HttpException): each status has its own code, so a client can tell a wrong method (405)
 * from a wrong content type (415) from a validation failure (400). A 4xx without an entry here is
 * `CLIENT_ERROR`; a 5xx is `INTERNAL`, but 503 which says a part is unavailable.
 */
const CODE_OF_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  411: 'LENGTH_REQUIRED',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  417: 'EXPECTATION_FAILED',
  422: 'UNPROCESSABLE',
  428: 'PRECONDITION_REQUIRED',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

export function errorCodeOfStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 400 && status < 500 ? 'CLIENT_ERROR' : 'INTERNAL');
}

export const STATUSES_WITH_OWN_CODE = Object.keys(CODE_OF_STATUS).map(Number);
