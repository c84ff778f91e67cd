import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { binary, freePort, waitForPort } from '../../infra/local/src';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { startSecondGateway, WORKSPACE } from '../support/second-gateway';

const BUILD = join(WORKSPACE, '.tmp', 'shared-versions');
/** The older React, installed apart; kept between runs so a second run needs no registry. */
const OLDER_DEPS = join(WORKSPACE, '.tmp', 'shared-versions-deps');

interface Manifest {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
/** A package's pinned version (front-end packages are development dependencies). */
const pinnedOf = (manifest: Manifest, name: string) =>
  manifest.dependencies[name] ?? manifest.devDependencies[name] ?? '';
interface BuildStats {
  chunks: { files: string[]; modules?: { name?: string }[] }[];
}
/** What this test reads of the Module Federation runtime's global state. */
interface Federation {
  __INSTANCES__: {
    name: string;
    shareScopeMap: Record<
      string,
      Record<string, Record<string, { from: string; loaded?: boolean; useIn: string[] }>>
    >;
  }[];
}
interface EquipmentPage {
  equipment: { name: string }[];
  pages: number;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const workspace = readJson<Manifest>(join(WORKSPACE, 'package.json'));

type Release = readonly [number, number, number];

/** A plain `major.minor.patch` release as numbers, or null for a prerelease or anything else. */
function release(version: string): Release | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}
function compareReleases(a: string, b: string): number {
  const [x, y] = [release(a) ?? ([0, 0, 0] as const), release(b) ?? ([0, 0, 0] as const)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}
/** Whether `version` is a release below `pinned` in the same major. */
function olderInMajor(version: string | undefined, pinned: string): version is string {
  const [mine, theirs] = [release(version ?? ''), release(pinned)];
  return Boolean(mine && theirs && mine[0] === theirs[0] && compareReleases(mine.join('.'), pinned) < 0);
}

/**
 * The React a remote built before the current pin would have: the newest release of React below
 * the pinned one in its major (the previous patch, while the pin's patch is not 0), installed apart
 * with its react-dom. A previous run's install is used again while it is still older than the pin.
 */
function installOlderReact(): string {
  const pinned = pinnedOf(workspace, 'react');
  const installed = (name: string) =>
    readJson<{ version: string }>(join(OLDER_DEPS, 'node_modules', name, 'package.json')).version;
  try {
    const version = installed('react');
    if (olderInMajor(version, pinned) && installed('react-dom') === version) return version;
  } catch {
    // Not installed yet.
  }
  const listed = JSON.parse(
    execFileSync('npm', ['view', 'react', 'versions', '--json'], { encoding: 'utf8' }),
  ) as string[];
  const older = listed
    .filter((version) => olderInMajor(version, pinned))
    .sort(compareReleases)
    .at(-1);
  if (!older) throw new Error(`no release of React below ${pinned} in its major`);
  rmSync(OLDER_DEPS, { recursive: true, force: true });
  mkdirSync(OLDER_DEPS, { recursive: true });
  writeFileSync(
    join(OLDER_DEPS, 'package.json'),
    JSON.stringify({ private: true, dependencies: { react: older, 'react-dom': older } }),
  );
  const install = spawnSync(
    'npm',
    ['install', '--prefix', OLDER_DEPS, '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock'],
    { encoding: 'utf8' },
  );
  expect(install.status, install.stderr).toBe(0);
  expect(installed('react')).toBe(older);
  return older;
}

/**
 * The workspace libraries' version the remote claims: the previous patch of the workspace's. At
 * patch 0 there is none, so it claims the next patch instead: the remote's release ahead of the
 * shell's, the other direction the same range promises (any patch of the minor works with any).
 */
function claimedWorkspaceVersion(): string {
  const [major, minor, patch] = release(workspace.version) ?? [0, 0, 0];
  return `${major}.${minor}.${patch > 0 ? patch - 1 : patch + 1}`;
}

/** The version of `name` a built remote entry declares it provides. */
function declaredVersion(remoteEntry: string, name: string): string | undefined {
  return new RegExp(`name:"${name.replace(/[/.]/g, '\\$&')}",version:"([^"]+)"`).exec(remoteEntry)?.[1];
}

/**
 * A remote built against other versions of the shared libraries than the shell's still loads, and
 * runs on the shell's copies. The equipment remote is built apart as a release made before the
 * current pins would have been: against a real older React (installed from the registry, so its
 * bundled fallback is that React and it declares that version), and claiming another patch of the
 * workspace libraries. It is served by `services/web-server` and reached through a second gateway
 * configured with `REMOTE_ENTRY_EQUIPMENT`, beside the shell and the other remotes as built.
 * The inventory works with the API's data; the remote's own copies of the shared libraries (its
 * fallbacks) are never fetched, so there is one React, whose hooks the remote's screen runs on;
 * and nothing complains about a shared version. With exact versions instead of ranges the runtime
 * warns (or, with `strictVersion`, refuses the remote) and this test fails.
 */
test.describe('A remote built against other patches of the shared libraries', () => {
  const children: ChildProcess[] = [];
  let gatewayUrl = '';
  let filesOrigin = '';
  let olderReact = '';
  let claimedWorkspace = '';
  /** The remote's files that hold its own copy of a shared library. */
  const fallbackFiles = new Set<string>();

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    olderReact = installOlderReact();
    claimedWorkspace = claimedWorkspaceVersion();

    // The remote's build, its package.json naming the older versions; bare imports look in the
    // older packages first, so React (and only React) comes from there.
    rmSync(BUILD, { recursive: true, force: true });
    mkdirSync(BUILD, { recursive: true });
    const manifest: Manifest = {
      ...workspace,
      version: claimedWorkspace,
      devDependencies: { ...workspace.devDependencies, react: olderReact, 'react-dom': olderReact },
    };
    writeFileSync(join(BUILD, 'package.json'), JSON.stringify(manifest, null, 2));
    const buildModule = pathToFileURL(join(WORKSPACE, 'infra', 'build', 'web.rspack.mjs')).href;
    writeFileSync(
      join(BUILD, 'rspack.config.mjs'),
      [
        `import { readFileSync } from 'node:fs';`,
        `import { sharedModulesFor, webAppConfig } from ${JSON.stringify(buildModule)};`,
        `const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));`,
        `const config = webAppConfig({`,
        `  projectRoot: ${JSON.stringify(join(WORKSPACE, 'mfe-equipment'))},`,
        `  name: 'equipment',`,
        `  exposes: { './screens': './src/screens.ts' },`,
        `  shared: sharedModulesFor(manifest),`,
        `});`,
        `config.output.path = ${JSON.stringify(join(BUILD, 'dist'))};`,
        `config.resolve.modules = [${JSON.stringify(join(OLDER_DEPS, 'node_modules'))}, 'node_modules'];`,
        `config.stats = { all: false, chunks: true, chunkModules: true, errors: true };`,
        `export default config;`,
      ].join('\n'),
    );
    const statsFile = join(BUILD, 'stats.json');
    const built = spawnSync(
      binary('rspack'),
      ['build', '-c', join(BUILD, 'rspack.config.mjs'), '--json', statsFile],
      { cwd: WORKSPACE, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
    );
    expect(built.status, built.stderr || built.stdout).toBe(0);

    // Its own copies of the shared libraries: the chunks holding the older React or the libraries.
    const copies = { react: 0, '@caliber/ui-kit': 0, '@caliber/web': 0 };
    for (const chunk of readJson<BuildStats>(statsFile).chunks) {
      // Module names that are paths (not the "provide shared module ..." records naming them).
      const names = (chunk.modules ?? [])
        .map((module) => module.name ?? '')
        .filter((name) => /^\.{0,2}\//.test(name));
      const holds = {
        react: names.some((name) => name.includes('shared-versions-deps/node_modules/react/')),
        '@caliber/ui-kit': names.some((name) => name.includes('libs/ui-kit/src/')),
        '@caliber/web': names.some((name) => name.includes('libs/web/src/')),
      };
      for (const [library, held] of Object.entries(holds) as [keyof typeof copies, boolean][]) {
        if (!held) continue;
        copies[library] += 1;
        for (const file of chunk.files) fallbackFiles.add(file);
      }
    }
    for (const count of Object.values(copies)) expect(count).toBeGreaterThan(0);

    // Served as its image serves it.
    const filesPort = await freePort();
    children.push(
      spawn(process.execPath, ['services/web-server/dist/main.js'], {
        cwd: WORKSPACE,
        env: {
          ...process.env,
          PORT: String(filesPort),
          WEB_DIR: join(BUILD, 'dist'),
          BASE_PATH: '/remotes/equipment',
        },
        stdio: 'ignore',
      }),
    );
    await waitForPort(filesPort, 'the remote’s server', 20_000);
    filesOrigin = `http://127.0.0.1:${filesPort}`;

    const gateway = await startSecondGateway('shared-versions', {
      REMOTE_ENTRY_EQUIPMENT: `${filesOrigin}/remotes/equipment/remoteEntry.js`,
    });
    gatewayUrl = gateway.url;
    children.push(gateway.process);
  });
  test.afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
    rmSync(BUILD, { recursive: true, force: true });
  });

  test('loads, runs on the shell’s React and libraries, and nothing complains', async ({ page }) => {
    // What the browser gets declares the other versions.
    const remoteEntry = await (
      await page.request.get(`${filesOrigin}/remotes/equipment/remoteEntry.js`)
    ).text();
    expect(declaredVersion(remoteEntry, 'react')).toBe(olderReact);
    expect(olderReact).not.toBe(pinnedOf(workspace, 'react'));
    for (const library of ['@caliber/ui-kit', '@caliber/web'])
      expect(declaredVersion(remoteEntry, library)).toBe(claimedWorkspace);
    expect(claimedWorkspace).not.toBe(workspace.version);

    await signInQuickly(page, addStaff('Technician'), gatewayUrl);
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
    });
    page.on('pageerror', (error) => complaints.push(error.message));
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${filesOrigin}/`)) fetched.push(request.url().split('/').pop() ?? '');
    });
    const listed = (pageNumber: number) =>
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/equipment' && url.searchParams.get('page') === String(pageNumber);
      });

    // The remote loads without a word about versions (a refused one would say why here).
    const firstPage = listed(1);
    await page.goto(`${gatewayUrl}/equipment`);
    const failed = page.getByRole('region', { name: 'Equipment Inventory could not be loaded' });
    await expect(page.locator('.equipment-grid').or(failed)).toBeVisible();
    expect(complaints).toEqual([]);

    // The inventory shows the API's devices.
    const first = (await (await firstPage).json()) as EquipmentPage;
    await expect(page.getByRole('heading', { name: 'Equipment Inventory', exact: true })).toBeVisible();
    expect(first.equipment.length).toBeGreaterThan(0);
    await expect(page.locator('.equipment-card')).toHaveCount(first.equipment.length);
    for (const { name } of first.equipment) await expect(page.getByRole('article', { name })).toBeVisible();

    // The remote's state changes render through the shell's React: the next page replaces the cards.
    expect(first.pages).toBeGreaterThan(1);
    const secondPage = listed(2);
    await page
      .getByRole('navigation', { name: 'Equipment pages' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    const second = (await (await secondPage).json()) as EquipmentPage;
    for (const { name } of second.equipment) await expect(page.getByRole('article', { name })).toBeVisible();

    // The remote came from its own server, and none of its own copies of the shared libraries did.
    expect(fetched).toContain('remoteEntry.js');
    expect(fetched.filter((file) => fallbackFiles.has(file))).toEqual([]);

    // The share scope agrees: for each library, the one copy loaded is the shell's, and the remote
    // uses it; the remote's own version is registered there, never loaded.
    const scope = await page.evaluate(() => {
      const { __FEDERATION__: federation } = globalThis as unknown as { __FEDERATION__: Federation };
      const shell = federation.__INSTANCES__.find((instance) => instance.name === 'shell');
      return Object.fromEntries(
        Object.entries(shell?.shareScopeMap['default'] ?? {}).map(([library, versions]) => [
          library,
          Object.fromEntries(
            Object.entries(versions).map(([version, copy]) => [
              version,
              { from: copy.from, loaded: Boolean(copy.loaded), useIn: copy.useIn },
            ]),
          ),
        ]),
      );
    });
    const claimed = {
      react: olderReact,
      'react/jsx-runtime': olderReact,
      '@caliber/ui-kit': claimedWorkspace,
      '@caliber/web': claimedWorkspace,
    };
    for (const [library, version] of Object.entries(claimed)) {
      const copies = Object.values(scope[library] ?? {});
      expect(
        copies.filter((copy) => copy.loaded).map((copy) => copy.from),
        library,
      ).toEqual(['shell']);
      expect(copies.find((copy) => copy.loaded)?.useIn, library).toContain('equipment');
      expect(scope[library]?.[version], library).toEqual({ from: 'equipment', loaded: false, useIn: [] });
    }
    // No warning or error at all: none about a shared version, none about hooks.
    expect(complaints).toEqual([]);
  });
});
