/**
 * Machine codes carried by every refused call, next to the user-facing `message`.
 * The gateway maps each code to one HTTP status in an exhaustive switch.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'REQUEST_TIMEOUT',
  'GONE',
  'LENGTH_REQUIRED',
  'PRECONDITION_FAILED',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'EXPECTATION_FAILED',
  'PRECONDITION_REQUIRED',
  'HEADERS_TOO_LARGE',
  'CLIENT_ERROR',
  'UNAUTHENTICATED',
  /** The session was ended (signed out, idle, deactivated, …); the message says why. */
  'SESSION_ENDED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  /** A person's own share of a shared queue is spent (reports being prepared, live schedules); the message says which. */
  'REPORT_LIMIT_REACHED',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  /** A service's answer was larger than the bus carries: the caller should ask for less. */
  'REPLY_TOO_LARGE',
  'INTERNAL',
  'STAFF_NOT_ROSTERED',
  'ACCOUNT_INACTIVE',
  'OTP_COOLDOWN',
  'OTP_NOT_REQUESTED',
  'OTP_INCORRECT',
  'OTP_LOCKED',
  'OTP_EXPIRED',
  'OTP_USED',
  /** The code was ended before use: the account changed (phone, activity, role) after it was sent. */
  'OTP_WITHDRAWN',
  'SMS_NOT_SENT',
  /** Single sign-on refused the person; `message` says why (not on the roster, no mapped group, …). */
  'SSO_REFUSED',
  /** The person's role signs in by single sign-on only: the code by SMS is refused. */
  'SSO_REQUIRED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldIssue {
  path: string;
  message: string;
}

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: FieldIssue[];
  /** Seconds until the caller may try again (rate limits, resend cool-down). */
  retryAfterSeconds?: number;
  /**
   * With a 409 that says the record already exists (a recall notice of the same source and
   * reference): that record's id, so the screen can open it.
   */
  existingId?: string;
  /**
   * The request's id, also in the `X-Request-Id` header: what a person quotes and an
   * administrator looks for in the logs. Every gateway answer has one.
   */
  requestId?: string;
}

/** What a service sends back over NATS when it refuses a request. */
export interface ServiceErrorPayload {
  code: ErrorCode;
  message: string;
  details?: FieldIssue[];
  retryAfterSeconds?: number;
  existingId?: string;
}

export function isServiceErrorPayload(value: unknown): value is ServiceErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate['message'] === 'string' &&
    typeof candidate['code'] === 'string' &&
    (ERROR_CODES as readonly string[]).includes(candidate['code'])
  );
}

/** Any JSON error answer with a user-facing message (our own, or a proxy's in the same shape). */
export function isApiErrorBody(
  value: unknown,
): value is Pick<ApiErrorBody, 'message'> & Partial<ApiErrorBody> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
