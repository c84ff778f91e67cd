// The shared libraries' version ranges across releases (`sharedModulesFor` in
// `infra/build/web.rspack.mjs`), tried with a real remote: the equipment remote is built apart
// claiming other versions, served by `services/web-server` as its image serves it, and reached
// through a second gateway whose `REMOTE_ENTRY_EQUIPMENT` points at it, beside the shell and the
// other remotes as built. Inside the range (other patches) it loads on the shell's copies; outside
// it (the next minor of the workspace libraries) it is refused and the rest of the app still works.
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { binary } from '../../infra/local/src';
import type { Page } from '@playwright/test';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { serveRemoteFiles, startSecondGateway, WORKSPACE } from '../support/second-gateway';

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

/** The next minor of the workspace version: outside the shell's `~major.minor.0` of it. */
function nextMinorWorkspaceVersion(): string {
  const [major, minor] = release(workspace.version) ?? [0, 0, 0];
  return `${major}.${minor + 1}.0`;
}

/** `text` as a regular expression matching it literally. */
const escaped = (text: string) => text.replace(/[/.~^$*+?()[\]{}|\\]/g, '\\$&');

/** What a built remote entry declares of the shared `name`: the version it provides, the range it needs. */
function declaredShare(remoteEntry: string, name: string): { version?: string; requiredVersion?: string } {
  const match = new RegExp(`name:"${escaped(name)}",version:"([^"]+)"[^}]*?requiredVersion:"([^"]+)"`).exec(
    remoteEntry,
  );
  return { version: match?.[1], requiredVersion: match?.[2] };
}

/** How the equipment remote is built apart: the versions its package.json names. */
interface RemoteBuild {
  /** Names its build directory (`.tmp/shared-versions-<name>`) and its gateway. */
  name: string;
  /** The version of the workspace libraries it claims (the package.json's `version`). */
  workspaceVersion: string;
  /** The older React (from `OLDER_DEPS`) it is built against, or null for the pinned one. */
  olderReact: string | null;
}
/** The remote as served, reached through its own gateway. */
interface ServedRemote {
  gatewayUrl: string;
  /** The origin of the remote's own server (its files are under `/remotes/equipment/`). */
  filesOrigin: string;
  /** The remote's files that hold its own copy of a shared library. */
  fallbackFiles: ReadonlySet<string>;
  /** Stops its server and gateway and removes its build. */
  stop(): void;
}

/**
 * Builds the equipment remote apart with `sharedModulesFor` of a package.json naming `build`'s
 * versions (bare imports looking in the older packages first when it names an older React, so
 * React, and only React, comes from there), finds the chunks holding its own copies of the shared
 * libraries, serves it with `services/web-server` as its image does, and starts a second gateway
 * whose `REMOTE_ENTRY_EQUIPMENT` points at it.
 */
async function buildAndServeEquipment(build: RemoteBuild): Promise<ServedRemote> {
  const dir = join(WORKSPACE, '.tmp', `shared-versions-${build.name}`);
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const react = build.olderReact ?? pinnedOf(workspace, 'react');
    const manifest: Manifest = {
      ...workspace,
      version: build.workspaceVersion,
      devDependencies: { ...workspace.devDependencies, react, 'react-dom': react },
    };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
    const buildModule = pathToFileURL(join(WORKSPACE, 'infra', 'build', 'web.rspack.mjs')).href;
    writeFileSync(
      join(dir, 'rspack.config.mjs'),
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
        `config.output.path = ${JSON.stringify(join(dir, 'dist'))};`,
        ...(build.olderReact
          ? [
              `config.resolve.modules = [${JSON.stringify(join(OLDER_DEPS, 'node_modules'))}, 'node_modules'];`,
            ]
          : []),
        `config.stats = { all: false, chunks: true, chunkModules: true, errors: true };`,
        `export default config;`,
      ].join('\n'),
    );
    const statsFile = join(dir, 'stats.json');
    const built = spawnSync(
      binary('rspack'),
      ['build', '-c', join(dir, 'rspack.config.mjs'), '--json', statsFile],
      { cwd: WORKSPACE, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
    );
    expect(built.status, built.stderr || built.stdout).toBe(0);

    // Its own copies of the shared libraries: the chunks holding its React or the libraries.
    const reactFiles = build.olderReact ? 'shared-versions-deps/node_modules/react/' : 'node_modules/react/';
    const copies = { react: 0, '@caliber/ui-kit': 0, '@caliber/web': 0 };
    const fallbackFiles = new Set<string>();
    for (const chunk of readJson<BuildStats>(statsFile).chunks) {
      // Module names that are paths (not the "provide shared module ..." records naming them).
      const names = (chunk.modules ?? [])
        .map((module) => module.name ?? '')
        .filter((name) => /^\.{0,2}\//.test(name));
      const holds = {
        react: names.some((name) => name.includes(reactFiles)),
        '@caliber/ui-kit': names.some((name) => name.includes('libs/ui-kit/src/')),
        '@caliber/web': names.some((name) => name.includes('libs/web/src/')),
      };
      for (const [library, held] of Object.entries(holds) as [keyof typeof copies, boolean][]) {
        if (!held) continue;
        copies[library] += 1;
        for (const file of chunk.files) fallbackFiles.add(file);
      }
    }
    for (const [library, count] of Object.entries(copies)) expect(count, library).toBeGreaterThan(0);

    // Served as its image serves it, reached through a gateway of its own.
    const files = await serveRemoteFiles('equipment', join(dir, 'dist'));
    children.push(files.process);
    const filesOrigin = files.origin;
    const gateway = await startSecondGateway(`shared-versions-${build.name}`, {
      REMOTE_ENTRY_EQUIPMENT: `${filesOrigin}/remotes/equipment/remoteEntry.js`,
    });
    children.push(gateway.process);
    return { gatewayUrl: gateway.url, filesOrigin, fallbackFiles, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The last file name of each request the page makes to `origin`. */
function filesFetched(page: Page, origin: string): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${origin}/`)) fetched.push(request.url().split('/').pop() ?? '');
  });
  return fetched;
}

/** Every warning and error the page's console reports, and every uncaught error. */
function complaintsOf(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  return complaints;
}

/** The remote built in `beforeAll`, for a test (which does not run when it failed). */
function served(remote: ServedRemote | null): ServedRemote {
  if (!remote) throw new Error('the remote was not built and served');
  return remote;
}

/**
 * A remote built against other versions of the shared libraries than the shell's still loads, and
 * runs on the shell's copies. The equipment remote is built as a release made before the current
 * pins would have been: against a real older React (installed from the registry, so its bundled
 * fallback is that React and it declares that version), and claiming another patch of the
 * workspace libraries. The inventory works with the API's data; the remote's own copies of the
 * shared libraries (its fallbacks) are never fetched, so there is one React, whose hooks the
 * remote's screen runs on; and nothing complains about a shared version. With exact versions
 * instead of ranges the runtime warns (or, with `strictVersion`, refuses the remote) and this test
 * fails.
 */
test.describe('A remote built against other patches of the shared libraries', () => {
  let remote: ServedRemote | null = null;
  let olderReact = '';
  let claimedWorkspace = '';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    olderReact = installOlderReact();
    claimedWorkspace = claimedWorkspaceVersion();
    remote = await buildAndServeEquipment({
      name: 'other-patches',
      workspaceVersion: claimedWorkspace,
      olderReact,
    });
  });
  test.afterAll(() => remote?.stop());

  test('loads, runs on the shell’s React and libraries, and nothing complains', async ({ page }) => {
    const { gatewayUrl, filesOrigin, fallbackFiles } = served(remote);
    // What the browser gets declares the other versions.
    const remoteEntry = await (
      await page.request.get(`${filesOrigin}/remotes/equipment/remoteEntry.js`)
    ).text();
    expect(declaredShare(remoteEntry, 'react').version).toBe(olderReact);
    expect(olderReact).not.toBe(pinnedOf(workspace, 'react'));
    for (const library of ['@caliber/ui-kit', '@caliber/web'])
      expect(declaredShare(remoteEntry, library).version).toBe(claimedWorkspace);
    expect(claimedWorkspace).not.toBe(workspace.version);

    await signInQuickly(page, addStaff('Technician'), gatewayUrl);
    const complaints = complaintsOf(page);
    const fetched = filesFetched(page, filesOrigin);
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
      .getByRole('button', { name: 'Page 2', exact: true })
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

/**
 * A remote built against a version of a shared library outside the shell's range refuses to load
 * (`strictVersion`), and the shell stays usable. The equipment remote is built on the pinned React
 * but claiming the next minor of the workspace libraries, so it needs `~major.(minor+1).0` of
 * them, which the shell's copies are not. Opening the inventory shows the screen's failure with
 * Retry inside the layout, the console says which library's version the remote refused, none of
 * the remote's own copies is fetched instead, and the dashboard and the task list (the shell's
 * and another remote's) still work. Retry is refused the same way: this is a wrong deployment, not
 * a passing network failure.
 */
test.describe('A remote built against another minor of the workspace libraries', () => {
  let remote: ServedRemote | null = null;
  const claimedWorkspace = nextMinorWorkspaceVersion();
  const needs = `~${claimedWorkspace}`;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    remote = await buildAndServeEquipment({
      name: 'other-minor',
      workspaceVersion: claimedWorkspace,
      olderReact: null,
    });
  });
  test.afterAll(() => remote?.stop());

  test('is refused: its screen shows the failure with Retry, and the rest of the app works', async ({
    page,
  }) => {
    const { gatewayUrl, filesOrigin, fallbackFiles } = served(remote);
    // What the browser gets declares and needs the next minor; React is the shell's own.
    const remoteEntry = await (
      await page.request.get(`${filesOrigin}/remotes/equipment/remoteEntry.js`)
    ).text();
    expect(declaredShare(remoteEntry, 'react').version).toBe(pinnedOf(workspace, 'react'));
    for (const library of ['@caliber/ui-kit', '@caliber/web'])
      expect(declaredShare(remoteEntry, library)).toEqual({
        version: claimedWorkspace,
        requiredVersion: needs,
      });
    expect(release(claimedWorkspace)?.[1]).toBe((release(workspace.version)?.[1] ?? -1) + 1);

    await signInQuickly(page, addStaff('Technician'), gatewayUrl);
    const complaints = complaintsOf(page);
    const fetched = filesFetched(page, filesOrigin);
    // The runtime's refusal of the shell's copy of a workspace library, as the shell logs it.
    const refusal = new RegExp(
      `Version ${escaped(workspace.version)} from shell of shared singleton module ` +
        `@caliber/(ui-kit|web) does not satisfy the requirement of equipment which needs ${escaped(needs)}`,
    );
    const refusals = () => complaints.filter((complaint) => refusal.test(complaint)).length;

    await page.goto(`${gatewayUrl}/equipment`);
    const failure = page.getByRole('region', { name: 'Equipment Inventory could not be loaded' });
    await expect(failure).toBeVisible();
    await expect(failure.getByRole('alert')).toHaveText(
      'This part of the application did not load. Check your connection, then try again. The rest of the ' +
        'application still works.',
    );
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.locator('.equipment-grid')).toHaveCount(0);

    // The console says why: the shell's load failed on the version, and nothing else went wrong.
    await expect.poll(refusals).toBeGreaterThan(0);
    expect(complaints.filter((complaint) => !refusal.test(complaint))).toEqual([]);
    expect(complaints.every((complaint) => complaint.startsWith('Loading the equipment module failed'))).toBe(
      true,
    );

    // Its entry was fetched: the refusal is not a network failure.
    expect(fetched).toContain('remoteEntry.js');

    // The rest of the app works: the layout, the shell's dashboard, another remote's task list.
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await navigation.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('heading', { name: 'Task Management', exact: true })).toBeVisible();

    // Back to the inventory: still failed (the runtime's second try, without Retry, stops on the
    // half-loaded module, not on the version, so only the screen is checked), and Retry, which
    // fetches the entry anew, is refused on the version again.
    await navigation.getByRole('link', { name: 'Equipment' }).click();
    await expect(failure).toBeVisible();
    const before = refusals();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(refusals).toBeGreaterThan(before);
    await expect(failure).toBeVisible();
    await expect(page.locator('.equipment-grid')).toHaveCount(0);

    // Refused is not loaded on its own copies instead: none of them was fetched, on any try.
    expect(fetched.filter((file) => fallbackFiles.has(file))).toEqual([]);
  });
});
