export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  /** A body sent as it is: text, or a file's bytes. */
  rawBody?: string | Uint8Array;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** One HTTP call as a browser would make it; answers the status, parsed JSON body and headers. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.rawBody !== undefined) {
    body = typeof options.rawBody === 'string' ? options.rawBody : new Uint8Array(options.rawBody);
    headers['content-type'] = options.contentType ?? 'text/plain';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  // A file (an export) is not JSON: its body here is empty, and its test reads it with fetch.
  const json = (response.headers.get('content-type') ?? '').includes('json');
  const parsed = (text && json ? JSON.parse(text) : {}) as T;
  return { status: response.status, body: parsed, headers: response.headers };
}
