// Builds a browser app of the front end: the shell (Module Federation host) or one remote.
// React, react-dom and the workspace's front-end libraries are shared singletons, so every remote
// renders with the shell's React, router (carried by `@caliber/web`), session and theme.
// `@caliber/contracts` is not shared: it holds no state (constants, pure functions, schemas), so
// each bundle keeps only the parts it uses, and the sign-in page does not download the validation
// library that forms further in need.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress.mjs';

const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const rootPackage = JSON.parse(readFileSync(resolve(workspaceRoot, 'package.json'), 'utf8'));

/** `major.minor.0` of a version: the first release of its minor. */
function minorOf(version) {
  const [major, minor] = version.split('.');
  return `${major}.${minor}.0`;
}

/**
 * A package's pinned version. Front-end packages are development dependencies: they are bundled
 * into the files the browser loads, and no server image installs them.
 * @param {{ dependencies?: Record<string, string>, devDependencies?: Record<string, string> }} manifest
 * @param {string} name
 */
function pinnedVersion(manifest, name) {
  const version = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
  if (!version) throw new Error(`package.json pins no version of ${name}`);
  return version;
}

/**
 * The shared singletons of a build against the packages `manifest` (a package.json) names.
 * The shell and each remote are built and deployed apart, so each declares the RANGE of versions
 * it works with, not the one it was built with: a remote built before or after a patch release of
 * a shared library must still run on the shell's copy, the only one there is.
 * - Third-party packages: `^major.minor.0` of the pinned version. Semver: a patch changes no API
 *   and a minor only adds, so any later release of the major has what the remote uses, and so does
 *   an earlier patch of its minor (a remote shipping a patch bump before the shell still loads).
 *   An older minor may lack what the remote uses; another major breaks it.
 * - Workspace libraries: `~major.minor.0` of the workspace version, any patch of the minor in
 *   either direction: a patch of them never changes their surface (that is what makes it a
 *   patch), and at 0.x a minor may.
 * `strictVersion: true`: outside its range a remote refuses to load, and `RemoteScreen` shows that
 * screen failed, with Retry, in a layout that keeps working. `false` would not give the remote its
 * own copy (a singleton hands over the shell's whatever the remote asked for) but a screen running
 * on a library it was not built against, which can go wrong without a sign (a device shown in the
 * wrong status): in a hospital a screen that plainly does not open is the safer failure. Such a
 * mismatch is a wrong deployment order (a new minor or major of a shared library ships in the
 * shell first, or with every remote), fixed by deploying, not in the browser.
 * @param {{ version: string, dependencies?: Record<string, string>, devDependencies?: Record<string, string> }} manifest
 */
export function sharedModulesFor(manifest) {
  const thirdParty = (name) => ({
    singleton: true,
    strictVersion: true,
    requiredVersion: `^${minorOf(pinnedVersion(manifest, name))}`,
  });
  const workspaceLibrary = {
    singleton: true,
    strictVersion: true,
    version: manifest.version,
    requiredVersion: `~${minorOf(manifest.version)}`,
  };
  return {
    react: thirdParty('react'),
    'react/jsx-runtime': thirdParty('react'),
    'react-dom': thirdParty('react-dom'),
    'react-dom/client': thirdParty('react-dom'),
    'socket.io-client': thirdParty('socket.io-client'),
    // The one QueryClient's context must be one copy; the form library is shared so each remote
    // does not download its own. (The zod resolver is a pure function that each bundle keeps.)
    '@tanstack/react-query': thirdParty('@tanstack/react-query'),
    'react-hook-form': thirdParty('react-hook-form'),
    '@caliber/ui-kit': workspaceLibrary,
    '@caliber/web': workspaceLibrary,
  };
}

export const sharedModules = sharedModulesFor(rootPackage);

/** Dev-server ports: the shell on 4200, each remote on its own. */
export const DEV_PORTS = { shell: 4200, equipment: 4201, tasks: 4202, users: 4203, reports: 4204 };

/**
 * @param {{
 *   projectRoot: string,
 *   name: keyof typeof DEV_PORTS,
 *   exposes?: Record<string, string>,
 *   shared?: ReturnType<typeof sharedModulesFor>,
 * }} options `shared`: the workspace's own unless a test builds against other versions.
 */
export function webAppConfig({ projectRoot, name, exposes, shared = sharedModules }) {
  const isHost = name === 'shell';
  const production = process.env.NODE_ENV !== 'development';
  return {
    mode: production ? 'production' : 'development',
    target: 'web',
    context: projectRoot,
    entry: { main: resolve(projectRoot, 'src/index.ts') },
    output: {
      path: resolve(projectRoot, 'dist'),
      // The shell's pages are deep links (/settings, /users/...): its assets load from the root.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      uniqueName: `caliber_${name}`,
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      tsConfig: resolve(workspaceRoot, 'tsconfig.base.json'),
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        // The contracts are declarations only (importing one of their files changes nothing), so
        // a bundle keeps just the files it uses: the sign-in page takes the storage keys and
        // roles, not the form schemas and the validation library behind them.
        { test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
        shared,
        // Use a shared module already loaded (the shell's) rather than first fetching every
        // remote's entry to compare versions: a screen loads its own remote only.
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
      }),
      ...(production ? [new PrecompressPlugin()] : []),
      ...(isHost
        ? [
            new rspack.HtmlRspackPlugin({
              template: resolve(projectRoot, 'src/index.html'),
              favicon: resolve(projectRoot, 'src/favicon.svg'),
            }),
          ]
        : []),
    ],
    devServer: {
      port: Number(process.env.DEV_SERVER_PORT) || DEV_PORTS[name],
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The shell's dev server sends to the gateway (`DEV_GATEWAY_URL`, the `npm start` one by
      // default) what the gateway answers: the API, the live socket, the run-time app config and
      // the remotes it serves.
      proxy: isHost
        ? [
            {
              context: ['/api', '/socket.io', '/app-config.json', '/remotes'],
              target: process.env.DEV_GATEWAY_URL || 'http://localhost:5000',
              ws: true,
            },
          ]
        : [],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
