import { DEFAULT_API_BASE_PATH, isApiErrorBody, type FieldIssue } from '@caliber/contracts';
import { sessionStore } from './storage';

/**
 * A refused or failed call: the server's `message` when it sent one, the HTTP status (0: no
 * answer), the request's id (`requestId`) when the server named it, and the fields it refused
 * (`details`, a validation refusal's) so a form can show each under its field.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly requestId?: string,
    readonly details: readonly FieldIssue[] = [],
    /** A 409's record that already exists (a recall of the same source and reference). */
    readonly existingId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The refusal or failure an answer carries: its message, code and request id (from the body, or
 * the `X-Request-Id` header when the body is not ours, e.g. a proxy's page).
 */
export function apiErrorOf(response: Response, body: unknown): ApiError {
  const ours = isApiErrorBody(body);
  const fromBody = ours && typeof body.requestId === 'string' ? body.requestId : undefined;
  const requestId = fromBody ?? response.headers.get('x-request-id') ?? undefined;
  // Only well-formed issues: a proxy's or an older release's body may carry something else.
  const details = ours && Array.isArray(body.details) ? body.details.filter(isFieldIssue) : [];
  return new ApiError(
    ours ? body.message : '',
    response.status,
    ours ? body.code : undefined,
    requestId,
    details,
    ours && typeof body.existingId === 'string' ? body.existingId : undefined,
  );
}

function isFieldIssue(issue: unknown): issue is FieldIssue {
  return (
    typeof issue === 'object' &&
    issue !== null &&
    typeof (issue as Partial<FieldIssue>).path === 'string' &&
    typeof (issue as Partial<FieldIssue>).message === 'string'
  );
}

interface ApiSettings {
  baseUrl: string;
  /** `reason`: the server's sentence when it ended the session ("You were signed out: …"). */
  onUnauthorized: (reason?: string) => void;
}

const settings: ApiSettings = { baseUrl: DEFAULT_API_BASE_PATH, onUnauthorized: () => undefined };

/** Set once by the shell: the API's base (from the run-time app config) and what a 401 does. */
export function configureApi(next: Partial<ApiSettings>): void {
  Object.assign(settings, next);
}

export function apiBaseUrl(): string {
  return settings.baseUrl;
}

export interface RequestOptions {
  body?: unknown;
  /** A file sent as the body itself (its bytes, streamed by the browser), instead of JSON. */
  file?: Blob;
  signal?: AbortSignal;
  /** The session check handles its own 401: it must not trigger the global sign-out redirect. */
  skipUnauthorizedHandler?: boolean;
}

/**
 * One JSON call to the API: credentials included, the stored token as a Bearer header. A 401
 * clears the stored session and sends the visitor to sign in; any other refusal
 * becomes an ApiError carrying the server's message.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiExchange<T>(method, path, options)).body;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** The same call, answering the HTTP status too (for screens whose rule depends on it, e.g. 201). */
export async function apiExchange<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const response = await apiFetch(method, path, options);
  const body: unknown = await readJson(response);
  if (response.ok) return { status: response.status, body: body as T };
  throw apiErrorOf(response, body);
}

/**
 * One call to the API answered as it came, for an answer that may not be JSON (a report file):
 * credentials included, the stored token as a Bearer header, `accept` as asked (JSON by default).
 * A 401 clears the stored session and sends the visitor to sign in (with the server's reason), and
 * no answer at all is an ApiError of status 0 with the usual sentence; any other answer is the
 * caller's to read.
 */
export async function apiFetch(
  method: string,
  path: string,
  options: RequestOptions & { accept?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  const token = sessionStore.token();
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.file) headers['content-type'] = 'application/octet-stream';
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
  }
  if (response.status !== 401) return response;
  const body: unknown = await readJson(response);
  const message = isApiErrorBody(body) ? body.message : '';
  const code = isApiErrorBody(body) ? body.code : undefined;
  if (!options.skipUnauthorizedHandler) {
    sessionStore.clear();
    settings.onUnauthorized(code === 'SESSION_ENDED' && message ? message : undefined);
  }
  throw apiErrorOf(response, body);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/**
 * What a screen shows for a failed call: the server's message, else the screen's fallback text.
 * A failure on the server's side (5xx) adds a line with the request's id, which a person can quote
 * to whoever looks after Caliber: it finds the request in every log. A refusal (4xx) says what to
 * change, so it needs none.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const text = error instanceof ApiError && error.message ? error.message : fallback;
  if (error instanceof ApiError && error.status >= 500 && error.requestId)
    return `${text}\nReference: ${error.requestId}`;
  return text;
}
