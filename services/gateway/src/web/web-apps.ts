import {
  APP_CONFIG_PATH,
  DEFAULT_API_BASE_PATH,
  REMOTE_NAMES,
  type AppConfig,
  type RemoteName,
} from '@caliber/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { join } from 'node:path';
import { builtFiles, wantsShellPage } from '@caliber/service-kit';
import type { GatewayConfig } from '../config';

export function appConfigOf(config: GatewayConfig): AppConfig {
  return {
    productName: config.web.productName,
    apiBaseUrl: config.web.apiBaseUrl,
    socketUrl: config.web.socketUrl,
    remotes: config.web.remotes,
    timeZone: config.timeZone,
  };
}

/** The API and the live socket: never a file of the front end. */
const SERVED_ELSEWHERE = new RegExp(`^(${DEFAULT_API_BASE_PATH}|/socket\\.io)(/|$)`);

function isServedElsewhere(path: string): boolean {
  return SERVED_ELSEWHERE.test(path);
}

/** Folders of the built front ends under WEB_ROOT: the shell and one per remote. */
export function webAppFolders(webRoot: string): { shell: string; remotes: Record<RemoteName, string> } {
  return {
    shell: join(webRoot, 'shell', 'dist'),
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, join(webRoot, `mfe-${name}`, 'dist')]),
    ) as Record<RemoteName, string>,
  };
}

/**
 * Serves the front end on the API's origin: `/app-config.json` (the shell's run-time settings and
 * the remotes' addresses), the shell at `/`, each remote under `/remotes/<name>/`, and the shell's
 * page for any other GET that asks for HTML, so client routes deep-link. `/api` and `/socket.io`
 * are never answered here.
 */
export function serveWebApps(app: NestExpressApplication, config: GatewayConfig): void {
  const appConfig = appConfigOf(config);
  app.use(APP_CONFIG_PATH, (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.json(appConfig);
  });
  if (!config.web.root) return;

  const folders = webAppFolders(config.web.root);
  for (const name of REMOTE_NAMES) app.use(`/remotes/${name}`, builtFiles(folders.remotes[name]));
  // The shell's files sit at the root, so the API's paths are kept away from them: a file server
  // asked for `/api/tasks` looks on disk first (a stat per call, an eighth of the list's time).
  const shellFiles = builtFiles(folders.shell);
  app.use((request: Request, response: Response, next: NextFunction) =>
    isServedElsewhere(request.path) ? next() : shellFiles(request, response, next),
  );

  const shellPage = join(folders.shell, 'index.html');
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!wantsShellPage(request.method, request.path, request.accepts('html') === 'html')) return next();
    response.setHeader('Cache-Control', 'no-cache');
    // No shell built: the request falls through to the API's 404.
    response.sendFile(shellPage, (error) => error && next());
  });
}
