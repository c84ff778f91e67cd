import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import expressStaticGzip from 'express-static-gzip';

/**
 * Built files whose names carry a content hash never change: browsers may keep them for a year.
 * The brotli and gzip copies (`.br`, `.gz`) of a hashed file are hashed files too. Everything
 * else (`index.html`, `remoteEntry.js`) is `no-cache`, so a new release is picked up at once.
 */
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|map)(\.br|\.gz)?$/;

export function cacheHeaders(response: ServerResponse, path: string): void {
  response.setHeader(
    'Cache-Control',
    HASHED_FILE.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/**
 * A front end's built files, each sent in the smallest form the browser accepts: the brotli copy,
 * else the gzip copy, else the file itself (the build writes both copies of every text asset),
 * with its own Content-Type and `Vary: Accept-Encoding`, so caches keep one answer per encoding.
 * Served by the gateway (`WEB_ROOT`) and by each front end's own server (`services/web-server`).
 */
export function builtFiles(folder: string) {
  return expressStaticGzip(folder, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: { index: false, setHeaders: cacheHeaders },
  });
}

/** Whether a request is for a page a client route answers (not a file, an API call or the socket). */
export function wantsShellPage(method: string, path: string, acceptsHtml: boolean): boolean {
  const reserved = /^\/(api|socket\.io|remotes)(\/|$)/.test(path);
  // A missing file (a script of an older build, say) is a 404, never the page: a browser that
  // asked for a script with `Accept: */*` must not be handed HTML.
  const missingFile = /\.[a-z0-9]+$/i.test(path);
  return !reserved && !missingFile && (method === 'GET' || method === 'HEAD') && acceptsHtml;
}
