import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { createWebServer, webServerConfigOf, type WebServerConfig } from './web-server';

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
    const server = createWebServer({ port: 0, dir, basePath: '', spaFallback: false, ...overrides }).listen(
      0,
    );
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

  it('answers the probes on /healthz', async () => {
    const url = await start({});
    const health = await fetch(`${url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('refuses a setting it cannot use, naming it', () => {
    expect(() => webServerConfigOf({ PORT: 'eighty' })).toThrow('PORT must be a port number');
    expect(() => webServerConfigOf({ BASE_PATH: 'remotes/../etc' })).toThrow('BASE_PATH must be a path');
    expect(() => webServerConfigOf({ SPA_FALLBACK: 'yes' })).toThrow('SPA_FALLBACK must be true or false');
    expect(webServerConfigOf({ BASE_PATH: '/remotes/tasks/', WEB_DIR: '/srv/dist' })).toEqual({
      port: 8080,
      dir: '/srv/dist',
      basePath: '/remotes/tasks',
      spaFallback: false,
    });
  });
});
