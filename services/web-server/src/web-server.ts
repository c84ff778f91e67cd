import {
  builtFiles,
  loadConfig,
  pageAddressesOf,
  pageAddressShape,
  securityHeaders,
  wantsShellPage,
  type PageAddresses,
} from '@caliber/service-kit';
import express, { type Express } from 'express';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** What one front end's server serves, from its environment. */
export interface WebServerConfig {
  port: number;
  /** The built front end (`dist`). */
  dir: string;
  /** The path prefix it is reached under behind the ingress: '' for the shell, `/remotes/<name>` for a remote. */
  basePath: string;
  /** Answer client routes with `index.html` (the shell); a remote has files only. */
  spaFallback: boolean;
  /**
   * Where the shell's page finds the API, the socket and the remotes (the gateway's
   * `PUBLIC_API_BASE_URL`, `PUBLIC_SOCKET_URL` and `REMOTE_ENTRY_*`): its content security policy
   * allows what lives on other origins.
   */
  page: PageAddresses;
}

const pageAddressSchema = z.object(pageAddressShape).transform(pageAddressesOf);

/** Refuses a setting it cannot use, naming it, so a misconfigured pod fails at start, not on a request. */
export function webServerConfigOf(env: NodeJS.ProcessEnv): WebServerConfig {
  const port = Number(env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PORT must be a port number (got ${env['PORT']})`);
  const basePath = (env['BASE_PATH'] ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !/^(\/[a-z0-9-]+)+$/.test(basePath))
    throw new Error(`BASE_PATH must be a path such as /remotes/equipment (got ${env['BASE_PATH']})`);
  const fallback = env['SPA_FALLBACK'] ?? 'false';
  if (fallback !== 'true' && fallback !== 'false')
    throw new Error(`SPA_FALLBACK must be true or false (got ${fallback})`);
  return {
    port,
    dir: resolve(env['WEB_DIR'] ?? '/app/dist'),
    basePath,
    spaFallback: fallback === 'true',
    page: loadConfig('web-server', pageAddressSchema, env),
  };
}

/**
 * One front end's files, served as the gateway serves them (brotli or gzip copies, a year's cache
 * for hashed names, `no-cache` for the rest), under its base path, with `GET /healthz` for the
 * probes. Each front end is so its own deployable: a new build of one remote is a new image of that
 * remote alone, and the shell finds it through the remote entry the gateway's config names.
 */
export function createWebServer(config: WebServerConfig): Express {
  const app = express();
  app.disable('x-powered-by');
  // The gateway's headers, from the one definition both use. The shell's page is what the content
  // security policy governs: remoteEntry.js and the chunks a remote serves run inside that page,
  // under its policy (which names the remote's origin when the remote lives elsewhere), whatever
  // policy came with the script. A remote's own server therefore needs no policy of its own for
  // its scripts; it sends the same headers anyway, so a file of it opened as a document (an SVG, a
  // source map) is as locked down as a page and cannot be framed. What a remote must allow is
  // being loaded by a page of another origin: its files are sent with
  // `Cross-Origin-Resource-Policy: cross-origin` (public code holding nothing private; with
  // `same-origin`, a shell on another port already fails to load it: one-remote-release.e2e.ts),
  // the shell's with `same-origin`.
  app.use(securityHeaders(config.page, config.spaFallback ? 'same-origin' : 'cross-origin'));
  app.get('/healthz', (_request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    response.json({ status: 'ok' });
  });
  app.use(config.basePath || '/', builtFiles(config.dir));
  if (config.spaFallback) {
    const page = join(config.dir, 'index.html');
    app.use((request, response, next) => {
      if (!wantsShellPage(request.method, request.path, request.accepts('html') === 'html')) return next();
      response.setHeader('Cache-Control', 'no-cache');
      response.sendFile(page, (error) => error && next());
    });
  }
  app.use((_request, response) => {
    response.status(404).json({ statusCode: 404, message: 'Not found.' });
  });
  return app;
}
