import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { createWebServer, webServerConfigOf, type WebServerConfig } from './web-server';

/** The addresses as the gateway's defaults give them: everything on the page's own origin. */
const SAME_ORIGIN = webServerConfigOf({}).page;

/** The content security policy, directive by directive. */
const policyOf = (headers: Headers) =>
  Object.fromEntries(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );

/** What every page and file of the app is sent with, as the gateway sends it. */
const LOCKED_DOWN = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
};
const headersOf = (answer: Response, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, answer.headers.get(name)]));

describe('a front end’s own server', () => {
  let dir: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'web-server-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Caliber</title>');
    await writeFile(join(dir, 'remoteEntry.js'), 'var entry = 1;');
    const script = 'console.log("hashed");';
    await writeFile(join(dir, 'main.0123456789.js'), script);
    await writeFile(join(dir, 'main.0123456789.js.br'), brotliCompressSync(script));
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function start(overrides: Partial<WebServerConfig>): Promise<string> {
    const server = createWebServer({
      port: 0,
      dir,
      basePath: '',
      spaFallback: false,
      page: SAME_ORIGIN,
      ...overrides,
    }).listen(0);
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('serves a remote under its base path: hashed files for a year in brotli, the entry never cached', async () => {
    const url = await start({ basePath: '/remotes/equipment' });
    const hashed = await fetch(`${url}/remotes/equipment/main.0123456789.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('content-encoding')).toBe('br');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await hashed.text()).toBe('console.log("hashed");');
    const entry = await fetch(`${url}/remotes/equipment/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${url}/remotes/equipment/missing.0123456789.js`)).status).toBe(404);
    // A remote has no pages: a client route is not its to answer.
    expect(
      (await fetch(`${url}/remotes/equipment/inventory`, { headers: { accept: 'text/html' } })).status,
    ).toBe(404);
  });

  it('answers the shell’s client routes with its page, but never a missing script', async () => {
    const url = await start({ spaFallback: true });
    const page = await fetch(`${url}/dashboard`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Caliber</title>');
    expect((await fetch(`${url}/old.0123456789.js`, { headers: { accept: '*/*' } })).status).toBe(404);
    expect((await fetch(`${url}/api/health`, { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  // The gateway's own test checks the whole header set its pages carry, and the image test
  // (infra/docker) that the shell's image sends the same on index.html.
  it('sends the shell’s page with the gateway’s security headers, allowing what lives on other origins', async () => {
    const url = await start(
      webServerConfigOf({
        WEB_DIR: dir,
        SPA_FALLBACK: 'true',
        PUBLIC_SOCKET_URL: 'https://live.hospital.example',
        REMOTE_ENTRY_REPORTS: 'https://reports.cdn.example/1.2.0/remoteEntry.js',
      }),
    );
    for (const path of ['/', '/index.html', '/equipment/42']) {
      const page = await fetch(`${url}${path}`, { headers: { accept: 'text/html' } });
      expect([path, page.status]).toEqual([path, 200]);
      expect(headersOf(page, [...Object.keys(LOCKED_DOWN), 'cross-origin-resource-policy'])).toEqual({
        ...LOCKED_DOWN,
        'cross-origin-resource-policy': 'same-origin',
      });
      const policy = policyOf(page.headers);
      expect(policy).toMatchObject({
        'default-src': ["'self'"],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'script-src': [
          "'self'",
          'https://live.hospital.example',
          'wss://live.hospital.example',
          'https://reports.cdn.example',
        ],
        'connect-src': [
          "'self'",
          'https://live.hospital.example',
          'wss://live.hospital.example',
          'https://reports.cdn.example',
        ],
      });
      expect(policy).not.toHaveProperty('upgrade-insecure-requests');
    }
    // Everything on the one origin (the Kubernetes Ingress): nothing else is allowed.
    const sameOrigin = await fetch(`${await start({ spaFallback: true })}/`, {
      headers: { accept: 'text/html' },
    });
    expect(policyOf(sameOrigin.headers)['script-src']).toEqual(["'self'"]);
  });

  it('lets a page of another origin load a remote’s files, with the same headers otherwise', async () => {
    const url = await start({ basePath: '/remotes/equipment' });
    for (const path of ['remoteEntry.js', 'main.0123456789.js']) {
      const file = await fetch(`${url}/remotes/equipment/${path}`);
      expect(file.status).toBe(200);
      expect(headersOf(file, [...Object.keys(LOCKED_DOWN), 'cross-origin-resource-policy'])).toEqual({
        ...LOCKED_DOWN,
        'cross-origin-resource-policy': 'cross-origin',
      });
      expect(policyOf(file.headers)['frame-ancestors']).toEqual(["'self'"]);
    }
  });

  it('answers the probes on /healthz', async () => {
    const url = await start({});
    const health = await fetch(`${url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('refuses a setting it cannot use, naming it', () => {
    expect(() => webServerConfigOf({ PORT: 'eighty' })).toThrow('PORT must be a port number');
    expect(() => webServerConfigOf({ BASE_PATH: 'remotes/../etc' })).toThrow('BASE_PATH must be a path');
    expect(() => webServerConfigOf({ SPA_FALLBACK: 'yes' })).toThrow('SPA_FALLBACK must be true or false');
    expect(() => webServerConfigOf({ REMOTE_ENTRY_TASKS: 'ftp://files.example/remoteEntry.js' })).toThrow(
      'REMOTE_ENTRY_TASKS: must be a path starting with / or an http(s) URL',
    );
    expect(webServerConfigOf({ BASE_PATH: '/remotes/tasks/', WEB_DIR: '/srv/dist' })).toEqual({
      port: 8080,
      dir: '/srv/dist',
      basePath: '/remotes/tasks',
      spaFallback: false,
      page: {
        apiBaseUrl: '/api',
        socketUrl: '',
        remotes: {
          equipment: '/remotes/equipment/remoteEntry.js',
          tasks: '/remotes/tasks/remoteEntry.js',
          users: '/remotes/users/remoteEntry.js',
          reports: '/remotes/reports/remoteEntry.js',
        },
      },
    });
  });
});
