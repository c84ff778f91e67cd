import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_HTTP_PORT, DOMAIN_SERVICES, REMOTE_NAMES } from '@caliber/contracts';
import { expectedPageSecurity, pageSecurityOf } from '@caliber/testing/security-headers';
import { createWebServer, webServerConfigOf } from '../../services/web-server/src/web-server';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Project {
  name: string;
  targets: Record<string, { options?: { command?: string } }>;
}

/** Every deployable: the gateway, each domain service, the shell and each remote. */
const DEPLOYABLES: { project: string; folder: string }[] = [
  { project: 'gateway', folder: 'services/gateway' },
  ...DOMAIN_SERVICES.map((service) => ({ project: service.name, folder: `services/${service.name}` })),
  { project: 'shell', folder: 'shell' },
  ...REMOTE_NAMES.map((name) => ({ project: `mfe-${name}`, folder: `mfe-${name}` })),
];

function imageCommand(folder: string): string {
  const project = JSON.parse(read(`${folder}/project.json`)) as Project;
  return project.targets['image']?.options?.command ?? '';
}

function buildArg(command: string, name: string): string | undefined {
  return new RegExp(`--build-arg ${name}=(\\S*)`).exec(command)?.[1];
}

const DOCKERFILES = readdirSync(join(root, 'infra/docker')).filter((file) => file.endsWith('.Dockerfile'));

/**
 * Each deployable is an image of its own, built by its project's `image` target (so `nx affected
 * -t image` names exactly the images a change needs), and every image keeps the same rules: built
 * in stages, production dependencies only, a pinned base, a non-root user, a health check.
 */
describe('container images', () => {
  it.each(DEPLOYABLES.map((each) => [each.project, each.folder] as const))(
    '%s has an image target building its own image from a Dockerfile here',
    (project, folder) => {
      const command = imageCommand(folder);
      const file = /-f (\S+)/.exec(command)?.[1] ?? '';
      expect(existsSync(join(root, file))).toBe(true);
      expect(command).toContain(`-t \${IMAGE_REGISTRY:-caliber}/${project}:\${IMAGE_TAG:-dev}`);
      expect([buildArg(command, 'SERVICE'), buildArg(command, 'APP')]).toContain(project);
    },
  );

  it('gives each service image the health port and path its process really answers on', () => {
    for (const service of DOMAIN_SERVICES) {
      const command = imageCommand(`services/${service.name}`);
      expect([
        service.name,
        buildArg(command, 'HEALTH_PORT_VARIABLE'),
        buildArg(command, 'HEALTH_PORT'),
      ]).toEqual([service.name, service.healthPortVariable, String(service.localHealthPort)]);
      expect(buildArg(command, 'HEALTH_PATH')).toBe('/health/ready');
    }
    const gateway = imageCommand('services/gateway');
    expect([buildArg(gateway, 'HEALTH_PORT_VARIABLE'), buildArg(gateway, 'HEALTH_PORT')]).toEqual([
      'PORT',
      String(DEFAULT_HTTP_PORT),
    ]);
  });

  it('serves each remote under the path the shell and the ingress reach it by', () => {
    expect(buildArg(imageCommand('shell'), 'BASE_PATH')).toBe('');
    expect(buildArg(imageCommand('shell'), 'SPA_FALLBACK')).toBe('true');
    for (const name of REMOTE_NAMES)
      expect(buildArg(imageCommand(`mfe-${name}`), 'BASE_PATH')).toBe(`/remotes/${name}`);
  });

  /**
   * The environment a front end's container starts with: the web Dockerfile's `ENV`, with the
   * project's build arguments in place of the `${ARG}`s, and the built files at `webDir`.
   */
  function frontEndEnvironment(folder: string, webDir: string): NodeJS.ProcessEnv {
    const dockerfile = read('infra/docker/web.Dockerfile');
    const command = imageCommand(folder);
    const block = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? '';
    const env: NodeJS.ProcessEnv = {};
    for (const [, name = '', value = ''] of block.matchAll(/(\w+)=(\S*)/g))
      env[name] = value.replace(/^\$\{(\w+)\}$/, (_whole, arg: string) => buildArg(command, arg) ?? '');
    expect(env['WEB_DIR']).toBeDefined();
    return { ...env, WEB_DIR: webDir };
  }

  it('sends the gateway’s security headers with the shell’s page, and lets any page load a remote’s files', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'caliber-image-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDir, 'remoteEntry.js'), 'var entry;');
    const answers = async (folder: string, path: string) => {
      const server = createWebServer(webServerConfigOf(frontEndEnvironment(folder, webDir))).listen(0);
      try {
        await new Promise((resolve) => server.once('listening', resolve));
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
        return await fetch(url, { headers: { accept: 'text/html' } });
      } finally {
        server.close();
      }
    };
    try {
      for (const path of ['/', '/index.html', '/settings']) {
        const page = await answers('shell', path);
        expect([path, page.status]).toEqual([path, 200]);
        expect(pageSecurityOf(page.headers)).toEqual(expectedPageSecurity());
      }
      for (const name of REMOTE_NAMES) {
        const entry = await answers(`mfe-${name}`, `/remotes/${name}/remoteEntry.js`);
        expect([name, entry.status]).toEqual([name, 200]);
        const expected = expectedPageSecurity();
        expect(pageSecurityOf(entry.headers)).toEqual({
          ...expected,
          headers: { ...expected.headers, 'cross-origin-resource-policy': 'cross-origin' },
        });
      }
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it.each(DOCKERFILES.map((file) => [file]))('%s builds in stages from a pinned base', (file) => {
    const text = read(`infra/docker/${file}`);
    const bases = [...text.matchAll(/^ARG NODE_IMAGE=(\S+)$/gm)].map((match) => match[1] ?? '');
    expect(bases).toHaveLength(1);
    // A version to the patch, never `latest` or a bare major: a rebuild gets the same Node.
    expect(bases[0]).toMatch(/^node:\d+\.\d+\.\d+-[a-z]+-slim$/);
    expect(text).not.toMatch(/:latest\b/);
    expect(text.match(/^FROM /gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/^ADD /m);
  });

  it.each(DOCKERFILES.map((file) => [file]))(
    '%s runs with production dependencies only, as an unprivileged user, with a health check',
    (file) => {
      const text = read(`infra/docker/${file}`);
      const runtime = text.slice(text.lastIndexOf('\nFROM '));
      expect(text).toMatch(/npm ci --omit=dev --omit=optional --ignore-scripts/);
      expect(runtime).toMatch(/COPY --from=production-dependencies \/app\/node_modules/);
      expect(runtime).not.toMatch(/COPY --from=build \/src\/node_modules/);
      const user = /^USER (\d+):(\d+)$/m.exec(runtime);
      expect(user?.[1]).toBeDefined();
      expect(Number(user?.[1])).toBeGreaterThan(0);
      expect(runtime).toMatch(/^HEALTHCHECK /m);
    },
  );

  it('sends the build no installed packages, builds, local data or history', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.data', '.git']) expect(ignored).toContain(entry);
  });
});
