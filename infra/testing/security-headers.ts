/**
 * The security headers of the app's pages, whoever serves them: the gateway (`WEB_ROOT`) or the
 * shell's own server (`services/web-server`, the shell's image). Written out here rather than
 * derived from the definition they check, so a change to that definition shows in both servers'
 * tests at once.
 */

/** The content security policy, directive by directive, allowing `elsewhere` (other origins the page uses). */
export function appPagePolicy(elsewhere: string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'", ...elsewhere],
    'font-src': ["'self'", 'https:', 'data:', ...elsewhere],
    'form-action': ["'self'"],
    // Only the app's own pages may frame it (clickjacking).
    'frame-ancestors': ["'self'"],
    // Photos fetched with the token are shown from blob: addresses.
    'img-src': ["'self'", 'data:', 'blob:', ...elsewhere],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...elsewhere],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", 'https:', "'unsafe-inline'", ...elsewhere],
  };
}

/** A Content-Security-Policy header, directive by directive. */
export function parsePolicy(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The headers besides the policy every page carries, as sent. */
export const APP_PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** What a page's answer says of the policy and the other headers, to compare with the above. */
export function pageSecurityOf(headers: Headers): {
  policy: Record<string, string[]>;
  headers: Record<keyof typeof APP_PAGE_HEADERS, string | null>;
} {
  return {
    policy: parsePolicy(headers.get('content-security-policy')),
    headers: Object.fromEntries(
      Object.keys(APP_PAGE_HEADERS).map((name) => [name, headers.get(name)]),
    ) as Record<keyof typeof APP_PAGE_HEADERS, string | null>,
  };
}

/** What `pageSecurityOf` answers for a page of the app allowing `elsewhere`. */
export function expectedPageSecurity(elsewhere: string[] = []): ReturnType<typeof pageSecurityOf> {
  return { policy: appPagePolicy(elsewhere), headers: { ...APP_PAGE_HEADERS } };
}
