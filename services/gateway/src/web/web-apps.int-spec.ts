import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '@caliber/contracts';
import { expectedPageSecurity, pageSecurityOf } from '@caliber/testing/security-headers';
import { startGateway, type RunningGateway } from '@caliber/testing/stack';

/** The bytes as sent, not decoded (fetch would undo the compression this test is about). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('The gateway serves the front ends on the API origin', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'caliber-web-'));
    await mkdir(join(root, 'shell', 'dist'), { recursive: true });
    await mkdir(join(root, 'mfe-users', 'dist'), { recursive: true });
    await writeFile(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(root, 'shell', 'dist', 'main.0123456789.js'), 'console.log(1)');
    await writeFile(join(root, 'mfe-users', 'dist', 'remoteEntry.js'), 'var users;');
    // Files a build might leave under the API's and the socket's paths: never served.
    await mkdir(join(root, 'shell', 'dist', 'api'), { recursive: true });
    await writeFile(join(root, 'shell', 'dist', 'api', 'tasks.json'), '{"from":"disk"}');
    await mkdir(join(root, 'shell', 'dist', 'socket.io'), { recursive: true });
    await writeFile(join(root, 'shell', 'dist', 'socket.io', 'client.js'), 'var fromDisk;');
    // A built asset with the copies the build writes beside it.
    const script = `console.log(${JSON.stringify('caliber '.repeat(500))});`;
    const built = join(root, 'shell', 'dist', 'app.abcdef0123.js');
    await writeFile(built, script);
    await writeFile(`${built}.br`, brotliCompressSync(script));
    await writeFile(`${built}.gz`, gzipSync(script));
    gateway = await startGateway({
      WEB_ROOT: root,
      PRODUCT_NAME: 'St. Mary Biomed',
      HOSPITAL_TIME_ZONE: 'Africa/Accra',
      REMOTE_ENTRY_REPORTS: 'https://reports.cdn.example/remoteEntry.js',
      REDIS_KEY_PREFIX: `web-${Date.now()}`,
    });
  });
  afterAll(() => gateway.app.close());

  const get = (path: string, accept = 'text/html') => fetch(`${gateway.url}${path}`, { headers: { accept } });

  it('answers the run-time app config with the product name, every remote address and the hospital time zone', async () => {
    const answer = await get('/app-config.json', 'application/json');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect((await answer.json()) as AppConfig).toEqual({
      productName: 'St. Mary Biomed',
      apiBaseUrl: '/api',
      socketUrl: '',
      remotes: {
        equipment: '/remotes/equipment/remoteEntry.js',
        tasks: '/remotes/tasks/remoteEntry.js',
        users: '/remotes/users/remoteEntry.js',
        reports: 'https://reports.cdn.example/remoteEntry.js',
      },
      // Screens show times in the hospital's zone, the one the servers read days in.
      timeZone: 'Africa/Accra',
    });
  });

  it('serves the shell page for client routes so they deep-link', async () => {
    for (const path of ['/', '/login', '/settings', '/users/abc?page=2']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('<div id="root">');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('lets browsers keep content-hashed files and revalidate remote entries', async () => {
    const asset = await get('/main.0123456789.js', '*/*');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const entry = await get('/remotes/users/remoteEntry.js', '*/*');
    expect(await entry.text()).toBe('var users;');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
  });

  it('never answers API, socket or missing remote files with the page', async () => {
    const api = await get('/api/no-such-route');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ message: 'There is no such API route.' });
    expect((await get('/remotes/tasks/remoteEntry.js', '*/*')).status).toBe(404);
    expect((await get('/missing.js', 'application/javascript')).status).toBe(404);
    const script = await get('/205.0123456789.js', '*/*');
    expect(script.status).toBe(404);
    expect(script.headers.get('content-type')).not.toContain('text/html');
  });

  it('never looks for an API or socket path among the built files', async () => {
    const api = await get('/api/tasks.json', 'application/json');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ message: 'There is no such API route.' });
    expect(await (await get('/socket.io/client.js', '*/*')).text()).not.toContain('fromDisk');
  });

  it('sends the app’s security headers, allowing every kind of asset from a remote on another origin', async () => {
    // The same headers as the shell's own server sends (infra/docker/dockerfiles.spec.ts).
    for (const path of ['/', '/login']) {
      expect(pageSecurityOf((await get(path)).headers)).toEqual(
        expectedPageSecurity(['https://reports.cdn.example']),
      );
    }
  });

  it('sends the brotli or gzip copy of a built file to a browser that takes it, with the right headers', async () => {
    const path = '/app.abcdef0123.js';
    const br = await rawGet(`${gateway.url}${path}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(500);
    expect(brotliDecompressSync(br.body).toString()).toContain('caliber caliber');

    const gz = await rawGet(`${gateway.url}${path}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('caliber caliber');

    const plain = await rawGet(`${gateway.url}${path}`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4000);
  });
});
