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
const dependency = (name) => rootPackage.dependencies[name];

/** Workspace libraries carry the workspace's version: they are built and released together. */
const workspaceLibrary = {
  singleton: true,
  version: rootPackage.version,
  requiredVersion: rootPackage.version,
};

export const sharedModules = {
  react: { singleton: true, requiredVersion: dependency('react') },
  'react/jsx-runtime': { singleton: true, requiredVersion: dependency('react') },
  'react-dom': { singleton: true, requiredVersion: dependency('react-dom') },
  'react-dom/client': { singleton: true, requiredVersion: dependency('react-dom') },
  'socket.io-client': { singleton: true, requiredVersion: dependency('socket.io-client') },
  '@caliber/ui-kit': workspaceLibrary,
  '@caliber/web': workspaceLibrary,
};

/** Dev-server ports: the shell on 4200, each remote on its own. */
export const DEV_PORTS = { shell: 4200, equipment: 4201, tasks: 4202, users: 4203, reports: 4204 };

/**
 * @param {{
 *   projectRoot: string,
 *   name: keyof typeof DEV_PORTS,
 *   exposes?: Record<string, string>,
 * }} options
 */
export function webAppConfig({ projectRoot, name, exposes }) {
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
        shared: sharedModules,
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
