/**
 * A browser's part in single sign-on, for integration tests against the real identity provider:
 * cookies kept by hand, redirects followed one at a time, and the provider's sign-in form filled.
 */

/** A browser's cookies, by name: enough for one provider and one app on one host. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  keep(answer: Response): void {
    for (const line of answer.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export interface Browser {
  jar: CookieJar;
  /** One request with the browser's cookies, its redirect not followed. */
  go(
    url: string,
    init?: { form?: Record<string, string>; json?: unknown; method?: string },
  ): Promise<Response>;
}

export function browser(): Browser {
  const jar = new CookieJar();
  return {
    jar,
    async go(url, init) {
      const body = init?.form
        ? new URLSearchParams(init.form).toString()
        : init?.json !== undefined
          ? JSON.stringify(init.json)
          : undefined;
      const answer = await fetch(url, {
        method: init?.method ?? (body === undefined ? 'GET' : 'POST'),
        redirect: 'manual',
        headers: {
          cookie: jar.header(),
          ...(init?.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(init?.json !== undefined
            ? { 'content-type': 'application/json', accept: 'application/json' }
            : {}),
        },
        ...(body === undefined ? {} : { body }),
      });
      jar.keep(answer);
      return answer;
    },
  };
}

export interface ProviderVisit {
  /** Where the provider finally sent the browser (an address starting with `returnTo`), if it did. */
  callback?: URL;
  /** The last page shown, when it stopped at one. */
  page?: string;
}

/**
 * Opens an authorization address and follows the provider's redirects, filling its sign-in form
 * once with `login` and `password`, until the provider sends the browser to an address starting
 * with `returnTo` (the app's callback) or shows a page that is not the sign-in form.
 */
export async function visitProvider(
  tab: Browser,
  authorizationUrl: string,
  returnTo: string,
  login: string,
  password: string,
): Promise<ProviderVisit> {
  let answer = await tab.go(authorizationUrl);
  let base = authorizationUrl;
  let filled = false;
  for (let hop = 0; hop < 10; hop += 1) {
    const location = answer.headers.get('location');
    if (location) {
      const next = new URL(location, base);
      if (next.href.startsWith(returnTo)) return { callback: next };
      base = next.href;
      answer = await tab.go(next.href);
      continue;
    }
    const page = await answer.text();
    if (filled || !page.includes('name="password"')) return { page };
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`No sign-in form on the page:\n${page}`);
    filled = true;
    answer = await tab.go(new URL(action, base).href, { form: { login, password } });
  }
  throw new Error('Too many redirects');
}

/** Begins a single sign-on at the gateway in this browser; answers the provider's address. */
export async function startSingleSignOn(
  tab: Browser,
  gatewayUrl: string,
  providerId: string,
): Promise<string> {
  const started = await tab.go(`${gatewayUrl}/api/auth/sso/${providerId}/start`, { method: 'POST' });
  if (started.status !== 200)
    throw new Error(`Single sign-on did not begin: ${started.status} ${await started.text()}`);
  return ((await started.json()) as { authorizationUrl: string }).authorizationUrl;
}

/** Hands the provider's answer (the callback page's query) to the gateway from this browser. */
export async function finishSingleSignOn(
  tab: Browser,
  gatewayUrl: string,
  query: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const finished = await tab.go(`${gatewayUrl}/api/auth/sso/finish`, { json: { query } });
  return { status: finished.status, body: (await finished.json()) as Record<string, unknown> };
}

/** A whole single sign-on as `login` (password `password`): the session token, or an error. */
export async function signInWithProvider(
  gatewayUrl: string,
  providerId: string,
  callback: string,
  login: string,
  password: string,
): Promise<string> {
  const tab = browser();
  const authorizationUrl = await startSingleSignOn(tab, gatewayUrl, providerId);
  const visit = await visitProvider(tab, authorizationUrl, callback, login, password);
  if (!visit.callback) throw new Error(`The provider did not send the browser back: ${visit.page ?? ''}`);
  const finished = await finishSingleSignOn(tab, gatewayUrl, visit.callback.search);
  if (finished.status !== 200 || typeof finished.body['token'] !== 'string')
    throw new Error(`Not signed in: ${JSON.stringify(finished.body)}`);
  return finished.body['token'];
}
