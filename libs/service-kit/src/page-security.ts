import {
  DEFAULT_API_BASE_PATH,
  defaultRemoteEntry,
  REMOTE_NAMES,
  type AppConfig,
  type RemoteName,
} from '@caliber/contracts';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { z } from 'zod';

/**
 * Where the shell's page finds the API, the live socket and each remote's entry: a path on its own
 * origin, or a full URL elsewhere. The gateway hands them to the shell (`/app-config.json`), and
 * whichever server sends the shell's page builds its content security policy from them.
 */
export type PageAddresses = Pick<AppConfig, 'apiBaseUrl' | 'socketUrl' | 'remotes'>;

/** An address the browser uses: a path on this origin (`/api`) or a full http(s) URL. */
const browserAddress = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\/[^/]/.test(value), {
      error: 'must be a path starting with / or an http(s) URL',
    });

const remoteEntryVariables = Object.fromEntries(
  REMOTE_NAMES.map((name) => [
    `REMOTE_ENTRY_${name.toUpperCase()}`,
    browserAddress(defaultRemoteEntry(name)),
  ]),
) as Record<`REMOTE_ENTRY_${Uppercase<RemoteName>}`, ReturnType<typeof browserAddress>>;

/** The variables naming the page's addresses, read alike by the gateway and the shell's own server. */
export const pageAddressShape = {
  PUBLIC_API_BASE_URL: browserAddress(DEFAULT_API_BASE_PATH),
  PUBLIC_SOCKET_URL: browserAddress(''),
  ...remoteEntryVariables,
};

export function pageAddressesOf(env: z.output<z.ZodObject<typeof pageAddressShape>>): PageAddresses {
  return {
    apiBaseUrl: env.PUBLIC_API_BASE_URL,
    socketUrl: env.PUBLIC_SOCKET_URL,
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, env[`REMOTE_ENTRY_${name.toUpperCase() as Uppercase<RemoteName>}`]]),
    ) as Record<RemoteName, string>,
  };
}

/**
 * Origins the page may load from besides its own: the API, the socket and the remote entries that
 * are configured on other origins (the socket's also as ws:// or wss://).
 */
export function externalOrigins(addresses: PageAddresses): string[] {
  const urls = [addresses.apiBaseUrl, addresses.socketUrl, ...Object.values(addresses.remotes)];
  const origins = new Set<string>();
  for (const url of urls) {
    if (!/^https?:\/\//.test(url)) continue;
    const origin = new URL(url).origin;
    origins.add(origin);
    if (url === addresses.socketUrl) origins.add(origin.replace(/^http/, 'ws'));
  }
  return [...origins];
}

/** Whether other origins may load the files a server sends (scripts and styles, not its pages). */
export type ResourceSharing = 'same-origin' | 'cross-origin';

/**
 * The security headers of every page and file of the app, whoever serves it: the gateway (on the
 * API's origin, `WEB_ROOT`) and each front end's own server (`services/web-server`). One definition,
 * so the two cannot drift:
 * - Content-Security-Policy: helmet's defaults (`default-src 'self'`, no plug-ins, no inline
 *   script, `frame-ancestors 'self'`, …), widened by each kind of asset a remote on another origin
 *   serves (scripts, styles, images, fonts) and by the API and socket when they live elsewhere;
 *   without `upgrade-insecure-requests`, so a plain-HTTP deployment inside a hospital network keeps
 *   working (TLS is the proxy's job).
 * - X-Frame-Options SAMEORIGIN (frame-ancestors for older browsers), X-Content-Type-Options
 *   nosniff, Referrer-Policy no-referrer, and helmet's other defaults.
 * - Cross-Origin-Resource-Policy: `same-origin` unless `sharing` says other origins may load these
 *   files (a remote's own server, whose entry and chunks the shell may load from another origin).
 */
export function securityHeaders(
  addresses: PageAddresses,
  sharing: ResourceSharing = 'same-origin',
): RequestHandler {
  const elsewhere = externalOrigins(addresses);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...elsewhere],
        'connect-src': ["'self'", ...elsewhere],
        'style-src': ["'self'", 'https:', "'unsafe-inline'", ...elsewhere],
        // blob: the photos and thumbnails the app fetches with its token and shows from memory
        // (an <img> cannot send the token), and the previews of photos chosen but not yet sent.
        'img-src': ["'self'", 'data:', 'blob:', ...elsewhere],
        'font-src': ["'self'", 'https:', 'data:', ...elsewhere],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginResourcePolicy: { policy: sharing },
  });
}
